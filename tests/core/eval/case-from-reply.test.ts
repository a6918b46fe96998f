import { describe, expect, it } from 'vitest'
import {
  callCountProblem,
  caseFromCalls,
  functionFromTool,
  functionsFromTools,
  inferCategory,
  messagesOf,
} from '../../../src/core/eval/case-from-reply'
import { caseToBfclLines, readBfclSuite, type SuiteEntry } from '../../../src/core/eval/suite-bfcl'
import type { DecodedCall, EvalFunction, EvalMessage } from '../../../src/core/eval/types'

const SEARCH: EvalFunction = {
  name: 'search_files',
  description: 'Find files by name.',
  parameters: {
    type: 'object',
    properties: { pattern: { type: 'string' }, limit: { type: 'integer' } },
    required: ['pattern'],
  },
}
const READ: EvalFunction = {
  name: 'read_file',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
}
const MESSAGES: EvalMessage[] = [
  { role: 'system', content: 'You manage files.' },
  { role: 'user', content: 'Find the notes and read todo.txt' },
]

describe('functionsFromTools', () => {
  it('reads OpenAI tools, bare functions and MCP tools', () => {
    const tools = [
      { type: 'function', function: SEARCH },
      { name: 'read_file', parameters: READ.parameters },
      {
        name: 'list_dir',
        description: 'List a folder.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        annotations: { readOnlyHint: true },
      },
    ]
    expect(functionsFromTools(tools)).toEqual([
      SEARCH,
      READ,
      {
        name: 'list_dir',
        description: 'List a folder.',
        parameters: { type: 'object', properties: { path: { type: 'string' } } },
      },
    ])
  })

  it('gives a tool with no parameters an empty schema, and leaves out tools that do not read', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    expect(
      functionsFromTools([{ name: 'now' }, { parameters: {} }, 'tool', cyclic, { name: 'x', parameters: { type: 1 } }]),
    ).toEqual([{ name: 'now', parameters: { type: 'object', properties: {} } }])
  })

  it('copies: changing the tools afterwards does not change the functions', () => {
    const pattern = { type: 'string' }
    const tool = { type: 'function', function: { name: 'search_files', parameters: { properties: { pattern } } } }
    const [fn] = functionsFromTools([tool])
    pattern.type = 'number'
    expect(fn?.parameters.properties.pattern?.type).toBe('string')
  })
})

describe('functionFromTool', () => {
  it.each([
    [null, 'not an object'],
    [{ description: 'x' }, 'it has no "name"'],
    [{ name: 'f', description: 3 }, 'f: description is not text'],
    [{ name: 'f', parameters: 'x' }, 'f: parameters: expected a schema object'],
    [
      { name: 'f', parameters: { properties: { a: { items: { type: 2 } } } } },
      'f: parameters.a.items: "type" must be one type name',
    ],
  ])('%j: %s', (tool, error) => {
    expect(functionFromTool(tool)).toEqual({ error })
  })

  it('refuses a schema nested past any sensible depth instead of overflowing', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 10_000; i++) schema = { type: 'array', items: schema }
    expect(functionFromTool({ name: 'deep', parameters: schema })).toMatchObject({
      error: expect.stringContaining('nested too deeply'),
    })
  })
})

describe('messagesOf', () => {
  it.each([
    [[], 'no messages'],
    [[null], 'message 1 is not an object'],
    [
      [
        { role: 'user', content: 'a' },
        { role: 'bot', content: 'b' },
      ],
      'message 2: role "bot" is not one of system, user, assistant, tool',
    ],
    [[{ role: 'assistant', content: null }], 'message 1: its content is not text'],
  ])('%j: %s', (messages, error) => {
    expect(messagesOf(messages)).toEqual({ error })
  })
})

describe('inferCategory and callCountProblem', () => {
  it('name the category calls make', () => {
    expect(inferCategory([], 2)).toBe('irrelevance')
    expect(inferCategory([{ f: {} }], 1)).toBe('simple')
    expect(inferCategory([{ f: {} }], 3)).toBe('multiple')
    expect(inferCategory([{ f: {} }, { f: {} }], 3)).toBe('parallel')
    expect(inferCategory([{ f: {} }, { g: {} }], 3)).toBe('parallel_multiple')
  })

  it('say when a count of calls does not fit a category', () => {
    expect(callCountProblem('irrelevance', 0)).toBeUndefined()
    expect(callCountProblem('multiple', 1)).toBeUndefined()
    expect(callCountProblem('parallel', 3)).toBeUndefined()
    expect(callCountProblem('multiple', 2)).toBe('a multiple case expects exactly one call, not 2')
    expect(callCountProblem('parallel_multiple', 0)).toBe('a parallel_multiple case expects at least one call')
  })
})

describe('caseFromCalls', () => {
  it('expects exactly the calls made, each value the one accepted value', () => {
    const c = caseFromCalls({
      id: 'saved-1',
      messages: MESSAGES,
      functions: [SEARCH, READ],
      calls: [{ search_files: { pattern: 'notes*', limit: 5 } }, { read_file: { path: 'todo.txt' } }],
    })
    expect(c).toEqual({
      id: 'saved-1',
      category: 'parallel_multiple',
      messages: MESSAGES,
      functions: [SEARCH, READ],
      expected: [{ search_files: { pattern: ['notes*'], limit: [5] } }, { read_file: { path: ['todo.txt'] } }],
    })
  })

  it('infers the category, and a round with no call expects none', () => {
    const base = { messages: MESSAGES, functions: [SEARCH, READ] }
    expect(caseFromCalls({ ...base, calls: [] })).toMatchObject({ category: 'irrelevance', expected: [] })
    expect(caseFromCalls({ ...base, calls: [{ read_file: { path: 'a' } }] }).category).toBe('multiple')
    expect(caseFromCalls({ ...base, functions: [READ], calls: [{ read_file: { path: 'a' } }] }).category).toBe('simple')
    const twice = [{ read_file: { path: 'a' } }, { read_file: { path: 'b' } }]
    expect(caseFromCalls({ ...base, calls: twice }).category).toBe('parallel')
  })

  it('without an id, makes one from the round: the same round gives the same id', () => {
    const round = { messages: MESSAGES, functions: [READ], calls: [{ read_file: { path: 'a' } }] }
    const id = caseFromCalls(round).id
    expect(id).toMatch(/^case-[0-9a-f]{8}$/)
    expect(caseFromCalls(structuredClone(round)).id).toBe(id)
    expect(caseFromCalls({ ...round, calls: [{ read_file: { path: 'b' } }] }).id).not.toBe(id)
  })

  it('keeps an argument named __proto__ as an argument, and copies its inputs', () => {
    const args = JSON.parse('{"__proto__": {"x": 1}, "path": "a"}') as Record<string, unknown>
    const calls = [{ read_file: args }]
    const c = caseFromCalls({ messages: MESSAGES, functions: [READ], calls })
    const expected = c.expected[0]?.read_file
    expect(Object.keys(expected ?? {})).toEqual(['__proto__', 'path'])
    expect(Object.getOwnPropertyDescriptor(expected, '__proto__')?.value).toEqual([{ x: 1 }])
    args.path = 'changed'
    expect(expected?.path).toEqual(['a'])
  })

  it('a saved case exports as BFCL lines that read back as the same case', async () => {
    const rounds: { calls: DecodedCall[] }[] = [
      { calls: [] },
      { calls: [{ read_file: { path: 'todo.txt' } }] },
      { calls: [{ read_file: { path: 'a' } }, { read_file: { path: 'b' } }] },
      { calls: [{ search_files: { pattern: 'n*' } }, { read_file: { path: 'b' } }] },
    ]
    for (const { calls } of rounds) {
      const c = caseFromCalls({ messages: MESSAGES, functions: [SEARCH, READ], calls })
      const { question, answer } = caseToBfclLines(c)
      const entries: SuiteEntry[] = []
      for await (const entry of readBfclSuite([question], answer === undefined ? undefined : [answer]))
        entries.push(entry)
      expect(entries).toEqual([{ case: c }])
    }
  })
})
