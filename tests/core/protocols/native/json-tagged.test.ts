import { describe, expect, it } from 'vitest'
import { calls, codes, expectManyCallsStream, expectStreamingEqualsOneShot, parse, streamEvents } from './helpers'
import { jsonTaggedFormats } from '../../../../src/core/protocols/native/formats/json-tagged'

const WEATHER = { name: 'get_weather', arguments: { city: 'Paris' } }
const TIME = { name: 'get_time', arguments: { zone: 'Europe/Paris', hours: 24 } }

interface Case {
  id: string
  label: string
  one: string
  several: string
  /** Prose that names the markers. */
  prose: string
  malformed: { text: string; code: string; at: string }
  /** A hostile text of about 200,000 characters. */
  hostile: string
}

const big = (piece: string): string => piece.repeat(Math.ceil(200_000 / piece.length))

const CASES: Case[] = [
  {
    id: 'ernie45',
    label: 'ERNIE 4.5',
    one: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n',
    several:
      'I need to call two tools.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}\n</tool_call>\n',
    prose: 'ERNIE wraps each call in <tool_call> and then writes the JSON on its own line.',
    malformed: {
      text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": Paris}}\n</tool_call>',
      code: 'invalid-json',
      at: 'Paris}',
    },
    hostile: big('<tool_call>{"name": "a", "arguments": {'),
  },
  {
    id: 'longcat',
    label: 'LongCat',
    one: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</longcat_tool_call>',
    several:
      'Let me check.\n<longcat_tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</longcat_tool_call><longcat_tool_call>\n{"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}\n</longcat_tool_call>',
    prose: 'LongCat writes <longcat_tool_call> and then a JSON object.',
    malformed: {
      text: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Paris"]}</longcat_tool_call>',
      code: 'invalid-json',
      at: ']}',
    },
    hostile: big('<longcat_tool_call>{'),
  },
  {
    id: 'granite',
    label: 'Granite',
    one: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    several:
      '<tool_call>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}]',
    prose: 'Granite writes <|tool_call|> and then a JSON list of its calls.',
    malformed: {
      text: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}} {"name": "get_time"}]',
      code: 'invalid-json',
      at: '{"name": "get_time"',
    },
    hostile: big('<|tool_call|>[{"name": "a", "arguments": {"x": ['),
  },
  {
    id: 'jamba',
    label: 'Jamba',
    one: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>',
    several:
      'Sure. <tool_calls>[\n{"name": "get_weather", "arguments": {"city": "Paris"}},\n{"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}\n]</tool_calls>',
    prose: 'Jamba puts a JSON list inside <tool_calls> tags.',
    malformed: {
      text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}, "get_time"]</tool_calls>',
      code: 'invalid-call',
      at: '"get_time"',
    },
    hostile: big('<tool_calls>[{"name": "a", "arguments": {}}, '),
  },
  {
    id: 'hunyuan',
    label: 'Hunyuan',
    one: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>',
    several:
      '<think>The user wants two things.</think>\n<answer>\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}]</tool_calls>\n</answer>',
    prose: 'Hunyuan answers with <tool_calls> and a list.',
    malformed: {
      text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris",, }}]</tool_calls>',
      code: 'invalid-json',
      at: ', }}]',
    },
    hostile: big('<tool_calls>'),
  },
  {
    id: 'minimax-m1',
    label: 'MiniMax-M1',
    one: '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_calls>',
    several:
      'I\'ll check both. <tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n{"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}\n</tool_calls>',
    prose: 'MiniMax writes <tool_calls> and one JSON object per line.',
    malformed: { text: '<tool_calls>\n{invalid json here}\n</tool_calls>', code: 'invalid-json', at: 'json here' },
    hostile: big('<tool_calls>\n{"name": "a", "arguments": {"x": "'),
  },
  {
    id: 'internlm2',
    label: 'InternLM2',
    one: '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>',
    several:
      'What\'s the weather?<|action_start|> <|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>\n<|action_start|><|plugin|>\n{"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}<|action_end|>',
    prose: 'InternLM opens an action with <|action_start|> and names the plugin.',
    malformed: {
      text: '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Paris"}<|action_end|>',
      code: 'unclosed-json',
      at: '{"name"',
    },
    hostile: big('<|action_start|><|plugin|>{"name": "'),
  },
  {
    id: 'command-r7b',
    label: 'Command R7B',
    one: '<|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}}\n]\n<|END_ACTION|>',
    several:
      '<|START_THINKING|>first I think<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},\n    {"tool_call_id": "1", "tool_name": "get_time", "parameters": {"zone": "Europe/Paris", "hours": 24}}\n]\n<|END_ACTION|>',
    prose: 'Command R7B calls tools between <|START_ACTION|> and <|END_ACTION|>, in prose: done.',
    malformed: {
      text: '<|START_ACTION|>[{"tool_call_id": "0", "parameters": {"city": "Paris"}}]<|END_ACTION|>',
      code: 'missing-tool-name',
      at: '{"tool_call_id"',
    },
    hostile: big('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "a", "parameters": {"q": "x"}},'),
  },
  {
    id: 'gigachat3',
    label: 'GigaChat 3',
    one: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "Paris"}}',
    several:
      '<|function_call|>{"name": "get_weather", "arguments": {"city": "Paris"}}</s><|function_call|>{"name": "get_time", "arguments": {"zone": "Europe/Paris", "hours": 24}}</s>',
    prose: 'GigaChat marks a call with <|function_call|> and then JSON.',
    malformed: {
      text: '<|function_call|>{"name": "get_weather", "arguments": {"city": "Paris"}, }',
      code: 'trailing-comma',
      at: ', }',
    },
    hostile: big('function call<|role_sep|>{"name": "a", "arguments": {"x": 1}'),
  },
]

describe('JSON-in-tags formats', () => {
  it('lists every format of the family, each with a unique id and a readable example', () => {
    expect(jsonTaggedFormats.map((f) => f.id)).toEqual([
      'ernie45',
      'longcat',
      'granite',
      'jamba',
      'hunyuan',
      'minimax-m1',
      'internlm2',
      'command-r7b',
      'gigachat3',
    ])
    for (const format of jsonTaggedFormats) {
      const result = parse(format.id, format.example)
      expect(calls(result), format.id).toEqual([{ name: 'calc_evaluate', arguments: { expression: '6*7' } }])
      expect(codes(result), format.id).toEqual([])
      expect(format.pieces.length).toBeGreaterThan(5)
    }
  })

  it('renders a call that reads back with its typed arguments', () => {
    const call = {
      toolName: 'book',
      arguments: { seats: 2, window: true, note: 'a "quiet" one', tags: ['x'], extra: null },
    }
    for (const format of jsonTaggedFormats) {
      expect(calls(parse(format.id, format.render(call))), format.id).toEqual([
        { name: 'book', arguments: call.arguments },
      ])
    }
  })
})

for (const c of CASES) {
  describe(c.label, () => {
    it('reads one call', () => {
      const result = parse(c.id, c.one)
      expect(calls(result)).toEqual([WEATHER])
      expect(result.requests[0]?.valid).toBe(true)
      expect(codes(result)).toEqual([])
    })

    it('reads several calls', () => {
      const result = parse(c.id, c.several, { reasoning: 'include' })
      expect(calls(result)).toEqual([WEATHER, TIME])
      expect(codes(result)).toEqual([])
    })

    it('finds no call in plain text or in prose that names the markers', () => {
      const plain = parse(c.id, 'The weather in Paris is mild today.')
      expect(plain.requests).toEqual([])
      expect(plain.diagnostics).toEqual([])
      expect(parse(c.id, c.prose).requests).toEqual([])
    })

    it('diagnoses a malformed call at its place, with the label', () => {
      const result = parse(c.id, c.malformed.text)
      const problem = result.diagnostics.find((d) => d.code === c.malformed.code)
      expect(problem, JSON.stringify(result.diagnostics)).toBeDefined()
      expect(problem?.message.startsWith(`${c.label}: `)).toBe(true)
      expect(problem?.offset).toBe(c.malformed.text.indexOf(c.malformed.at))
    })

    it('streams: end() equals one-shot, and the name shows before the call ends', () => {
      expectStreamingEqualsOneShot(c.id, c.several, { reasoning: 'include' })
      expectStreamingEqualsOneShot(c.id, c.malformed.text)
      const events = streamEvents(c.id, c.several, 3, { reasoning: 'include' })
      const name = events.find((e) => e.key === 'tool_name' && e.value === 'get_weather')
      expect(name).toBeDefined()
      expect(name!.at).toBeLessThan(c.several.indexOf('"Paris"') + 8)
      expect(events.filter((e) => e.type === 'block-open')).toHaveLength(2)
    })

    it('finishes on a hostile text of 200,000 characters', () => {
      const result = parse(c.id, c.hostile)
      expect(Array.isArray(result.requests)).toBe(true)
      const tail = calls(parse(c.id, c.hostile + c.one))
      expect(tail[tail.length - 1]).toEqual(WEATHER)
    })
  })
}

describe.each(jsonTaggedFormats.map((f) => [f.id, f] as const))('%s streaming over many calls', (_id, format) => {
  it('settles each call as it closes and equals one-shot', () => expectManyCallsStream(format))
})
