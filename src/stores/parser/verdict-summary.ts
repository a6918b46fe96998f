/**
 * The Parser's summary line: how many requests got each verdict.
 */
import type { CallPlan, CallVerdict } from '../../core'

/** What one verdict count of the summary says. */
export interface VerdictCount {
  verdict: CallVerdict
  count: number
}

/** The summary's order: what runs first, then why the rest does not. */
const VERDICT_ORDER: readonly CallVerdict[] = [
  'ready',
  'needs-approval',
  'in-reasoning',
  'quoted',
  'unknown-tool',
  'not-callable',
  'disabled',
  'invalid-arguments',
  'denied',
  'malformed',
]

/** The count of each verdict among `plans`, in the summary's order; verdicts no plan has are left out. */
export function countVerdicts(plans: readonly CallPlan[]): VerdictCount[] {
  const counts = new Map<CallVerdict, number>()
  for (const plan of plans) counts.set(plan.verdict, (counts.get(plan.verdict) ?? 0) + 1)
  return VERDICT_ORDER.filter((verdict) => counts.has(verdict)).map((verdict) => ({
    verdict,
    count: counts.get(verdict) as number,
  }))
}
