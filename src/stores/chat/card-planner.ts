/** What the executor will do with each request card of the open chat, worked out once per card. */
import { computed } from 'vue'
import type { CallPlan, ParsedRequest, ToolSession } from '../../core'

/** Options of useCardPlanner. */
export interface CardPlannerOptions {
  /** The open chat's tool session, set up for its agent as it is now. */
  toolSession: () => ToolSession
  /** Reads everything a plan depends on (the agent's settings deeply, tool groups, variables, the registry). */
  dependsOn: () => unknown
}

/**
 * `planFor(request)`: the request's plan, as the open chat's agent is set up now (presets, tool
 * switches and groups, variables). Plans are kept per request and made again after any change
 * `dependsOn` reads.
 */
export function useCardPlanner({ toolSession, dependsOn }: CardPlannerOptions): (request: ParsedRequest) => CallPlan {
  const planner = computed(() => {
    dependsOn()
    const tools = toolSession()
    const plans = new WeakMap<ParsedRequest, CallPlan>()
    return (request: ParsedRequest): CallPlan => {
      let plan = plans.get(request)
      if (!plan) plans.set(request, (plan = tools.plan(request)))
      return plan
    }
  })
  return (request) => planner.value(request)
}
