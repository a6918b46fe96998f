/** Two reports side by side (two servers, or one server before and after an upgrade). */
import type { CheckCategory, CheckResult, CheckStatus, ConformanceReport } from './types'

export interface ComparisonRow {
  id: string
  category: CheckCategory
  a?: CheckStatus
  b?: CheckStatus
  differs: boolean
}

/** A row per check id of either report: `a`'s order first, then ids only `b` has. */
export function compareReports(a: ConformanceReport, b: ConformanceReport): ComparisonRow[] {
  const inA = byId(a.checks)
  const inB = byId(b.checks)
  const ids = [...inA.keys(), ...[...inB.keys()].filter((id) => !inA.has(id))]
  return ids.map((id) => {
    const left = inA.get(id)
    const right = inB.get(id)
    const row: ComparisonRow = {
      id,
      category: (left ?? right)?.category as CheckCategory,
      differs: left?.status !== right?.status,
    }
    if (left) row.a = left.status
    if (right) row.b = right.status
    return row
  })
}

function byId(checks: readonly CheckResult[]): Map<string, CheckResult> {
  return new Map(checks.map((check) => [check.id, check]))
}
