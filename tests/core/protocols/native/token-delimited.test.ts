import { describe, expect, it } from 'vitest'
import { calls, codes, expectManyCallsStream, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'
import { tokenDelimitedFormats } from '../../../../src/core/protocols/native/formats/token-delimited'
import { nativeFormatParser } from '../../../../src/core/protocols/native/registry'
import type { FormatContext } from '../../../../src/core/protocols/native/format'
import { toolHints } from '../../../../src/core/protocols/native/tool-hints'

const context: FormatContext = { tools: toolHints([]), trusted: false }
const claims = (id: string, text: string, opener: string, at = text.indexOf(opener)): boolean =>
  nativeFormatParser(id)!.format.claims(text, at, opener, context)

/** Streams the text with prose after it (so the stream previews once more) and counts the settled calls. */
function settledCalls(id: string, text: string, size: number): number {
  return streamEvents(id, text + '\n' + 'Waiting for the results. '.repeat(8), size).filter(
    (e) => e.type === 'block-close',
  ).length
}

/** The name of the first call shows in the stream before `marker` has arrived. */
function expectNameBefore(id: string, text: string, name: string, marker: string): void {
  const events = streamEvents(id, text, 4)
  const shown = events.find((e) => e.key === 'tool_name' && e.value === name)
  expect(shown, `${name} shown`).toBeDefined()
  expect(shown!.at).toBeLessThanOrEqual(text.indexOf(marker))
}

const OPEN = '<｜tool▁calls▁begin｜>'
const CLOSE = '<｜tool▁calls▁end｜>'
const CALL = '<｜tool▁call▁begin｜>'
const SEP = '<｜tool▁sep｜>'
const END = '<｜tool▁call▁end｜>'

describe('DeepSeek V3', () => {
  const v3 = (name: string, args: string): string => `${CALL}function${SEP}${name}\n\`\`\`json\n${args}\n\`\`\`${END}`
  const one = `${OPEN}${v3('get_weather', '{"city": "Tokyo", "unit": "celsius"}')}${CLOSE}`
  const two = `Let me check.${OPEN}${v3('get_weather', '{"city": "Tokyo"}')}\n${v3('search_hotels', '{"location": "Tokyo", "check_in": "2025-01-15"}')}${CLOSE}`

  it('reads one call, the name on its line and the arguments in the json fence', () => {
    const result = parse('deepseek-v3', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo', unit: 'celsius' } }])
    expect(result.requests[0]?.valid).toBe(true)
    expect(result.requests[0]?.start).toBe(OPEN.length)
    expect(codes(result)).toEqual([])
  })

  it('reads several calls in one section', () => {
    expect(calls(parse('deepseek-v3', two))).toEqual([
      { name: 'get_weather', arguments: { city: 'Tokyo' } },
      { name: 'search_hotels', arguments: { location: 'Tokyo', check_in: '2025-01-15' } },
    ])
  })

  it('finds no call in prose, even prose that names the tokens', () => {
    const result = parse('deepseek-v3', `DeepSeek writes ${CALL} and then function${SEP} before the name.`)
    expect(result.requests).toEqual([])
  })

  it('diagnoses invalid JSON arguments at their place, and keeps the name', () => {
    const text = `${OPEN}${CALL}function${SEP}get_weather\n\`\`\`json\n{"city": Tokyo}\n\`\`\`${END}${CLOSE}`
    const result = parse('deepseek-v3', text)
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^DeepSeek V3: /)
    expect(error?.offset).toBe(text.indexOf('Tokyo}'))
  })

  it('takes a call cut off by the end of the text, with warnings', () => {
    const result = parse('deepseek-v3', one.slice(0, one.indexOf('\n```' + END)))
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo', unit: 'celsius' } }])
    expect(codes(result)).toEqual(['unclosed-section', 'unclosed-call'])
  })

  it('reads a call whose <｜tool▁call▁begin｜> is missing (R1), with a warning', () => {
    const text = `${OPEN}function${SEP}get_weather\n\`\`\`json\n{"city": "Tokyo"}\n\`\`\`${END}${CLOSE}`
    const result = parse('deepseek-v3', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo' } }])
    expect(codes(result)).toEqual(['missing-call-begin'])
  })

  it('reads the arguments without a fence, with a warning', () => {
    const text = `${OPEN}${CALL}function${SEP}get_weather\n{"city": "Tokyo"}${END}${CLOSE}`
    const result = parse('deepseek-v3', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Tokyo' } }])
    expect(codes(result)).toEqual(['missing-code-fence'])
    expect(result.diagnostics[0]?.offset).toBe(text.indexOf('{'))
  })

  it('flags text between calls and a call without arguments', () => {
    const text = `${OPEN}${v3('a', '{}')} stray ${CALL}function${SEP}b${END}${CLOSE}`
    const result = parse('deepseek-v3', text)
    expect(codes(result)).toEqual(['text-between-calls', 'missing-arguments'])
    expect(result.diagnostics[0]?.offset).toBe(text.indexOf('stray'))
    expect(result.requests.map((r) => r.valid)).toEqual([true, false])
  })

  it('claims the place only when the call reads function<｜tool▁sep｜>', () => {
    expect(claims('deepseek-v3', one, OPEN)).toBe(true)
    expect(claims('deepseek-v31', one, OPEN)).toBe(false)
    expect(claims('deepseek-v3', `${OPEN}${CALL}func`, OPEN)).toBe(true)
    expect(claims('deepseek-v31', `${OPEN}${CALL}func`, OPEN)).toBe(false)
    expect(claims('deepseek-v3', OPEN, OPEN)).toBe(false)
    expect(claims('deepseek-v31', OPEN, OPEN)).toBe(false)
  })

  it('streams: the name shows before the arguments end, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('deepseek-v3', two)
    expectNameBefore('deepseek-v3', two, 'get_weather', '{"city"')
    expect(settledCalls('deepseek-v3', two, 7)).toBe(2)
  })

  it('finishes on hostile text built from its pieces', () => {
    expect(parse('deepseek-v3', OPEN + CALL.repeat(10_000)).requests).toHaveLength(10_000)
    expect(parse('deepseek-v3', OPEN + `function${SEP}`.repeat(10_000)).requests.length).toBeGreaterThan(0)
    expect(
      parse('deepseek-v3', (OPEN + CALL + 'function' + SEP + 'f\n```json\n{').repeat(3_000)).requests,
    ).toHaveLength(3_000)
  })
})

describe('DeepSeek V3.1', () => {
  const one = `${OPEN}${CALL}foo${SEP}{"x":1}${END}${CLOSE}`
  const two = `some prefix text${OPEN}${CALL}get_weather${SEP}{"city": "Paris"}${END}${CALL}bar${SEP}{"y":2}${END}${CLOSE} some suffix text`

  it('reads one call', () => {
    const result = parse('deepseek-v31', one)
    expect(calls(result)).toEqual([{ name: 'foo', arguments: { x: 1 } }])
    expect(codes(result)).toEqual([])
  })

  it('reads several calls with text around the section', () => {
    const result = parse('deepseek-v31', two)
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'bar', arguments: { y: 2 } },
    ])
    expect(codes(result)).toEqual([])
  })

  it('finds no call in prose or in a section with no call in it', () => {
    expect(parse('deepseek-v31', `V3.1 writes NAME${SEP}{json} inside a section.`).requests).toEqual([])
    const cut = parse('deepseek-v31', `Let me look that up.${OPEN}get_weather`)
    expect(cut.requests).toEqual([])
    expect(codes(cut)).toEqual(['unclosed-section', 'text-between-calls'])
  })

  it('diagnoses invalid JSON arguments and a missing name at their places', () => {
    const text = `${OPEN}${CALL}foo${SEP}{"x": 1,, }${END}${CALL}${SEP}{}${END}${CLOSE}`
    const result = parse('deepseek-v31', text)
    const error = result.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^DeepSeek V3\.1: the arguments are not valid JSON/)
    expect(error?.offset).toBe(text.indexOf(',, }') + 1)
    const missing = result.diagnostics.find((d) => d.code === 'missing-tool-name')
    expect(missing?.offset).toBe(text.lastIndexOf(CALL))
    expect(result.requests.map((r) => r.valid)).toEqual([false, false])
  })

  it('takes a call cut off by the end of the text', () => {
    const result = parse('deepseek-v31', `${OPEN}${CALL}foo${SEP}{"x":1}`)
    expect(calls(result)).toEqual([{ name: 'foo', arguments: { x: 1 } }])
    expect(codes(result)).toEqual(['unclosed-section', 'unclosed-call'])
  })

  it('reads a V3-shaped call too (one reader for both layouts)', () => {
    const text = `${OPEN}${CALL}function${SEP}foo\n\`\`\`json\n{"x":1}\n\`\`\`${END}${CLOSE}`
    expect(calls(parse('deepseek-v31', text))).toEqual([{ name: 'foo', arguments: { x: 1 } }])
  })

  it('streams: the name shows before the arguments end, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('deepseek-v31', two)
    expectNameBefore('deepseek-v31', two, 'get_weather', '"Paris"')
    expect(settledCalls('deepseek-v31', two, 5)).toBe(2)
  })

  it('finishes on hostile text built from its pieces', () => {
    expect(parse('deepseek-v31', OPEN.repeat(10_000)).requests).toEqual([])
    expect(parse('deepseek-v31', OPEN + (CALL + 'f' + SEP + '{"a":').repeat(8_000)).requests).toHaveLength(8_000)
    expect(parse('deepseek-v31', OPEN + SEP.repeat(20_000)).requests.length).toBeLessThanOrEqual(1)
  })
})

describe('Harmony (gpt-oss)', () => {
  const one =
    '<|channel|>analysis<|message|>Need to use function get_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>'
  const two =
    '<|channel|>analysis<|message|>Two lookups.<|end|>' +
    '<|start|>assistant<|channel|>commentary<|message|>I will check both.<|end|>' +
    '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Tokyo"}<|call|>' +
    '<|start|>assistant to=functions.get_user_location<|channel|>commentary json<|message|>{}<|call|>'

  it('reads a call in the commentary channel, not the analysis text', () => {
    const result = parse('harmony', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { location: 'San Francisco' } }])
    expect(result.requests[0]?.start).toBe(one.indexOf('<|start|>'))
    expect(result.requests[0]?.end).toBe(one.length)
    expect(codes(result)).toEqual([])
  })

  it('reads several calls, the recipient in the channel part or in the role part', () => {
    expect(calls(parse('harmony', two))).toEqual([
      { name: 'get_weather', arguments: { location: 'Tokyo' } },
      { name: 'get_user_location', arguments: {} },
    ])
    // The prompt ends with <|start|>assistant, so a reply may begin with the role-part recipient.
    expect(
      calls(
        parse('harmony', ' to=functions.get_weather<|channel|>commentary json<|message|>{"location": "SF"}<|call|>'),
      ),
    ).toEqual([{ name: 'get_weather', arguments: { location: 'SF' } }])
  })

  it('finds no call in final answers, tool replies or prose about the syntax', () => {
    expect(
      parse(
        'harmony',
        '<|channel|>analysis<|message|>Easy.<|end|><|start|>assistant<|channel|>final<|message|>It is 42.<|return|>',
      ).requests,
    ).toEqual([])
    expect(
      parse(
        'harmony',
        '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"sunny": true}<|end|>',
      ).requests,
    ).toEqual([])
    expect(
      parse(
        'harmony',
        'Messages start with <|start|> and the recipient goes in to=functions.NAME after <|channel|>commentary in the header.',
      ).requests,
    ).toEqual([])
  })

  it('marks a call in the analysis channel, and a built-in tool, by diagnostics', () => {
    const text =
      '<|channel|>analysis to=functions.get_weather<|message|>{"location": "Paris"}<|call|><|start|>assistant<|channel|>analysis to=python<|message|>print(6*7)<|call|>'
    const result = parse('harmony', text)
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris' } },
      { name: 'python', arguments: { code: 'print(6*7)' } },
    ])
    expect(codes(result)).toEqual(['call-in-analysis', 'call-in-analysis', 'builtin-tool'])
    expect(result.diagnostics[0]?.message).toMatch(/^gpt-oss Harmony: this call is written in the analysis channel/)
    expect(result.diagnostics[2]?.offset).toBe(text.indexOf('python'))
  })

  it('diagnoses invalid JSON arguments at their place', () => {
    const text =
      '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": Paris}<|call|>'
    const result = parse('harmony', text)
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^gpt-oss Harmony: /)
    expect(error?.offset).toBe(text.indexOf('Paris}'))
  })

  it('takes a call cut off by the end of the text or by the next message, and flags the end token', () => {
    const cut = parse('harmony', one.slice(0, -'<|call|>'.length))
    expect(calls(cut)).toEqual([{ name: 'get_weather', arguments: { location: 'San Francisco' } }])
    expect(codes(cut)).toEqual(['unclosed-call'])
    const ended = parse('harmony', one.replace('<|call|>', '<|end|>'))
    expect(codes(ended)).toEqual(['call-end-token'])
    const header = parse(
      'harmony',
      '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json',
    )
    expect(header.requests[0]?.toolName).toBe('get_weather')
    expect(codes(header)).toEqual(['unclosed-call', 'missing-arguments'])
  })

  it('claims an opener whose header names a recipient', () => {
    expect(claims('harmony', two, '<|start|>', two.indexOf('<|start|>assistant<|channel|>commentary to='))).toBe(true)
    expect(claims('harmony', two, '<|channel|>', 0)).toBe(false)
    expect(claims('harmony', '<|channel|>', '<|channel|>')).toBe(true)
    expect(claims('harmony', '<|start|>user<|message|>hi', '<|start|>')).toBe(false)
  })

  it('streams: the name shows before the arguments end, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('harmony', two)
    expectNameBefore('harmony', two, 'get_weather', '<|call|>')
    expect(settledCalls('harmony', two, 6)).toBe(2)
  })

  it('finishes on hostile text built from its pieces', () => {
    expect(
      parse('harmony', '<|start|>assistant<|channel|>commentary to=functions.f'.repeat(4_000)).requests.length,
    ).toBeLessThanOrEqual(1)
    expect(
      parse('harmony', '<|channel|>commentary to=functions.f<|message|>{"a":'.repeat(4_000)).requests,
    ).toHaveLength(4_000)
    expect(parse('harmony', ' to=' + '<|'.repeat(100_000)).requests).toEqual([])
  })
})

describe('Mistral', () => {
  const v11 =
    'Let me check.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_time[ARGS]{"zone": "Europe/Paris"}'
  const array =
    '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}, "id": "a1B2c3D4e"}, {"name": "get_time", "arguments": {}, "id": "Z9y8X7w6v"}]'

  it('reads one call in each shape, and the ids it carries', () => {
    expect(calls(parse('mistral', '[TOOL_CALLS]add[ARGS]{"a": 3.5, "b": 4}'))).toEqual([
      { name: 'add', arguments: { a: 3.5, b: 4 } },
    ])
    expect(calls(parse('mistral', '[TOOL_CALLS]add{"a": 3.5}'))).toEqual([{ name: 'add', arguments: { a: 3.5 } }])
    const withId = parse('mistral', '[TOOL_CALLS]add[CALL_ID]a1B2c3D4e[ARGS]{"a": 1}')
    expect(calls(withId)).toEqual([{ name: 'add', arguments: { a: 1 } }])
    expect(withId.requests[0]?.requestId).toBe('a1B2c3D4e')
    expect(codes(withId)).toEqual([])
  })

  it('reads several calls: one token per call (v11) or one array (before v11)', () => {
    expect(calls(parse('mistral', v11))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_time', arguments: { zone: 'Europe/Paris' } },
    ])
    const result = parse('mistral', array)
    expect(calls(result)).toEqual([
      { name: 'add', arguments: { a: 3.5, b: 4 } },
      { name: 'get_time', arguments: {} },
    ])
    expect(result.requests.map((r) => r.requestId)).toEqual(['a1B2c3D4e', 'Z9y8X7w6v'])
  })

  it('finds no call in prose', () => {
    expect(parse('mistral', 'Mistral models put a TOOL_CALLS token before a JSON array of calls.').requests).toEqual([])
  })

  it('diagnoses invalid arguments, a missing name and an unusual id', () => {
    const text = '[TOOL_CALLS]get_weather[ARGS]{"city": Paris}'
    const bad = parse('mistral', text)
    expect(bad.requests[0]?.toolName).toBe('get_weather')
    const error = bad.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^Mistral: /)
    expect(error?.offset).toBe(text.indexOf('Paris}'))
    const nameless = parse('mistral', 'x [TOOL_CALLS][ARGS]{"a": 1}')
    expect(codes(nameless)).toEqual(['missing-tool-name'])
    expect(nameless.diagnostics[0]?.offset).toBe(2)
    expect(codes(parse('mistral', '[TOOL_CALLS]f[CALL_ID]call_1[ARGS]{}'))).toEqual(['unusual-call-id'])
    const broken = parse('mistral', '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 1},]')
    expect(broken.requests[0]?.toolName).toBe('add')
  })

  it('takes a call cut off by the end of the text', () => {
    const result = parse('mistral', '[TOOL_CALLS]add[ARGS]{"a": 3')
    expect(result.requests[0]?.toolName).toBe('add')
    expect(result.requests[0]?.valid).toBe(false)
    expect(codes(result)).toEqual(['unclosed-call', 'invalid-arguments'])
    expect(codes(parse('mistral', '[TOOL_CALLS]add'))).toEqual(['missing-arguments'])
    const array = parse(
      'mistral',
      '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 1}}, {"name": "get_time", "arguments": {"zone": "U',
    )
    expect(array.requests.map((r) => [r.toolName, r.valid])).toEqual([
      ['add', true],
      ['get_time', false],
    ])
    expect(codes(array)).toEqual(['unclosed-section', 'unclosed-call', 'invalid-json'])
  })

  it('claims [TOOL_CALLS], also right after it', () => {
    expect(claims('mistral', '[TOOL_CALLS]', '[TOOL_CALLS]')).toBe(true)
  })

  it('streams: the name shows before the arguments end, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('mistral', v11)
    expectStreamingEqualsOneShot('mistral', array)
    expectNameBefore('mistral', v11, 'get_weather', '"Paris"')
    expectNameBefore('mistral', array, 'add', '"b"')
    expect(settledCalls('mistral', array, 4)).toBe(2)
    expect(settledCalls('mistral', v11, 3)).toBe(2)
  })

  it('finishes on hostile text built from its pieces', () => {
    expect(parse('mistral', '[TOOL_CALLS]'.repeat(17_000)).requests).toHaveLength(17_000)
    expect(parse('mistral', '[TOOL_CALLS]f[ARGS]{"a": ['.repeat(8_000)).requests).toHaveLength(8_000)
    expect(parse('mistral', '[TOOL_CALLS] [' + '['.repeat(200_000)).requests).toHaveLength(1)
  })
})

describe('Functionary v3.2', () => {
  const two = 'all\nLet me check.>>>get_weather\n{"city": "Paris"}>>>get_time\n{"zone": "UTC"}'

  it('reads one call, also when its >>> was in the prompt', () => {
    expect(calls(parse('functionary-v32', '>>>get_weather\n{"city": "Paris"}'))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ])
    expect(calls(parse('functionary-v32', 'get_weather\n{"city": "Paris"}'))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ])
  })

  it('reads several calls after >>>all text', () => {
    const result = parse('functionary-v32', two)
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_time', arguments: { zone: 'UTC' } },
    ])
    expect(codes(result)).toEqual([])
  })

  it('finds no call in >>>all text or in prose with REPL prompts', () => {
    expect(parse('functionary-v32', '>>>all\nIn a REPL you type >>>print(1) or >>> 2+2.').requests).toEqual([])
  })

  it('reads python as raw code', () => {
    expect(calls(parse('functionary-v32', '>>>python\nprint(6*7)\n'))).toEqual([
      { name: 'python', arguments: { code: 'print(6*7)' } },
    ])
  })

  it('diagnoses invalid arguments and a call with none', () => {
    const text = '>>>get_weather\n{"city": Paris}'
    const result = parse('functionary-v32', text)
    const error = result.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^Functionary v3\.2: /)
    expect(error?.offset).toBe(text.indexOf('Paris}'))
    const none = parse('functionary-v32', '>>>get_weather\nParis please>>>all\nok')
    expect(codes(none)).toEqual(['missing-arguments'])
    expect(none.requests[0]?.valid).toBe(false)
  })

  it('takes a call cut off by the end of the text', () => {
    const result = parse('functionary-v32', '>>>get_weather\n{"city": "Par')
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(codes(result)).toEqual(['unclosed-call', 'invalid-arguments'])
  })

  it('claims >>> only before a call', () => {
    expect(claims('functionary-v32', two, '>>>')).toBe(true)
    expect(claims('functionary-v32', '>>>all\nhi', '>>>')).toBe(false)
    expect(claims('functionary-v32', '>>>', '>>>')).toBe(false)
    expect(claims('functionary-v32', '>>> print(1)', '>>>')).toBe(false)
  })

  it('streams: the name shows before the arguments end, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('functionary-v32', two)
    expectNameBefore('functionary-v32', two, 'get_weather', '"Paris"')
    expect(settledCalls('functionary-v32', two, 3)).toBe(2)
  })

  it('finishes on hostile text built from its pieces', () => {
    expect(parse('functionary-v32', '>>>f\n{"a": ['.repeat(20_000)).requests).toHaveLength(20_000)
    expect(parse('functionary-v32', '>>>'.repeat(70_000)).requests).toEqual([])
  })
})

describe.each(tokenDelimitedFormats.map((f) => [f.id, f] as const))('%s streaming over many calls', (_id, format) => {
  // Functionary v3.2 keeps its whole reply open: `>>>` may begin inside a `<think>` tag.
  it('settles each call as it closes and equals one-shot', () =>
    expectManyCallsStream(format, { putsAside: format.id !== 'functionary-v32' }))
})
