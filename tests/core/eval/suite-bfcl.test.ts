import { describe, expect, it } from 'vitest'
import {
  bfclQuestionCase,
  bfclUnsupportedReason,
  caseToBfclLines,
  categoryOfBfclId,
  readBfclSuite,
  type SuiteEntry,
} from '../../../src/core/eval/suite-bfcl'
import type { EvalCase } from '../../../src/core/eval/types'

// Small suites in BFCL's shape: a question line and a possible-answer line per case.
const AREA = {
  name: 'geometry.area_circle',
  description: 'Area of a circle.',
  parameters: {
    type: 'dict',
    properties: { radius: { type: 'float', description: 'The radius.' }, units: { type: 'string' } },
    required: ['radius'],
  },
}
const VOLUME = {
  name: 'geometry.volume_cube',
  description: 'Volume of a cube.',
  parameters: { type: 'dict', properties: { side: { type: 'integer' } }, required: ['side'] },
}
const ask = (content: string): unknown[][] => [[{ role: 'user', content }]]

const QUESTIONS = {
  simple: { id: 'simple_python_0', question: ask('Area of a circle of radius 3?'), function: [AREA] },
  multiple: { id: 'multiple_4', question: ask('Volume of a cube of side 2?'), function: [AREA, VOLUME] },
  parallel: { id: 'parallel_7', question: ask('Areas for radius 1 and 2?'), function: [AREA] },
  parallelMultiple: { id: 'parallel_multiple_2', question: ask('Circle r=1, cube s=2.'), function: [AREA, VOLUME] },
  irrelevance: { id: 'irrelevance_9', question: ask('Who wrote Hamlet?'), function: [AREA] },
  live: {
    id: 'live_simple_3-1-0',
    question: [
      [
        { role: 'system', content: 'You are a geometry helper.' },
        { role: 'user', content: 'radius 5 please' },
      ],
    ],
    function: [AREA],
  },
  liveIrrelevance: { id: 'live_irrelevance_5-0-0', question: ask('hi'), function: [] },
}
const ANSWERS = {
  simple: { id: 'simple_python_0', ground_truth: [{ 'geometry.area_circle': { radius: [3.0], units: ['', 'm'] } }] },
  multiple: { id: 'multiple_4', ground_truth: [{ 'geometry.volume_cube': { side: [2] } }] },
  parallel: {
    id: 'parallel_7',
    ground_truth: [{ 'geometry.area_circle': { radius: [1.0] } }, { 'geometry.area_circle': { radius: [2.0] } }],
  },
  parallelMultiple: {
    id: 'parallel_multiple_2',
    ground_truth: [{ 'geometry.area_circle': { radius: [1.0] } }, { 'geometry.volume_cube': { side: [2] } }],
  },
  live: { id: 'live_simple_3-1-0', ground_truth: [{ 'geometry.area_circle': { radius: [5.0] } }] },
}

const lines = (values: readonly unknown[]): string => values.map((value) => JSON.stringify(value)).join('\n') + '\n'

async function collect(entries: AsyncIterable<SuiteEntry>): Promise<SuiteEntry[]> {
  const all: SuiteEntry[] = []
  for await (const entry of entries) all.push(entry)
  return all
}

function caseOf(question: unknown, answer?: unknown): EvalCase {
  const result = bfclQuestionCase(question, answer)
  if ('error' in result) throw new Error(result.error)
  return result.case
}

function errorOf(question: unknown, answer?: unknown): string {
  const result = bfclQuestionCase(question, answer)
  return 'error' in result ? result.error : 'read as a case'
}

describe('categoryOfBfclId', () => {
  it.each([
    ['simple_python_12', 'simple'],
    ['simple_3', 'simple'],
    ['live_simple_0-0-0', 'simple'],
    ['multiple_5', 'multiple'],
    ['live_multiple_3-1-0', 'multiple'],
    ['parallel_7', 'parallel'],
    ['live_parallel_1-0-0', 'parallel'],
    ['parallel_multiple_2', 'parallel_multiple'],
    ['live_parallel_multiple_0-0-0', 'parallel_multiple'],
    ['irrelevance_9', 'irrelevance'],
    ['live_irrelevance_5-0-0', 'irrelevance'],
  ])('%s is %s', (id, category) => {
    expect(categoryOfBfclId(id)).toBe(category)
    expect(bfclUnsupportedReason(id)).toBeUndefined()
  })

  it.each([
    ['simple_java_3', /Java/],
    ['simple_javascript_4', /JavaScript/],
    ['live_relevance_2-2-0', /relevance/],
    ['multi_turn_base_0', /multi-turn/],
    ['memory_0-customer-0', /agentic/],
    ['web_search_1', /agentic/],
  ])('%s is not scored here, with a reason', (id, reason) => {
    expect(categoryOfBfclId(id)).toBeUndefined()
    expect(bfclUnsupportedReason(id)).toMatch(reason)
  })

  it('an unknown prefix has neither a category nor a reason', () => {
    expect(categoryOfBfclId('my_case_1')).toBeUndefined()
    expect(categoryOfBfclId('parallel')).toBeUndefined()
    expect(bfclUnsupportedReason('my_case_1')).toBeUndefined()
  })
})

describe('bfclQuestionCase', () => {
  it('reads each category from its question and answer', () => {
    expect(caseOf(QUESTIONS.simple, ANSWERS.simple)).toEqual({
      id: 'simple_python_0',
      category: 'simple',
      messages: [{ role: 'user', content: 'Area of a circle of radius 3?' }],
      functions: [AREA],
      expected: ANSWERS.simple.ground_truth,
    })
    expect(caseOf(QUESTIONS.multiple, ANSWERS.multiple).category).toBe('multiple')
    expect(caseOf(QUESTIONS.parallel, ANSWERS.parallel)).toMatchObject({
      category: 'parallel',
      expected: ANSWERS.parallel.ground_truth,
    })
    expect(caseOf(QUESTIONS.parallelMultiple, ANSWERS.parallelMultiple).category).toBe('parallel_multiple')
    expect(caseOf(QUESTIONS.irrelevance)).toMatchObject({ category: 'irrelevance', expected: [] })
    expect(caseOf(QUESTIONS.liveIrrelevance)).toMatchObject({ category: 'irrelevance', functions: [] })
    expect(caseOf(QUESTIONS.live, ANSWERS.live).messages).toEqual([
      { role: 'system', content: 'You are a geometry helper.' },
      { role: 'user', content: 'radius 5 please' },
    ])
  })

  it('reads the older single-turn forms and a ground truth on the question line', () => {
    const flat = { ...QUESTIONS.simple, question: [{ role: 'user', content: 'r=3' }], function: AREA }
    expect(caseOf(flat, ANSWERS.simple)).toMatchObject({
      messages: [{ role: 'user', content: 'r=3' }],
      functions: [AREA],
    })
    const text = { ...QUESTIONS.simple, question: 'r=3' }
    expect(caseOf(text, ANSWERS.simple).messages).toEqual([{ role: 'user', content: 'r=3' }])
    const inline = { ...QUESTIONS.simple, ground_truth: ANSWERS.simple.ground_truth }
    expect(caseOf(inline).expected).toEqual(ANSWERS.simple.ground_truth)
    const single = { id: 'simple_python_0', ground_truth: ANSWERS.simple.ground_truth[0] }
    expect(caseOf(QUESTIONS.simple, single).expected).toEqual(ANSWERS.simple.ground_truth)
  })

  it('infers the category of an id with no known prefix from the calls expected', () => {
    const question = { ...QUESTIONS.parallelMultiple, id: 'mine-1' }
    expect(caseOf(question, { ...ANSWERS.parallelMultiple, id: 'mine-1' }).category).toBe('parallel_multiple')
    expect(caseOf({ ...QUESTIONS.multiple, id: 'mine-2' }, { ...ANSWERS.multiple, id: 'mine-2' }).category).toBe(
      'multiple',
    )
    expect(caseOf({ ...QUESTIONS.simple, id: 'mine-3' }).category).toBe('irrelevance')
  })

  it('refuses categories the checker cannot score, naming the id', () => {
    const java = { id: 'simple_java_3', question: ask('x'), function: [AREA] }
    expect(errorOf(java, { id: 'simple_java_3', ground_truth: [] })).toMatch(/^simple_java_3: not supported: Java/)
    expect(errorOf({ ...java, id: 'simple_javascript_4' })).toMatch(/^simple_javascript_4: not supported: JavaScript/)
    expect(errorOf({ ...java, id: 'live_relevance_0-0-0' })).toMatch(/not supported: relevance/)
    const turns = {
      id: 'multi_turn_base_0',
      question: [[{ role: 'user', content: 'a' }], [{ role: 'user', content: 'b' }]],
    }
    expect(errorOf(turns)).toMatch(/^multi_turn_base_0: not supported: multi-turn/)
  })

  it.each([
    ['not an object', [], undefined, 'not a BFCL question: expected a JSON object'],
    ['no id', { question: ask('x'), function: [] }, undefined, 'not a BFCL question: it has no "id"'],
    [
      'two turns',
      { ...QUESTIONS.simple, question: [...ask('a'), ...ask('b')] },
      ANSWERS.simple,
      'simple_python_0: question: 2 turns, but only single-turn cases are supported',
    ],
    [
      'question not a list',
      { ...QUESTIONS.simple, question: 7 },
      ANSWERS.simple,
      'simple_python_0: question: expected a list of messages',
    ],
    ['no messages', { ...QUESTIONS.simple, question: [[]] }, ANSWERS.simple, 'simple_python_0: question: no messages'],
    [
      'unknown role',
      { ...QUESTIONS.simple, question: [[{ role: 'robot', content: 'x' }]] },
      ANSWERS.simple,
      'simple_python_0: question: message 1: role "robot" is not one of system, user, assistant, tool',
    ],
    [
      'content not text',
      { ...QUESTIONS.simple, question: [[{ role: 'user', content: 5 }]] },
      ANSWERS.simple,
      'simple_python_0: question: message 1: its content is not text',
    ],
    [
      'function not a list',
      { ...QUESTIONS.simple, function: 'area' },
      ANSWERS.simple,
      'simple_python_0: function: expected a list of functions',
    ],
    [
      'function without name',
      { ...QUESTIONS.simple, function: [{ parameters: AREA.parameters }] },
      ANSWERS.simple,
      'simple_python_0: function: function 1: it has no "name"',
    ],
    [
      'function twice',
      { ...QUESTIONS.simple, function: [AREA, AREA] },
      ANSWERS.simple,
      'simple_python_0: function: geometry.area_circle is offered twice',
    ],
    [
      'schema type not a name',
      {
        ...QUESTIONS.simple,
        function: [{ ...AREA, parameters: { type: 'dict', properties: { r: { type: ['number', 'null'] } } } }],
      },
      ANSWERS.simple,
      'simple_python_0: function: function 1: geometry.area_circle: parameters.r: "type" must be one type name',
    ],
    [
      'no ground truth',
      QUESTIONS.simple,
      undefined,
      'simple_python_0: no ground truth: no possible-answer line has this id',
    ],
    ['answer not an object', QUESTIONS.simple, [1], 'simple_python_0: its answer line is not a JSON object'],
    [
      'answer of another id',
      QUESTIONS.simple,
      { ...ANSWERS.simple, id: 'simple_python_1' },
      'simple_python_0: its answer line has id "simple_python_1"',
    ],
    [
      'no ground_truth list',
      QUESTIONS.simple,
      { id: 'simple_python_0', truth: [] },
      'simple_python_0: its answer line has no "ground_truth" list',
    ],
    [
      'call not offered',
      QUESTIONS.simple,
      { ground_truth: [{ 'geometry.volume_cube': { side: [2] } }] },
      'simple_python_0: ground_truth: call 1: geometry.volume_cube is not among the functions offered (geometry.area_circle)',
    ],
    [
      'call with two names',
      QUESTIONS.simple,
      { ground_truth: [{ a: {}, b: {} }] },
      'simple_python_0: ground_truth: call 1: expected {"name": {"argument": [values]}}',
    ],
    [
      'arguments not an object',
      QUESTIONS.simple,
      { ground_truth: [{ 'geometry.area_circle': [3] }] },
      'simple_python_0: ground_truth: call 1: the arguments of geometry.area_circle are not an object',
    ],
    [
      'values not a list',
      QUESTIONS.simple,
      { ground_truth: [{ 'geometry.area_circle': { radius: 3 } }] },
      'simple_python_0: ground_truth: call 1: geometry.area_circle.radius must list its accepted values',
    ],
    [
      'simple with two calls',
      QUESTIONS.simple,
      { ground_truth: ANSWERS.parallel.ground_truth },
      'simple_python_0: a simple case expects exactly one call, not 2',
    ],
    [
      'parallel with none',
      QUESTIONS.parallel,
      { ground_truth: [] },
      'parallel_7: a parallel case expects at least one call',
    ],
    [
      'irrelevance with a call',
      QUESTIONS.irrelevance,
      { ground_truth: ANSWERS.simple.ground_truth },
      'irrelevance_9: an irrelevance case expects no call, not 1',
    ],
  ])('%s is a readable error', (_name, question, answer, error) => {
    expect(errorOf(question, answer)).toBe(error)
  })
})

describe('readBfclSuite', () => {
  const questions = lines([QUESTIONS.simple, QUESTIONS.irrelevance, QUESTIONS.parallel, QUESTIONS.live])
  // Answers in another order than the questions, and none for irrelevance.
  const answers = lines([ANSWERS.live, ANSWERS.parallel, ANSWERS.simple])

  it('matches answers by id and streams the questions', async () => {
    const entries = await collect(readBfclSuite(questions, answers))
    expect(entries.map((entry) => ('case' in entry ? [entry.case.id, entry.case.category] : entry.error))).toEqual([
      ['simple_python_0', 'simple'],
      ['irrelevance_9', 'irrelevance'],
      ['parallel_7', 'parallel'],
      ['live_simple_3-1-0', 'simple'],
    ])
  })

  it('reads the same from chunks cut anywhere', async () => {
    const cut = (text: string): string[] => text.match(/[\s\S]{1,5}/g) ?? []
    expect(await collect(readBfclSuite(cut(questions), cut(answers)))).toEqual(
      await collect(readBfclSuite(questions, answers)),
    )
  })

  it('reports unusable answer lines first, then question errors with their lines', async () => {
    const badAnswers = `${JSON.stringify(ANSWERS.simple)}\nnot json\n{"ground_truth":[]}\n${JSON.stringify(ANSWERS.simple)}\n`
    const badQuestions = `${JSON.stringify(QUESTIONS.simple)}\n{oops\n\n${JSON.stringify(QUESTIONS.multiple)}\n${JSON.stringify(QUESTIONS.simple)}\n`
    const entries = await collect(readBfclSuite(badQuestions, badAnswers))
    expect(entries).toEqual([
      { line: 2, error: expect.stringMatching(/^line 2: not JSON/), file: 'answers' },
      { line: 3, error: 'line 3: an answer line needs an "id"', file: 'answers' },
      {
        line: 4,
        id: 'simple_python_0',
        error: 'line 4: a second answer for simple_python_0; the first is kept',
        file: 'answers',
      },
      { case: expect.objectContaining({ id: 'simple_python_0' }) },
      { line: 2, error: expect.stringMatching(/^line 2: not JSON/) },
      { line: 4, error: 'line 4: multiple_4: no ground truth: no possible-answer line has this id' },
      { line: 5, id: 'simple_python_0', error: 'line 5: simple_python_0: a second case with this id' },
    ])
  })

  it('without an answers file, only irrelevance cases read', async () => {
    const entries = await collect(readBfclSuite(questions))
    expect(entries.filter((entry) => 'case' in entry)).toHaveLength(1)
    expect(entries.filter((entry) => 'error' in entry)).toHaveLength(3)
  })
})

describe('caseToBfclLines', () => {
  async function readBack(c: EvalCase): Promise<SuiteEntry[]> {
    const { question, answer } = caseToBfclLines(c)
    return collect(readBfclSuite([question], answer === undefined ? undefined : [answer]))
  }

  it('writes a question line and an answer line that read back as the same case', async () => {
    for (const key of ['simple', 'multiple', 'parallel', 'parallelMultiple', 'live'] as const) {
      const c = caseOf(QUESTIONS[key], ANSWERS[key])
      const { question, answer } = caseToBfclLines(c)
      expect(JSON.parse(question)).toEqual(QUESTIONS[key])
      expect(JSON.parse(answer ?? 'null')).toEqual(ANSWERS[key])
      expect(await readBack(c)).toEqual([{ case: c }])
    }
  })

  it('an irrelevance case has no answer line', async () => {
    const c = caseOf(QUESTIONS.irrelevance)
    expect(caseToBfclLines(c).answer).toBeUndefined()
    expect(await readBack(c)).toEqual([{ case: c }])
  })

  it('keeps an id whose category reads back, and names the category in front of one that would not', async () => {
    const own = { ...caseOf(QUESTIONS.multiple, ANSWERS.multiple), id: 'saved-1' }
    expect(JSON.parse(caseToBfclLines(own).question).id).toBe('saved-1')
    const parallelOfOne: EvalCase = {
      ...caseOf(QUESTIONS.parallelMultiple, ANSWERS.parallelMultiple),
      id: 'saved-2',
      category: 'parallel',
    }
    expect(JSON.parse(caseToBfclLines(parallelOfOne).question).id).toBe('parallel_saved-2')
    const renamed: EvalCase = { ...parallelOfOne, id: 'multiple_5' }
    const id = JSON.parse(caseToBfclLines(renamed).question).id
    expect(categoryOfBfclId(id)).toBe('parallel')
    const back = await readBack(renamed)
    expect(back).toEqual([{ case: { ...renamed, id } }])
  })
})
