/**
 * What `vcp eval` prints on standard output: the summary as a table a person reads at a glance
 * (each metric apart), the failing cases one line each, and the changes against a baseline run.
 */
import { caseKey, EVAL_CATEGORIES, type CaseOutcome, type EvalSummary, type RunComparison } from '../core/eval'

/** Failing cases listed before the rest are only counted (the --json report has them all). */
export const MAX_FAILURES_LISTED = 50
const MAX_ERROR_TEXT = 120
const LABEL_WIDTH = 28

/** The summary table; tokens, latency and the model x protocol cells only when the run was live. */
export function summaryLines(summary: EvalSummary, outcomes: readonly CaseOutcome[], live: boolean): string[] {
  const lines = [`${pad('', LABEL_WIDTH)}${'passed'.padStart(8)}${'total'.padStart(8)}${'%'.padStart(8)}`]
  const row = (label: string, t: { passed: number; total: number }) =>
    lines.push(`${pad(label, LABEL_WIDTH)}${String(t.passed).padStart(8)}${String(t.total).padStart(8)}${percent(t)}`)
  row('overall', summary.overall)
  for (const category of EVAL_CATEGORIES) {
    const tally = summary.byCategory[category]
    if (tally) row(`  ${category}`, tally)
  }
  row('compliance (parsed)', summary.compliance)
  row('correctness (calls due)', summary.correctness)
  row('relevance (no call due)', summary.relevance)
  if (summary.errorTypes.length > 0) {
    lines.push('', 'error types')
    for (const { errorType, count } of summary.errorTypes)
      lines.push(`  ${pad(errorType, 52)}${String(count).padStart(6)}`)
  }
  lines.push(...stabilityLines(summary))
  if (live) lines.push(...costLines(summary), ...cellLines(outcomes))
  return lines
}

function stabilityLines({ stability }: EvalSummary): string[] {
  if (stability.k <= 1) return []
  const lines = [
    '',
    `stability over ${stability.cases} cases, up to ${stability.k} repeats: pass@1 ${fixed(stability.passAt1)}` +
      `  pass@${stability.k} ${fixed(stability.passAtK)}  passed every repeat ${stability.passAll}/${stability.cases}`,
  ]
  if (stability.flaky.length > 0)
    lines.push(`  flaky (${stability.flaky.length}): ${stability.flaky.slice(0, MAX_FAILURES_LISTED).join(', ')}`)
  return lines
}

function costLines({ tokens, latency }: EvalSummary): string[] {
  const lines = ['']
  lines.push(
    `tokens: prompt ${tokens.prompt}  completion ${tokens.completion}  total ${tokens.total}  (${tokens.replies} replies reported usage)`,
  )
  if (latency)
    lines.push(
      `latency ms: mean ${Math.round(latency.mean)}  p50 ${Math.round(latency.p50)}  p95 ${Math.round(latency.p95)}  max ${Math.round(latency.max)}`,
    )
  return lines
}

/** Accuracy of each model (rows) in each protocol (columns). */
export function cellLines(outcomes: readonly CaseOutcome[]): string[] {
  const models = unique(outcomes.map((o) => o.model ?? ''))
  const protocols = unique(outcomes.map((o) => o.protocol ?? ''))
  if (models.length === 0) return []
  const cell = (model: string, protocol: string) => {
    const of = outcomes.filter((o) => (o.model ?? '') === model && (o.protocol ?? '') === protocol)
    const passed = of.filter((o) => o.valid).length
    return of.length === 0 ? '-' : `${passed}/${of.length} ${percent({ passed, total: of.length }).trim()}%`
  }
  const width = Math.max(LABEL_WIDTH, ...models.map((m) => m.length + 4))
  const lines = ['', 'accuracy by model x protocol', pad('', width) + protocols.map((p) => p.padStart(18)).join('')]
  for (const model of models)
    lines.push(pad(`  ${model}`, width) + protocols.map((p) => cell(model, p).padStart(18)).join(''))
  return lines
}

/** The failing outcomes, one line each: where, the error label and the first error, cut short. */
export function failureLines(outcomes: readonly CaseOutcome[]): string[] {
  const failing = outcomes.filter((o) => !o.valid)
  if (failing.length === 0) return []
  const lines = ['', `failing (${failing.length})`]
  for (const outcome of failing.slice(0, MAX_FAILURES_LISTED))
    lines.push(
      `  ${outcomeLabel(outcome)}  ${outcome.errorType ?? '(no label)'}  ${firstError(outcome.errors)}`.trimEnd(),
    )
  if (failing.length > MAX_FAILURES_LISTED)
    lines.push(`  ... and ${failing.length - MAX_FAILURES_LISTED} more (the --json report lists every case)`)
  return lines
}

/** The changes against a baseline: counts, then regressions first, fixed, added and removed cases. */
export function comparisonLines(comparison: RunComparison, baselinePath: string): string[] {
  const { counts } = comparison
  const lines = [
    `against ${baselinePath}: ${counts.regression} regressed, ${counts.fixed} fixed, ${counts['still-failing']} still failing, ` +
      `${counts['still-passing']} still passing, ${counts.added} added, ${counts.removed} removed`,
  ]
  for (const row of comparison.rows) {
    if (row.change === 'still-passing' || row.change === 'still-failing') continue
    const verdict = (v: typeof row.before) =>
      v === undefined ? 'absent' : v.valid ? 'passed' : (v.errorType ?? 'failed')
    lines.push(`  ${pad(row.change, 11)} ${row.key}  ${verdict(row.before)} -> ${verdict(row.after)}`)
  }
  return lines
}

/** Where an outcome came from: the case, and for a live run the model, protocol and repeat. */
export function outcomeLabel(outcome: CaseOutcome): string {
  const key = caseKey(outcome)
  return outcome.repeat === undefined ? key : `${key} #${outcome.repeat}`
}

/** An error of a verdict as one line of text (an error may be an object, for parallel candidates). */
export function errorText(error: unknown): string {
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))
}

function firstError(errors: readonly unknown[]): string {
  if (errors.length === 0) return ''
  const text = errorText(errors[0]).replace(/\s+/g, ' ').trim()
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}...` : text
}

function percent(t: { passed: number; total: number }): string {
  return (t.total === 0 ? '-' : ((100 * t.passed) / t.total).toFixed(1)).padStart(8)
}

function fixed(n: number): string {
  return n.toFixed(3)
}

function pad(text: string, width: number): string {
  return text.padEnd(width)
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}
