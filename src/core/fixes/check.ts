/** Whether a fix works: the text it gives, parsed again, has the diagnostic gone and nothing lost. */
import type { Diagnostic, ParseResult } from '../types'

const counted = (result: ParseResult, keep: (d: Diagnostic) => boolean): number =>
  result.diagnostics.filter((d) => d.code !== 'protocol-detected' && keep(d)).length

/**
 * True when `after` (the parse of the fixed text) has fewer diagnostics of `diagnostic`'s code than
 * `before`, or more valid requests, and is no worse anywhere: no more errors, no request lost, no
 * valid request lost, and no more diagnostics in all than the requests it freed bring along.
 */
export function fixWorks(before: ParseResult, after: ParseResult, diagnostic: Diagnostic): boolean {
  const valid = (r: ParseResult): number => r.requests.filter((q) => q.valid).length
  const errors = (r: ParseResult): number => counted(r, (d) => d.severity === 'error')
  const sameCode = (r: ParseResult): number => counted(r, (d) => d.code === diagnostic.code)
  if (errors(after) > errors(before)) return false
  if (after.requests.length < before.requests.length || valid(after) < valid(before)) return false
  const freed = after.requests.length - before.requests.length
  if (counted(after, () => true) > counted(before, () => true) + freed) return false
  return sameCode(after) < sameCode(before) || valid(after) > valid(before)
}
