/**
 * What `vcp conform` prints on standard output: a heading, a line per category with its counts,
 * then every failing check with what was seen (the Markdown and JSON reports carry the evidence).
 */
import { CHECK_CATEGORIES, type ConformanceReport, type ReportSummary } from '../core/conformance'

const LABEL_WIDTH = 24
/** The count columns: their headings, each as wide as its heading plus two spaces. */
const COLUMNS = ['pass', 'fail', 'inconclusive'] as const

/** The whole stdout report, one string per line. */
export function reportLines(report: ConformanceReport, summary: ReportSummary): string[] {
  return [...headingLines(report, summary), '', ...categoryLines(summary), ...failureLines(report)]
}

function headingLines(report: ConformanceReport, summary: ReportSummary): string[] {
  const { endpoint, exchanges, repeat, durationMs } = report
  const run = `${exchanges.length} requests (each probe streamed and not, ${repeat}x), ${seconds(durationMs)}`
  const flaky = summary.flaky > 0 ? ` (${summary.flaky} flaky)` : ''
  const lines = [
    `vcp conform: ${endpoint.model} at ${endpoint.baseUrl}: ${run}${report.aborted ? ', stopped before the end' : ''}`,
    `${summary.fail} fail, ${summary.pass} pass, ${summary.inconclusive} inconclusive${flaky}`,
  ]
  if (summary.errors > 0) lines.push(`${summary.errors} requests failed (the --json report lists each with its error)`)
  return lines
}

/** A line per category: its verdict, its checks' counts, and how many of them were flaky. */
export function categoryLines(summary: ReportSummary): string[] {
  const head = COLUMNS.map((label) => label.padStart(label.length + 2)).join('')
  const lines = [`${'category'.padEnd(LABEL_WIDTH)}${head}`]
  for (const category of CHECK_CATEGORIES) {
    const counts = summary.byCategory[category]
    const cells = COLUMNS.map((label) => String(counts[label]).padStart(label.length + 2)).join('')
    const marks = `${counts.status === 'fail' ? '  FAIL' : ''}${counts.flaky > 0 ? `  ~${counts.flaky} flaky` : ''}`
    lines.push(`${category.padEnd(LABEL_WIDTH)}${cells}${marks}`)
  }
  return lines
}

/** The failing checks, one or two lines each: id (flaky marked) and the detail. */
export function failureLines(report: ConformanceReport): string[] {
  const failing = report.checks.filter((check) => check.status === 'fail')
  if (failing.length === 0) return []
  const lines = ['', `failing (${failing.length})`]
  for (const check of failing)
    lines.push(`  ${check.id}${check.flaky ? ' (flaky)' : ''}`, `      ${oneLine(check.detail)}`)
  return lines
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function seconds(ms: number): string {
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`
}
