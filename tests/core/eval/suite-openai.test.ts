import { describe, expect, it } from 'vitest'
import { openAiCase, readOpenAiSuite } from '../../../src/core/eval/suite-openai'
import type { SuiteEntry } from '../../../src/core/eval/suite-bfcl'
import type { EvalCase } from '../../../src/core/eval/types'

const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
  required: ['city'],
}
const WEATHER = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather now.', parameters: WEATHER_SCHEMA },
}
const TIME = {
  type: 'function',
  function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } } } },
}
const USER = [{ role: 'user', content: 'Weather in Paris and Rome?' }]
const call = (name: string, args: unknown): unknown => ({
  id: 'call_1',
  type: 'function',
  function: { name, arguments: args },
})

function caseOf(value: unknown, line = 1): EvalCase {
  const result = openAiCase(value, line)
  if ('error' in result) throw new Error(result.error)
  return result.case
}

function errorOf(value: unknown, line = 1): string {
  const result = openAiCase(value, line)
  return 'error' in result ? result.error : 'read as a case'
}

describe('openAiCase', () => {
  it('reads tool calls as exact expected values, arguments as a JSON string or an object', () => {
    const c = caseOf({
      id: 'w1',
      messages: USER,
      tools: [WEATHER],
      tool_calls: [call('get_weather', '{"city":"Paris","unit":"c"}')],
    })
    expect(c).toEqual({
      id: 'w1',
      category: 'simple',
      messages: USER,
      functions: [WEATHER.function],
      expected: [{ get_weather: { city: ['Paris'], unit: ['c'] } }],
    })
    const asObject = caseOf({
      messages: USER,
      tools: [WEATHER],
      tool_calls: [call('get_weather', { city: 'Paris', unit: 'c' })],
    })
    expect(asObject.expected).toEqual(c.expected)
    expect(
      caseOf({ messages: USER, tools: [TIME], tool_calls: [{ name: 'get_time', arguments: '' }] }).expected,
    ).toEqual([{ get_time: {} }])
  })

  it('infers the category from the calls and tools', () => {
    const paris = call('get_weather', { city: 'Paris' })
    const rome = call('get_weather', { city: 'Rome' })
    const now = call('get_time', { zone: 'CET' })
    const categoryOf = (tools: unknown[], toolCalls: unknown[]): string =>
      caseOf({ messages: USER, tools, tool_calls: toolCalls }).category
    expect(categoryOf([WEATHER], [])).toBe('irrelevance')
    expect(categoryOf([WEATHER], [paris])).toBe('simple')
    expect(categoryOf([WEATHER, TIME], [paris])).toBe('multiple')
    expect(categoryOf([WEATHER, TIME], [paris, rome])).toBe('parallel')
    expect(categoryOf([WEATHER, TIME], [paris, now])).toBe('parallel_multiple')
  })

  it('takes a category given, and "irrelevance" with no calls at all', () => {
    const c = caseOf({
      messages: USER,
      tools: [WEATHER, TIME],
      tool_calls: [call('get_weather', { city: 'Paris' })],
      category: 'simple',
    })
    expect(c.category).toBe('simple')
    expect(caseOf({ messages: USER, tools: [WEATHER], category: 'irrelevance' })).toMatchObject({
      category: 'irrelevance',
      expected: [],
    })
  })

  it('reads BFCL-style expected calls with several accepted values', () => {
    const expected = [{ get_weather: { city: ['Paris', 'Paris, France'], unit: ['', 'c'] } }]
    expect(caseOf({ messages: USER, tools: [WEATHER], expected }).expected).toEqual(expected)
    expect(caseOf({ messages: USER, tools: [WEATHER], expected: expected[0] }).expected).toEqual(expected)
  })

  it('a final assistant message is the reference reply, taken off the conversation', () => {
    const reply = { role: 'assistant', content: null, tool_calls: [call('get_weather', '{"city":"Paris"}')] }
    const c = caseOf({ messages: [...USER, reply], tools: [WEATHER] })
    expect(c).toMatchObject({ category: 'simple', messages: USER, expected: [{ get_weather: { city: ['Paris'] } }] })
    const noCall = caseOf({ messages: [...USER, { role: 'assistant', content: 'I cannot tell.' }], tools: [WEATHER] })
    expect(noCall).toMatchObject({ category: 'irrelevance', messages: USER, expected: [] })
  })

  it('reads bare and MCP tools, `functions`, developer messages and text parts', () => {
    const bare = { name: 'get_weather', parameters: WEATHER_SCHEMA }
    const mcp = { name: 'get_time', inputSchema: { type: 'object', properties: { zone: { type: 'string' } } } }
    const c = caseOf({
      messages: [
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Time ' },
            { type: 'text', text: 'in Paris?' },
          ],
        },
      ],
      functions: [bare, mcp],
      tool_calls: [call('get_time', { zone: 'CET' })],
    })
    expect(c.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Time in Paris?' },
    ])
    expect(c.functions).toEqual([bare, { name: 'get_time', parameters: mcp.inputSchema }])
    expect(c.category).toBe('multiple')
  })

  it('ids default to case-<line>; numbers become strings', () => {
    const line = { messages: USER, tools: [WEATHER], tool_calls: [] }
    expect(caseOf(line, 7).id).toBe('case-7')
    expect(caseOf({ ...line, id: 12 }).id).toBe('12')
  })

  it.each([
    ['not an object', 'text', 'not a case: expected a JSON object'],
    ['a bad id', { id: true, messages: USER }, '"id" true is not a string or a number'],
    [
      'an unknown category',
      { id: 'x', messages: USER, category: 'live_simple' },
      'x: category "live_simple" is not one of simple, multiple, parallel, parallel_multiple, irrelevance',
    ],
    [
      'a bad tool',
      { id: 'x', messages: USER, tools: [{ type: 'function', function: { description: 'no name' } }] },
      'x: tools: function 1: it has no "name"',
    ],
    [
      'a bad schema',
      { id: 'x', messages: USER, tools: [{ name: 'f', parameters: { type: 'object', properties: [] } }] },
      'x: tools: function 1: f: parameters: "properties" must be an object',
    ],
    [
      'bad required',
      { id: 'x', messages: USER, tools: [{ name: 'f', parameters: { required: 'a' } }] },
      'x: tools: function 1: f: parameters: "required" must be a list of names',
    ],
    [
      'both forms',
      { id: 'x', messages: USER, tools: [WEATHER], tool_calls: [], expected: [] },
      'x: give "tool_calls" or "expected", not both',
    ],
    [
      'nothing expected',
      { id: 'x', messages: USER, tools: [WEATHER] },
      'x: no calls expected: give "tool_calls", "expected", a final assistant message, or "category": "irrelevance"',
    ],
    [
      'expected not a list',
      { id: 'x', messages: USER, tools: [WEATHER], expected: 'get_weather' },
      'x: "expected" must be a list of {"name": {"argument": [values]}}',
    ],
    [
      'tool_calls not a list',
      { id: 'x', messages: USER, tools: [WEATHER], tool_calls: {} },
      'x: tool_calls: expected a list of tool calls',
    ],
    [
      'a call with no name',
      { id: 'x', messages: USER, tools: [WEATHER], tool_calls: [{ function: { arguments: '{}' } }] },
      'x: tool_calls: call 1 has no function name',
    ],
    [
      'arguments not JSON',
      { id: 'x', messages: USER, tools: [WEATHER], tool_calls: [call('get_weather', '{city:')] },
      /^x: tool_calls: call 1 \(get_weather\): its arguments are not JSON \(.+\)$/,
    ],
    [
      'arguments not an object',
      { id: 'x', messages: USER, tools: [WEATHER], tool_calls: [call('get_weather', '[1]')] },
      'x: tool_calls: call 1 (get_weather): its arguments are not a JSON object',
    ],
    [
      'a call to a tool not offered',
      { id: 'x', messages: USER, tools: [TIME], tool_calls: [call('get_weather', {})] },
      'x: tool_calls: call 1: get_weather is not among the functions offered (get_time)',
    ],
    [
      'an expected value not listed',
      { id: 'x', messages: USER, tools: [WEATHER], expected: [{ get_weather: { city: 'Paris' } }] },
      'x: expected: call 1: get_weather.city must list its accepted values',
    ],
    [
      'a category that does not fit',
      { id: 'x', messages: USER, tools: [WEATHER], tool_calls: [], category: 'simple' },
      'x: a simple case expects exactly one call, not 0',
    ],
    [
      'bad messages',
      { id: 'x', messages: 'hello', tools: [WEATHER], tool_calls: [] },
      'x: messages: expected a list of messages',
    ],
    [
      'a message without text',
      { id: 'x', messages: [{ role: 'user', content: [{ type: 'image_url' }] }], tool_calls: [] },
      'x: messages: message 1: its content is not text',
    ],
    [
      'a bad final reply',
      { id: 'x', messages: [...USER, { role: 'assistant', tool_calls: 'x' }], tools: [WEATHER] },
      'x: the last message: expected a list of tool calls',
    ],
  ])('%s is a readable error', (_name, value, error) => {
    if (typeof error === 'string') expect(errorOf(value)).toBe(error)
    else expect(errorOf(value)).toMatch(error)
  })
})

describe('readOpenAiSuite', () => {
  it('reads each line, with errors for lines that are not JSON or repeat an id', async () => {
    const good = { messages: USER, tools: [WEATHER], tool_calls: [call('get_weather', '{"city":"Paris"}')] }
    const text = [
      JSON.stringify(good),
      '{nope',
      '',
      JSON.stringify({ ...good, id: 'case-1' }),
      JSON.stringify({ ...good, id: 'b' }),
    ].join('\r\n')
    const entries: SuiteEntry[] = []
    for await (const entry of readOpenAiSuite(text.match(/[\s\S]{1,9}/g) ?? [])) entries.push(entry)
    expect(entries).toEqual([
      { case: expect.objectContaining({ id: 'case-1', category: 'simple' }) },
      { line: 2, error: expect.stringMatching(/^line 2: not JSON/) },
      { line: 4, id: 'case-1', error: 'line 4: case-1: a second case with this id' },
      { case: expect.objectContaining({ id: 'b' }) },
    ])
  })
})
