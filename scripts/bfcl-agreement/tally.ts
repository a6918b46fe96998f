/**
 * Counting agreement: per row (source, model, category) and in total, for each measure, how many
 * replies were compared, how many got the same valid/invalid verdict and how many the same label;
 * and the disagreements grouped by (our label, BFCL's label) with a few examples each.
 */
import { INT_FLOAT } from './classify'
import type { Comparison, EntryMeasure } from './measure'

/** Agreement counts of one measure. */
export interface Agreement {
  entries: number
  agreeValid: number
  agreeExact: number
  /** Label disagreements classed as int/float indistinguishable. */
  intFloat: number
}

/** One row of the report. */
export interface Row {
  source: string
  model: string
  category: string
  checker: Agreement
  endToEnd: Agreement
}

/** A disagreement example: where it came from, the reply, and the calls each side checked. */
export interface Example {
  id: string
  where: string
  result: unknown
  oursDecoded: unknown
  bfclDecoded: unknown
  cause: string
}

/** The disagreements with one (our label, BFCL's label). */
export interface DisagreementGroup {
  ours: string
  bfcl: string
  count: number
  intFloat: number
  examples: Example[]
  /** Examples of the int/float class, shown when the others are too few. */
  intFloatExamples: Example[]
}

/** Everything counted. */
export interface Tally {
  rows: Row[]
  checker: Map<string, DisagreementGroup>
  endToEnd: Map<string, DisagreementGroup>
  /** Disagreements per class, for each measure. */
  checkerCauses: Map<string, number>
  endToEndCauses: Map<string, number>
}

/** Examples kept per disagreement group. */
export const EXAMPLES_PER_GROUP = 3

/** An empty agreement count. */
export function emptyAgreement(): Agreement {
  return { entries: 0, agreeValid: 0, agreeExact: 0, intFloat: 0 }
}

/** An empty tally. */
export function emptyTally(): Tally {
  return { rows: [], checker: new Map(), endToEnd: new Map(), checkerCauses: new Map(), endToEndCauses: new Map() }
}

function isValid(label: string): boolean {
  return label === 'valid'
}

function count(agreement: Agreement, comparison: Comparison): boolean {
  agreement.entries += 1
  if (isValid(comparison.ours) === isValid(comparison.bfcl)) agreement.agreeValid += 1
  if (comparison.ours === comparison.bfcl) {
    agreement.agreeExact += 1
    return true
  }
  if (comparison.cause === INT_FLOAT) agreement.intFloat += 1
  return false
}

function note(
  groups: Map<string, DisagreementGroup>,
  causes: Map<string, number>,
  comparison: Comparison,
  example: Example,
): void {
  const cause = comparison.cause ?? 'unclassified'
  causes.set(cause, (causes.get(cause) ?? 0) + 1)
  const key = `${comparison.ours}\n${comparison.bfcl}`
  let group = groups.get(key)
  if (group === undefined) {
    group = { ours: comparison.ours, bfcl: comparison.bfcl, count: 0, intFloat: 0, examples: [], intFloatExamples: [] }
    groups.set(key, group)
  }
  group.count += 1
  const intFloat = cause === INT_FLOAT
  if (intFloat) group.intFloat += 1
  const examples = intFloat ? group.intFloatExamples : group.examples
  if (examples.length < EXAMPLES_PER_GROUP) examples.push(example)
}

/** Adds one reply's measures to a row and to the disagreement groups. */
export function addMeasure(tally: Tally, row: Row, id: string, result: unknown, measure: EntryMeasure): void {
  const where = `${row.source}/${row.model}`
  const example = (comparison: Comparison): Example => ({
    id,
    where,
    result,
    oursDecoded: comparison.oursDecoded,
    bfclDecoded: comparison.bfclDecoded,
    cause: comparison.cause ?? 'unclassified',
  })
  const { checker, endToEnd } = measure
  if (checker && !count(row.checker, checker)) note(tally.checker, tally.checkerCauses, checker, example(checker))
  if (!count(row.endToEnd, endToEnd)) note(tally.endToEnd, tally.endToEndCauses, endToEnd, example(endToEnd))
}

/** The sum of agreement counts. */
export function sumAgreements(items: readonly Agreement[]): Agreement {
  const total = emptyAgreement()
  for (const item of items) {
    total.entries += item.entries
    total.agreeValid += item.agreeValid
    total.agreeExact += item.agreeExact
    total.intFloat += item.intFloat
  }
  return total
}
