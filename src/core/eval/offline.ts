/**
 * The offline lane: a file of replies already captured, scored against a suite with no network.
 * Lines are BFCL's result lines, `{"id", "result"}`. A case the file has no result for fails as
 * `eval:no_result`; a line that cannot be read, a result for no case of the suite and a second
 * result for a case are problems, reported and not scored.
 */
import type { JsonLine } from './jsonl'
import type { DecodeOptions } from './decode'
import { readResultLine, scoreReply, unscorable } from './score'
import type { CaseOutcome, EvalCase } from './types'

/** One scored result, or a problem with the file (with its line). */
export type OfflineItem = { outcome: CaseOutcome } | { problem: string }

/** Scores result lines one by one, then yields a failure for every case left without a result. */
export async function* scoreResultLines(
  cases: ReadonlyMap<string, EvalCase>,
  lines: AsyncIterable<JsonLine> | Iterable<JsonLine>,
  options: DecodeOptions = {},
): AsyncGenerator<OfflineItem> {
  const scored = new Set<string>()
  for await (const line of lines) {
    if ('error' in line) {
      yield { problem: line.error }
      continue
    }
    const read = readResultLine(line.value)
    if ('error' in read) yield { problem: `line ${line.line}: ${read.error}` }
    else if (!cases.has(read.id)) yield { problem: `line ${line.line}: no case "${read.id}" in the suite` }
    else if (scored.has(read.id))
      yield { problem: `line ${line.line}: a second result for "${read.id}" (the first one counts)` }
    else {
      scored.add(read.id)
      yield { outcome: scoreReply(cases.get(read.id) as EvalCase, { result: read.result }, options) }
    }
  }
  for (const [id, testCase] of cases)
    if (!scored.has(id))
      yield {
        outcome: {
          ...unscorable(id, `no result for "${id}"`),
          category: testCase.category,
          errorType: 'eval:no_result',
        },
      }
}
