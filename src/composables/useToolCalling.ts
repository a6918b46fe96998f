/**
 * `useToolCalling()`: the core's tool calling for Vue. One discovery service and one prompt
 * cache serve the whole app; each caller gets reactive state of its own. Whatever a caller
 * starts (registry subscription, running cycles) is released when its effect scope ends.
 */
import { computed, getCurrentScope, onScopeDispose, shallowRef } from 'vue'
import {
  createToolDiscoveryService,
  createToolSession,
  formatResultsForContext,
  toolRegistryManager,
  protocolRegistry,
  type ProtocolRegistry,
  type DiscoveredTool,
  type MethodFilter,
  type FormatResultsOptions,
  type ToolCallConfig,
  type ToolDiscoveryService,
  type ToolExecutionResult,
  type ToolRegistryManager,
  type ToolSession,
  type ToolSessionOptions,
} from '../core'
import { createToolCycles } from './tool-cycles'

/** Where a caller's tools come from; all optional. */
export interface UseToolCallingOptions {
  /** @default the app's toolRegistryManager */
  registry?: ToolRegistryManager
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
}

/** What a session made by `createSession` takes: everything but the caller's registry, protocols and discovery. */
export type CallerSessionOptions = Omit<ToolSessionOptions, 'registry' | 'protocols' | 'discovery'>

const services = new WeakMap<ToolRegistryManager, WeakMap<ProtocolRegistry, ToolDiscoveryService>>()

/** One discovery service per registry and protocols, shared by every component (and one prompt cache for all). */
export function discoveryFor(registry: ToolRegistryManager, protocols: ProtocolRegistry): ToolDiscoveryService {
  let byProtocols = services.get(registry)
  if (!byProtocols) services.set(registry, (byProtocols = new WeakMap()))
  let service = byProtocols.get(protocols)
  if (!service) byProtocols.set(protocols, (service = createToolDiscoveryService({ registry, protocols })))
  return service
}

/**
 * Tool calling on one registry and protocols: sessions and cycles, the chat loop, the tools prompt
 * and discovery, with reactive `running`, `lastCycle`, `error` and `registryVersion`.
 */
export function useToolCalling(options: UseToolCallingOptions = {}) {
  const registry = options.registry ?? toolRegistryManager
  const protocols = options.protocols ?? protocolRegistry
  const discovery = discoveryFor(registry, protocols)
  const error = shallowRef<string | null>(null)
  /** The registry's version: read it in a computed to recompute when tools come and go. */
  const registryVersion = shallowRef(registry.version)
  const unsubscribe = registry.subscribe((change) => {
    registryVersion.value = change.version
  })

  /** A tool session on this caller's registry and protocols, sharing its discovery (and prompt cache). */
  function createSession(settings: CallerSessionOptions = {}): ToolSession {
    return createToolSession({ ...settings, registry, protocols, discovery })
  }
  const cycles = createToolCycles({ registry, protocols, discovery, error, createSession })

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

  function dispose(): void {
    cycles.abort('the component using tool calling was unmounted')
    unsubscribe()
  }
  if (getCurrentScope()) onScopeDispose(dispose)

  return {
    registry,
    // Read-only views; results stay the plain objects the core returned.
    registryVersion: computed(() => registryVersion.value),
    running: computed(() => cycles.running.value),
    lastCycle: computed(() => cycles.lastCycle.value),
    error: computed(() => error.value),
    createSession,
    processCycle: cycles.processCycle,
    runToolLoop: cycles.runToolLoop,
    abort: cycles.abort,
    /** Results in a protocol's format, with this caller's protocols. */
    formatCycleResults: (results: ToolExecutionResult[], protocolId = 'vcp', format?: FormatResultsOptions): string =>
      formatResultsForContext(results, protocolId, { ...format, protocols }),
    generateToolsPrompt,
    getDiscoveredMethods: (filter?: MethodFilter): DiscoveredTool[] => discovery.getDiscoveredMethods(filter),
    invalidateDiscoveryCache: (): void => discovery.invalidateCache(),
    hasToolCallingEnabled,
    /** For use outside a component or scope: releases what this caller started. */
    dispose,
  }
}

/** What `useToolCalling()` returns. */
export type UseToolCallingReturn = ReturnType<typeof useToolCalling>

/** Whether a config has tool calling on; false for none. */
function hasToolCallingEnabled(config: Pick<ToolCallConfig, 'enabled'> | null | undefined): boolean {
  return config?.enabled === true
}
