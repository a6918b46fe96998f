/**
 * The executor: runs parsed requests against the registry. Every request ends in exactly one
 * result with a status; nothing a method or a model does can make the run itself throw.
 */
import type { CallProgress, ParsedRequest, ToolExecutionResult, ToolExecutionStatus, ToolRegistry } from '../types'
import { toolRegistryManager } from '../tools/registry-manager'
import { consultPolicy, planCall, runnableTarget, type CallVerdict, type PlannedCall } from './plan'
import { approvalKey } from './approval-rules'
import { stringArguments } from '../protocols/json/calls'
import { argsVariableName } from '../results/variables'
import type { ApprovalDecision, ExecuteOptions, Outcome, PendingCall } from './executor-types'
import { callMethod, now, type MethodFunction } from './call-method'
import { shapeOutput } from './call-output'
import { errorMessage } from './error-message'

export {
  DEFAULT_TIMEOUT_MS,
  ToolTimeoutError,
  type ApprovalDecision,
  type Approver,
  type ExecuteOptions,
  type PendingCall,
  type ResultReviewer,
  type ToolCallContext,
} from './executor-types'

/** Runs every request, one after another or (with `parallel`) at once; one result per request, in order. */
export async function executeToolRequests(
  requests: readonly ParsedRequest[],
  options: ExecuteOptions = {},
): Promise<ToolExecutionResult[]> {
  if (options.parallel) return Promise.all(requests.map((request) => executeToolRequest(request, options)))
  const results: ToolExecutionResult[] = []
  for (const request of requests) results.push(await executeToolRequest(request, options))
  return results
}

/** Runs one request (a batch's items in order); never throws: every failure is a result with a status. */
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
  quoted: 'denied',
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
    const refused = await askApproval(pending, call, options)
    if (refused) return refused
  }
  // Batches run several calls per request: the run may have been aborted since the last one.
  if (options.signal?.aborted)
    return { status: 'aborted', result: `"${routingName}" was not started: the run was aborted.` }
  const fn = methodFunction(tool, method.name)
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
  const rejected = await reviewResult(pending, ran, call.callId, options)
  if (rejected) return rejected
  const owner = { tool, method: method.name, args, limit: call.limit, requestId: call.callId, routingName }
  return shapeOutput(ran, owner, options)
}

/**
 * Asks the approver about a call that needs approval; the outcome to report when the call may not
 * run, null when it may. Tells the approver the tool's reason, unless every call is confirmed.
 */
async function askApproval(pending: PendingCall, call: PlannedCall, options: ExecuteOptions): Promise<Outcome | null> {
  const { routingName } = pending
  if (!options.onBeforeExecute) {
    return call.approvalRule?.source === 'confirm-every-call'
      ? {
          status: 'error',
          result: `"${routingName}" needs confirmation (requireConfirmation is on) but no approver is set: pass onBeforeExecute.`,
        }
      : {
          status: 'denied',
          result: `"${routingName}" needs approval (${call.approvalReason}) and nobody can approve it here, so it was not called.`,
        }
  }
  // "Every call is confirmed" tells the person nothing about this call.
  if (call.approvalRule?.source !== 'confirm-every-call') pending.approvalReason = call.approvalReason
  const answer = await options.onBeforeExecute(pending)
  const rejection = rejectionOf(answer)
  if (call.approvalRule?.policy === 'once')
    options.approvalMemory?.set(
      approvalKey(pending),
      rejection === null ? { approved: true } : { approved: false, ...(rejection ? { reason: rejection } : {}) },
    )
  if (rejection === null) return null
  return {
    status: 'denied',
    result: `The user declined the call to "${routingName}".${rejection ? ` Reason: ${rejection}` : ''}`,
  }
}

/** The function that runs a method; a tool whose method names come from elsewhere (an MCP server) routes calls itself. */
function methodFunction(tool: ToolRegistry, method: string): MethodFunction | undefined {
  if (typeof tool.callMethod === 'function')
    return (callArgs, context) =>
      (tool.callMethod as NonNullable<ToolRegistry['callMethod']>)(method, callArgs, context)
  const own = tool[method]
  return typeof own === 'function' ? (own as MethodFunction) : undefined
}

/**
 * Asks the result reviewer, when there is one; the outcome that replaces a rejected result (its
 * arguments are still kept as a variable), null when the result may go on.
 */
async function reviewResult(
  pending: PendingCall,
  ran: Outcome,
  callId: string,
  options: ExecuteOptions,
): Promise<Outcome | null> {
  if (!options.onResultReview) return null
  const rejection = rejectionOf(await options.onResultReview(pending, ran))
  if (rejection === null) return null
  const { routingName } = pending
  options.variables?.set({
    name: argsVariableName(routingName, callId),
    value: JSON.stringify(pending.args),
    type: 'args',
    toolName: routingName,
    requestId: callId,
  })
  return {
    status: 'denied',
    result: `The user rejected the result of "${routingName}"; it is not shown.${rejection ? ` Reason: ${rejection}` : ''}`,
  }
}

/** null when approved; otherwise the reason ('' when none was given). */
function rejectionOf(decision: boolean | ApprovalDecision): string | null {
  if (typeof decision === 'boolean') return decision ? null : ''
  return decision.approved ? null : (decision.reason ?? '').trim()
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
