/**
 * One call of a resolved method, planned: its arguments, then the guards that decide whether it
 * runs (who may call it, whether its tool is on, whether its arguments hold, whether a person
 * must approve it first).
 */
import type { MethodMetadata, ToolRegistry } from '../types'
import { REFUSED_ARGUMENT_STATES, type ArgumentCheck } from './arguments'
import type { TextSpan } from './spans'
import type { PlannedCall, PlanOptions } from './plan-types'
import { approvalKey, type ApprovalRule } from './approval-rules'
import { planArguments } from './plan-arguments'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { english, joinedBySemicolons, problemRefOf } from './plan-messages'

/** The method a call resolved to, by the name the call used. */
export interface PlanTarget {
  tool: ToolRegistry
  method: MethodMetadata
  routingName: string
}

/**
 * Plans one call of `target` with the model's `raw` arguments. `spanOf` finds an argument's value
 * in the request's text, to underline a problem where it is. Throws only if the method's own
 * metadata is broken.
 */
export function planTargetCall(
  target: PlanTarget,
  raw: Readonly<Record<string, unknown>>,
  callId: string,
  options: PlanOptions,
  spanOf: (name: string) => TextSpan | undefined,
): PlannedCall {
  const { tool, method, routingName } = target
  const checking = performance.now()
  const { args, checks, limit } = planArguments(method, raw, callId, options, tool.id)
  const checkMs = performance.now() - checking
  // Built once and filled in: every executor call goes through here.
  const call: PlannedCall = {
    verdict: 'ready',
    routingName,
    toolId: tool.id,
    method: method.name,
    args,
    checks,
    callId,
    checkMs,
  }
  guard(call, target, options, refusedChecks(checks, spanOf), limit)
  return call
}

/** The checks that refuse the call, each with the span of its value when it has one. */
function refusedChecks(
  checks: readonly ArgumentCheck[],
  spanOf: (name: string) => TextSpan | undefined,
): ArgumentCheck[] | undefined {
  let refused: ArgumentCheck[] | undefined
  for (const check of checks) {
    if (!REFUSED_ARGUMENT_STATES.has(check.state)) continue
    ;(refused ??= []).push(check)
    // Problems are underlined on their values; finding the values costs a scan of the block, so a
    // call with nothing wrong (every call the executor runs) never pays for it.
    const span = check.state === 'missing' ? undefined : spanOf(check.name)
    if (span) check.span = span
  }
  return refused
}

/** Sets the call's verdict: the first guard that stops it says why; a call that passes them all keeps its limit. */
function guard(
  call: PlannedCall,
  { tool, method, routingName }: PlanTarget,
  options: PlanOptions,
  refused: ArgumentCheck[] | undefined,
  limit: number | undefined,
): void {
  if ((options.caller ?? 'agent') === 'agent' && method.agentCallable !== true) {
    refuse(call, 'not-callable', ref('plan.not-callable', { name: routingName }))
  } else if (options.toolEnabled && !options.toolEnabled(tool.id, method.name)) {
    refuse(call, 'disabled', ref('plan.disabled', { tool: tool.id, name: routingName }))
  } else if (refused) {
    const unresolved = refused.find((check) => check.state === 'unresolved')
    refuse(
      call,
      'invalid-arguments',
      unresolved
        ? ref('plan.unresolved', { name: routingName, problem: problemRefOf(unresolved) })
        : ref('plan.invalid-arguments', { name: routingName, problems: joinedBySemicolons(refused.map(problemRefOf)) }),
    )
  } else {
    if (limit !== undefined) call.limit = limit
    const rule: ApprovalRule = options.approval
      ? options.approval(tool, method)
      : { policy: options.requireConfirmation ? 'always' : 'auto', source: 'confirm-every-call' }
    if (rule.policy !== 'auto') approve(call, routingName, rule, options)
  }
}

/**
 * A call whose rule asks: `needs-approval`, saying why; under 'once', a remembered answer for the
 * same arguments decides instead (an approval lets it run, a rejection refuses it).
 */
function approve(call: PlannedCall, routingName: string, rule: ApprovalRule, options: PlanOptions): void {
  if (rule.policy === 'once') {
    const known = options.approvalMemory?.get(approvalKey({ routingName, args: call.args }))
    if (known?.approved) return
    if (known) {
      const reason = known.reason ? ` ${known.reason}` : ''
      refuse(call, 'denied', ref('plan.approval.remembered-rejection', { name: routingName, reason }))
      return
    }
  }
  const reasonRef =
    rule.source === 'confirm-every-call'
      ? ref('plan.confirm-every-call')
      : ref(rule.policy === 'once' ? 'plan.approval.once' : 'plan.approval.always', {
          name: routingName,
          why: ref(`plan.approval.why.${rule.source === 'default' ? 'tool' : rule.source}`),
        })
  call.verdict = 'needs-approval'
  call.approvalReason = english(reasonRef)
  call.approvalReasonRef = reasonRef
  call.approvalRule = rule
}

/** Gives the call a verdict that keeps it from running, and the reason, said by id. */
function refuse(call: PlannedCall, verdict: PlannedCall['verdict'], reasonRef: MessageRef): void {
  call.verdict = verdict
  call.reason = english(reasonRef)
  call.reasonRef = reasonRef
}
