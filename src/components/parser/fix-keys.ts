/** Matching fixes and hints to what the pane shows: diagnostics by place and code, requests by start. */
import type { Diagnostic, ReadingHint, SuggestedFix } from '../../core'

/** One key per diagnostic: its code and its span (the list shows copies of the parser's objects). */
export function diagnosticKey(d: Pick<Diagnostic, 'code' | 'offset' | 'length'>): string {
  return `${d.code}@${d.offset}:${d.length}`
}

/** The fixes by the key of the diagnostic each repairs. */
export function fixesByDiagnostic(fixes: readonly SuggestedFix[]): Map<string, SuggestedFix> {
  return new Map(fixes.map((fix) => [diagnosticKey(fix.diagnostic), fix]))
}

/** The hints by the start of the request each concerns. */
export function hintsByRequest(hints: readonly ReadingHint[]): Map<number, ReadingHint[]> {
  const byStart = new Map<number, ReadingHint[]>()
  for (const hint of hints) byStart.set(hint.requestStart, [...(byStart.get(hint.requestStart) ?? []), hint])
  return byStart
}
