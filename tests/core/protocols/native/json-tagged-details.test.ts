import { describe, expect, it } from 'vitest'
import { calls, codes, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'
import { jsonTaggedFormats } from '../../../../src/core/protocols/native/formats/json-tagged'
import { NO_TOOL_HINTS } from '../../../../src/core/protocols/native/tool-hints'
import type { FormatContext } from '../../../../src/core/protocols/native/format'

const context: FormatContext = { tools: NO_TOOL_HINTS, trusted: false }

/** Which formats of the family claim the first place of `opener` in `text`. */
function claimants(text: string, opener: string): string[] {
  const at = text.indexOf(opener)
  return jsonTaggedFormats
    .filter((f) => f.openers.includes(opener) && f.claims(text, at, opener, context))
    .map((f) => f.id)
}

describe('auto-detection claims', () => {
  it('shares <tool_calls> by what follows: a list is Jamba, an object MiniMax-M1; Hunyuan claims nothing', () => {
    expect(claimants('<tool_calls>[{"name": "a", "arguments": {}}]</tool_calls>', '<tool_calls>')).toEqual(['jamba'])
    expect(claimants('<tool_calls>\n {"name": "a", "arguments": {}}\n</tool_calls>', '<tool_calls>')).toEqual([
      'minimax-m1',
    ])
    expect(claimants('<tool_calls>', '<tool_calls>')).toEqual([])
  })

  it('takes <tool_call> only before a list (Granite); ERNIE never claims it', () => {
    expect(claimants('<tool_call>[{"name": "a", "arguments": {}}]', '<tool_call>')).toEqual(['granite'])
    expect(claimants('<tool_call>\n{"name": "a", "arguments": {}}\n</tool_call>', '<tool_call>')).toEqual([])
    expect(claimants('<tool_call>', '<tool_call>')).toEqual([])
    expect(claimants('<|tool_call|>', '<|tool_call|>')).toEqual(['granite'])
    expect(claimants('<|tool_call|>[]', '<|tool_call|>')).toEqual(['granite'])
  })

  it('claims its own markers: InternLM2 only for plugin actions, GigaChat and LongCat before JSON', () => {
    expect(claimants('<|action_start|> <|plugin|>\n{}', '<|action_start|>')).toEqual(['internlm2'])
    expect(claimants('<|action_start|><|plu', '<|action_start|>')).toEqual(['internlm2'])
    expect(claimants('<|action_start|><|interpreter|>\nprint(1)', '<|action_start|>')).toEqual([])
    expect(claimants('<|function_call|>{"name"', '<|function_call|>')).toEqual(['gigachat3'])
    expect(claimants('<longcat_tool_call>\n{"name"', '<longcat_tool_call>')).toEqual(['longcat'])
    expect(claimants('<longcat_tool_call> is a tag', '<longcat_tool_call>')).toEqual([])
    expect(claimants('<|START_ACTION|>', '<|START_ACTION|>')).toEqual(['command-r7b'])
  })
})

describe('JSON-in-tags details', () => {
  it('takes an ERNIE call whose </tool_call> never comes, with a warning, and keeps the next call apart', () => {
    const text =
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>'
    const result = parse('ernie45', text)
    expect(calls(result)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_time', arguments: {} },
    ])
    const warning = result.diagnostics.find((d) => d.code === 'unclosed-call')
    expect(warning?.offset).toBe(0)
    expect(warning?.severity).toBe('warning')
    expect(warning?.message).toBe(
      'ERNIE 4.5: <tool_call> is never closed with </tool_call>; it runs to the next <tool_call>.',
    )
  })

  it('marks a call cut off inside its arguments invalid, keeping its name', () => {
    const text = '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Par'
    const result = parse('longcat', text)
    expect(result.requests[0]?.toolName).toBe('get_weather')
    expect(result.requests[0]?.valid).toBe(false)
    expect(codes(result)).toEqual(['unclosed-call', 'unclosed-json'])
  })

  it('reads the whole calls of a Granite list cut off by the end of the text', () => {
    const text = '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "argu'
    const result = parse('granite', text)
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([
      ['get_weather', true],
      ['get_time', false],
    ])
  })

  it('keeps Granite text after the list as prose', () => {
    const text = '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]\nI will report back.'
    const result = parse('granite', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(result.requests[0]?.rawBlock).toBe('<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]')
  })

  it('reports, not drops, a MiniMax-M1 line that is not JSON, and reads the lines around it', () => {
    const text =
      '<tool_calls>\n{"name": "a", "arguments": {"x": 1}}\n{invalid json here}\n{"name": "b", "arguments": {"y": 2}}\n</tool_calls>'
    const result = parse('minimax-m1', text)
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([
      ['a', true],
      ['', false],
      ['b', true],
    ])
    expect(result.requests[1]?.rawBlock).toBe('{invalid json here}')
  })

  it('reads a MiniMax-M1 object written over several lines', () => {
    const text =
      '<tool_calls>\n{\n  "name": "get_weather",\n  "arguments": {\n    "city": "Paris"\n  }\n}\n</tool_calls>'
    expect(calls(parse('minimax-m1', text))).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
  })

  it('warns of a <tool_calls> section that is never closed', () => {
    const text = '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]'
    const result = parse('jamba', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(result.requests[0]?.valid).toBe(true)
    expect(codes(result)).toEqual(['unclosed-section'])
  })

  it('gives Command R7B calls the ids the model wrote', () => {
    const text =
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "foo", "parameters": {"q": 1}}, {"tool_call_id": "1", "tool_name": "bar", "parameters": {}}]<|END_ACTION|>'
    const result = parse('command-r7b', text)
    expect(result.requests.map((r) => [r.requestId, r.toolName])).toEqual([
      ['0', 'foo'],
      ['1', 'bar'],
    ])
  })

  it('skips InternLM2 code-interpreter actions', () => {
    const text =
      '<|action_start|><|interpreter|>\nprint(6*7)<|action_end|>\n<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>'
    const result = parse('internlm2', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(codes(result)).toEqual([])
  })

  it('takes GigaChat arguments as JSON types, with no schema needed, and stops at </s>', () => {
    const text =
      '<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "content": {"short_answers": true}, "n": 3}}</s>'
    const result = parse('gigachat3', text)
    expect(calls(result)).toEqual([
      { name: 'manage_user_memory', arguments: { action: 'create', content: { short_answers: true }, n: 3 } },
    ])
    expect(result.requests[0]?.end).toBe(text.length)
  })

  it('repairs arguments written as a JSON string, with a warning', () => {
    const text = '<tool_call>\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}\n</tool_call>'
    const result = parse('ernie45', text)
    expect(calls(result)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(codes(result)).toEqual(['arguments-as-string'])
  })

  it('reports a wrapper around no JSON without taking it as a call', () => {
    const result = parse('longcat', 'x <longcat_tool_call>get_weather</longcat_tool_call>')
    expect(result.requests).toEqual([])
    expect(result.diagnostics.map((d) => [d.code, d.offset])).toEqual([['invalid-json', 21]])
  })

  it('streams a Command R7B list: fields of the first call show before the list ends', () => {
    const text =
      '<|START_ACTION|>[\n{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "weather in Paris", "limit": 5}},\n{"tool_call_id": "1", "tool_name": "get_time", "parameters": {}}\n]<|END_ACTION|>'
    expectStreamingEqualsOneShot('command-r7b', text)
    const events = streamEvents('command-r7b', text, 4)
    const query = events.find((e) => e.key === 'query' && e.value === 'weather in Paris')
    expect(query).toBeDefined()
    expect(query!.at).toBeLessThan(text.indexOf('<|END_ACTION|>'))
    const settled = events.find((e) => e.type === 'block-close')
    expect(settled!.at).toBeLessThan(text.indexOf('<|END_ACTION|>'))
  })
})
