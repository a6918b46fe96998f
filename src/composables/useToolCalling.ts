/**
 * `useToolCalling()`: the core's tool calling for Vue. One discovery service and one prompt
 * cache serve the whole app; each caller gets reactive state of its own. Whatever a caller
 * starts (registry subscription, running cycles) is released when its effect scope ends.
 */
import { computed, getCurrentScope, onScopeDispose, ref, shallowRef } from 'vue'
import {
  createToolDiscoveryService,
  formatResultsForContext,
  processToolCallCycle,
  runToolLoop as runCoreToolLoop,
  toolRegistryManager,
  protocolRegistry,
  type ProtocolRegistry,
  type Approver,
  type CycleResult,
  type DiscoveredTool,
  type FormatResultsOptions,
  type MethodFilter,
  type ToolCallConfig,
  type ToolDiscoveryService,
  type ToolExecutionResult,
  type ToolLoopOptions,
  type ToolLoopResult,
  type ToolRegistryManager,
} from '../core'

export interface UseToolCallingOptions {
  /** @default the app's toolRegistryManager */
  registry?: ToolRegistryManager
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
}

const services = new WeakMap<ToolRegistryManager, WeakMap<ProtocolRegistry, ToolDiscoveryService>>()

/** One discovery service per registry and protocols, shared by every component (and one prompt cache for all). */
export function discoveryFor(registry: ToolRegistryManager, protocols: ProtocolRegistry): ToolDiscoveryService {
  let byProtocols = services.get(registry)
  if (!byProtocols) services.set(registry, (byProtocols = new WeakMap()))
  let service = byProtocols.get(protocols)
  if (!service) byProtocols.set(protocols, (service = createToolDiscoveryService({ registry, protocols })))
  return service
}

export function useToolCalling(options: UseToolCallingOptions = {}) {
  const registry = options.registry ?? toolRegistryManager
  const protocols = options.protocols ?? protocolRegistry
  const discovery = discoveryFor(registry, protocols)

  /** The registry's version: read it in a computed to recompute when tools come and go. */
  const registryVersion = ref(registry.version)
  const running = ref(false)
  const lastCycle = shallowRef<CycleResult | null>(null)
  const error = ref<string | null>(null)
  const controllers = new Set<AbortController>()

  const unsubscribe = registry.subscribe((change) => {
    registryVersion.value = change.version
  })

  function hasToolCallingEnabled(config: Pick<ToolCallConfig, 'enabled'> | null | undefined): boolean {
    return config?.enabled === true
  }

  /** Parses a reply, runs its requests and records the cycle. Never throws: errors land in `error`. */
  async function processCycle(text: string, config: ToolCallConfig, onBeforeExecute?: Approver): Promise<CycleResult> {
    const controller = new AbortController()
    controllers.add(controller)
    running.value = true
    error.value = null
    try {
      const cycle = await processToolCallCycle(text, {
        registry,
        protocols,
        config,
        onBeforeExecute,
        signal: controller.signal,
      })
      lastCycle.value = cycle
      return cycle
    } catch (caught) {
      error.value = caught instanceof Error ? caught.message : String(caught)
      const empty: CycleResult = { hasToolRequests: false, parsedRequests: [], executionResults: [], diagnostics: [] }
      lastCycle.value = empty
      return empty
    } finally {
      controllers.delete(controller)
      running.value = controllers.size > 0
    }
  }

  /**
   * Runs the chat tool loop on this caller's registry. `abort()` (or the caller's scope ending)
   * stops it like any cycle; the run's own `signal` stops just this run.
   */
  async function runToolLoop(
    options: Omit<ToolLoopOptions, 'registry' | 'protocols' | 'discovery'>,
  ): Promise<ToolLoopResult> {
    const controller = new AbortController()
    const outer = options.signal
    const forward = () => controller.abort(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    controllers.add(controller)
    running.value = true
    error.value = null
    try {
      const run = await runCoreToolLoop({ ...options, registry, protocols, discovery, signal: controller.signal })
      if (run.record.status === 'error') error.value = run.record.error ?? 'the run failed'
      return run
    } finally {
      outer?.removeEventListener('abort', forward)
      controllers.delete(controller)
      running.value = controllers.size > 0
    }
  }

  /** Aborts every cycle this caller started: running calls resolve as `aborted`. */
  function abort(reason = 'aborted by the user'): void {
    for (const controller of controllers) controller.abort(new DOMException(reason, 'AbortError'))
  }

  function formatCycleResults(
    results: ToolExecutionResult[],
    protocolId = 'vcp',
    format?: FormatResultsOptions,
  ): string {
    return formatResultsForContext(results, protocolId, { ...format, protocols })
  }

  /** The tools prompt for a config; '' (and `error` set) when it cannot be made. */
  function generateToolsPrompt(config: ToolCallConfig, agentId?: string): string {
    try {
      error.value = null
      return discovery.generatePrompt({ config, agentId })
    } catch (caught) {
      error.value = caught instanceof Error ? caught.message : String(caught)
      return ''
    }
  }

  function getDiscoveredMethods(filter?: MethodFilter): DiscoveredTool[] {
    return discovery.getDiscoveredMethods(filter)
  }

  function invalidateDiscoveryCache(): void {
    discovery.invalidateCache()
  }

  function dispose(): void {
    abort('the component using tool calling was unmounted')
    unsubscribe()
  }
  if (getCurrentScope()) onScopeDispose(dispose)

  return {
    registry,
    // Read-only views; results stay the plain objects the core returned.
    registryVersion: computed(() => registryVersion.value),
    running: computed(() => running.value),
    lastCycle: computed(() => lastCycle.value),
    error: computed(() => error.value),
    processCycle,
    runToolLoop,
    abort,
    formatCycleResults,
    generateToolsPrompt,
    getDiscoveredMethods,
    invalidateDiscoveryCache,
    hasToolCallingEnabled,
    /** For use outside a component or scope: releases what this caller started. */
    dispose,
  }
}

export type UseToolCallingReturn = ReturnType<typeof useToolCalling>
