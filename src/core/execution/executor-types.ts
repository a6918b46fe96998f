/**
 * The executor's contracts: what a method receives besides its arguments, what an approver sees
 * and answers, the options of a run, and what one call comes to before it becomes a result.
 */
import type { CallProgress, ParsedRequest, ResultImage, ToolExecutionResult, ToolExecutionStatus } from '../types'
import type { PlanOptions } from './plan'
import type { Arguments } from './arguments'
import type { VariableStore } from '../results/variables'
import type { OutputCut } from '../results/output'

/** What a method receives besides its arguments. */
export interface ToolCallContext {
  /** Aborted when the call times out or the run is aborted: stop work and return. */
  signal: AbortSignal
  requestId: string
  /** `toolId_methodName`. */
  routingName: string
  /** The run's variable store, when it has one (the `vars` tools work on it). */
  variables?: VariableStore
  /** Reports progress while the call runs (MCP servers send it). */
  onProgress?: (progress: CallProgress) => void
  /**
   * Waits for `turn` (a free sandbox, a slot of a shared queue) without the call's timeout running
   * meanwhile: the timeout measures the call's own work, not its place in a queue. Abort still
   * ends the call at once.
   */
  waitTurn?<T>(turn: Promise<T>): Promise<T>
}

/** Shown to an approver before a call runs: the resolved method and the arguments it will get. */
export interface PendingCall {
  requestId: string
  /** As the request wrote it. */
  toolName: string
  routingName: string
  toolId: string
  method: string
  args: Arguments
  /** The tool's policy asks a person to approve this call, for this reason (even under an 'auto' policy). */
  approvalReason?: string
}

/** A reviewer's answer. A reason given with a rejection goes back to the model. */
export interface ApprovalDecision {
  approved: boolean
  reason?: string
}

/** Asked before a call that needs approval runs; `false` or `{ approved: false }` keeps it from running. */
export type Approver = (call: PendingCall) => boolean | ApprovalDecision | Promise<boolean | ApprovalDecision>

/** Asked after a call ran, before its result goes anywhere; a rejection replaces the result. */
export type ResultReviewer = (
  call: PendingCall,
  outcome: { status: ToolExecutionStatus; result: string },
) => boolean | ApprovalDecision | Promise<boolean | ApprovalDecision>

/**
 * How to run: the plan's options (registry, caller, tool switches, presets, confirmation,
 * variables, reasoning; see PlanOptions) and what only running needs.
 */
export interface ExecuteOptions extends PlanOptions {
  /** Per call, in milliseconds. @default 30000 */
  timeout?: number
  /** Run the requests at the same time instead of one after another. @default false */
  parallel?: boolean
  /** Aborts the whole run: running calls and those not started yet resolve as `aborted`. */
  signal?: AbortSignal
  /** Asked about every call that needs approval (`requireConfirmation`, or a tool's policy asking). */
  onBeforeExecute?: Approver
  /** The protocol of the ready-made ReadVar request after a cut ('native' for function calling). @default 'vcp' */
  resultProtocol?: string
  onResultReview?: ResultReviewer
  /** Called as each request starts and as it ends, e.g. to show progress while a round runs. */
  onCallStart?: (request: ParsedRequest) => void
  onCallComplete?: (result: ToolExecutionResult, request: ParsedRequest) => void
  /** Progress a running call reports. */
  onCallProgress?: (progress: CallProgress, request: ParsedRequest) => void
}

/** A call's time limit when the options set none, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000

/**
 * Thrown by a method that stopped at a time limit of its own (a sandbox's deadline, say): the
 * call ends with status `timeout`, as when the executor's own timeout ends it.
 */
export class ToolTimeoutError extends Error {
  override readonly name = 'TimeoutError'
}

/** What one call came to, before the executor turns it into a ToolExecutionResult. */
export interface Outcome {
  status: ToolExecutionStatus
  result: string
  /** Images the result holds besides its text. */
  images?: ResultImage[]
  /** Set when the method ran and its text was cut. */
  cut?: OutputCut
  variable?: string
}
