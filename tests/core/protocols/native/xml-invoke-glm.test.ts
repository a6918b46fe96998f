import { describe, expect, it } from 'vitest'
import { calls, codes, parse } from './helpers'
import { glm45Format } from '../../../../src/core/protocols/native/formats/xml-invoke-glm'
import { NO_TOOL_HINTS } from '../../../../src/core/protocols/native/tool-hints'

const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, date: { type: 'string' }, count: { type: 'integer' } },
      },
    },
  },
]
const untrusted = { tools: NO_TOOL_HINTS, trusted: false }

describe('GLM-4.5 / 4.6 / 4.7', () => {
  const glm45 =
    'I will check.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2024-06-27</arg_value>\n</tool_call>'
  const glm47 =
    '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>count</arg_key><arg_value>3</arg_value></tool_call>'

  it('reads GLM-4.5 (newline after the name)', () => {
    const result = parse('glm45', glm45)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Beijing', date: '2024-06-27' } }])
    expect(result.requests[0]?.start).toBe(glm45.indexOf('<tool_call>'))
    expect(codes(result)).toEqual([])
  })

  it('reads GLM-4.7 (no newlines), and a call with no arguments', () => {
    expect(calls(parse('glm45', glm47))).toEqual([{ name: 'get_weather', arguments: { city: 'Beijing', count: 3 } }])
    expect(calls(parse('glm45', '<tool_call>get_time</tool_call>'))).toEqual([{ name: 'get_time', arguments: {} }])
  })

  it('reads several calls', () => {
    expect(calls(parse('glm45', glm45 + '\n' + glm47)).map((c) => c.name)).toEqual(['get_weather', 'get_weather'])
  })

  it('types by the schema; with none, a value that is JSON is read as JSON', () => {
    const text =
      '<tool_call>get_weather\n<arg_key>count</arg_key>\n<arg_value>3</arg_value>\n<arg_key>city</arg_key>\n<arg_value>123</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>["a", "b"]</arg_value>\n</tool_call>'
    expect(calls(parse('glm45', text))[0]?.arguments).toEqual({ count: 3, city: 123, tags: ['a', 'b'] })
    expect(calls(parse('glm45', text, { tools }))[0]?.arguments).toEqual({ count: 3, city: '123', tags: ['a', 'b'] })
  })

  it('warns at the value when the schema type cannot read it', () => {
    const text = '<tool_call>get_weather\n<arg_key>count</arg_key>\n<arg_value>many</arg_value>\n</tool_call>'
    const result = parse('glm45', text, { tools })
    expect(calls(result)[0]?.arguments).toEqual({ count: 'many' })
    const warning = result.diagnostics.find((d) => d.code === 'argument-type')
    expect(warning?.offset).toBe(text.indexOf('many'))
    expect(warning?.message).toMatch(/^GLM-4\.5: the value of "count"/)
  })

  it('finds no call in prose, in Hermes JSON or in Qwen3-Coder markup', () => {
    expect(parse('glm45', 'GLM wraps calls in <tool_call> tags.').requests).toEqual([])
    expect(parse('glm45', '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>').requests).toEqual([])
    expect(parse('glm45', '<tool_call>{"name": "f", "arguments": {}}</tool_call>').requests).toEqual([])
    expect(parse('glm45', '<tool_call>\n<function=f>\n</function>\n</tool_call>').requests).toEqual([])
  })

  it('diagnoses a key with no value as an error at its place', () => {
    const text = '<tool_call>get_weather\n<arg_key>city</arg_key>\nBeijing\n</tool_call>'
    const result = parse('glm45', text)
    expect(result.requests[0]?.valid).toBe(false)
    const error = result.diagnostics.find((d) => d.code === 'missing-argument-value')
    expect(error?.offset).toBe(text.indexOf('Beijing'))
    expect(error?.message).toMatch(/^GLM-4\.5: the argument "city" has no <arg_value>/)
  })

  it('takes a call cut off by the end of the text, with warnings', () => {
    const result = parse('glm45', glm45.slice(0, glm45.indexOf('</arg_value>\n</tool_call>')))
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Beijing', date: '2024-06-27' } }])
    expect(codes(result)).toEqual(['unclosed-call', 'unclosed-parameter'])
  })

  it('claims <tool_call> only before a name that ends at a newline, <arg_key> or </tool_call>', () => {
    const claims = (text: string): boolean => glm45Format.claims(text, 0, '<tool_call>', untrusted)
    expect(claims('<tool_call>get_weather\n<arg_key>')).toBe(true)
    expect(claims('<tool_call>get_weather<arg_key>city</arg_key>')).toBe(true)
    expect(claims('<tool_call>get_time</tool_call>')).toBe(true)
    expect(claims('<tool_call>get_wea')).toBe(true)
    expect(claims('<tool_call>')).toBe(false)
    expect(claims('<tool_call>{"name": "f"}</tool_call>')).toBe(false)
    expect(claims('<tool_call>\n<function=f>')).toBe(false)
    expect(claims('<tool_call> tags around calls')).toBe(false)
  })
})
