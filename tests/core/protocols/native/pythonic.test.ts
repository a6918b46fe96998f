import { describe, expect, it } from 'vitest'
import { calls, codes, expectManyCallsStream, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'
import { createNativeParser, contextFor } from '../../../../src/core/protocols/native/protocol'
import {
  pythonicFormat,
  pythonicFormats,
  llama3BuiltinFormat,
} from '../../../../src/core/protocols/native/formats/pythonic'

// Model outputs from vLLM's pythonic parser tests (Llama 3.2's documented response format).
const SIMPLE = "get_weather(city='San Francisco', metric='celsius')"
const MORE_TYPES =
  "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])"
const ESCAPED = String.raw`get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')`
const SIMPLE_ARGS = { city: 'San Francisco', metric: 'celsius' }
const MORE_ARGS = {
  name: 'John Doe',
  age: 37,
  address: { city: 'San Francisco', state: 'CA' },
  role: null,
  passed_test: true,
  aliases: ['John', 'Johnny'],
}

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        metric: { type: 'string' },
        detailed: { type: 'boolean' },
      },
    },
  },
}

describe('Pythonic (bare lists)', () => {
  it('reads one call, and the types Python literals carry', () => {
    const result = parse('pythonic', `[${MORE_TYPES}]`)
    expect(calls(result)).toEqual([{ name: 'register_user', arguments: MORE_ARGS }])
    expect(result.requests[0]?.valid).toBe(true)
    expect(result.requests[0]?.start).toBe(0)
    expect(result.requests[0]?.end).toBe(MORE_TYPES.length + 2)
    expect(codes(result)).toEqual([])
  })

  it('reads several calls, each with its own span', () => {
    const text = `[${SIMPLE}, ${MORE_TYPES}]`
    const result = parse('pythonic', text)
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: SIMPLE_ARGS },
      { name: 'register_user', arguments: MORE_ARGS },
    ])
    expect(result.requests[1]?.rawBlock).toBe(MORE_TYPES)
  })

  it('reads strings with escapes, both quotes, triple quotes, prefixes and joined literals', () => {
    expect(calls(parse('pythonic', `[${ESCAPED}]`))[0]?.arguments).toEqual({
      city: "Martha's Vineyard",
      metric: '"cool units"',
    })
    const text = String.raw`[f(a="""two
lines""", b=r'C:\temp', c='x' "y", d='\u00e9\n\x41', e=-1.5e3, f=0x1F, g=(1, 2), h={1, 2}, i={}, j=[], k=1_000)]`
    expect(calls(parse('pythonic', text))[0]?.arguments).toEqual({
      a: 'two\nlines',
      b: 'C:\\temp',
      c: 'xy',
      d: 'é\nA',
      e: -1500,
      f: 31,
      g: [1, 2],
      h: [1, 2],
      i: {},
      j: [],
      k: 1000,
    })
  })

  it('reads parameterless calls and JSON spellings of the literals', () => {
    expect(calls(parse('pythonic', '[get_weather(), f(x=true, y=null)]'))).toEqual([
      { name: 'get_weather', arguments: {} },
      { name: 'f', arguments: { x: true, y: null } },
    ])
  })

  it('finds no call in prose, nor in a list quoted inside a sentence', () => {
    expect(parse('pythonic', 'How can I help you today?').requests).toEqual([])
    expect(parse('pythonic', 'Llama writes calls like [get_weather(city="Paris")] in its answers.').requests).toEqual(
      [],
    )
    expect(parse('pythonic', 'See [the docs](https://example.com) and [1, 2].').requests).toEqual([])
  })

  it('without a model hint, keeps only calls of the tools given (and claims only those)', () => {
    const untrusted = createNativeParser(pythonicFormat, false)
    const text = '[get_weather(city="Paris")]'
    expect(untrusted.parseToolRequests(text).requests).toEqual([])
    expect(untrusted.parseToolRequests('call [foo(x=1)]').requests).toEqual([])
    expect(untrusted.parseToolRequests(text, { tools: [weatherTool] }).requests.map((r) => r.toolName)).toEqual([
      'get_weather',
    ])
    expect(pythonicFormat.claims(text, 0, '[', contextFor({}, false))).toBe(false)
    expect(pythonicFormat.claims(text, 0, '[', contextFor({ tools: [weatherTool] }, false))).toBe(true)
    expect(
      pythonicFormat.claims('see [get_weather(city="x")]', 4, '[', contextFor({ tools: [weatherTool] }, false)),
    ).toBe(false)
  })

  it('diagnoses a nested call, a name, a positional argument and bytes at their place; good siblings stay valid', () => {
    const text = '[f(a=g(1)), h(1), k(a=x), bad(x=b"z"), get_weather(city="Paris")]'
    const result = parse('pythonic', text)
    expect(result.requests.map((r) => r.valid)).toEqual([false, false, false, false, true])
    const at = (code: string) => result.diagnostics.find((d) => d.code === code)
    expect(at('nested-call')?.offset).toBe(text.indexOf('g(1)'))
    expect(at('nested-call')?.message).toMatch(/^Pythonic: the argument `a`: arguments must be literals/)
    expect(at('positional-argument')?.offset).toBe(text.indexOf('h(1)') + 2)
    expect(at('not-a-literal')?.offset).toBe(text.indexOf('x)'))
    expect(at('invalid-literal')?.offset).toBe(text.indexOf('b"z"'))
  })

  it('rejects a number JSON cannot hold', () => {
    const result = parse('pythonic', '[calc(x=1e999)]')
    expect(result.requests[0]?.valid).toBe(false)
    expect(codes(result)).toEqual(['invalid-literal'])
  })

  it('takes a call cut off by the end of the text, with warnings', () => {
    const result = parse('pythonic', '[get_weather(city="Paris", days=3')
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', days: 3 } }])
    expect(result.requests[0]?.valid).toBe(true)
    expect(codes(result)).toEqual(['unclosed-list', 'unclosed-call'])
    const cut = parse('pythonic', '[get_weather(city="Par')
    expect(cut.requests[0]?.valid).toBe(false)
    expect(codes(cut)).toContain('unclosed-string')
  })

  it('types values by the schema: an integer-looking string is read, a wrong type is a warning at the value', () => {
    const text = '[get_weather(city="Paris", days="3", detailed="maybe", metric=5)]'
    const result = parse('pythonic', text, { tools: [weatherTool] })
    expect(calls(result)[0]?.arguments).toEqual({ city: 'Paris', days: 3, detailed: 'maybe', metric: 5 })
    const warnings = result.diagnostics.filter((d) => d.code === 'argument-type')
    expect(warnings.map((d) => d.offset)).toEqual([text.indexOf('"maybe"'), text.indexOf('5)')])
    expect(warnings[1]?.message).toBe('Pythonic: the argument `metric` is an integer, but the tool declares string.')
  })

  it('warns on a repeated argument and keeps the last value', () => {
    const result = parse('pythonic', '[f(a=1, a=2)]')
    expect(calls(result)[0]?.arguments).toEqual({ a: 2 })
    expect(codes(result)).toEqual(['duplicate-argument'])
  })

  it('resolves a dotted name to a known tool', () => {
    expect(calls(parse('pythonic', '[default_api.get_weather(city="x")]'))[0]?.name).toBe('get_weather')
    expect(calls(parse('pythonic', '[tools.get_weather(city="x")]', { tools: [weatherTool] }))[0]?.name).toBe(
      'get_weather',
    )
    expect(calls(parse('pythonic', '[tools.get_weather(city="x")]'))[0]?.name).toBe('tools.get_weather')
  })

  it('streams: the name shows before the call closes, and end() equals one-shot', () => {
    const text = `Sure.\n[${SIMPLE}, get_time(zone="Europe/Paris")]\nI will report back once both answers are in.`
    expectStreamingEqualsOneShot('pythonic', text)
    const events = streamEvents('pythonic', text, 4)
    const name = events.find((e) => e.key === 'tool_name' && e.value === 'get_weather')
    expect(name!.at).toBeLessThan(text.indexOf(')'))
    expect(events.filter((e) => e.type === 'block-close')).toHaveLength(2)
  })
})

describe('Llama 4', () => {
  const one = '<|python_start|>[get_weather(city="Paris")]<|python_end|>'

  it('reads a call inside its markers, the block as its span', () => {
    const result = parse('llama4-pythonic', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(result.requests[0]?.rawBlock).toBe(one)
  })

  it('reads several calls, and the bare list when chosen by id', () => {
    expect(
      calls(parse('llama4-pythonic', `<|python_start|>[${SIMPLE}, ${MORE_TYPES}]<|python_end|>`)).map((c) => c.name),
    ).toEqual(['get_weather', 'register_user'])
    expect(calls(parse('llama4-pythonic', `[${SIMPLE}]`))).toEqual([{ name: 'get_weather', arguments: SIMPLE_ARGS }])
  })

  it('without a hint reads only the marked blocks', () => {
    const untrusted = createNativeParser(pythonicFormats[1]!, false)
    expect(untrusted.parseToolRequests(`[${SIMPLE}]\n${one}`).requests.map((r) => r.toolName)).toEqual(['get_weather'])
    expect(untrusted.parseToolRequests(`[${SIMPLE}]\n${one}`).requests[0]?.start).toBe(SIMPLE.length + 3)
  })

  it('finds no call in prose that names the markers', () => {
    expect(parse('llama4-pythonic', 'Llama 4 opens code with <|python_start|> and closes it.').requests).toEqual([])
  })

  it('diagnoses a section left open and a bad literal', () => {
    const text = '<|python_start|>[get_weather(city=Paris)]'
    const result = parse('llama4-pythonic', text)
    expect(codes(result)).toEqual(['unclosed-section', 'not-a-literal'])
    const error = result.diagnostics.find((d) => d.code === 'not-a-literal')
    expect(error?.offset).toBe(text.indexOf('Paris'))
    expect(error?.message).toMatch(/^Llama 4: /)
  })

  it('streams like one-shot', () => {
    expectStreamingEqualsOneShot('llama4-pythonic', `Checking.${one}\nDone.`)
    const events = streamEvents('llama4-pythonic', one, 3)
    expect(events.find((e) => e.key === 'tool_name')!.at).toBeLessThan(one.indexOf('<|python_end|>'))
  })
})

describe('OLMo 3', () => {
  it('reads calls one per line, with JSON literals', () => {
    const text = `<function_calls>${SIMPLE}\n${MORE_TYPES.replace('None', 'null').replace('True', 'true')}</function_calls>`
    expect(calls(parse('olmo3', text))).toEqual([
      { name: 'get_weather', arguments: SIMPLE_ARGS },
      { name: 'register_user', arguments: MORE_ARGS },
    ])
  })

  it('reads one call with the block as its span', () => {
    const text = `<function_calls>\n${SIMPLE}\n</function_calls>`
    const result = parse('olmo3', text)
    expect(result.requests[0]?.start).toBe(0)
    expect(result.requests[0]?.end).toBe(text.length)
  })

  it('finds no call in prose', () => {
    expect(parse('olmo3', 'OLMo puts get_weather(city="x") between <function_calls> tags.').requests).toEqual([])
  })

  it('warns on text that is no call, and keeps the calls', () => {
    const text = `<function_calls>\nI will call:\n${SIMPLE}\n</function_calls>`
    const result = parse('olmo3', text)
    expect(calls(result).map((c) => c.name)).toEqual(['get_weather'])
    const warning = result.diagnostics.find((d) => d.code === 'text-between-calls')
    expect(warning?.offset).toBe(text.indexOf('I will'))
    expect(warning?.message).toMatch(/^OLMo 3: /)
  })

  it('types by schema', () => {
    const result = parse('olmo3', '<function_calls>get_weather(city="Paris", days="2")</function_calls>', {
      tools: [weatherTool],
    })
    expect(calls(result)[0]?.arguments).toEqual({ city: 'Paris', days: 2 })
  })

  it('streams like one-shot', () => {
    const text = `<function_calls>${SIMPLE}\nget_weather()\nregister_user(steps=[])</function_calls>`
    expectStreamingEqualsOneShot('olmo3', text)
    expect(streamEvents('olmo3', text, 5).filter((e) => e.type === 'block-close')).toHaveLength(3)
  })
})

describe('LFM2', () => {
  const one = '<|tool_call_start|>[get_weather(location="Paris")]<|tool_call_end|>The weather in Paris is sunny.'

  it('reads a pythonic call', () => {
    const result = parse('lfm2', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { location: 'Paris' } }])
    expect(result.requests[0]?.rawBlock).toBe('<|tool_call_start|>[get_weather(location="Paris")]<|tool_call_end|>')
  })

  it('reads several calls, and the JSON form', () => {
    expect(calls(parse('lfm2', '<|tool_call_start|>[a(x=1), b(y="2")]<|tool_call_end|>'))).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: '2' } },
    ])
    const json =
      '<|tool_call_start|>[{"name": "get_candidate_status", "arguments": {"candidate_id": "12345"}}]<|tool_call_end|>Checking.'
    expect(calls(parse('lfm2', json))).toEqual([{ name: 'get_candidate_status', arguments: { candidate_id: '12345' } }])
  })

  it('finds no call in prose', () => {
    expect(parse('lfm2', 'LFM2 wraps calls in <|tool_call_start|> tokens.').requests).toEqual([])
  })

  it('diagnoses an unclosed string inside a closed block as an error at the quote', () => {
    const text = '<|tool_call_start|>[get_weather(location="Paris)]<|tool_call_end|>'
    const result = parse('lfm2', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.severity === 'error')
    expect(error?.message).toMatch(/^LFM2: /)
    expect(error?.offset).toBe(text.indexOf('"Paris'))
  })

  it('types by schema', () => {
    const result = parse('lfm2', '<|tool_call_start|>[get_weather(city="Paris", detailed="true")]<|tool_call_end|>', {
      tools: [weatherTool],
    })
    expect(calls(result)[0]?.arguments).toEqual({ city: 'Paris', detailed: true })
  })

  it('streams like one-shot', () => {
    expectStreamingEqualsOneShot('lfm2', one)
    const events = streamEvents('lfm2', one, 4)
    expect(events.find((e) => e.key === 'tool_name')!.at).toBeLessThan(one.indexOf('<|tool_call_end|>'))
  })
})

describe('Gemma', () => {
  const one = 'I will look it up.\n```tool_code\nget_weather(city="London")\n```'

  it('reads a call in a tool_code fence, with the fence as its span', () => {
    const result = parse('gemma', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'London' } }])
    expect(result.requests[0]?.rawBlock).toBe('```tool_code\nget_weather(city="London")\n```')
  })

  it('reads print(default_api.NAME(...)) and several calls', () => {
    const text =
      '```tool_code\nprint(default_api.get_weather(city="London"))\nprint(default_api.get_time(zone="UTC"))\n```'
    expect(calls(parse('gemma', text))).toEqual([
      { name: 'get_weather', arguments: { city: 'London' } },
      { name: 'get_time', arguments: { zone: 'UTC' } },
    ])
  })

  it('finds no call in other fences or prose', () => {
    expect(
      parse('gemma', '```python\nget_weather(city="London")\n```\nI call get_weather(city="x").').requests,
    ).toEqual([])
  })

  it('diagnoses a positional argument', () => {
    const text = '```tool_code\nget_weather("London")\n```'
    const result = parse('gemma', text)
    const error = result.diagnostics.find((d) => d.code === 'positional-argument')
    expect(error?.offset).toBe(text.indexOf('"London"'))
    expect(error?.message).toMatch(/^Gemma: arguments must be written as `name=value`/)
  })

  it('types by schema', () => {
    expect(
      calls(parse('gemma', '```tool_code\nget_weather(city="x", days=2.0)\n```', { tools: [weatherTool] }))[0]
        ?.arguments,
    ).toEqual({ city: 'x', days: 2 })
  })

  it('streams like one-shot', () => {
    expectStreamingEqualsOneShot('gemma', one)
    expect(streamEvents('gemma', one, 4).find((e) => e.key === 'tool_name')!.at).toBeLessThan(one.lastIndexOf('```'))
  })
})

describe('FunctionGemma', () => {
  it('reads a call with <escape> strings (llama.cpp test outputs)', () => {
    const result = parse(
      'functiongemma',
      'Let me check that for you.<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>',
    )
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { location: 'London' } }])
    expect(result.requests[0]?.start).toBe('Let me check that for you.'.length)
    expect(
      calls(parse('functiongemma', '<start_function_call>call:set_temperature{value:25}<end_function_call>')),
    ).toEqual([{ name: 'set_temperature', arguments: { value: 25 } }])
  })

  it('reads several calls and nested values', () => {
    const text =
      '<start_function_call>call:a{s:<escape>x, y: {z}<escape>,n:-2.5,b:true,l:[1,<escape>two<escape>],o:{k:<escape>v<escape>}}<end_function_call>' +
      '<start_function_call>call:b{}<end_function_call>'
    expect(calls(parse('functiongemma', text))).toEqual([
      { name: 'a', arguments: { s: 'x, y: {z}', n: -2.5, b: true, l: [1, 'two'], o: { k: 'v' } } },
      { name: 'b', arguments: {} },
    ])
  })

  it('finds no call in prose', () => {
    expect(parse('functiongemma', 'FunctionGemma writes call:get_weather{...} after a start token.').requests).toEqual(
      [],
    )
  })

  it('diagnoses a value that is no literal, and a call never closed', () => {
    const text = '<start_function_call>call:get_weather{location:London}<end_function_call>'
    const result = parse('functiongemma', text)
    const error = result.diagnostics.find((d) => d.code === 'not-a-literal')
    expect(error?.offset).toBe(text.indexOf('London'))
    expect(error?.message).toMatch(/^FunctionGemma: /)
    const cut = parse('functiongemma', '<start_function_call>call:get_weather{location:<escape>London<escape>}')
    expect(calls(cut)).toEqual([{ name: 'get_weather', arguments: { location: 'London' } }])
    expect(codes(cut)).toEqual(['unclosed-call'])
  })

  it('types <escape> text by schema, and keeps it as text without one', () => {
    const text = '<start_function_call>call:get_weather{days:<escape>3<escape>}<end_function_call>'
    expect(calls(parse('functiongemma', text, { tools: [weatherTool] }))[0]?.arguments).toEqual({ days: 3 })
    expect(calls(parse('functiongemma', text))[0]?.arguments).toEqual({ days: '3' })
  })

  it('streams like one-shot', () => {
    const text =
      'Sure.<start_function_call>call:get_weather{location:<escape>Tokyo<escape>,days:2}<end_function_call><start_function_call>call:get_time{}<end_function_call>\nBoth calls are on their way to the tools.'
    expectStreamingEqualsOneShot('functiongemma', text)
    const events = streamEvents('functiongemma', text, 4)
    expect(events.find((e) => e.key === 'tool_name')!.at).toBeLessThan(text.indexOf('<end_function_call>'))
    expect(events.filter((e) => e.type === 'block-close')).toHaveLength(2)
  })
})

describe('Llama 3.1 built-in', () => {
  it('reads a built-in call and its end token', () => {
    const text = '<|python_tag|>brave_search.call(query="weather in Menlo Park")<|eom_id|>'
    const result = parse('llama3-builtin', text)
    expect(calls(result)).toEqual([{ name: 'brave_search', arguments: { query: 'weather in Menlo Park' } }])
    expect(result.requests[0]?.end).toBe(text.length)
  })

  it('reads code after the tag as a code_interpreter call, and several tags', () => {
    const text =
      '<|python_tag|>wolfram_alpha.call(query="solve x^2=4")<|python_tag|>import math\nprint(math.sqrt(2))<|eom_id|>'
    expect(calls(parse('llama3-builtin', text))).toEqual([
      { name: 'wolfram_alpha', arguments: { query: 'solve x^2=4' } },
      { name: 'code_interpreter', arguments: { code: 'import math\nprint(math.sqrt(2))' } },
    ])
  })

  it('leaves JSON after the tag to Llama 3 JSON, and claims only a name', () => {
    const text = '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}'
    expect(parse('llama3-builtin', text).requests).toEqual([])
    const context = contextFor({}, true)
    expect(llama3BuiltinFormat.claims(text, 0, '<|python_tag|>', context)).toBe(false)
    expect(llama3BuiltinFormat.claims('<|python_tag|>brave_search.call(', 0, '<|python_tag|>', context)).toBe(true)
    expect(llama3BuiltinFormat.claims('<|python_tag|>', 0, '<|python_tag|>', context)).toBe(false)
  })

  it('finds no call in prose', () => {
    expect(parse('llama3-builtin', 'Llama calls brave_search.call(query="x") after a tag.').requests).toEqual([])
  })

  it('diagnoses a bad value at its place', () => {
    const text = '<|python_tag|>brave_search.call(query=weather)<|eom_id|>'
    const error = parse('llama3-builtin', text).diagnostics.find((d) => d.code === 'not-a-literal')
    expect(error?.offset).toBe(text.indexOf('weather'))
    expect(error?.message).toMatch(/^Llama 3\.1 built-in: /)
  })

  it('types by schema', () => {
    const tools = [{ name: 'wolfram_alpha', parameters: { type: 'object', properties: { n: { type: 'integer' } } } }]
    expect(calls(parse('llama3-builtin', '<|python_tag|>wolfram_alpha.call(n="4")', { tools }))[0]?.arguments).toEqual({
      n: 4,
    })
  })

  it('streams like one-shot', () => {
    const text = 'Searching.<|python_tag|>brave_search.call(query="Paris weather today")<|eom_id|>'
    expectStreamingEqualsOneShot('llama3-builtin', text)
    expect(streamEvents('llama3-builtin', text, 4).find((e) => e.key === 'tool_name')!.at).toBeLessThan(
      text.indexOf(')'),
    )
  })
})

describe('Pythonic family', () => {
  it('renders examples that read back', () => {
    for (const format of pythonicFormats) {
      const result = parse(format.id, format.example)
      expect(calls(result), format.id).toEqual([{ name: 'calc_evaluate', arguments: { expression: '6*7' } }])
      const args = { s: 'a "q"\n\\', n: -1.5, b: false, z: null, l: [1, 'x'], o: { k: true } }
      expect(calls(parse(format.id, format.render({ toolName: 'get_weather', arguments: args }))), format.id).toEqual([
        { name: 'get_weather', arguments: args },
      ])
    }
  })

  it('finishes on hostile texts of 200,000 characters', () => {
    const hostile = [
      '[f('.repeat(70_000),
      '[f(a=' + '['.repeat(200_000),
      '[f(a="'.repeat(35_000),
      '\n[a(b=1, '.repeat(25_000),
      '<|python_start|>'.repeat(13_000),
      '<function_calls>x(\n'.repeat(11_000),
      '<|tool_call_start|>[{'.repeat(10_000),
      '```tool_code\nprint('.repeat(11_000),
      '<start_function_call>call:f{a:<escape>'.repeat(5_500),
      '<start_function_call>'.repeat(10_000),
      '<|python_tag|>import '.repeat(10_000),
      '<|python_tag|>a.call(b='.repeat(9_000),
      "[f(a='''" + "'".repeat(200_000),
      '[f(a=' + '\\'.repeat(200_000),
    ]
    for (const text of hostile) {
      for (const format of pythonicFormats) {
        const result = parse(format.id, text)
        expect(Array.isArray(result.requests)).toBe(true)
      }
    }
  })
})

describe.each(pythonicFormats.map((f) => [f.id, f] as const))('%s streaming over many calls', (_id, format) => {
  it('settles each call as it closes and equals one-shot', () => expectManyCallsStream(format))
})
