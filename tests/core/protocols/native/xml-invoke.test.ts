import { describe, expect, it } from 'vitest'
import { calls, codes, parse } from './helpers'
import { qwen3CoderFormat } from '../../../../src/core/protocols/native/formats/xml-invoke'
import { NO_TOOL_HINTS } from '../../../../src/core/protocols/native/tool-hints'

const weatherTools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string' },
          count: { type: 'integer' },
          metric: { type: 'boolean' },
          tags: { type: 'array' },
        },
      },
    },
  },
  {
    type: 'function',
    function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } } } },
  },
]
const untrusted = { tools: NO_TOOL_HINTS, trusted: false }

describe('Qwen3-Coder', () => {
  const one =
    "I'll check.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=count>\n3\n</parameter>\n</function>\n</tool_call>"

  it('reads one call; one newline each side of a value is padding', () => {
    const result = parse('qwen3-coder', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Dallas', count: '3' } }])
    expect(result.requests[0]?.start).toBe(one.indexOf('<tool_call>'))
    expect(result.requests[0]?.end).toBe(one.length)
    expect(codes(result)).toEqual([])
  })

  it('types values by the schema: an integer is 3, not "3"', () => {
    expect(calls(parse('qwen3-coder', one, { tools: weatherTools }))[0]?.arguments).toEqual({
      city: 'Dallas',
      count: 3,
    })
  })

  it('keeps multi-line values whole, with their inner newlines', () => {
    const text =
      '<tool_call>\n<function=write_file>\n<parameter=content>\ndef f():\n    return 1\n\n</parameter>\n</function>\n</tool_call>'
    expect(calls(parse('qwen3-coder', text))[0]?.arguments).toEqual({ content: 'def f():\n    return 1\n' })
  })

  it('reads several calls, each in its own <tool_call>', () => {
    const text =
      '<tool_call>\n<function=a>\n<parameter=x>\n1\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=b>\n</function>\n</tool_call>'
    const result = parse('qwen3-coder', text)
    expect(calls(result)).toEqual([
      { name: 'a', arguments: { x: '1' } },
      { name: 'b', arguments: {} },
    ])
    expect(result.requests[1]?.start).toBe(text.lastIndexOf('<tool_call>'))
  })

  it('reads a <function=...> written without <tool_call>', () => {
    const text = 'Calling now\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>'
    expect(calls(parse('qwen3-coder', text))).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
  })

  it('finds no call in prose that quotes the syntax, nor in Hermes JSON', () => {
    expect(
      parse('qwen3-coder', 'Qwen3-Coder writes <function=NAME> and then parameters, all inside <tool_call> tags.')
        .requests,
    ).toEqual([])
    expect(
      parse('qwen3-coder', '<tool_call>\n{"name": "get_weather", "arguments": {}}\n</tool_call>').requests,
    ).toEqual([])
  })

  it('ends a parameter missing </parameter> at the next <parameter=, with a warning at its tag', () => {
    const text =
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=count>\n2\n</parameter>\n</function>\n</tool_call>'
    const result = parse('qwen3-coder', text, { tools: weatherTools })
    expect(calls(result)[0]?.arguments).toEqual({ city: 'Paris', count: 2 })
    const warning = result.diagnostics.find((d) => d.code === 'unclosed-parameter')
    expect(warning?.offset).toBe(text.indexOf('<parameter=city>'))
    expect(warning?.message).toMatch(/^Qwen3-Coder: `<parameter=city>` is never closed/)
    expect(result.requests[0]?.valid).toBe(true)
  })

  it('warns, at the value, when the schema type cannot read it, and keeps the text', () => {
    const text =
      '<tool_call>\n<function=get_weather>\n<parameter=count>\nthree\n</parameter>\n</function>\n</tool_call>'
    const result = parse('qwen3-coder', text, { tools: weatherTools })
    expect(calls(result)[0]?.arguments).toEqual({ count: 'three' })
    const warning = result.diagnostics.find((d) => d.code === 'argument-type')
    expect(warning?.offset).toBe(text.indexOf('three'))
    expect(warning?.length).toBe(5)
    expect(warning?.message).toMatch(/^Qwen3-Coder: the value of "count"/)
  })

  it('takes a call cut off by the end of the text, with warnings', () => {
    const result = parse('qwen3-coder', one.slice(0, one.indexOf('</function>')))
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Dallas', count: '3' } }])
    expect(codes(result)).toEqual(expect.arrayContaining(['unclosed-call', 'unclosed-section']))
  })

  it('reports a malformed function tag as an error at its place', () => {
    const text = '<tool_call>\n<function=get weather>\n</function>\n</tool_call>'
    const result = parse('qwen3-coder', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-tool-name')
    expect(error?.offset).toBe(text.indexOf('get weather'))
    expect(error?.message).toMatch(/^Qwen3-Coder: /)
  })

  it('flags a repeated parameter and keeps the last value', () => {
    const text =
      '<tool_call>\n<function=f>\n<parameter=x>\n1\n</parameter>\n<parameter=x>\n2\n</parameter>\n</function>\n</tool_call>'
    const result = parse('qwen3-coder', text)
    expect(calls(result)[0]?.arguments).toEqual({ x: '2' })
    expect(result.diagnostics.find((d) => d.code === 'duplicate-argument')?.offset).toBe(
      text.lastIndexOf('<parameter=x>'),
    )
  })

  it('claims <tool_call> only before <function=, and a bare <function=NAME> only before a parameter', () => {
    const claims = (text: string, opener: string): boolean => qwen3CoderFormat.claims(text, 0, opener, untrusted)
    expect(claims('<tool_call>\n<function=f>', '<tool_call>')).toBe(true)
    expect(claims('<tool_call>\n{"name": "f"}', '<tool_call>')).toBe(false)
    expect(claims('<tool_call>f\n<arg_key>', '<tool_call>')).toBe(false)
    expect(claims('<tool_call>', '<tool_call>')).toBe(false)
    expect(claims('<function=f>\n<parameter=x>', '<function=')).toBe(true)
    expect(claims('<function=f></function>', '<function=')).toBe(true)
    expect(claims('<function=f>{"x": 1}</function>', '<function=')).toBe(false)
  })
})

describe('Seed-OSS', () => {
  const one =
    '<seed:tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n<parameter=metric>true</parameter>\n</function>\n</seed:tool_call>'

  it('reads one call and types it by the schema', () => {
    expect(calls(parse('seed-oss', one))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris', metric: 'true' } },
    ])
    expect(calls(parse('seed-oss', one, { tools: weatherTools }))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris', metric: true } },
    ])
  })

  it('reads several calls in one section, each with its own span', () => {
    const text =
      '<seed:tool_call>\n<function=a>\n</function>\n<function=b>\n<parameter=x>1</parameter>\n</function>\n</seed:tool_call>'
    const result = parse('seed-oss', text)
    expect(calls(result)).toEqual([
      { name: 'a', arguments: {} },
      { name: 'b', arguments: { x: '1' } },
    ])
    expect(result.requests[1]?.start).toBe(text.indexOf('<function=b>'))
  })

  it('does not take a call written inside <seed:think> reasoning', () => {
    const text = '<seed:think>Maybe ' + one + '?</seed:think>\nNo tool needed.'
    const result = parse('seed-oss', text)
    expect(result.requests).toEqual([])
    expect(result.diagnostics.find((d) => d.code === 'request-in-reasoning')?.offset).toBe(
      text.indexOf('<seed:tool_call>'),
    )
  })

  it('finds no call in prose, and none from a bare <function=...> (Seed always wraps)', () => {
    expect(parse('seed-oss', 'Seed writes <seed:tool_call> blocks.').requests).toEqual([])
    expect(parse('seed-oss', '<function=f>\n<parameter=x>1</parameter>\n</function>').requests).toEqual([])
  })

  it('reports text between calls and a section that never closes', () => {
    const text = '<seed:tool_call>\nhmm\n<function=a>\n</function>\n'
    const result = parse('seed-oss', text)
    expect(calls(result)).toEqual([{ name: 'a', arguments: {} }])
    const between = result.diagnostics.find((d) => d.code === 'text-between-calls')
    expect(between?.offset).toBe(text.indexOf('hmm'))
    expect(between?.length).toBe(3)
    expect(result.diagnostics.find((d) => d.code === 'unclosed-section')?.message).toMatch(
      /^Seed-OSS: the <seed:tool_call> section is never closed/,
    )
  })
})

describe('MiniMax-M2', () => {
  const two =
    'Let me look.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">\nParis\n</parameter>\n<parameter name="count">2</parameter>\n</invoke>\n' +
    '<invoke name=\'get_time\'>\n<parameter name="zone">UTC</parameter>\n</invoke>\n</minimax:tool_call>'

  it('reads several invokes in one section, names quoted either way, values trimmed', () => {
    const result = parse('minimax-m2', two, { tools: weatherTools })
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris', count: 2 } },
      { name: 'get_time', arguments: { zone: 'UTC' } },
    ])
    expect(result.requests[0]?.start).toBe(two.indexOf('<invoke'))
    expect(result.requests[1]?.end).toBe(two.lastIndexOf('</invoke>') + '</invoke>'.length)
    expect(codes(result)).toEqual([])
  })

  it('keeps text when there is no schema, and reads JSON for a declared array', () => {
    const text =
      '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="tags">["a", "b"]</parameter>\n</invoke>\n</minimax:tool_call>'
    expect(calls(parse('minimax-m2', text))[0]?.arguments).toEqual({ tags: '["a", "b"]' })
    expect(calls(parse('minimax-m2', text, { tools: weatherTools }))[0]?.arguments).toEqual({ tags: ['a', 'b'] })
  })

  it('finds no call in prose that quotes the tags', () => {
    expect(parse('minimax-m2', 'MiniMax uses <invoke name="x"> inside a section; here is none.').requests).toEqual([])
  })

  it('reports an invoke with no name as an error at its tag', () => {
    const text = '<minimax:tool_call>\n<invoke>\n<parameter name="x">1</parameter>\n</invoke>\n</minimax:tool_call>'
    const result = parse('minimax-m2', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'missing-tool-name')
    expect(error?.offset).toBe(text.indexOf('<invoke>'))
    expect(error?.message).toMatch(/^MiniMax-M2: /)
  })

  it('ends an invoke missing </invoke> at the section end, with a warning', () => {
    const text = '<minimax:tool_call>\n<invoke name="f">\n<parameter name="x">1</parameter>\n</minimax:tool_call>'
    const result = parse('minimax-m2', text)
    expect(calls(result)).toEqual([{ name: 'f', arguments: { x: '1' } }])
    expect(result.diagnostics.find((d) => d.code === 'unclosed-call')?.offset).toBe(text.indexOf('<invoke'))
  })
})

describe('Qwen3-Coder streaming values', () => {
  it('a value cut by the end of a stream never shows the closing tag cut with it', async () => {
    const { streamEvents } = await import('./helpers')
    const text =
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>'
    for (const size of [1, 2, 3, 5, 7]) {
      const values = streamEvents('qwen3-coder', text, size)
        .filter((e) => e.type === 'field' && e.key !== 'tool_name')
        .map((e) => e.value as string)
      expect(
        values.filter((v) => v.includes('<')),
        `chunks of ${size}`,
      ).toEqual([])
      expect(values).toContain('Paris')
    }
  })
})
