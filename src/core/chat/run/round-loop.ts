/**
 * One run from start to end: the tool loop with its rounds drawn into the state, its questions
 * asked of a person, and, however it ends, nothing left waiting on an answer.
 */
import type { ToolDiscoveryService } from '../../discovery'
import type { ProtocolRegistry } from '../../protocols/registry'
import type { ToolRegistryManager } from '../../tools/registry-manager'
import { compactTranscript } from '../compact'
import type { FrameScheduler } from '../frame-batch'
import { runToolLoop, toolSessionFrom } from '../tool-loop'
import type { ContentCallsQuestion } from './content-calls-question'
import { linkedAbort, type LinkedAbort } from './linked-abort'
import type { ManualReplies } from './manual-replies'
import type { PendingApprovals } from './pending-approvals'
import { resultReviewer, roundApproval, type RoundApproval } from './review-policies'
import { roundViewCallbacks } from './round-views'
import { beginRun, type RunStateStore } from './run-state'
import { awaitingRequests, loopOptionsFor } from './semi-automatic'
import { createStateUpdates } from './state-updates'
import type { ChatRunResult, ChatRunStart } from './types'

/** The run in progress, as stop and "approve all" reach it. */
export interface ActiveRun {
  abort: LinkedAbort
  gate: RoundApproval
}

/** What a run works with: the chat run's state, the pieces a person answers through, and where tools live. */
export interface RoundLoopContext {
  store: RunStateStore
  approvals: PendingApprovals
  contentCalls: ContentCallsQuestion
  manual: ManualReplies
  /** Passed on to the tool loop, as in ChatRunOptions. */
  registry: ToolRegistryManager
  protocols?: ProtocolRegistry
  discovery?: ToolDiscoveryService
  /** How streamed updates are batched, as in ChatRunOptions. */
  schedule?: FrameScheduler
  /** Told synchronously as the run begins, and with null once it has ended. */
  onActive(run: ActiveRun | null): void
}

/**
 * Runs the tool loop to its end, keeping the state up to date. Resolves with the loop's result;
 * when the loop throws, the state ends as 'error' and the error is passed on.
 */
export async function runRounds(context: RoundLoopContext, start: ChatRunStart): Promise<ChatRunResult> {
  const { store, approvals, contentCalls, manual } = context
  const { state, changed } = store
  const { flow = 'loop', approval, resultReview, approvalMemory, signal, callbacks = {}, ...loop } = start
  if (loop.toolSession && (approval !== undefined || resultReview !== undefined || approvalMemory !== undefined))
    throw new TypeError(
      'approval, resultReview and approvalMemory are settings of the tool session: give them to createToolSession (approval, approvalMemory) instead.',
    )
  // Without a session, the run's own settings make one: a policy for every call and every result.
  const tools =
    loop.toolSession ??
    toolSessionFrom({
      ...loop,
      registry: context.registry,
      protocols: context.protocols,
      discovery: context.discovery,
      approval: {
        ...(approval ? { everyCall: approval } : {}),
        ...(resultReview ? { everyResult: resultReview } : {}),
      },
      approvalMemory,
    })
  const abort = linkedAbort(signal)
  const gate = roundApproval(approvals.ask)
  context.onActive({ abort, gate })
  beginRun(state)
  changed()
  const updates = createStateUpdates(changed, context.schedule)
  try {
    const result = await runToolLoop({
      ...loop,
      ...loopOptionsFor(flow, loop.calling),
      toolSession: tools,
      signal: abort.signal,
      confirm: gate.confirm,
      resultReviewer: resultReviewer(tools, approvals.ask),
      callbacks: roundViewCallbacks({ state, updates, callbacks, onRoundStart: () => gate.startRound() }),
      onContentCalls: (found, index) => contentCalls.ask(found, state.rounds[index], abort.signal, updates.now),
    })
    updates.flush()
    state.status = result.record.status
    state.error = result.record.error ?? null
    return { ...result, awaiting: awaitingRequests(flow, result.record), compact: compactTranscript(result.record) }
  } finally {
    updates.flush()
    abort.release()
    // A question still open (the loop ended under it) is answered, so nothing waits on it.
    approvals.decideAll({ approved: false, reason: 'the run ended' })
    contentCalls.answer(false)
    if (state.status === 'running') state.status = 'error'
    state.manualRequest = null
    manual.forget()
    context.onActive(null)
    changed()
  }
}
