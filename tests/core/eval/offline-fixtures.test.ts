/**
 * The fixture suite scored offline from decoded and from raw replies: every verdict as written
 * down beside the fixtures, and every error label of the checker and the decoder reached.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  readSuite,
  scoreResultLines,
  splitJsonLines,
  summarize,
  type CaseOutcome,
  type EvalCase,
} from '../../../src/core/eval'

const dir = new URL('../../fixtures/eval/', import.meta.url)
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8')
const expected = JSON.parse(read('expected-verdicts.json')) as Record<string, Record<string, string | null>>

async function suite(): Promise<Map<string, EvalCase>> {
  const cases = new Map<string, EvalCase>()
  for await (const entry of readSuite(read('questions.jsonl'), { answers: read('possible_answer.jsonl') })) {
    if (!('case' in entry)) throw new Error(entry.error)
    cases.set(entry.case.id, entry.case)
  }
  return cases
}

async function score(file: string): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = []
  for await (const item of scoreResultLines(await suite(), splitJsonLines(read(file)))) {
    if ('problem' in item) throw new Error(item.problem)
    outcomes.push(item.outcome)
  }
  return outcomes
}

const ALL_LABELS = [
  'simple_function_checker:wrong_count',
  'simple_function_checker:wrong_func_name',
  'simple_function_checker:missing_required',
  'simple_function_checker:unexpected_param',
  'simple_function_checker:missing_optional',
  'type_error:simple',
  'type_error:nested',
  'value_error:string',
  'value_error:list/tuple',
  'value_error:dict_key',
  'value_error:dict_value',
  'value_error:list_dict_count',
  'value_error:others',
  'multiple_function_checker:wrong_count',
  'parallel_function_checker_no_order:wrong_count',
  'parallel_function_checker_no_order:cannot_find_match',
  'irrelevance_error:decoder_success',
  'ast_decoder:decoder_failed',
  'ast_decoder:decoder_wrong_output_format',
]

describe('the fixture suite scored offline', () => {
  it('reads all fifteen cases of the five categories', async () => {
    const cases = [...(await suite()).values()]
    expect(cases).toHaveLength(15)
    expect(new Set(cases.map((c) => c.category))).toEqual(
      new Set(['simple', 'multiple', 'parallel', 'parallel_multiple', 'irrelevance']),
    )
  })

  for (const file of ['results-decoded.jsonl', 'results-raw.jsonl']) {
    it(`gives every reply of ${file} its written verdict`, async () => {
      const outcomes = await score(file)
      const got = Object.fromEntries(outcomes.map((o) => [o.id, o.errorType ?? null]))
      expect(got).toEqual(expected[file])
      for (const o of outcomes) expect(o.valid).toBe(o.errorType === undefined)
    })
  }

  it('reaches every error label across the two files', async () => {
    const labels = new Set(
      [...(await score('results-decoded.jsonl')), ...(await score('results-raw.jsonl'))].map((o) => o.errorType),
    )
    for (const label of ALL_LABELS) expect(labels, label).toContain(label)
  })

  it('reads raw replies in the format each was written in', async () => {
    const formats = Object.fromEntries((await score('results-raw.jsonl')).map((o) => [o.id, o.compliance.format]))
    expect(formats).toMatchObject({
      simple_python_0: 'pythonic',
      simple_python_1: 'vcp',
      simple_python_2: 'hermes',
      simple_python_4: 'json',
      multiple_0: 'qwen3-coder',
      multiple_1: 'mistral',
      parallel_multiple_0: 'vcp',
    })
  })

  it('keeps the metrics apart', async () => {
    const summary = summarize(await score('results-raw.jsonl'))
    expect(summary.overall).toEqual({ passed: 6, total: 15 })
    expect(summary.relevance).toEqual({ passed: 1, total: 2 })
    expect(summary.correctness).toEqual({ passed: 5, total: 13 })
    // The reply with no call parsed cleanly; the number is not a reply at all.
    expect(summary.compliance).toEqual({ passed: 14, total: 15 })
    expect(summary.errorTypes.find((e) => e.errorType === 'type_error:simple')?.count).toBe(1)
  })
})
