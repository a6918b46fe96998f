/**
 * A chat run, as a chat view shows it: the tool loop with its rounds streaming in, a card per
 * request filled field by field, approvals asked on the cards, results reviewed before the model
 * sees them, a person writing the replies (the manual model), semi-automatic mode and stop at any
 * moment. Framework-free: the state is a plain object, changed in place; pass Vue's `reactive`
 * (or anything like it) as `reactive` to make it observable, or listen with `subscribe`.
 *
 * Each concern is a module of ./run; this file puts them together.
 */
import type { ParsedRequest, ToolExecutionResult } from '../types'
import type { ProtocolRegistry } from '../protocols/registry'
import type { ToolDiscoveryService } from '../discovery'
import { toolRegistryManager, type ToolRegistryManager } from '../tools/registry-manager'
import type { ToolSession } from '../session/tool-session'
import type { FrameScheduler } from './frame-batch'
import type { ModelClient } from './types'
import { createContentCallsQuestion } from './run/content-calls-question'
import { createManualReplies } from './run/manual-replies'
import { createPendingApprovals } from './run/pending-approvals'
import { runRounds, type ActiveRun, type RoundLoopContext } from './run/round-loop'
import { createRunState } from './run/run-state'
import { runRequestByHand } from './run/semi-automatic'
import type { ChatRunResult, ChatRunStart, ChatRunState } from './run/types'

export type { ChatRunResult, ChatRunStart, ChatRunState, PendingApproval, ResultPolicy } from './run/types'

/** Where a chat run finds its tools and how it makes its state observable. */
export interface ChatRunOptions {
  /** @default the shared toolRegistryManager */
  registry?: ToolRegistryManager
  /** @default the shared protocolRegistry */
  protocols?: ProtocolRegistry
  /** A discovery service to share its prompt cache (it must serve the same registry and protocols). */
  discovery?: ToolDiscoveryService
  /** Makes the state observable; the run changes the state only through what this returns. Vue: `reactive`. */
  reactive?: <T extends object>(state: T) => T
  /** How streamed updates are batched: at most once per call of this. @default the next animation frame */
  schedule?: FrameScheduler
}

/** A chat run controller: one run at a time, its state, and what a person does while it runs. */
export interface ChatRun {
  readonly state: ChatRunState
  /** Runs the loop to its end. Rejects only when a run is already in progress or the run was disposed. */
  start(options: ChatRunStart): Promise<ChatRunResult>
  /** Stops the stream, the running tools, a waiting manual reply and every open question at once. */
  stop(reason?: string): void
  /** Approves the waiting question `id` (see `state.pending`). */
  approve(id: string): void
  /** Rejects the waiting question `id`; a reason goes back to the model. */
  reject(id: string, reason?: string): void
  /** Approves what is waiting and every call of the current round still to come. */
  approveAll(): void
  /** A model that is a person: each request waits in `state.manualRequest` until `submitManualReply`. */
  manualClient(): ModelClient
  /** Answers the waiting manual request; false when none is waiting. */
  submitManualReply(text: string): boolean
  /**
   * Native mode, a round whose text holds tool-call markup (its `contentCalls` is 'asking'): run
   * those calls as the round's tool_calls and go on. False when nothing is asking.
   */
  takeContentCalls(): boolean
  /** The same, but the reply stays an answer and the run ends as it would have. */
  dismissContentCalls(): boolean
  /**
   * Runs one request by hand (semi-automatic mode) in the conversation's tool session, as that
   * session plans it (variables, presets, tool switches), with no approval asked: the person's click is the approval.
   */
  runRequest(
    request: ParsedRequest,
    options: { toolSession: ToolSession; signal?: AbortSignal },
  ): Promise<ToolExecutionResult>
  /** Called after each change of the state (streamed text at most once per frame). */
  subscribe(listener: (state: ChatRunState) => void): () => void
  /** Stops the run and forgets the listeners; `start` rejects afterwards. */
  dispose(): void
}

/** A chat run with an idle state; nothing starts until `start`. */
export function createChatRun(options: ChatRunOptions = {}): ChatRun {
  const store = createRunState(options.reactive)
  const { state, changed } = store
  let active: ActiveRun | null = null
  let disposed = false
  const approvals = createPendingApprovals(state, changed, () => active !== null && !active.abort.signal.aborted)
  const contentCalls = createContentCallsQuestion()
  const manual = createManualReplies(state, changed)

  const context: RoundLoopContext = {
    store,
    approvals,
    contentCalls,
    manual,
    registry: options.registry ?? toolRegistryManager,
    protocols: options.protocols,
    discovery: options.discovery,
    schedule: options.schedule,
    onActive: (run) => {
      active = run
    },
  }

  async function start(start: ChatRunStart): Promise<ChatRunResult> {
    if (disposed) throw new Error('This chat run was disposed.')
    if (active) throw new Error('A run is already in progress: stop it or wait for it to end.')
    return runRounds(context, start)
  }

  function stop(reason = 'stopped by the user'): void {
    active?.abort.abort(new Error(reason))
    manual.cancel(reason)
    approvals.decideAll({ approved: false, reason })
    contentCalls.answer(false)
  }

  return {
    state,
    start,
    stop,
    approve: (id) => approvals.decide(id, { approved: true }),
    reject: (id, reason) => approvals.decide(id, { approved: false, reason: reason || undefined }),
    approveAll() {
      active?.gate.approveRound()
      approvals.decideAll({ approved: true })
    },
    manualClient: () => manual.client(),
    submitManualReply: (text) => manual.submit(text),
    takeContentCalls: () => contentCalls.answer(true),
    dismissContentCalls: () => contentCalls.answer(false),
    runRequest: runRequestByHand,
    subscribe: (listener) => store.subscribe(listener),
    dispose() {
      disposed = true
      stop('the chat run was disposed')
      store.clearListeners()
    },
  }
}
