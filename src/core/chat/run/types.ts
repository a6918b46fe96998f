/**
 * What a chat run is started with, what it shows while it runs and what it returns. The run
 * itself (createChatRun) is in ../chat-run.ts, which exports these types as its own.
 */
import type { ParsedRequest, ToolExecutionResult } from '../../types'
import type { ApprovalDecision, PendingCall } from '../../execution/executor'
import type { ApprovalPolicy, ResultPolicy } from '../../execution/approval-rules'
import type { RoundView } from '../live-round'
import type { ToolLoopOptions, ToolLoopResult } from '../tool-loop'
import type { CompletionRequest, RunStatus } from '../types'

export type { ResultPolicy } from '../../execution/approval-rules'

/** A question waiting for a person, shown on the card of its call. */
export interface PendingApproval {
  id: string
  /** 'call': may it run? 'result': may the model see what it returned? */
  kind: 'call' | 'result'
  call: PendingCall
  /** For result reviews: the status and text the call returned. */
  outcome?: { status: ToolExecutionResult['status']; result: string }
  /** The round whose card shows the question. */
  round: number
  /** Answers it: the same as the run's `approve(id)` or `reject(id, reason)`. */
  decide(decision: ApprovalDecision): void
}

/** Everything a chat view draws of a run; changed in place as the run goes on. */
export interface ChatRunState {
  /** 'idle' before the first run; then the run in progress, or how the last one ended. */
  status: 'idle' | 'running' | RunStatus
  /** Why the last run ended early, if it did. */
  error: string | null
  /** The rounds of the run in progress (or of the last run): the reply's text and its cards. */
  rounds: RoundView[]
  /** Questions waiting for a person, in the order they were asked. */
  pending: PendingApproval[]
  /** With the manual model: the request waiting for its reply to be written. */
  manualRequest: CompletionRequest | null
}

/** The options of one run: the tool loop's, less what the run supplies itself, plus how a person takes part. */
export interface ChatRunStart
  extends Omit<
    ToolLoopOptions,
    | 'registry'
    | 'protocols'
    | 'discovery'
    | 'signal'
    | 'approver'
    | 'confirm'
    | 'approval'
    | 'approvalMemory'
    | 'resultReviewer'
    | 'execute'
    | 'onContentCalls'
  > {
  /** 'semi-automatic': requests become cards a person runs one by one (`runRequest`); calling is 'text'. @default 'loop' */
  flow?: 'loop' | 'semi-automatic'
  /**
   * Without `toolSession` only (a session holds its own approval settings): a policy for every
   * call. A tool's own request for approval is asked even under 'auto'. @default 'auto'
   */
  approval?: ApprovalPolicy
  /** Without `toolSession` only: whether every result is shown to a person before the model sees it. @default 'never' */
  resultReview?: ResultPolicy
  /** Without `toolSession` only: where 'once' answers are remembered across runs. */
  approvalMemory?: Map<string, ApprovalDecision>
  /** Stops this run too when it aborts. */
  signal?: AbortSignal
}

/** How a run ended: the tool loop's result, with what a chat keeps of it. */
export interface ChatRunResult extends ToolLoopResult {
  /** Semi-automatic mode: the requests of the last reply, waiting to be run by hand. */
  awaiting: ParsedRequest[]
  /** The run as one compact message (its tool chain as log blocks), for history or export. */
  compact: string
}
