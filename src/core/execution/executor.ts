/**
 * The executor: runs parsed requests against the registry. Every request ends in exactly one
 * result with a status; nothing a method or a model does can make the run itself throw.
 */
import type {
  CallProgress,
  ParsedRequest,
  ResultImage,
  ToolExecutionResult,
  ToolExecutionStatus,
  ToolRegistry,
} from '../types'
import { toolRegistryManager } from '../tools/registry-manager'
import type { Arguments } from './arguments'
import {
  consultPolicy,
  CONFIRM_EVERY_CALL,
  planCall,
  runnableTarget,
  type CallVerdict,
  type PlanOptions,
  type PlannedCall,
} from './plan'
import { serializeResult } from './serialize'
import { stringArguments } from '../protocols/json/calls'
import type { VariableStore } from '../results/variables'
import { argsVariableName, resultVariableName } from '../results/variables'
import { cutHint, outputOptions, prepareOutput, type OutputCut, type ToolOutputOptions } from '../results/output'
import { readOnRequest } from '../results/read-on'
import { isRecord } from '../own-record'

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

export const DEFAULT_TIMEOUT_MS = 30_000

/**
 * Thrown by a method that stopped at a time limit of its own (a sandbox's deadline, say): the
 * call ends with status `timeout`, as when the executor's own timeout ends it.
 */
export class ToolTimeoutError extends Error {
  override readonly name = 'TimeoutError'
}

interface Outcome {
  status: ToolExecutionStatus
  result: string
  /** Images the result holds besides its text. */
  images?: ResultImage[]
  /** Set when the method ran and its text was cut. */
  cut?: OutputCut
  variable?: string
}

export async function executeToolRequests(
  requests: readonly ParsedRequest[],
  options: ExecuteOptions = {},
): Promise<ToolExecutionResult[]> {
  if (options.parallel) return Promise.all(requests.map((request) => executeToolRequest(request, options)))
  const results: ToolExecutionResult[] = []
  for (const request of requests) results.push(await executeToolRequest(request, options))
  return results
}

export async function executeToolRequest(
  request: ParsedRequest,
  options: ExecuteOptions = {},
): Promise<ToolExecutionResult> {
  options.onCallStart?.(request)
  const started = now()
  let outcome: Outcome
  try {
    outcome = await runRequest(request, options)
  } catch (error) {
    // Only an approver or a registry can get here (methods are caught in callMethod).
    outcome = { status: 'error', result: `"${request.toolName}" could not run: ${errorMessage(error)}` }
  }
  const result: ToolExecutionResult = {
    requestId: request.requestId,
    toolName: request.toolName,
    status: outcome.status,
    result: outcome.result,
    durationMs: now() - started,
  }
  if (outcome.variable) result.variable = outcome.variable
  if (outcome.cut) result.truncation = { ...outcome.cut, variable: outcome.variable }
  if (outcome.images?.length) result.images = outcome.images
  options.onCallComplete?.(result, request)
  return result
}

async function runRequest(request: ParsedRequest, options: ExecuteOptions): Promise<Outcome> {
  if (options.signal?.aborted)
    return { status: 'aborted', result: `"${request.toolName}" was not started: the run was aborted.` }
  // Checking the arguments (a server's JSON Schema) is part of the call: its time counts against the timeout.
  const planning = now()
  const plan = planCall(request, options)
  const spentMs = now() - planning
  if (!plan.items) return runPlanned(request, plan, options, spentMs)
  // `command1`, `command2`, ...: ordered calls on one tool, reported together as a JSON array.
  const items: { index: number; command: string; status: ToolExecutionStatus; result: string }[] = []
  for (const item of plan.items) {
    // Each item is charged the checking of its own arguments, not the whole batch's.
    const outcome = await runPlanned(request, item, options, item.checkMs ?? 0)
    items.push({
      index: item.index as number,
      command: item.command as string,
      status: outcome.status,
      result: outcome.result,
    })
  }
  const failed = items.find((item) => item.status !== 'success')
  return { status: failed ? failed.status : 'success', result: JSON.stringify(items, null, 2) }
}

/** What a verdict that does not run a method reports. */
const NOT_RUN_STATUS: Record<Exclude<CallVerdict, 'ready' | 'needs-approval'>, ToolExecutionStatus> = {
  malformed: 'error',
  'unknown-tool': 'error',
  'invalid-arguments': 'error',
  'not-callable': 'denied',
  disabled: 'denied',
  denied: 'denied',
  'in-reasoning': 'denied',
}

/** Runs one planned call as its plan says: the method is called only under a runnable verdict. */
async function runPlanned(
  request: ParsedRequest,
  planned: PlannedCall,
  options: ExecuteOptions,
  spentMs = 0,
): Promise<Outcome> {
  const registry = options.registry ?? toolRegistryManager
  // Only a tool with a policy makes the call wait for it.
  const target = runnableTarget(planned, registry)
  const call = typeof target?.tool.policy === 'function' ? await consultPolicy(planned, registry) : planned
  if (call.verdict !== 'ready' && call.verdict !== 'needs-approval')
    return { status: NOT_RUN_STATUS[call.verdict], result: call.reason ?? call.verdict }
  if (!target)
    return {
      status: 'error',
      result: `"${call.routingName}" could not be resolved again: the registry changed while the run was going.`,
    }
  const { tool, method } = target
  const routingName = call.routingName as string
  const args = call.args
  const pending: PendingCall = {
    requestId: request.requestId,
    toolName: request.toolName,
    routingName,
    toolId: tool.id,
    method: method.name,
    args,
  }
  if (call.verdict === 'needs-approval') {
    if (!options.onBeforeExecute) {
      return options.requireConfirmation
        ? {
            status: 'error',
            result: `"${routingName}" needs confirmation (requireConfirmation is on) but no approver is set: pass onBeforeExecute.`,
          }
        : {
            status: 'denied',
            result: `"${routingName}" needs approval (${call.approvalReason}) and nobody can approve it here, so it was not called.`,
          }
    }
    if (call.approvalReason !== CONFIRM_EVERY_CALL) pending.approvalReason = call.approvalReason
    const rejection = rejectionOf(await options.onBeforeExecute(pending))
    if (rejection !== null)
      return {
        status: 'denied',
        result: `The user declined the call to "${routingName}".${rejection ? ` Reason: ${rejection}` : ''}`,
      }
  }
  // Batches run several calls per request: the run may have been aborted since the last one.
  if (options.signal?.aborted)
    return { status: 'aborted', result: `"${routingName}" was not started: the run was aborted.` }
  // A tool whose method names come from elsewhere (an MCP server) routes calls itself.
  const own = tool[method.name]
  const fn: MethodFunction | undefined =
    typeof tool.callMethod === 'function'
      ? (callArgs, context) =>
          (tool.callMethod as NonNullable<ToolRegistry['callMethod']>)(method.name, callArgs, context)
      : typeof own === 'function'
        ? (own as MethodFunction)
        : undefined
  if (!fn) return { status: 'error', result: `Tool "${tool.id}" has no function for method "${method.name}".` }
  const onProgress = options.onCallProgress
    ? (progress: CallProgress) => options.onCallProgress?.(progress, request)
    : undefined
  const ran = await callMethod(
    fn,
    tool,
    args,
    { requestId: request.requestId, routingName, variables: options.variables, onProgress, spentMs },
    options,
  )
  if (ran.status !== 'success' && ran.status !== 'error') return ran
  if (options.onResultReview) {
    const rejection = rejectionOf(await options.onResultReview(pending, ran))
    if (rejection !== null) {
      options.variables?.set({
        name: argsVariableName(routingName, call.callId),
        value: JSON.stringify(args),
        type: 'args',
        toolName: routingName,
        requestId: call.callId,
      })
      return {
        status: 'denied',
        result: `The user rejected the result of "${routingName}"; it is not shown.${rejection ? ` Reason: ${rejection}` : ''}`,
      }
    }
  }
  return shapeOutput(ran, tool, method.name, args, call.limit, call.callId, routingName, options)
}

/** null when approved; otherwise the reason ('' when none was given). */
function rejectionOf(decision: boolean | ApprovalDecision): string | null {
  if (typeof decision === 'boolean') return decision ? null : ''
  return decision.approved ? null : (decision.reason ?? '').trim()
}

/** The full text kept in variables; the model gets it cut to the limit, with a hint to read on. */
function shapeOutput(
  ran: Outcome,
  tool: ToolRegistry,
  method: string,
  args: Arguments,
  limit: number | undefined,
  requestId: string,
  routingName: string,
  options: ExecuteOptions,
): Outcome {
  const prepared = prepareOutput(ran.result, tool, args, limit)
  const store = options.variables
  const variable = store ? resultVariableName(routingName, requestId) : undefined
  if (store && variable) {
    store.set({
      name: argsVariableName(routingName, requestId),
      value: JSON.stringify(args),
      type: 'args',
      toolName: routingName,
      requestId,
    })
    store.set({ name: variable, value: prepared.full, type: 'result', toolName: routingName, requestId })
  }
  if (!prepared.cut) return { status: ran.status, result: prepared.text, variable, images: ran.images }
  const resumeAt = prepared.cut.resumeAt
  const target = variable
    ? (outputOptions(tool).readOnAt?.(resumeAt, args, method) ?? { name: variable, start: resumeAt })
    : undefined
  const request = target
    ? readOnRequest(options.resultProtocol ?? 'vcp', target.name, target.start, target.length)
    : undefined
  return {
    status: ran.status,
    result: `${prepared.text}\n\n${cutHint(prepared.cut, variable, request, target)}`,
    cut: prepared.cut,
    variable,
    images: ran.images,
  }
}

/** The tool's own formatForLLM, else strings as-is and anything else as pretty JSON. */
function formatValue(tool: object, value: unknown, args: Arguments): ReturnType<typeof serializeResult> {
  const format = (tool as ToolOutputOptions).formatForLLM
  if (typeof format !== 'function') return serializeResult(value)
  try {
    const text = format.call(tool, value, args)
    return typeof text === 'string'
      ? { ok: true, text }
      : { ok: false, reason: `formatForLLM returned ${typeof text}, not text` }
  } catch (error) {
    return { ok: false, reason: `formatForLLM failed: ${errorMessage(error)}` }
  }
}

type MethodFunction = (args: Arguments, context: ToolCallContext) => unknown

/** Runs the method under a timeout that aborts it; resolves even if the method never does. */
function callMethod(
  fn: MethodFunction,
  tool: object,
  args: Arguments,
  call: {
    requestId: string
    routingName: string
    variables?: VariableStore
    onProgress?: (progress: CallProgress) => void
    spentMs?: number
  },
  options: ExecuteOptions,
): Promise<Outcome> {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS
  // Time the call has already used before it starts (validating its arguments).
  const spent = call.spentMs ?? 0
  const runSignal = options.signal
  // Node's AbortController costs more than the rest of a call: make it when the method asks.
  let controller: AbortController | null = null
  let abortReason: unknown
  let ended = false
  const signal = (): AbortSignal => {
    if (!controller) {
      controller = new AbortController()
      if (ended) controller.abort(abortReason)
    }
    return controller.signal
  }
  const cancel = (reason: unknown): void => {
    ended = true
    abortReason = reason
    controller?.abort(reason)
  }
  return new Promise<Outcome>((resolve) => {
    if (spent >= timeout) {
      resolve({
        status: 'timeout',
        result: `"${call.routingName}" timed out: checking its arguments took ${Math.round(spent)} ms, its whole ${timeout} ms; it was not called.`,
      })
      return
    }
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (outcome: Outcome): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      runSignal?.removeEventListener('abort', onRunAbort)
      resolve(outcome)
    }
    const onTimeout = (): void => {
      finish({
        status: 'timeout',
        result: `"${call.routingName}" timed out after ${timeout} ms; the call was aborted.`,
      })
      cancel(new DOMException(`timed out after ${timeout} ms`, 'TimeoutError'))
    }
    // The clock stops while the call waits for its turn (waitTurn) and goes on with what is left.
    let left = timeout - spent
    let runningSince = now()
    let waiting = 0
    let waited = 0
    timer = setTimeout(onTimeout, left)
    const waitTurn = async <T>(turn: Promise<T>): Promise<T> => {
      if (waiting++ === 0 && !settled) {
        clearTimeout(timer)
        left -= now() - runningSince
        runningSince = now()
      }
      try {
        return await turn
      } finally {
        if (--waiting === 0 && !settled) {
          waited += now() - runningSince
          runningSince = now()
          timer = setTimeout(onTimeout, Math.max(0, left))
        }
      }
    }
    const onRunAbort = (): void => {
      finish({ status: 'aborted', result: `"${call.routingName}" was aborted while running.` })
      cancel(runSignal?.reason)
    }
    runSignal?.addEventListener('abort', onRunAbort, { once: true })
    const context: ToolCallContext = {
      get signal() {
        return signal()
      },
      requestId: call.requestId,
      routingName: call.routingName,
      variables: call.variables,
      onProgress: call.onProgress,
      waitTurn,
    }
    // A method that works synchronously blocks the timer: its overrun is measured instead.
    const started = now()
    const overran = (): Outcome | null => {
      const took = now() - started - waited + spent
      if (took <= timeout) return null
      return {
        status: 'timeout',
        result: `"${call.routingName}" timed out: it ran for ${Math.round(took)} ms without yielding, past its ${timeout} ms; its result was dropped.`,
      }
    }
    const failed = (error: unknown): Outcome =>
      overran() ??
      (isTimeoutError(error)
        ? { status: 'timeout', result: `"${call.routingName}" timed out: ${errorMessage(error)}` }
        : { status: 'error', result: `"${call.routingName}" failed: ${errorMessage(error)}` })
    let pending: unknown
    try {
      pending = fn.call(tool, args, context)
    } catch (error) {
      finish(failed(error))
      return
    }
    Promise.resolve(pending).then(
      (value) => {
        const late = overran()
        if (late) return finish(late)
        const serialized = formatValue(tool, value, args)
        if (!serialized.ok)
          return finish({
            status: 'error',
            result: `"${call.routingName}" returned a value that cannot be sent as text: ${serialized.reason}`,
          })
        finish({ status: 'success', result: serialized.text, images: imagesOf(tool, value) })
      },
      (error: unknown) => finish(failed(error)),
    )
  })
}

/** Only raster images a page can show as they are; anything else stays described in the text. */
const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const BASE64 = /^[A-Za-z0-9+/=]*$/

/** The images a tool says its value holds (MCP results carry them). */
function imagesOf(tool: object, value: unknown): ResultImage[] | undefined {
  const of = (tool as ToolOutputOptions).imagesOf
  if (typeof of !== 'function') return undefined
  try {
    const found: unknown = of.call(tool, value)
    if (!Array.isArray(found)) return undefined
    return found.filter(
      (image): image is ResultImage =>
        isRecord(image) &&
        SHOWN_IMAGE_TYPES.has(image.mimeType as string) &&
        typeof image.data === 'string' &&
        BASE64.test(image.data),
    )
  } catch {
    return undefined
  }
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError'
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}

function now(): number {
  return performance.now()
}

/**
 * A request that did not come from a model's text (the executor pane, a script): a valid call of
 * `toolName` with typed arguments, carried as strings too, as a parsed request would be.
 */
export function directRequest(toolName: string, args: Record<string, unknown>, requestId: string): ParsedRequest {
  return {
    requestId,
    toolName,
    args: stringArguments(args),
    arguments: args,
    rawBlock: '',
    valid: true,
    start: 0,
    end: 0,
    diagnostics: [],
    inReasoning: false,
    fenced: false,
  }
}
