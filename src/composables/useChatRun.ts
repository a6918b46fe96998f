/**
 * `useChatRun()`: a chat run for Vue. The core's run controller (createChatRun) with its state
 * made reactive: rounds with streaming text and live request cards, the questions waiting for a
 * person, the manual model's waiting request. Whatever it starts stops when its effect scope ends.
 */
import { computed, getCurrentScope, onScopeDispose, reactive } from 'vue'
import {
  createChatRun,
  protocolRegistry,
  toolRegistryManager,
  type FrameScheduler,
  type ProtocolRegistry,
  type ToolRegistryManager,
} from '../core'
import { discoveryFor } from './useToolCalling'

/** Where a chat run finds its tools and how it batches streamed updates; all optional. */
export interface UseChatRunOptions {
  /** @default the shared toolRegistryManager */
  registry?: ToolRegistryManager
  /** @default the shared protocolRegistry */
  protocols?: ProtocolRegistry
  /** How streamed updates are batched. @default the next animation frame */
  schedule?: FrameScheduler
}

/**
 * A chat run (`createChatRun`) whose state is reactive, with read-only computed refs over it and the
 * run's actions. It shares the prompt cache of `useToolCalling()` on the same registry and protocols.
 * When the calling effect scope ends, the run is disposed: a run in progress stops and open questions
 * are answered; outside a scope call `dispose()`.
 */
export function useChatRun(options: UseChatRunOptions = {}) {
  const registry = options.registry ?? toolRegistryManager
  const protocols = options.protocols ?? protocolRegistry
  const run = createChatRun({
    registry,
    protocols,
    // One prompt cache with every useToolCalling() of the same registry and protocols.
    discovery: discoveryFor(registry, protocols),
    reactive: (state) => reactive(state) as typeof state,
    schedule: options.schedule,
  })
  const { state } = run
  if (getCurrentScope()) onScopeDispose(() => run.dispose())

  return {
    /** The whole state, reactive: pass its parts to components as they are. */
    state,
    status: computed(() => state.status),
    running: computed(() => state.status === 'running'),
    error: computed(() => state.error),
    rounds: computed(() => state.rounds),
    pending: computed(() => state.pending),
    manualRequest: computed(() => state.manualRequest),
    start: run.start,
    stop: run.stop,
    approve: run.approve,
    reject: run.reject,
    approveAll: run.approveAll,
    manualClient: run.manualClient,
    submitManualReply: run.submitManualReply,
    takeContentCalls: run.takeContentCalls,
    dismissContentCalls: run.dismissContentCalls,
    runRequest: run.runRequest,
    /** For use outside a component or scope: stops the run and releases what it holds. */
    dispose: run.dispose,
  }
}

/** What `useChatRun()` returns: `state`, computed refs over it, and the run's actions. */
export type UseChatRunReturn = ReturnType<typeof useChatRun>
