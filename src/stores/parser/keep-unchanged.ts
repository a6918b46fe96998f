/**
 * After an edit, the requests it did not touch keep their objects and plans, so their cards are not
 * drawn again: typing into a long reply redraws only what changed.
 */
import type { CallPlan, ParsedRequest, ParseResult } from '../../core'

/** A parse as it was shown: its text, its result and the plans of its requests (in order). */
export interface ShownParse {
  text: string
  result: ParseResult
  plans: readonly CallPlan[]
}

/**
 * The new parse's requests, with each one that is the same as before (same id, same place, same
 * text, same side of the reasoning) replaced by the earlier object, and the plans of those kept
 * (only plans whose policies were consulted: the others are asked again).
 */
export function keepUnchanged(
  before: ShownParse,
  fresh: ParseResult,
  text: string,
): { requests: ParsedRequest[]; plans: Map<ParsedRequest, CallPlan> } {
  const old = new Map(
    before.result.requests.map((request, n) => [request.requestId, { request, plan: before.plans[n] }]),
  )
  const plans = new Map<ParsedRequest, CallPlan>()
  const requests = fresh.requests.map((request) => {
    const earlier = old.get(request.requestId)
    if (!earlier || earlier.request.start !== request.start || earlier.request.end !== request.end) return request
    if (
      before.text.slice(request.start, request.end) !== text.slice(request.start, request.end) ||
      earlier.request.inReasoning !== request.inReasoning
    )
      return request
    if (earlier.plan && earlier.plan.policiesConsulted) plans.set(earlier.request, earlier.plan)
    return earlier.request
  })
  return { requests, plans }
}
