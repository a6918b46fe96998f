/**
 * The cycles and chat loops one caller of `useToolCalling()` runs: each abortable with the rest,
 * the last cycle kept, and a failure put in the caller's `error` instead of thrown.
 */
import { shallowRef, type ShallowRef } from 'vue'
import {
  processToolCallCycle,
  runToolLoop as runCoreToolLoop,
  type Approver,
  type CycleResult,
  type ProtocolRegistry,
  type ToolCallConfig,
  type ToolDiscoveryService,
  type ToolLoopOptions,
  type ToolLoopResult,
  type ToolRegistryManager,
  type ToolSession,
  type ToolSessionOptions,
} from '../core'
import { createAbortableRuns } from './abortable-runs'

/** What the caller's cycles run on, and where their failures go. */
export interface ToolCyclesContext {
  registry: ToolRegistryManager
  protocols: ProtocolRegistry
  discovery: ToolDiscoveryService
  /** Cleared when a cycle or loop starts; set to what went wrong. */
  error: ShallowRef<string | null>
  /** Makes the session a cycle runs in. */
  createSession(settings: Pick<ToolSessionOptions, 'config'>): ToolSession
}

/** A chat loop's options without what the caller provides. */
export type CallerLoopOptions = Omit<ToolLoopOptions, 'registry' | 'protocols' | 'discovery'>

/** A caller's cycles: run them, abort them, see whether one is going and what the last one did. */
export function createToolCycles({ registry, protocols, discovery, error, createSession }: ToolCyclesContext) {
  const runs = createAbortableRuns()
  const lastCycle = shallowRef<CycleResult | null>(null)

  /** Parses a reply, runs its requests in a session for `config` and records the cycle. Never throws: errors land in `error`. */
  async function processCycle(text: string, config: ToolCallConfig, onBeforeExecute?: Approver): Promise<CycleResult> {
    error.value = null
    let cycle: CycleResult
    try {
      const toolSession = createSession({ config })
      cycle = await runs.run((signal) => processToolCallCycle(text, { toolSession, onBeforeExecute, signal }))
    } catch (caught) {
      error.value = caught instanceof Error ? caught.message : String(caught)
      cycle = { hasToolRequests: false, parsedRequests: [], executionResults: [], diagnostics: [] }
    }
    lastCycle.value = cycle
    return cycle
  }

  /**
   * Runs the chat tool loop on the caller's registry. `abort()` stops it like any cycle; the run's
   * own `signal` stops just this run.
   */
  async function runToolLoop(loop: CallerLoopOptions): Promise<ToolLoopResult> {
    error.value = null
    const run = await runs.run(
      (signal) => runCoreToolLoop({ ...loop, registry, protocols, discovery, signal }),
      loop.signal,
    )
    if (run.record.status === 'error') error.value = run.record.error ?? 'the run failed'
    return run
  }

  /** Aborts every cycle and loop going now: running calls resolve as `aborted`. */
  const abort = (reason = 'aborted by the user'): void => runs.abort(reason)

  return { running: runs.running, lastCycle, processCycle, runToolLoop, abort }
}
