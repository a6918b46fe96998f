/**
 * The files `vcp eval` writes and reads back: the JSON report (every case's verdict and the
 * summary), JUnit XML for CI dashboards, and an earlier JSON report read as a baseline to compare with.
 */
import { EVAL_CATEGORIES, type CaseOutcome, type EvalCategory, type EvalSummary } from '../core/eval'
import { isRecord } from '../core/internal'
import { errorText, outcomeLabel } from './eval-output'

/** One case of the JSON report (`error_type` null when the case passed). */
export interface ReportCase {
  id: string
  category: EvalCategory
  valid: boolean
  error_type: string | null
  errors: unknown[]
  model?: string
  protocol?: string
  repeat?: number
}

/** The JSON report: `{"cases": [...], "summary": {...}}`. */
export function jsonReport(outcomes: readonly CaseOutcome[], summary: EvalSummary): string {
  const cases: ReportCase[] = outcomes.map((o) => ({
    id: o.id,
    category: o.category,
    valid: o.valid,
    error_type: o.errorType ?? null,
    errors: o.errors,
    ...(o.model !== undefined ? { model: o.model } : {}),
    ...(o.protocol !== undefined ? { protocol: o.protocol } : {}),
    ...(o.repeat !== undefined ? { repeat: o.repeat } : {}),
  }))
  return JSON.stringify({ cases, summary }, null, 2) + '\n'
}

/**
 * JUnit XML: one testsuite per category (offline) or per model / protocol cell (live), one
 * testcase per outcome; a failure carries the error label as `type` and the errors as its text.
 */
export function junitReport(outcomes: readonly CaseOutcome[], live: boolean): string {
  const groups = new Map<string, CaseOutcome[]>()
  for (const outcome of outcomes) {
    const name = live ? `${outcome.model ?? ''} / ${outcome.protocol ?? ''}` : outcome.category
    groups.set(name, [...(groups.get(name) ?? []), outcome])
  }
  const failures = outcomes.filter((o) => !o.valid).length
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="vcp eval" tests="${outcomes.length}" failures="${failures}">`,
  ]
  for (const [name, members] of groups) {
    const failed = members.filter((o) => !o.valid).length
    lines.push(`  <testsuite name="${xmlAttribute(name)}" tests="${members.length}" failures="${failed}">`)
    for (const outcome of members) lines.push(...testcaseLines(outcome, name))
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return lines.join('\n') + '\n'
}

function testcaseLines(outcome: CaseOutcome, suite: string): string[] {
  const name = outcome.repeat === undefined ? outcome.id : `${outcome.id} #${outcome.repeat}`
  const time = outcome.latencyMs === undefined ? '' : ` time="${(outcome.latencyMs / 1000).toFixed(3)}"`
  const open = `    <testcase classname="${xmlAttribute(suite)}" name="${xmlAttribute(name)}"${time}`
  if (outcome.valid) return [`${open}/>`]
  const type = outcome.errorType ?? 'failed'
  const text = outcome.errors.map(errorText).join('\n')
  const message = `${outcomeLabel(outcome)}: ${type}`
  return [
    `${open}>`,
    `      <failure type="${xmlAttribute(type)}" message="${xmlAttribute(message)}">${xmlText(text)}</failure>`,
    '    </testcase>',
  ]
}

// Characters XML 1.0 cannot hold at all, even escaped (control characters, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text made safe for XML element content: markup escaped, characters XML cannot hold replaced. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Text made safe for an XML attribute value in double quotes; line ends and tabs survive as references. */
export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;')
}

/**
 * The cases of an earlier `--json` report, as outcomes to compare with (only what comparing needs:
 * id, category, verdict, model, protocol, repeat). A string says what is wrong with the file.
 */
export function readBaseline(text: string, path: string): CaseOutcome[] | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`
  }
  if (!isRecord(value) || !Array.isArray(value.cases))
    return `${path} is not a vcp eval --json report: it has no "cases" list`
  const outcomes: CaseOutcome[] = []
  for (const [index, entry] of value.cases.entries()) {
    const outcome = baselineOutcome(entry)
    if (typeof outcome === 'string') return `${path}: cases[${index}]: ${outcome}`
    outcomes.push(outcome)
  }
  return outcomes
}

function baselineOutcome(entry: unknown): CaseOutcome | string {
  if (!isRecord(entry)) return 'not an object'
  const { id, valid, error_type: errorType, model, protocol, repeat, category } = entry
  if (typeof id !== 'string' || id === '') return 'no "id" (a non-empty string)'
  if (typeof valid !== 'boolean') return 'no "valid" (true or false)'
  if (errorType !== undefined && errorType !== null && typeof errorType !== 'string')
    return '"error_type" must be a string or null'
  if (model !== undefined && typeof model !== 'string') return '"model" must be a string'
  if (protocol !== undefined && typeof protocol !== 'string') return '"protocol" must be a string'
  if (repeat !== undefined && !(Number.isInteger(repeat) && (repeat as number) >= 0))
    return '"repeat" must be a whole number'
  return {
    id,
    category: EVAL_CATEGORIES.find((c) => c === category) ?? 'simple',
    valid,
    ...(typeof errorType === 'string' ? { errorType } : {}),
    errors: [],
    ...(model !== undefined ? { model } : {}),
    ...(protocol !== undefined ? { protocol } : {}),
    ...(repeat !== undefined ? { repeat: repeat as number } : {}),
    compliance: { parsed: valid, diagnostics: [] },
    decoded: [],
    expectedNames: [],
    chosenNames: [],
  }
}
