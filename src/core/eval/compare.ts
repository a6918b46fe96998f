/**
 * Two runs side by side, case by case: what broke comes first, then what was fixed, then what
 * stayed the same. A case (with its model and protocol) passes in a run when every repeat passed.
 */
import { caseKey } from './metrics'
import type { CaseOutcome } from './types'

/** How one case changed between the runs. */
export type CaseChange = 'regression' | 'fixed' | 'still-failing' | 'still-passing' | 'added' | 'removed'

/** One case in both runs. */
export interface ComparedCase {
  key: string
  id: string
  change: CaseChange
  /** Absent when the case is not in that run. */
  before?: { valid: boolean; errorType?: string }
  after?: { valid: boolean; errorType?: string }
}

/** The comparison: rows in the order to show them, and how many of each change. */
export interface RunComparison {
  rows: ComparedCase[]
  counts: Record<CaseChange, number>
}

const ORDER: readonly CaseChange[] = ['regression', 'fixed', 'still-failing', 'added', 'removed', 'still-passing']

/** Compares a run with an earlier one (`before`); rows: regressions first, then by key. */
export function compareRuns(before: readonly CaseOutcome[], after: readonly CaseOutcome[]): RunComparison {
  const then = verdicts(before)
  const now = verdicts(after)
  const rows: ComparedCase[] = []
  for (const [key, verdict] of now) rows.push(row(key, then.get(key), verdict))
  for (const [key, verdict] of then) if (!now.has(key)) rows.push(row(key, verdict, undefined))
  rows.sort((a, b) => ORDER.indexOf(a.change) - ORDER.indexOf(b.change) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const counts = Object.fromEntries(ORDER.map((change) => [change, 0])) as Record<CaseChange, number>
  for (const r of rows) counts[r.change]++
  return { rows, counts }
}

interface Verdict {
  id: string
  valid: boolean
  errorType?: string
}

/** One verdict per case key: failed when any repeat failed (with the first failure's label). */
function verdicts(outcomes: readonly CaseOutcome[]): Map<string, Verdict> {
  const out = new Map<string, Verdict>()
  for (const outcome of outcomes) {
    const key = caseKey(outcome)
    const seen = out.get(key)
    if (!seen) out.set(key, verdictOf(outcome))
    else if (seen.valid && !outcome.valid) out.set(key, verdictOf(outcome))
  }
  return out
}

function verdictOf(outcome: CaseOutcome): Verdict {
  return { id: outcome.id, valid: outcome.valid, ...(outcome.errorType ? { errorType: outcome.errorType } : {}) }
}

function row(key: string, before: Verdict | undefined, after: Verdict | undefined): ComparedCase {
  const id = (after ?? before)?.id ?? key
  const change: CaseChange = !before
    ? 'added'
    : !after
      ? 'removed'
      : before.valid && !after.valid
        ? 'regression'
        : !before.valid && after.valid
          ? 'fixed'
          : after.valid
            ? 'still-passing'
            : 'still-failing'
  return {
    key,
    id,
    change,
    ...(before ? { before: strip(before) } : {}),
    ...(after ? { after: strip(after) } : {}),
  }
}

function strip(v: Verdict): { valid: boolean; errorType?: string } {
  return { valid: v.valid, ...(v.errorType ? { errorType: v.errorType } : {}) }
}
