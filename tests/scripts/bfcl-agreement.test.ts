import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evalToolset } from '../../src/core/eval/functions'
import { classify, INT_FLOAT, type Disagreement } from '../../scripts/bfcl-agreement/classify'
import { categoryCases, readFailures, readResults } from '../../scripts/bfcl-agreement/files'
import { measureEntry } from '../../scripts/bfcl-agreement/measure'
import { cleanPairs } from '../../scripts/bfcl-agreement/pairs'
import { reportText } from '../../scripts/bfcl-agreement/report'
import { addMeasure, emptyAgreement, emptyTally, type Row } from '../../scripts/bfcl-agreement/tally'

const area = {
  name: 'geometry.area',
  description: 'Area of a rectangle.',
  parameters: {
    type: 'dict',
    properties: { width: { type: 'integer' }, height: { type: 'float' } },
    required: ['width'],
  },
}
const QUESTIONS = [
  { id: 'simple_0', question: [[{ role: 'user', content: 'Area of 3 by 2?' }]], function: [area] },
  { id: 'simple_1', question: [[{ role: 'user', content: 'Area of 4 by 2?' }]], function: [area] },
]
const ANSWERS = [
  { id: 'simple_0', ground_truth: [{ 'geometry.area': { width: [3], height: [2.0, ''] } }] },
  { id: 'simple_1', ground_truth: [{ 'geometry.area': { width: [4], height: [2.0, ''] } }] },
]
const RESULTS = [
  { id: 'simple_0', result: [{ geometry_area: '{"width": 3}' }] },
  { id: 'simple_1', result: '[geometry.area(width=5)]' },
]
// Late-2024 score files number their failures; the test id is the prompt's.
const FAILURE = {
  id: 2,
  valid: false,
  error: ["Invalid value for parameter 'width': 5. Expected one of [4]."],
  error_type: 'value_error:others',
  prompt: { id: 'simple_1' },
  model_result_raw: '[geometry.area(width=5)]',
  model_result_decoded: [{ 'geometry.area': { width: 5 } }],
}
const RUN = 'run/result/Tiny-FC/BFCL_v3_simple_result.json'
const SCORE = 'run/score/Tiny-FC/BFCL_v3_simple_score.json'
const check = { snap: 'snap', q_mismatch: 0, pa_mismatch: 0 }
const INVENTORY = {
  pairs: [
    { result: RUN, score: SCORE, result_n: 2, summary: { total_count: 2 }, raw_mismatch: 0, datacheck: check },
    { result: 'x/BFCL_v3_simple_result.json', score: 'x/s.json', raw_mismatch: 3, datacheck: check },
    { result: 'y/BFCL_v3_java_result.json', score: 'y/s.json', datacheck: check },
  ],
}

let dir = ''
const lines = (items: readonly unknown[]): string => items.map((item) => JSON.stringify(item)).join('\n') + '\n'
function put(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), text)
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bfcl-agreement-'))
  put('inventory.json', JSON.stringify(INVENTORY))
  put('data/snap/bfcl_eval/data/BFCL_v3_simple.json', lines(QUESTIONS))
  put('data/snap/bfcl_eval/data/possible_answer/BFCL_v3_simple.json', lines(ANSWERS))
  put(RUN, lines(RESULTS))
  put(SCORE, lines([{ accuracy: 0.5, correct_count: 1, total_count: 2 }, FAILURE]))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('bfcl-agreement', () => {
  it('keeps only clean pairs of the categories the checker scores, and says why the rest are left out', () => {
    const { pairs, skipped } = cleanPairs(dir)
    expect(pairs).toHaveLength(1)
    expect(pairs[0]).toMatchObject({ source: 'run/result', model: 'Tiny-FC', category: 'simple' })
    expect(skipped.map((s) => s.reason)).toEqual([
      'raw replies differ from the result file',
      'category java not scored',
    ])
  })

  it("reads a late-2024 score file's numbered failures by the prompt's id", () => {
    const failures = readFailures(join(dir, SCORE))
    expect([...failures.keys()]).toEqual(['simple_1'])
    expect(readResults(join(dir, RUN)).map((r) => r.id)).toEqual(['simple_0', 'simple_1'])
  })

  it('measures the checker on BFCL-decoded calls and the decoders end to end, and counts agreement', async () => {
    const [pair] = cleanPairs(dir).pairs
    if (pair === undefined) throw new Error('no pair')
    const { cases, answerTexts } = await categoryCases(pair.snapshotDir, pair.category)
    const failures = readFailures(pair.scorePath)
    const tally = emptyTally()
    const row: Row = { ...pair, checker: emptyAgreement(), endToEnd: emptyAgreement() }
    for (const { id, result } of readResults(pair.resultPath)) {
      const testCase = cases.get(id)
      if (testCase === undefined) throw new Error(`no case ${id}`)
      const options = {
        model: pair.model,
        toolset: evalToolset(testCase.functions),
        answerText: answerTexts.get(id) ?? '',
      }
      const measure = measureEntry(testCase, result, failures.get(id), options)
      expect(measure.checker?.ours).toBe(id === 'simple_0' ? 'valid' : 'value_error:others')
      expect(measure.endToEnd.ours).toBe(measure.endToEnd.bfcl)
      addMeasure(tally, row, id, result, measure)
    }
    expect(row.checker).toEqual({ entries: 2, agreeValid: 2, agreeExact: 2, intFloat: 0 })
    expect(row.endToEnd).toEqual({ entries: 2, agreeValid: 2, agreeExact: 2, intFloat: 0 })
    tally.rows.push(row)
    expect(reportText(tally, true)).toMatch(/A checker\s+2 {2}valid\s+2 \(100\.0%\)/)
  })
})

describe('classify', () => {
  const base: Disagreement = {
    measure: 'endToEnd',
    ours: 'valid',
    bfcl: 'type_error:simple',
    result: '[geometry.area(width=3.0)]',
    oursErrors: '',
    bfclErrors: '["Incorrect type for parameter \'width\'. Expected type integer, got float."]',
    oursDecoded: [{ 'geometry.area': { width: 3 } }],
    bfclDecoded: [{ 'geometry.area': { width: 3 } }],
    floatWritten: true,
    functionNames: ['geometry.area'],
  }

  it('names a whole number written as a float when both sides checked the same calls', () => {
    expect(classify(base)).toBe(INT_FLOAT)
    expect(classify({ ...base, oursDecoded: [], ours: 'ast_decoder:decoder_failed' })).not.toBe(INT_FLOAT)
  })

  it('names the ways BFCL reads a reply that our decoders read differently', () => {
    const noCall = {
      ...base,
      ours: 'ast_decoder:decoder_failed',
      oursErrors: 'no call found in the reply',
      oursDecoded: [],
    }
    expect(classify({ ...noCall, bfcl: 'valid', result: 'geometry.area(width=3)', floatWritten: false })).toMatch(
      /bare call/,
    )
    const quoted = { ...base, floatWritten: false, result: '[geometry.area(width="3")]' }
    expect(classify({ ...quoted, bfclDecoded: [{ 'geometry.area': { width: '3' } }] })).toMatch(/quoted value/)
    const underscored = {
      ...base,
      floatWritten: false,
      bfcl: 'simple_function_checker:wrong_func_name',
      bfclErrors: '["Function name \'geometry.area\' not found in model output."]',
    }
    expect(classify({ ...underscored, result: '[geometry_area(width=3)]' })).toMatch(/underscored name/)
    expect(classify({ ...base, floatWritten: false, bfclErrors: '[]' })).toBe('unclassified')
  })
})
