import { describe, expect, it } from 'vitest'
import { createStreamParser } from '../../../../src/core/parser'
import { calls, codes, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'

const one =
  '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>'
const two =
  'Let me check.<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>\n' +
  '<|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{"zone": "Europe/Paris"}<|tool_call_end|>\n<|tool_calls_section_end|>'

describe('Kimi K2', () => {
  it('reads one call, its id and its arguments', () => {
    const result = parse('kimi-k2', one)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(result.requests[0]?.requestId).toBe('functions.get_weather:0')
    expect(result.requests[0]?.valid).toBe(true)
    expect(codes(result)).toEqual([])
  })

  it('reads several calls in one section', () => {
    expect(calls(parse('kimi-k2', two))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_time', arguments: { zone: 'Europe/Paris' } },
    ])
  })

  it('finds no call in prose, even prose that names the tokens', () => {
    const result = parse('kimi-k2', 'Kimi writes functions.get_weather:0 after <|tool_call_begin|> inside a section.')
    expect(result.requests).toEqual([])
  })

  it('diagnoses invalid JSON arguments at their place, and keeps the name', () => {
    const text =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": Paris}<|tool_call_end|><|tool_calls_section_end|>'
    const result = parse('kimi-k2', text)
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'invalid-arguments')
    expect(error?.message).toMatch(/^Kimi K2: /)
    expect(error?.offset).toBe(text.indexOf('Paris}'))
  })

  it('takes a call cut off by the end of the text, with a warning', () => {
    const result = parse('kimi-k2', one.slice(0, one.indexOf('<|tool_call_end|>')))
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(codes(result)).toContain('unclosed-call')
    expect(codes(result)).toContain('unclosed-section')
  })

  it('resolves a bare or dotted id by the tools given', () => {
    const tools = [{ type: 'function', function: { name: 'weather.get', parameters: {} } }]
    const text =
      '<|tool_calls_section_begin|><|tool_call_begin|>weather.get:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>'
    expect(calls(parse('kimi-k2', text, { tools }))[0]?.name).toBe('weather.get')
    expect(calls(parse('kimi-k2', text))[0]?.name).toBe('get')
  })

  it('flags a name outside the tools given', () => {
    const result = parse('kimi-k2', one, { tools: [{ name: 'get_weathers', parameters: {} }] })
    expect(result.diagnostics.find((d) => d.code === 'unknown-tool-name')?.message).toContain(
      'Did you mean "get_weathers"',
    )
  })

  it('streams: the name shows before the arguments end, and end() equals one-shot', () => {
    expectStreamingEqualsOneShot('kimi-k2', two)
    const events = streamEvents('kimi-k2', two, 4)
    const name = events.find((e) => e.key === 'tool_name' && e.value === 'get_weather')
    expect(name).toBeDefined()
    expect(name!.at).toBeLessThan(two.indexOf('<|tool_call_end|>'))
    expect(events.filter((e) => e.type === 'block-close')).toHaveLength(2)
  })
})

describe('Kimi K2 streaming over many sections', () => {
  it('settles each section as it closes and equals one-shot', () => {
    const section = (i: number) =>
      `Step ${i}.\n<|tool_calls_section_begin|><|tool_call_begin|>functions.step:${i}<|tool_call_argument_begin|>{"n": ${i}}<|tool_call_end|><|tool_calls_section_end|>\n`
    const text = Array.from({ length: 40 }, (_, i) => section(i)).join('') + 'Done.'
    expectStreamingEqualsOneShot('kimi-k2', text, {}, [1, 7, 16, 300])
    const events = streamEvents('kimi-k2', text, 16)
    expect(events.filter((e) => e.type === 'block-close')).toHaveLength(40)
    // The last value shown for each call is its whole argument (a number may show half-written first).
    const last = new Map<number, string>()
    const parser = createStreamParser('kimi-k2')
    for (let i = 0; i < text.length; i += 16)
      for (const e of parser.feed(text.slice(i, i + 16)))
        if (e.type === 'field' && e.key === 'n') last.set(e.index, e.value)
    expect([...last.values()]).toEqual(Array.from({ length: 40 }, (_, i) => String(i)))
  })
})

describe('Kimi K2 streaming in reasoning', () => {
  it('a call settled inside <think> is the call end() gives, with its reasoning finding, when reasoning is kept', () => {
    const text = '<think>let me try ' + one + ' hmm</think> Done, and a little more text to stream past the call.'
    const parser = createStreamParser('kimi-k2', { reasoning: 'include' })
    const settled = []
    for (let i = 0; i < text.length; i += 8)
      for (const e of parser.feed(text.slice(i, i + 8))) if (e.type === 'block-close') settled.push(e.request)
    const end = parser.end()
    expect(settled).toEqual(end.requests)
    expect(end.requests[0]?.inReasoning).toBe(true)
    expect(end.requests[0]?.diagnostics.map((d) => d.code)).toEqual(['request-in-reasoning'])
  })
})
