import { describe, expect, it } from 'vitest'
import { readSuite, suiteFormatOf } from '../../../src/core/eval/suite'
import type { SuiteEntry } from '../../../src/core/eval/suite-bfcl'

const ADD = {
  name: 'add',
  parameters: { type: 'dict', properties: { a: { type: 'integer' }, b: { type: 'integer' } } },
}
const BFCL_QUESTION = { id: 'simple_python_1', question: [[{ role: 'user', content: '2+3?' }]], function: [ADD] }
const BFCL_ANSWER = { id: 'simple_python_1', ground_truth: [{ add: { a: [2], b: [3] } }] }
const OPENAI_LINE = {
  messages: [{ role: 'user', content: '2+3?' }],
  tools: [{ type: 'function', function: ADD }],
  tool_calls: [{ function: { name: 'add', arguments: '{"a":2,"b":3}' } }],
}

async function collect(entries: AsyncIterable<SuiteEntry>): Promise<SuiteEntry[]> {
  const all: SuiteEntry[] = []
  for await (const entry of entries) all.push(entry)
  return all
}

describe('suiteFormatOf', () => {
  it('tells BFCL questions from OpenAI-style lines', () => {
    expect(suiteFormatOf(BFCL_QUESTION)).toBe('bfcl')
    expect(suiteFormatOf(OPENAI_LINE)).toBe('openai')
    expect(suiteFormatOf({ id: 'x' })).toBeUndefined()
    expect(suiteFormatOf([BFCL_QUESTION])).toBeUndefined()
  })
})

describe('readSuite', () => {
  it('reads a BFCL suite with its answers', async () => {
    const entries = await collect(readSuite(JSON.stringify(BFCL_QUESTION), { answers: JSON.stringify(BFCL_ANSWER) }))
    expect(entries).toEqual([
      {
        case: {
          id: 'simple_python_1',
          category: 'simple',
          messages: BFCL_QUESTION.question[0],
          functions: [ADD],
          expected: BFCL_ANSWER.ground_truth,
        },
      },
    ])
  })

  it('reads an OpenAI-style suite, also written as one JSON array', async () => {
    const expected = [{ case: expect.objectContaining({ id: 'case-1', expected: BFCL_ANSWER.ground_truth }) }]
    expect(await collect(readSuite(`${JSON.stringify(OPENAI_LINE)}\n`))).toEqual(expected)
    const array = await collect(readSuite(`[\n${JSON.stringify(OPENAI_LINE)}\n]`))
    expect(array).toEqual([{ case: expect.objectContaining({ id: 'case-2', category: 'simple' }) }])
  })

  it('lines before the first one that shows the kind are errors; the rest go to its reader', async () => {
    const text = ['{bad', '{"id":"x"}', JSON.stringify(BFCL_QUESTION), JSON.stringify({ id: 'y' })].join('\n')
    const entries = await collect(readSuite(text.split(/(?<=,)/), { answers: [JSON.stringify(BFCL_ANSWER)] }))
    expect(entries).toEqual([
      { line: 1, error: expect.stringMatching(/^line 1: not JSON/) },
      { line: 2, error: expect.stringMatching(/^line 2: not a suite line/) },
      { case: expect.objectContaining({ id: 'simple_python_1' }) },
      { line: 4, error: expect.stringContaining('line 4: y: question: expected a list of messages') },
    ])
  })

  it('an answers file with an OpenAI-style suite is one error, and the cases still read', async () => {
    const entries = await collect(readSuite([JSON.stringify(OPENAI_LINE)], { answers: 'anything' }))
    expect(entries).toEqual([
      { line: 0, file: 'answers', error: expect.stringContaining('an answers file is for BFCL suites') },
      { case: expect.objectContaining({ id: 'case-1' }) },
    ])
  })

  it('reports answer-file errors before the BFCL cases, and reads nothing from empty input', async () => {
    const entries = await collect(
      readSuite(JSON.stringify(BFCL_QUESTION), { answers: `oops\n${JSON.stringify(BFCL_ANSWER)}` }),
    )
    expect(entries).toEqual([
      { line: 1, file: 'answers', error: expect.stringMatching(/^line 1: not JSON/) },
      { case: expect.objectContaining({ id: 'simple_python_1' }) },
    ])
    expect(await collect(readSuite(''))).toEqual([])
    expect(await collect(readSuite(['\n', '  ']))).toEqual([])
  })
})
