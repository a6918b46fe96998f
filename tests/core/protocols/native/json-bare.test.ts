import { describe, expect, it } from 'vitest'
import { checkNativeCase } from '../../../fuzz/native-oracle'
import { createStreamParser, parseToolRequests } from '../../../../src/core/parser'
import type { ParsedRequest } from '../../../../src/core/types'
import { calls, codes, expectManyCallsStream, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'
import { createNativeParser, contextFor } from '../../../../src/core/protocols/native/protocol'
import {
  firefunctionV2Format,
  functionaryV31Format,
  granite20bFcFormat,
  jsonBareFormats,
  llama3JsonFormat,
  phi4MiniFormat,
  xlamFormat,
} from '../../../../src/core/protocols/native/formats/json-bare'
import type { NativeFormat } from '../../../../src/core/protocols/native/format'

const HUGE = 200_000
const tools = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
]

/** The format read without trust (auto, no model hint): bare calls count only with evidence. */
function untrusted(format: NativeFormat, text: string, hints: { tools?: unknown[] } = {}) {
  return createNativeParser(format, false).parseToolRequests(text, hints)
}

function claims(
  format: NativeFormat,
  text: string,
  opener: string,
  options: { tools?: unknown[]; trusted?: boolean } = {},
): boolean {
  return format.claims(
    text,
    text.indexOf(opener),
    opener,
    contextFor({ tools: options.tools }, options.trusted ?? false),
  )
}

/** The first name event comes before the call's last character arrives. */
function expectNameBeforeClose(format: string, text: string, name: string, closeAt: number): void {
  const events = streamEvents(format, text, 4)
  const shown = events.find((e) => e.key === 'tool_name' && e.value === name)
  expect(shown, `name ${name} shown`).toBeDefined()
  expect(shown!.at).toBeLessThan(closeAt)
}

describe('json-bare family', () => {
  it('lists its six formats, each with an example that reads back as calc_evaluate', () => {
    expect(jsonBareFormats.map((f) => f.id)).toEqual([
      'llama3-json',
      'xlam',
      'phi4-mini',
      'firefunction-v2',
      'functionary-v31',
      'granite-20b-fc',
    ])
    for (const format of jsonBareFormats) {
      const result = parse(format.id, format.example)
      expect(calls(result), format.id).toEqual([{ name: 'calc_evaluate', arguments: { expression: '6*7' } }])
      expect(result.requests[0]?.valid, format.id).toBe(true)
      expect(codes(result), format.id).toEqual([])
    }
  })
})

describe('Llama 3 JSON', () => {
  it('reads one bare call amid prose, with "parameters"', () => {
    const text = 'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?'
    const result = parse('llama3-json', text)
    expect(calls(result)).toEqual([{ name: 'getOpenIncidentsTool', arguments: {} }])
    expect(result.requests[0]?.start).toBe(text.indexOf('{'))
    expect(result.requests[0]?.end).toBe(text.indexOf(' Would'))
    expect(codes(result)).toEqual([])
  })

  it('reads several calls separated by ";", with "arguments" too', () => {
    const text =
      '{"name": "searchTool", "parameters": {"query": "test1"}} ; {"name": "getOpenIncidentsTool", "arguments": {}};\n{"name": "searchTool", "parameters": {"query": "test2"}}'
    expect(calls(parse('llama3-json', text))).toEqual([
      { name: 'searchTool', arguments: { query: 'test1' } },
      { name: 'getOpenIncidentsTool', arguments: {} },
      { name: 'searchTool', arguments: { query: 'test2' } },
    ])
  })

  it('reads <|python_tag|> calls: the first call spans the tag, "type": "function" is allowed', () => {
    const text =
      '<|python_tag|>{"type": "function", "name": "a", "parameters": {"x": 1}}; {"name": "b", "parameters": {}}<|eom_id|>'
    const result = parse('llama3-json', text)
    expect(calls(result)).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: {} },
    ])
    expect(result.requests[0]?.start).toBe(0)
    expect(result.requests[1]?.start).toBe(text.indexOf('{"name": "b"'))
  })

  it('keeps braces and quotes inside strings, and deep nesting', () => {
    const text =
      '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\"", "q": "[complex]", "l1": {"l2": {"l3": {"v": "deep"}}}}}'
    expect(calls(parse('llama3-json', text))).toEqual([
      {
        name: 'parserTool',
        arguments: { text: 'He said "Hello {world}"', q: '[complex]', l1: { l2: { l3: { v: 'deep' } } } },
      },
    ])
  })

  it('finds no call in prose, in JSON that is not call-shaped, or after <|python_tag|> code', () => {
    expect(parse('llama3-json', 'This is just some text without any tool calls').requests).toEqual([])
    expect(
      parse('llama3-json', 'The record is {"name": "Bob", "age": 3}, and {"parameters": {}} names nothing.').requests,
    ).toEqual([])
    expect(parse('llama3-json', '<|python_tag|>brave_search.call(query="weather")').requests).toEqual([])
    // A brace in trailing prose does not disturb the call before it.
    expect(
      calls(
        parse('llama3-json', '{"name": "searchTool", "parameters": {"query": "test"}} I used {searchTool} for this.'),
      ),
    ).toEqual([{ name: 'searchTool', arguments: { query: 'test' } }])
  })

  it('without trust, prose holding {"name": ...} stays prose unless the tool was given', () => {
    const text = 'The format is {"name": "get_weather", "parameters": {"city": "Paris"}} as documented.'
    expect(untrusted(llama3JsonFormat, text).requests).toEqual([])
    expect(calls(untrusted(llama3JsonFormat, text, { tools }))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ])
    expect(claims(llama3JsonFormat, text, '{')).toBe(false)
    expect(claims(llama3JsonFormat, text, '{', { tools })).toBe(true)
    expect(claims(llama3JsonFormat, text, '{', { trusted: true })).toBe(true)
    expect(claims(llama3JsonFormat, 'a {"title": "x"}', '{', { trusted: true })).toBe(false)
  })

  it('claims <|python_tag|>{ without tools, and leaves <|python_tag|>name( to llama3-builtin', () => {
    expect(claims(llama3JsonFormat, '<|python_tag|>{"name": "anything", "parameters": {}}', '<|python_tag|>')).toBe(
      true,
    )
    expect(claims(llama3JsonFormat, '<|python_tag|>brave_search.call(query="x")', '<|python_tag|>')).toBe(false)
    expect(claims(llama3JsonFormat, '<|python_tag|>', '<|python_tag|>')).toBe(false)
  })

  it('diagnoses invalid JSON at its place and keeps the name', () => {
    const text = '{"name": "get_weather", "parameters": {"city": Paris}}'
    const result = parse('llama3-json', text)
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-json')
    expect(error?.message).toMatch(/^Llama 3 JSON: /)
    expect(error?.offset).toBe(text.indexOf('Paris'))
  })

  it('takes a call cut off by the end of the text as invalid, with a warning', () => {
    const text = '{"name": "get_weather", "parameters": {"city": "Par'
    const result = parse('llama3-json', text)
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([['get_weather', false]])
    expect(codes(result)).toEqual(['unclosed-call', 'invalid-json'])
    expect(result.diagnostics[0]?.offset).toBe(0)
  })

  it('streams: the name shows before the object closes, and end() equals one-shot', () => {
    const text =
      'Calling: {"name": "get_weather", "parameters": {"city": "Paris"}}; {"name": "get_time", "parameters": {"zone": "UTC"}}'
    expectStreamingEqualsOneShot('llama3-json', text)
    expectStreamingEqualsOneShot('llama3-json', '<|python_tag|>' + text.slice(9))
    expectNameBeforeClose('llama3-json', text, 'get_weather', text.indexOf('}}') + 2)
  })

  it('finishes on hostile shapes', () => {
    for (const text of [
      '{"name":'.repeat(HUGE / 8),
      '{'.repeat(HUGE),
      '<|python_tag|>'.repeat(HUGE / 14),
      '{"name": "a", "x": 1} '.repeat(HUGE / 22),
      '{"a": '.repeat(HUGE / 6),
      '{"name": "a", "parameters": {}}; '.repeat(HUGE / 33),
    ]) {
      const result = parse('llama3-json', text)
      expect(result.requests.length).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('xLAM', () => {
  const two =
    '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL"}}]'

  it('reads a list of one call; the call spans the list', () => {
    const text = '[{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}]'
    const result = parse('xlam', text)
    expect(calls(result)).toEqual([
      { name: 'get_current_weather', arguments: { city: 'Seattle', state: 'WA', unit: 'celsius' } },
    ])
    expect([result.requests[0]?.start, result.requests[0]?.end]).toEqual([0, text.length])
  })

  it('reads parallel calls, after </think> and inside a ```json fence', () => {
    expect(calls(parse('xlam', two)).map((c) => c.arguments)).toEqual([
      { city: 'Dallas', state: 'TX' },
      { city: 'Orlando', state: 'FL' },
    ])
    const thought = parse('xlam', "<think>I'll help you with that.</think>" + two)
    expect(thought.requests).toHaveLength(2)
    const fenced = parse('xlam', "I'll help you with that.\n```json\n" + two + '\n```')
    expect(fenced.requests.map((r) => r.fenced)).toEqual([true, true])
  })

  it('finds no call in prose or in lists that are not call lists', () => {
    expect(parse('xlam', 'This is a test [1] and [{"title": "x"}] and [ "a", "b" ].').requests).toEqual([])
  })

  it('without trust, takes only calls of the tools given', () => {
    const text = 'Like this: [{"name": "get_weather", "arguments": {"city": "Paris"}}]'
    expect(untrusted(xlamFormat, text).requests).toEqual([])
    expect(calls(untrusted(xlamFormat, text, { tools }))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ])
    expect(claims(xlamFormat, text, '[')).toBe(false)
    expect(claims(xlamFormat, text, '[', { tools })).toBe(true)
  })

  it('diagnoses a missing comma between calls at its place', () => {
    const text = '[{"name": "a", "arguments": {}} {"name": "b", "arguments": {}}]'
    const result = parse('xlam', text)
    const error = result.diagnostics.find((d) => d.code === 'invalid-json')
    expect(error?.message).toMatch(/^xLAM: /)
    expect(error?.offset).toBe(text.indexOf(' {"name": "b"') + 1)
    expect(result.requests[0]?.valid).toBe(false)
  })

  it('takes complete calls of a list cut off by the end of the text', () => {
    const result = parse('xlam', two.slice(0, two.indexOf('{"name"', 5) + 30))
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([
      ['get_current_weather', true],
      ['get_current_weather', false],
    ])
    expect(codes(result)).toContain('unclosed-section')
    expect(codes(result)).toContain('unclosed-call')
  })

  it('streams: the name shows before the list closes, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('xlam', 'Sure.\n' + two)
    expectNameBeforeClose('xlam', two, 'get_current_weather', two.indexOf('}}') + 2)
  })

  it('finishes on hostile shapes', () => {
    for (const text of [
      '[{"name": "a"'.repeat(HUGE / 13),
      '['.repeat(HUGE),
      '[{"name": "a", "arguments": {}}]'.repeat(HUGE / 32),
      '[ {"name"'.repeat(HUGE / 9),
    ]) {
      expect(parse('xlam', text).requests.length).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('Phi-4-mini and FireFunction v2 (functools[...])', () => {
  const one = 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]'
  const two =
    'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]'

  it('reads one call; the call spans functools and its list', () => {
    for (const id of ['phi4-mini', 'firefunction-v2']) {
      const result = parse(id, 'Let me check. ' + one)
      expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo' } }])
      expect(result.requests[0]?.start).toBe(14)
      expect(result.requests[0]?.end).toBe(14 + one.length)
    }
  })

  it('reads several calls, each spanning its object', () => {
    const result = parse('phi4-mini', two)
    expect(calls(result).map((c) => c.name)).toEqual(['get_weather', 'get_time'])
    expect(result.requests[1]?.start).toBe(two.indexOf('{"name": "get_time"'))
    expect(calls(parse('firefunction-v2', ' ' + two)).map((c) => c.name)).toEqual(['get_weather', 'get_time'])
  })

  it('finds no call in prose or code that mentions functools', () => {
    expect(parse('phi4-mini', 'Python has functools and functools[0] is an index, not a call.').requests).toEqual([])
  })

  it('claims: Phi-4-mini owns functools[, FireFunction v2 claims nothing', () => {
    expect(claims(phi4MiniFormat, one, 'functools[')).toBe(true)
    expect(claims(phi4MiniFormat, 'functools[', 'functools[')).toBe(true)
    expect(claims(phi4MiniFormat, 'functools[0]', 'functools[')).toBe(false)
    expect(claims(firefunctionV2Format, one, 'functools[')).toBe(false)
  })

  it('diagnoses an item that is no call object at its place', () => {
    const text = 'functools[{"name": "a", "arguments": {}}, "get_weather"]'
    const result = parse('phi4-mini', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-call')
    expect(error?.message).toMatch(/^Phi-4-mini: /)
    expect(error?.offset).toBe(text.indexOf('"get_weather"'))
  })

  it('diagnoses invalid JSON inside a call', () => {
    const text = 'functools[{"name": "get_weather", "arguments": {"city": Tokyo}}]'
    const result = parse('firefunction-v2', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-json')
    expect(error?.message).toMatch(/^FireFunction v2: /)
    expect(error?.offset).toBe(text.indexOf('Tokyo}'))
  })

  it('takes a call whose list is never closed, with a warning', () => {
    const result = parse('phi4-mini', one.slice(0, -1))
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo' } }])
    expect(codes(result)).toEqual(['unclosed-call'])
    expect(result.requests[0]?.valid).toBe(true)
  })

  it('streams: the name shows before the list closes, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('phi4-mini', 'Sure. ' + two)
    expectStreamingEqualsOneShot('firefunction-v2', ' ' + one)
    expectNameBeforeClose('phi4-mini', one, 'get_weather', one.length)
  })

  it('finishes on hostile shapes', () => {
    for (const text of [
      'functools['.repeat(HUGE / 10),
      'functools[{'.repeat(HUGE / 11),
      'functools[{"name": "a", "arguments": {}},'.repeat(HUGE / 40),
      'functools[]'.repeat(HUGE / 11),
    ]) {
      expect(parse('phi4-mini', text).requests.length).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('Functionary v3.1', () => {
  const two =
    'Let me look.<function=get_weather>{"city": "Paris"}</function>\n<function=get_time>{"zone": "Europe/Paris"}</function>'

  it('reads one call; the name is in the tag, the arguments are the JSON', () => {
    const text = '<function=special_function>{"arg1": 1}</function>'
    const result = parse('functionary-v31', text)
    expect(calls(result)).toEqual([{ name: 'special_function', arguments: { arg1: 1 } }])
    expect([result.requests[0]?.start, result.requests[0]?.end]).toEqual([0, text.length])
    expect(codes(result)).toEqual([])
  })

  it('reads several calls', () => {
    expect(calls(parse('functionary-v31', two))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_time', arguments: { zone: 'Europe/Paris' } },
    ])
  })

  it('reads <|python_tag|> code as a call of python', () => {
    const result = parse('functionary-v31', 'I will run it.<|python_tag|>print("hey")\nprint(2)<|eom_id|>')
    expect(calls(result)).toEqual([{ name: 'python', arguments: { code: 'print("hey")\nprint(2)' } }])
  })

  it('finds no call in prose, and leaves Qwen3-Coder parameters alone', () => {
    expect(parse('functionary-v31', 'Functionary writes <function=NAME followed by JSON.').requests).toEqual([])
    expect(
      parse('functionary-v31', '<function=get_weather><parameter=city>Paris</parameter></function>').requests,
    ).toEqual([])
  })

  it('claims <function=NAME>{ and leaves the rest to Qwen3-Coder', () => {
    expect(claims(functionaryV31Format, two, '<function=')).toBe(true)
    expect(claims(functionaryV31Format, '<function=f><parameter=a>1</parameter></function>', '<function=')).toBe(false)
    expect(claims(functionaryV31Format, '<function=f>', '<function=')).toBe(false)
    expect(claims(functionaryV31Format, '<|python_tag|>print(1)', '<|python_tag|>')).toBe(false)
  })

  it('diagnoses invalid JSON arguments at their place, and keeps the name', () => {
    const text = '<function=get_weather>{"city": Paris}</function>'
    const result = parse('functionary-v31', text)
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^Functionary v3\.1: /)
    expect(error?.offset).toBe(text.indexOf('Paris'))
  })

  it('takes a call never closed with </function>, with a warning', () => {
    const result = parse('functionary-v31', '<function=get_weather>{"city": "Paris"}')
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(codes(result)).toEqual(['unclosed-call'])
  })

  it('streams: the name shows before the call closes, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('functionary-v31', two)
    expectStreamingEqualsOneShot('functionary-v31', 'Run:<|python_tag|>print(1)')
    expectNameBeforeClose('functionary-v31', two, 'get_weather', two.indexOf('</function>'))
  })

  it('finishes on hostile shapes', () => {
    for (const text of [
      '<function='.repeat(HUGE / 10),
      '<function=a>'.repeat(HUGE / 12),
      '<function=a>{'.repeat(HUGE / 13),
      '</function>'.repeat(HUGE / 11),
      '<function=a>{"x": "'.repeat(HUGE / 18),
    ]) {
      expect(parse('functionary-v31', text).requests.length).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('Granite 20B FC', () => {
  const two =
    '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}'

  it('reads one call after prose', () => {
    const text =
      'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}'
    const result = parse('granite-20b-fc', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo' } }])
    expect([result.requests[0]?.start, result.requests[0]?.end]).toEqual([text.indexOf('<function_call>'), text.length])
  })

  it('reads several calls and every JSON type', () => {
    expect(calls(parse('granite-20b-fc', two)).map((c) => c.name)).toEqual(['get_weather', 'get_time'])
    const typed =
      '<function_call> {\n  "name": "test_function",\n  "arguments": {"int_field": 42, "float_field": 3.14, "bool_field": true, "null_field": null, "array_field": ["a"], "object_field": {"nested": "value"}}\n}'
    expect(calls(parse('granite-20b-fc', typed))[0]?.arguments).toEqual({
      int_field: 42,
      float_field: 3.14,
      bool_field: true,
      null_field: null,
      array_field: ['a'],
      object_field: { nested: 'value' },
    })
  })

  it('finds no call in prose or bare JSON', () => {
    expect(parse('granite-20b-fc', 'This is a regular response. {"name": "func", "arguments": {}}').requests).toEqual(
      [],
    )
  })

  it('claims <function_call> followed by an object', () => {
    expect(claims(granite20bFcFormat, two, '<function_call>')).toBe(true)
    expect(claims(granite20bFcFormat, '<function_call> [1]', '<function_call>')).toBe(false)
  })

  it('diagnoses a list where one object belongs, at its place', () => {
    const text = '<function_call> [{"name": "func", "arguments": {}}]'
    const result = parse('granite-20b-fc', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-call')
    expect(error?.message).toMatch(/^Granite 20B FC: /)
    expect(error?.offset).toBe(text.indexOf('['))
  })

  it('diagnoses a name that is no string, and text between calls', () => {
    expect(codes(parse('granite-20b-fc', '<function_call> {"name": 123}'))).toEqual(['missing-tool-name'])
    const text = '<function_call> {"name": "a", "arguments": {}} oops\n<function_call> {"name": "b", "arguments": {}}'
    const result = parse('granite-20b-fc', text)
    expect(result.requests).toHaveLength(2)
    expect(result.diagnostics.find((d) => d.code === 'text-between-calls')?.offset).toBe(text.indexOf('oops'))
  })

  it('takes a call cut off by the end of the text as invalid, with a warning', () => {
    const result = parse('granite-20b-fc', '<function_call> {"name": "func", "arguments": {')
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([['func', false]])
    expect(codes(result)).toContain('unclosed-call')
  })

  it('streams: the name shows before the object closes, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('granite-20b-fc', 'Checking.\n' + two)
    expectNameBeforeClose('granite-20b-fc', two, 'get_weather', two.indexOf('}}') + 2)
  })

  it('finishes on hostile shapes', () => {
    for (const text of [
      '<function_call>'.repeat(HUGE / 15),
      '<function_call> {'.repeat(HUGE / 17),
      '<function_call> {"name": "a", "arguments": {}}'.repeat(HUGE / 46),
      '<function_call> {"name": "'.repeat(HUGE / 26),
    ]) {
      expect(parse('granite-20b-fc', text).requests.length).toBeGreaterThanOrEqual(0)
    }
  })
})

describe.each(jsonBareFormats.map((f) => [f.id, f] as const))('%s streaming over many calls', (_id, format) => {
  it('settles each call as it closes and equals one-shot', () => expectManyCallsStream(format))
})

/** Fed `size` characters at a time: the requests the stream settled, and end()'s. */
function settledAndEnd(format: string, text: string, size: number) {
  const parser = createStreamParser(format, {})
  const settled: ParsedRequest[] = []
  for (let i = 0; i < text.length; i += size)
    for (const e of parser.feed(text.slice(i, i + size))) if (e.type === 'block-close') settled.push(e.request)
  return { settled, end: parser.end().requests }
}

/** A settled card is final: end() returns the very same request (span, name, arguments, diagnostics). */
function expectSettledInEnd(format: string, text: string, size: number): void {
  const { settled, end } = settledAndEnd(format, text, size)
  for (const request of settled) {
    const same = end.find((r) => r.requestId === request.requestId)
    const where = `${format}, chunks of ${size}`
    expect(same && [same.start, same.end, same.toolName, same.arguments], where).toEqual([
      request.start,
      request.end,
      request.toolName,
      request.arguments,
    ])
    expect(same, where).toEqual(request)
  }
}

describe('a call list whose first item is broken, with an opener nested in it', () => {
  const inner = '{"name": "calc_evaluate", "arguments": {"expression": "6*7"}}'
  // The list closes at a stray `}` after a slip; the text after it must not change the settled call.
  const tail = '@9U},}}]"get_weather"'

  it('FireFunction v2: the card settled in chunks of 5 is the one end() returns', () => {
    const text = ` functools[{$$ functools[${inner}]${tail}`
    expectSettledInEnd('firefunction-v2', text, 5)
    expect(checkNativeCase({ format: 'firefunction-v2', text }, { size: 5 })).toBeNull()
  })

  it.each([
    ['firefunction-v2', ` functools[{"name": "calc_evaluate", "arguments":  functools[${inner}]${tail}`],
    ['phi4-mini', `functools[{$$ functools[${inner}]${tail}`],
    ['llama3-json', `<|python_tag|>[{$$ <|python_tag|>[${inner}]${tail}`],
    ['xlam', `[{"name": "a" $$ [${inner}]${tail}`],
  ])('%s: every settled card is in end(), in chunks of 1 to 8', (format, text) => {
    expect(settledAndEnd(format, text, 1).settled.length, 'the broken call settles').toBeGreaterThan(0)
    for (let size = 1; size <= 8; size++) {
      expectSettledInEnd(format, text, size)
      expect(checkNativeCase({ format, text }, { size }), `chunks of ${size}`).toBeNull()
    }
  })

  it('quotes what follows the slip only up to the end of the list', () => {
    const text = 'functools[{"name": "a", "arguments": {}}, 7] and then the weather'
    const error = parse('phi4-mini', text).diagnostics.find((d) => d.code === 'invalid-call')
    expect(error?.message).toMatch(/; found "7\]"\.$/)
  })
})

describe('a {"tool_calls": [...]} block belongs to the JSON block paradigm', () => {
  const block =
    '{"tool_calls": [{"name": "plan_route", "arguments": {"a": 1}}, {"name": "plan_route", "arguments": {"a": 2}}]}'
  const fenced = '```json\n{"tool_calls": [{"name": "plan_route", "arguments": {"stops": ["Berlin", "Munich"]}}]}\n```'
  const tools = [{ type: 'function', function: { name: 'plan_route', parameters: {} } }]
  const hints = [
    { tools },
    { model: 'xLAM-2-8b-fc-r' },
    { model: 'Llama-3.1-8B-Instruct' },
    { model: 'Llama-3.1-8B-Instruct', tools },
  ]
  for (const [name, text, calls] of [
    ['bare', block, 2],
    ['fenced', fenced, 1],
  ] as const) {
    for (const hint of hints) {
      it(`reads the ${name} block as json with ${JSON.stringify(hint).slice(0, 60)}`, () => {
        const result = parseToolRequests(text, 'auto', hint)
        expect(result.detected?.filter((d) => d.requests > 0).map((d) => d.id)).toEqual(['json'])
        expect(result.requests).toHaveLength(calls)
      })
    }
  }

  it('still reads a bare xLAM list and a bare Llama 3 object', () => {
    const list = '[{"name": "plan_route", "arguments": {"a": 1}}]'
    expect(parseToolRequests(list, 'auto', { tools }).detected?.[0]?.id).toBe('xlam')
    const object = 'Calling it now: {"name": "plan_route", "parameters": {"a": 1}}'
    expect(parseToolRequests(object, 'auto', { tools }).detected?.[0]?.id).toBe('llama3-json')
  })
})
