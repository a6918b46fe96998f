import { describe, expect, it } from 'vitest'
import {
  CHECK_CATEGORIES,
  CONFORMANCE_CHECKS,
  checkExchanges,
  type CheckResult,
  type WireExchange,
} from '../../../src/core/conformance'
import { exchange, pair, referenceExchanges, streamChunks, wholeBody, type ReplySpec } from './wire-fixtures'

const weather = { name: 'get_weather', args: '{"location":{},"unit":"celsius"}' }
const time = { name: 'get_time', args: '{}' }
const translate = { name: 'translate_text', args: '{"text":"test","target":"中文"}' }

function result(exchanges: WireExchange[], id: string): CheckResult {
  const found = checkExchanges(exchanges).find((check) => check.id === id)
  if (!found) throw new Error(`no check ${id}`)
  return found
}

/** The reference answers, with one probe's pair replaced. */
function withProbe(probe: string, replaced: WireExchange[]): WireExchange[] {
  return [...referenceExchanges().filter((e) => e.probe !== probe), ...replaced]
}

function failing(exchanges: WireExchange[]): string[] {
  return checkExchanges(exchanges)
    .filter((check) => check.status === 'fail')
    .map((check) => check.id)
}

describe('checkExchanges', () => {
  it('gives every check once, in a fixed order, each under its own category', () => {
    const ids = checkExchanges(referenceExchanges()).map((check) => check.id)
    expect(ids).toEqual(CONFORMANCE_CHECKS.map((check) => check.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(checkExchanges([]).map((check) => check.id)).toEqual(ids)
    for (const check of checkExchanges([])) expect(check.id.startsWith(`${check.category}/`)).toBe(true)
    expect(new Set(CONFORMANCE_CHECKS.map((check) => check.category))).toEqual(new Set(CHECK_CATEGORIES))
  })

  it('passes every check on the reference answers, and judges nothing on no exchanges', () => {
    const checks = checkExchanges([...referenceExchanges(0), ...referenceExchanges(1)])
    expect(checks.filter((check) => check.status !== 'pass')).toEqual([])
    expect(checkExchanges([]).every((check) => check.status === 'inconclusive')).toBe(true)
  })

  it('says so when the server sent no reasoning', () => {
    expect(result(referenceExchanges(), 'reasoning/not-lost').detail).toMatch(/no reasoning/)
  })
})

describe('stream assembly', () => {
  it('reads calls that all carry index 0 as separate calls: only delta-index fails', () => {
    const reply: ReplySpec = { calls: [weather, time, translate].map((call) => ({ ...call, index: 0 })) }
    const exchanges = withProbe('parallel', [
      exchange('parallel', 'stream', streamChunks(reply)),
      exchange('parallel', 'whole', wholeBody({ calls: [weather, time, translate] })),
    ])
    expect(failing(exchanges)).toEqual(['delta-index/parallel-distinct'])
    const [evidence] = result(exchanges, 'delta-index/parallel-distinct').evidence
    // The three opening deltas, and what a client keyed by index makes of them: one call, names run together.
    expect(evidence?.chunks).toHaveLength(3)
    expect(evidence?.clientView).toContain('get_weatherget_timetranslate_text')
  })

  it('does not append a name sent again on later deltas, and blames only name-once', () => {
    const chunks = streamChunks({ calls: [weather] }).map((data) =>
      data.replace(/"function":\{"arguments"/, '"function":{"name":"get_weather","arguments"'),
    )
    const exchanges = withProbe('single', [
      exchange('single', 'stream', chunks),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(failing(exchanges)).toEqual(['wire-shape/name-once'])
  })

  it('is inconclusive on agreement when a delta continues a call no delta opened', () => {
    const chunks = streamChunks({ calls: [weather] })
    const stray = JSON.stringify({
      choices: [{ index: 0, delta: { tool_calls: [{ index: 5, function: { arguments: 'x' } }] } }],
    })
    chunks.splice(chunks.length - 3, 0, stray)
    const exchanges = [
      exchange('single', 'stream', chunks),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ]
    const check = result(exchanges, 'stream-final-agreement/calls')
    expect(check.status).toBe('inconclusive')
    expect(check.detail).toMatch(/more than one way/)
  })

  it('fails agreement when the stream loses a call, and does not blame finish_reason or tool_choice for it', () => {
    const exchanges = withProbe('required', [
      exchange('required', 'stream', streamChunks({ calls: [], finish: 'tool_calls' })),
      exchange('required', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(failing(exchanges)).toEqual(['stream-final-agreement/calls'])
    expect(result(exchanges, 'stream-final-agreement/calls').detail).toMatch(/missing from the stream/)
  })

  it('compares arguments as JSON structures, not as text', () => {
    const spaced = { name: 'get_weather', args: '{ "unit": "celsius", "location": {} }' }
    const exchanges = withProbe('single', [
      exchange('single', 'stream', streamChunks({ calls: [spaced] })),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(result(exchanges, 'stream-final-agreement/calls').status).toBe('pass')
  })

  it('does not convict the stream when the model itself answers differently from one repetition to the next', () => {
    const exchanges = [
      ...pair('single', { calls: [weather] }, 0),
      exchange('single', 'stream', streamChunks({ calls: [weather] }), { attempt: 1 }),
      exchange('single', 'whole', wholeBody({ calls: [time] }), { attempt: 1 }),
    ]
    const check = result(exchanges, 'stream-final-agreement/calls')
    expect(check.status).toBe('pass')
    expect(check.detail).toMatch(/answered differently/)
  })
})

describe('model choices are not server faults', () => {
  it('is inconclusive, never failing, when fewer than 2 calls come where several were asked', () => {
    const exchanges = withProbe('parallel', pair('parallel', { calls: [weather] }))
    expect(result(exchanges, 'delta-index/parallel-distinct').status).toBe('pass')
    const only = pair('parallel', { calls: [weather] })
    expect(result(only, 'delta-index/parallel-distinct').status).toBe('inconclusive')
  })

  it('does not fail tool_choice auto probes that answer in text', () => {
    const exchanges = withProbe('single', pair('single', { content: 'It is sunny in Paris.' }))
    expect(failing(exchanges)).toEqual([])
  })

  it('is inconclusive on parallel-off when no call was made', () => {
    expect(result(pair('parallel-off', { content: 'Done.' }), 'tool-choice/parallel-off').status).toBe('inconclusive')
  })
})

describe('flaky faults', () => {
  it('fails a check that failed in one repetition and passed in another, and marks it flaky', () => {
    const exchanges = [
      ...referenceExchanges(0),
      ...referenceExchanges(1).filter((e) => e.probe !== 'single'),
      ...pair('single', { calls: [weather], finish: 'stop' }, 1),
    ]
    const check = result(exchanges, 'finish-reason/tool-calls')
    expect(check).toMatchObject({ status: 'fail', flaky: true })
    expect(check.evidence[0]).toMatchObject({ probe: 'single', attempt: 1 })
  })
})

describe('attribution', () => {
  it('fails only leaked-markup when calls are left in content as Hermes markup', () => {
    const markup =
      '<tool_call>\n{"name": "get_weather", "arguments": {"location": {}, "unit": "celsius"}}\n</tool_call>'
    const exchanges = [
      ...referenceExchanges().filter((e) => e.probe !== 'required' && e.probe !== 'single'),
      ...pair('single', { content: markup, finish: 'stop' }),
      ...pair('required', { content: markup, finish: 'stop' }),
    ]
    expect(failing(exchanges)).toEqual(['leaked-markup/content'])
    const leak = result(exchanges, 'leaked-markup/content')
    expect(leak.detail).toMatch(/Hermes/)
    const streamed = leak.evidence.find((e) => e.mode === 'stream')
    expect(streamed?.chunks.length).toBeGreaterThan(0)
    expect(result(exchanges, 'tool-choice/required')).toMatchObject({ status: 'inconclusive' })
    expect(result(exchanges, 'tool-choice/required').detail).toMatch(/leaked-markup/)
  })

  it('does not take prose, inline code or quotes that name a tool for leaked markup', () => {
    const prose = [
      'I would call get_weather, but the user only wants the time.',
      'Use `<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>` to call it.',
      '> [get_time()]',
      'The JSON {"unit": "celsius"} is what get_weather takes.',
    ]
    for (const content of prose)
      expect(result(pair('single', { content }), 'leaked-markup/content').status, content).toBe('pass')
  })

  it('fails reasoning/not-lost when a call stays in reasoning_content, and only then', () => {
    const markup =
      '<tool_call>\n{"name": "get_weather", "arguments": {"location": {}, "unit": "celsius"}}\n</tool_call>'
    const swallowed = pair('single', { reasoning: `I will call it.\n${markup}`, content: '', finish: 'stop' })
    expect(failing(withProbe('single', swallowed))).toEqual(['reasoning/not-lost'])
    const kept = pair('single', { reasoning: `I will call it.\n${markup}`, calls: [weather] })
    expect(result(kept, 'reasoning/not-lost').status).toBe('pass')
  })

  it('fails reasoning/not-duplicated when the reasoning is sent again as content', () => {
    const thought = 'The user wants the weather in Paris; I will answer.'
    const doubled = pair('none', { reasoning: thought, content: `${thought}\nDone.` })
    expect(result(doubled, 'reasoning/not-duplicated').status).toBe('fail')
  })

  it('makes dependent checks inconclusive when a request failed, not failed', () => {
    const broken = exchange('single', 'stream', [], {
      status: undefined,
      error: 'Could not connect',
      contentType: undefined,
    })
    const exchanges = [...referenceExchanges().filter((e) => !(e.probe === 'single' && e.mode === 'stream')), broken]
    expect(failing(exchanges)).toEqual([])
  })

  it('fails multi-turn when requests with tool messages are refused while others are answered', () => {
    const refused = (probe: string, mode: 'stream' | 'whole') =>
      exchange(probe, mode, '{"error":{"message":"Unexpected message role: tool"}}', {
        status: 400,
        error: '400 from server: Unexpected message role: tool',
      })
    const exchanges = [
      ...referenceExchanges().filter((e) => e.probe !== 'required' && e.probe !== 'follow-up'),
      refused('required', 'stream'),
      refused('required', 'whole'),
      refused('follow-up', 'stream'),
      refused('follow-up', 'whole'),
    ]
    expect(failing(exchanges)).toEqual(['multi-turn/accepted'])
    const everythingRefused = referenceExchanges().map((e) => ({ ...e, status: 400, error: 'HTTP 400', chunks: [] }))
    expect(result(everythingRefused, 'multi-turn/accepted').status).toBe('inconclusive')
  })
})

describe('single checks', () => {
  it('fails arguments-json/object for an empty arguments string on a tool without parameters', () => {
    const exchanges = withProbe('no-params', pair('no-params', { calls: [{ name: 'get_time', args: '' }] }))
    expect(failing(exchanges)).toEqual(['arguments-json/object'])
  })

  it('fails arguments-json/schema for an enum value the tool does not offer', () => {
    const kelvin = { name: 'get_weather', args: '{"location":{},"unit":"kelvin"}' }
    const exchanges = withProbe('single', pair('single', { calls: [kelvin] }))
    expect(failing(exchanges)).toEqual(['arguments-json/schema'])
    expect(result(exchanges, 'arguments-json/schema').detail).toMatch(/unit/)
  })

  it('fails wire-shape/done for a stream without [DONE], pointing at its last event', () => {
    const chunks = streamChunks({ calls: [weather], done: false })
    const exchanges = withProbe('single', [
      exchange('single', 'stream', chunks),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(failing(exchanges)).toEqual(['wire-shape/done'])
    expect(result(exchanges, 'wire-shape/done').evidence[0]?.chunks).toEqual([chunks.length - 1])
  })

  it('fails wire-shape/json for an event that is not JSON, and leaves the reply unjudged elsewhere', () => {
    const chunks = streamChunks({ calls: [weather] })
    chunks.splice(1, 0, 'not json')
    const exchanges = withProbe('single', [
      exchange('single', 'stream', chunks),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(failing(exchanges)).toEqual(['wire-shape/json'])
    expect(result(exchanges, 'wire-shape/json').evidence[0]?.chunks).toEqual([1])
  })

  it('fails wire-shape/json when a streamed request is answered with one JSON body', () => {
    const ignored = exchange('single', 'stream', wholeBody({ calls: [weather] }), {
      contentType: 'application/json',
      error: 'Asked to stream, the server answered with a JSON body instead of an event stream.',
    })
    const exchanges = [...referenceExchanges().filter((e) => !(e.probe === 'single' && e.mode === 'stream')), ignored]
    expect(failing(exchanges)).toEqual(['wire-shape/json'])
  })

  it('fails wire-shape/types for an index that is not an integer', () => {
    const chunks = streamChunks({ calls: [weather] }).map((data) => data.replace('"index":0,"id"', '"index":"0","id"'))
    const exchanges = withProbe('single', [
      exchange('single', 'stream', chunks),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(failing(exchanges)).toContain('wire-shape/types')
  })

  it('fails wire-shape/usage when the usage chunk carries choices', () => {
    const chunks = streamChunks({ calls: [weather], usage: false })
    chunks.splice(
      chunks.length - 1,
      0,
      JSON.stringify({
        choices: [{ index: 0, delta: {} }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    )
    const exchanges = withProbe('single', [
      exchange('single', 'stream', chunks),
      exchange('single', 'whole', wholeBody({ calls: [weather] })),
    ])
    expect(failing(exchanges)).toEqual(['wire-shape/usage'])
  })

  it('fails tool-choice/named when another function is called, with the calls in the client view', () => {
    const exchanges = withProbe('named', pair('named', { calls: [weather] }))
    expect(failing(exchanges)).toEqual(['tool-choice/named'])
    expect(result(exchanges, 'tool-choice/named').evidence[0]?.clientView).toContain('get_weather')
  })
})
