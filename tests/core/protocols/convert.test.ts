/** Conversion between paradigms: parse(render(call)) gives back the call, for every pair. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convertRequest, parseToolRequests, type ParsedRequest } from '../../../src/core'

const scale = Number(process.env.FC_RUNS_SCALE ?? 1)
const PROTOCOLS = ['vcp', 'json', 'xml', 'hermes'] as const
const JSON_PARADIGMS = new Set(['json', 'xml', 'hermes'])

const PIECES = [
  '「始」',
  '「末」',
  '「始ESCAPE」',
  '「末ESCAPE」',
  '<<<[TOOL_REQUEST]>>>',
  '<<<[END_TOOL_REQUEST]>>>',
  '</tool_call>',
  '<tool_code>',
  '</tool_code>',
  '{"tool_calls": [',
  '"',
  "'",
  '\\',
  '\n',
  '  ',
  'code',
  '世界',
  '<',
  '>',
  '{',
  '}',
  ',',
  ':',
  'True',
  '```',
  '<think>',
]
const text = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 5 })), { maxLength: 12 })
  .map((p) => p.join('').trim())
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/).filter((k) => k !== 'tool_name' && k !== 'request_id')
const typedValue = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(key, text, { maxKeys: 3 }),
  fc.array(text, { maxLength: 3 }),
)
const call = fc.record({
  toolName: fc.stringMatching(/^[a-z][a-z0-9]{0,8}_[a-zA-Z0-9_]{1,12}$/),
  requestId: fc.option(
    fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/).filter((id) => !/^req-\d/.test(id)),
    { nil: undefined },
  ),
  typed: fc.dictionary(key, typedValue, { maxKeys: 5 }),
})

const pairs = PROTOCOLS.flatMap((from) => PROTOCOLS.filter((to) => to !== from).map((to) => [from, to] as const))

function only(textIn: string, protocol: string): ParsedRequest {
  const { requests, diagnostics } = parseToolRequests(textIn, protocol)
  expect(diagnostics).toEqual([])
  expect(requests).toHaveLength(1)
  return requests[0] as ParsedRequest
}

describe('convertRequest', () => {
  it.each(pairs)('%s -> %s round-trips random calls', (from, to) => {
    fc.assert(
      fc.property(call, ({ toolName, requestId, typed }) => {
        // The source call as its paradigm carries it: VCP holds text, the others typed values.
        const args = Object.fromEntries(
          Object.entries(typed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )
        const source = from === 'vcp' ? { toolName, requestId, args } : { toolName, requestId, args, arguments: typed }
        const first = convertRequest(source, from)
        fc.pre(first.lossless)
        const parsed = only(first.text, from)
        const second = convertRequest(parsed, to)
        fc.pre(second.lossless)
        const back = only(second.text, to)
        expect(back.toolName).toBe(toolName)
        expect(back.requestId).toBe(requestId ?? 'req-1')
        expect(back.args).toEqual(parsed.args)
        if (JSON_PARADIGMS.has(from) && JSON_PARADIGMS.has(to)) expect(back.arguments).toEqual(typed)
      }),
      { numRuns: Math.round(150 * scale) },
    )
  })

  it('says what VCP cannot carry', () => {
    const converted = convertRequest(
      { toolName: 'a_b', requestId: 'r', args: {}, arguments: { n: 1, 'bad key': 'x' } },
      'vcp',
    )
    expect(converted).toEqual({
      text: '',
      lossless: false,
      notes: ['VCP keys are letters, digits, "_" and "-": "bad key" cannot be written.'],
    })
    const typed = convertRequest({ toolName: 'a_b', requestId: 'r', args: {}, arguments: { n: 1 } }, 'vcp')
    expect(typed.notes).toEqual([
      'Numbers, booleans, objects and arrays are written as their JSON text; the executor reads them back by the parameter types.',
    ])
    expect(typed.lossless).toBe(true)
    const spaced = convertRequest({ toolName: 'a_b', requestId: 'r', args: { v: '  padded ' } }, 'vcp')
    expect(spaced.lossless).toBe(false)
    expect(spaced.notes).toEqual([
      'VCP trims values and cannot hold every marker verbatim: "v" may read back differently.',
    ])
  })

  it('renders each paradigm in its own syntax', () => {
    const request = {
      toolName: 'calc_evaluate',
      requestId: 'c1',
      args: { expression: '1+2' },
      arguments: { expression: '1+2', precision: 3 },
    }
    expect(convertRequest(request, 'hermes').text).toBe(
      '<tool_call>\n{"name":"calc_evaluate","arguments":{"expression":"1+2","precision":3},"id":"c1"}\n</tool_call>',
    )
    expect(convertRequest(request, 'vcp').text).toBe(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nrequest_id:「始」c1「末」,\nexpression:「始」1+2「末」,\nprecision:「始」3「末」\n<<<[END_TOOL_REQUEST]>>>',
    )
    expect(() => convertRequest(request, 'nope')).toThrow('Unknown protocol "nope"')
  })
})

describe("conversion into a model's own format", () => {
  it('writes a parsed call in every native format, and that format reads it back', async () => {
    const { nativeFormats } = await import('../../../src/core/protocols/native/registry')
    const [hermes] = parseToolRequests(
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "metric": true}}</tool_call>',
      'hermes',
    ).requests
    const [vcp] = parseToolRequests(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」get_weather「末」,\ncity:「始」Paris「末」\n<<<[END_TOOL_REQUEST]>>>',
      'vcp',
    ).requests
    const tools = [
      {
        name: 'get_weather',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } },
        },
      },
    ]
    // These write every value as text: without the tool's schema 3 reads back as "3", and the conversion says so.
    const textValued = ['qwen3-coder', 'seed-oss', 'minimax-m2', 'step3']
    for (const format of nativeFormats()) {
      const typed = convertRequest(hermes!, format.id)
      expect(typed.lossless, format.id).toBe(!textValued.includes(format.id))
      if (!typed.lossless)
        expect(typed.notes[0], format.id).toMatch(
          /writes values as text: a reader gives them their types from the tool's schema, and without it they read back as \{"city":"Paris","days":"3","metric":"true"\}\.$/,
        )
      const back = parseToolRequests(typed.text, format.id, { tools }).requests
      expect(
        back.map((r) => [r.toolName, r.arguments]),
        `${format.id}: ${typed.text}`,
      ).toEqual([['get_weather', { city: 'Paris', days: 3, metric: true }]])
      // A VCP call carries text: it goes over as strings.
      const fromVcp = parseToolRequests(convertRequest(vcp!, format.id).text, format.id).requests
      expect(
        fromVcp.map((r) => [r.toolName, r.arguments]),
        format.id,
      ).toEqual([['get_weather', { city: 'Paris' }]])
    }
  })
})
