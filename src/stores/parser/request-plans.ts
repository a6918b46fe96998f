/**
 * The plan of each parsed request, as the executor will run it. Plans come at once; the tools'
 * policies (which may ask a file system) answer a moment later and replace them.
 */
import { shallowRef, type ShallowRef } from 'vue'
import type { CallPlan, ParsedRequest, ToolSession } from '../../core'

/** What {@link useRequestPlans} returns. */
export interface RequestPlansReturn {
  /** One plan per request, in the requests' order. */
  plans: ShallowRef<CallPlan[]>
  /**
   * Plans `requests` (taking a plan from `known` where it has one), then replaces the plans with
   * those the policies answered, unless a later call came first.
   */
  replan(requests: readonly ParsedRequest[], known?: ReadonlyMap<ParsedRequest, CallPlan>): void
}

/** Plans in `session`. */
export function useRequestPlans(session: Pick<ToolSession, 'plan' | 'planWithPolicies'>): RequestPlansReturn {
  const plans = shallowRef<CallPlan[]>([])
  let planning = 0

  function replan(requests: readonly ParsedRequest[], known?: ReadonlyMap<ParsedRequest, CallPlan>): void {
    const current = requests.map((request) => known?.get(request) ?? session.plan(request))
    plans.value = current
    const generation = ++planning
    if (current.every((plan) => plan.policiesConsulted)) return
    void Promise.all(
      current.map((plan) => (plan.policiesConsulted ? plan : session.planWithPolicies(plan.request))),
    ).then((consulted) => {
      if (generation === planning) plans.value = consulted
    })
  }

  return { plans, replan }
}
