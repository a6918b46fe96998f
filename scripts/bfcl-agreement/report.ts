/**
 * The agreement report as text: a table per row, totals per source and overall, and on request
 * the disagreements grouped by (our label, BFCL's label) with examples.
 */
import {
  EXAMPLES_PER_GROUP,
  sumAgreements,
  type Agreement,
  type DisagreementGroup,
  type Row,
  type Tally,
} from './tally'

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`
}

/** `entries  valid n (p%)  exact n (p%)  int/float n` for one measure. */
export function agreementText(agreement: Agreement): string {
  const { entries, agreeValid, agreeExact, intFloat } = agreement
  return (
    `${String(entries).padStart(6)}  valid ${String(agreeValid).padStart(6)} (${percent(agreeValid, entries).padStart(6)})` +
    `  exact ${String(agreeExact).padStart(6)} (${percent(agreeExact, entries).padStart(6)})` +
    `  int/float ${String(intFloat).padStart(4)}`
  )
}

function rowLines(rows: readonly Row[]): string[] {
  const lines = ['Per source / model / category  (A = checker on BFCL-decoded calls, B = end to end)']
  let source = ''
  for (const row of rows) {
    if (row.source !== source) {
      source = row.source
      lines.push('', `${source}`)
    }
    const name = `  ${row.model} / ${row.category}`
    lines.push(name, `      A ${agreementText(row.checker)}`, `      B ${agreementText(row.endToEnd)}`)
  }
  return lines
}

function totalLines(rows: readonly Row[]): string[] {
  const lines = ['', 'Per source']
  const sources = [...new Set(rows.map((row) => row.source))]
  for (const source of sources) {
    const mine = rows.filter((row) => row.source === source)
    lines.push(`  ${source}`)
    lines.push(`      A ${agreementText(sumAgreements(mine.map((row) => row.checker)))}`)
    lines.push(`      B ${agreementText(sumAgreements(mine.map((row) => row.endToEnd)))}`)
  }
  lines.push('', 'Total')
  lines.push(`  A checker     ${agreementText(sumAgreements(rows.map((row) => row.checker)))}`)
  lines.push(`  B end to end  ${agreementText(sumAgreements(rows.map((row) => row.endToEnd)))}`)
  return lines
}

function shortJson(value: unknown, limit = 400): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'undefined')
  return text.length > limit ? `${text.slice(0, limit)}...` : text
}

function groupLines(title: string, groups: Map<string, DisagreementGroup>): string[] {
  const sorted = [...groups.values()].sort((a, b) => b.count - a.count)
  const lines = ['', `Disagreements, ${title}: (ours | BFCL) count [int/float]`]
  for (const group of sorted) {
    lines.push(`  ${group.ours} | ${group.bfcl}: ${group.count} [${group.intFloat}]`)
    for (const example of [...group.examples, ...group.intFloatExamples].slice(0, EXAMPLES_PER_GROUP)) {
      lines.push(`    - ${example.id} (${example.where}) [${example.cause}]`)
      lines.push(`        result: ${shortJson(example.result)}`)
      lines.push(`        ours:   ${shortJson(example.oursDecoded)}`)
      lines.push(`        bfcl:   ${shortJson(example.bfclDecoded)}`)
    }
  }
  return lines
}

function causeLines(title: string, causes: Map<string, number>): string[] {
  const sorted = [...causes].sort((a, b) => b[1] - a[1])
  return ['', `Disagreement classes, ${title}`, ...sorted.map(([cause, n]) => `  ${String(n).padStart(6)}  ${cause}`)]
}

/** The report: rows, totals, disagreement classes, and with `verbose` the groups of both measures. */
export function reportText(tally: Tally, verbose: boolean): string {
  const lines = [...rowLines(tally.rows), ...totalLines(tally.rows)]
  lines.push(...causeLines('A (checker)', tally.checkerCauses), ...causeLines('B (end to end)', tally.endToEndCauses))
  if (verbose) {
    lines.push(...groupLines('A (checker)', tally.checker))
    lines.push(...groupLines('B (end to end)', tally.endToEnd))
  }
  return lines.join('\n')
}

/** The tally as plain data, for `--json`. */
export function reportJson(tally: Tally): unknown {
  const groups = (map: Map<string, DisagreementGroup>): DisagreementGroup[] =>
    [...map.values()].sort((a, b) => b.count - a.count)
  return {
    rows: tally.rows,
    totals: {
      checker: sumAgreements(tally.rows.map((row) => row.checker)),
      endToEnd: sumAgreements(tally.rows.map((row) => row.endToEnd)),
    },
    disagreements: { checker: groups(tally.checker), endToEnd: groups(tally.endToEnd) },
    causes: { checker: Object.fromEntries(tally.checkerCauses), endToEnd: Object.fromEntries(tally.endToEndCauses) },
  }
}
