/**
 * A tool's policy hook, asked about a planned call: it may refuse the call or ask for a person.
 * Policies may be asynchronous, so they are consulted after the synchronous plan.
 */
import type { MethodMetadata, ToolPolicyAnswer, ToolRegistry } from '../types'
import { toolRegistryManager, type ToolRegistryManager } from '../tools/registry-manager'
import { resolveRoute } from './routing-table'
import { RUNNABLE_VERDICTS, type CallPlan, type PlannedCall, type PlanOptions } from './plan-types'
import { batchVerdict } from './plan-batch'
import { errorMessage } from './error-message'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { english } from './plan-messages'

/** The plan with every runnable call's tool policy consulted. */
export async function consultPolicies(plan: CallPlan, options: PlanOptions = {}): Promise<CallPlan> {
  if (plan.policiesConsulted) return plan
  const registry = options.registry ?? toolRegistryManager
  if (plan.items) {
    const items: PlannedCall[] = []
    for (const item of plan.items) items.push(await consultPolicy(item, registry))
    return { ...plan, ...batchVerdict(items), items, policiesConsulted: true }
  }
  const call = await consultPolicy(plan, registry)
  return { ...plan, ...call, request: plan.request, policiesConsulted: true }
}

/**
 * Asks the call's tool about it. A refusal makes it `denied`; a request for a person makes it
 * `needs-approval`. A policy that throws refuses the call, saying so.
 */
export async function consultPolicy(call: PlannedCall, registry: ToolRegistryManager): Promise<PlannedCall> {
  const target = call.verdict === 'in-reasoning' ? undefined : runnableTarget(call, registry)
  if (!target) return call
  const { tool } = target
  if (typeof tool.policy !== 'function') return call
  let answer: ToolPolicyAnswer | undefined
  try {
    answer = await tool.policy({ method: target.method.name, args: call.args })
  } catch (error) {
    const failed = ref('plan.policy-failed', {
      tool: tool.id,
      name: String(call.routingName),
      error: errorMessage(error),
    })
    return denied(call, failed)
  }
  if (answer && 'deny' in answer)
    return denied(call, ref('plan.refused-by-tool', { name: String(call.routingName), answer: String(answer.deny) }))
  if (answer && 'ask' in answer)
    // The policy's own words: there is no id to say them by.
    return { ...call, verdict: 'needs-approval', approvalReason: answer.ask, approvalReasonRef: undefined }
  return call
}

/** The call refused, saying `reasonRef`. */
function denied(call: PlannedCall, reasonRef: MessageRef): PlannedCall {
  return { ...call, verdict: 'denied', reason: english(reasonRef), reasonRef }
}

/** The tool and method of a call that may run; undefined when it may not, or no longer resolves. */
export function runnableTarget(
  call: PlannedCall,
  registry: ToolRegistryManager,
): { tool: ToolRegistry; method: MethodMetadata } | undefined {
  if (!RUNNABLE_VERDICTS.has(call.verdict) || call.toolId === undefined || call.routingName === undefined)
    return undefined
  const route = resolveRoute(registry, call.routingName, undefined)
  return route.ok ? { tool: route.target.tool, method: route.target.method } : undefined
}
