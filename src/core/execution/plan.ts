/**
 * The call plan: what the executor will do with a parsed request, worked out without running
 * anything. The executor runs exactly what the plan says, and everything that shows a request
 * (the Parser pane, the Executor pane, the chat's cards, `vcp check`) shows the plan, so what a
 * person is told and what happens cannot drift apart.
 *
 * `planCall` is synchronous and pure; a tool's policy hook may be asynchronous, so it is
 * consulted in a second step (a tool session's `planWithPolicies` does both).
 */
import type { ParsedRequest } from '../types'
import type { MessageRef } from '../messages/types'
import { toolRegistryManager } from '../tools/registry-manager'
import { splitBatch } from '../batch'
import { resolveRoute } from './routing-table'
import { argumentSpans, type TextSpan } from './spans'
import { RUNNABLE_VERDICTS, type CallPlan, type PlannedCall, type PlanOptions } from './plan-types'
import { planTargetCall } from './plan-guards'
import { batchVerdict, planBatchItems } from './plan-batch'
import { consultPolicies } from './plan-policy'
import { emptyArgs, modelArguments, textArguments, without } from './plan-values'
import { ref } from '../messages/say'
import { english, refOf } from './plan-messages'
import { planQuoted } from './plan-quoted'

export { RUNNABLE_VERDICTS, type CallPlan, type CallVerdict, type PlannedCall, type PlanOptions } from './plan-types'
export { consultPolicies, consultPolicy, runnableTarget } from './plan-policy'
export { planDiagnostics } from './plan-diagnostics'
export { modelArguments } from './plan-values'

/** Plans a request, tool policies not yet consulted. Never throws. */
export function planCall(request: ParsedRequest, options: PlanOptions = {}): CallPlan {
  const plan = planUnchecked(request, options)
  if (!request.inReasoning || options.reasoning === 'run') return planQuoted(plan, options)
  // Every call of the block stays unrun, batch items too: the executor runs items by their own verdicts.
  const reasonRef = ref('plan.in-reasoning', { name: toolNameOf(request) })
  const reason = english(reasonRef)
  const held = <T extends PlannedCall>(call: T): T => ({
    ...call,
    verdict: 'in-reasoning',
    whenRun: call.verdict,
    reason,
    reasonRef,
  })
  const items = plan.items?.map(held)
  return { ...held(plan), ...(items ? { items } : {}), policiesConsulted: true }
}

/** `planCall` then `consultPolicies`: the whole plan. */
export async function planToolCall(request: ParsedRequest, options: PlanOptions = {}): Promise<CallPlan> {
  return consultPolicies(planCall(request, options), options)
}

/** The plan as the request reads: a malformed block, one method's call, a numbered batch, or no tool at all. */
function planUnchecked(request: ParsedRequest, options: PlanOptions): CallPlan {
  if (!request.valid) return malformedPlan(request)
  const registry = options.registry ?? toolRegistryManager
  const raw = modelArguments(request)
  const command = typeof raw.command === 'string' ? raw.command : undefined
  const route = resolveRoute(registry, request.toolName, command)
  let spans: Map<string, TextSpan> | undefined
  const spanAt = (name: string): TextSpan | undefined => (spans ??= argumentSpans(request)).get(name)
  if (route.ok) {
    const viaCommand = route.target.routingName !== request.toolName
    const args = viaCommand ? without(raw, 'command') : raw
    const call = planTargetCall(route.target, args, request.requestId, options, spanAt)
    return asPlan(request, call, !RUNNABLE_VERDICTS.has(call.verdict))
  }
  const batch = registry.get(request.toolName) && command === undefined ? splitBatch(textArguments(raw)) : undefined
  if (!batch)
    return asPlan(
      request,
      { verdict: 'unknown-tool', reason: route.message, reasonRef: route.messageRef, args: emptyArgs(), checks: [] },
      true,
    )
  const items = planBatchItems(batch, request, registry, options, spanAt)
  return asPlan(
    request,
    { ...batchVerdict(items), args: emptyArgs(), checks: [], items },
    items.every((item) => !RUNNABLE_VERDICTS.has(item.verdict)),
  )
}

/** A block that cannot be read as a call: the first error of its parse says why. */
function malformedPlan(request: ParsedRequest): CallPlan {
  const error = request.diagnostics.find((d) => d.severity === 'error')
  const reasonRef = ref('plan.malformed', {
    id: request.requestId,
    name: toolNameOf(request),
    reason: error ? refOf(error) : ref('plan.malformed-unknown'),
  })
  return asPlan(
    request,
    {
      verdict: 'malformed',
      reason: english(reasonRef),
      reasonRef,
      args: emptyArgs(),
      checks: [],
    },
    true,
  )
}

/** A call made the request's plan; a plan with nothing to run has no policy left to ask. */
function asPlan(
  request: ParsedRequest,
  call: Omit<PlannedCall, 'callId'> & { items?: PlannedCall[] },
  policiesConsulted: boolean,
): CallPlan {
  return Object.assign(call, { request, callId: request.requestId, policiesConsulted })
}

/** The request's tool name as a message shows it, or that it has none. */
function toolNameOf(request: ParsedRequest): string | MessageRef {
  return request.toolName || ref('plan.no-tool-name')
}
