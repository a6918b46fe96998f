import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceServer, type ReferenceServer } from '../../../scripts/mock-llm/reference-server'
import { REFERENCE_FAULTS, type ReferenceFault } from '../../../scripts/mock-llm/reference-wire'
import { startMockLlm } from '../../../scripts/mock-llm/server'

interface CallDelta {
  index: number
  id?: string
  type?: string
  function?: { name?: string; arguments?: unknown }
}
interface Delta {
  role?: string
  content?: string | null
  reasoning_content?: string
  tool_calls?: CallDelta[]
}
interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}
interface Envelope {
  id: string
  object: string
  created: number
  model: string
}
interface Chunk extends Envelope {
  choices: { index: number; delta: Delta; finish_reason: string | null }[]
  usage?: Usage
}
interface WholeCall {
  id: string
  type?: string
  function: { name: string; arguments: unknown }
}
interface Completion extends Envelope {
  choices: {
    index: number
    message: { role: string; content: string | null; reasoning_content?: string; tool_calls?: WholeCall[] }
    finish_reason: string
  }[]
  usage: Usage
}

const WEATHER = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } },
      required: ['city', 'days', 'metric'],
    },
  },
}
const TIME = {
  type: 'function',
  function: {
    name: 'get_time',
    parameters: { type: 'object', properties: { zone: { type: 'string', enum: ['UTC', 'CET'] } }, required: ['zone'] },
  },
}
const tools = [WEATHER, TIME]
const TWO_CALLS = { tools, messages: [{ role: 'user', content: 'get_weather and get_time' }] }
const TEXT = { messages: [{ role: 'user', content: 'Hello' }] }
const AFTER_TOOL = {
  tools,
  messages: [
    { role: 'user', content: 'get_time' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_time', arguments: '{"zone":"UTC"}' } }],
    },
    { role: 'tool', tool_call_id: 'c1', content: '12:00' },
  ],
}
const WEATHER_ARGS = '{"city":"test","days":1,"metric":true}'
const TIME_ARGS = '{"zone":"UTC"}'
const MARKUP =
  `<tool_call>\n{"name": "get_weather", "arguments": ${WEATHER_ARGS}}\n</tool_call>\n` +
  `<tool_call>\n{"name": "get_time", "arguments": ${TIME_ARGS}}\n</tool_call>`
const REASONING = 'The user asked; I will answer.'

let server: ReferenceServer
beforeAll(async () => {
  server = await startReferenceServer()
})
afterAll(() => server.close())

function post(body: object, baseUrl = server.baseUrl, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

async function whole(model: string, body: object = TWO_CALLS): Promise<Completion> {
  const response = await post({ model, ...body })
  expect(response.status).toBe(200)
  return (await response.json()) as Completion
}

/** The `data:` payloads of a streamed answer, `[DONE]` checked and left off. */
async function streamed(model: string, body: object = TWO_CALLS, includeUsage = true): Promise<Chunk[]> {
  const response = await post({ model, ...body, stream: true, stream_options: { include_usage: includeUsage } })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const events = (await response.text()).split('\n\n')
  expect(events.pop()).toBe('')
  for (const event of events) expect(event).toMatch(/^data: /)
  expect(events.pop()).toBe('data: [DONE]')
  return events.map((event) => JSON.parse(event.slice('data: '.length)) as Chunk)
}

/** Random ids and timestamps out of the way, so two answers can be compared whole. */
function normalized<T extends Envelope>(value: T): T {
  const text = JSON.stringify({ ...value, id: 'ID', created: 0, model: 'M' })
  return JSON.parse(text.replace(/call_[0-9a-f]{8}_/g, 'call_R_')) as T
}

async function clean(model: string, body: object = TWO_CALLS) {
  return { whole: normalized(await whole(model, body)), stream: (await streamed(model, body)).map(normalized) }
}

const deltaOf = (chunk: Chunk): Delta => chunk.choices[0]?.delta ?? {}
const callDeltas = (chunks: Chunk[]): CallDelta[] => chunks.flatMap((chunk) => deltaOf(chunk).tool_calls ?? [])
const isFragment = (call: CallDelta) => call.id === undefined || call.id.endsWith('_x')
const joined = (chunks: Chunk[], key: 'content' | 'reasoning_content') =>
  chunks.map((chunk) => deltaOf(chunk)[key] ?? '').join('')

/** The chunks with each call delta changed; `first` is the delta that opens a call. */
function mapCalls(chunks: Chunk[], change: (call: CallDelta, first: boolean) => CallDelta): Chunk[] {
  return chunks.map((chunk) => {
    const delta = deltaOf(chunk)
    if (!delta.tool_calls) return chunk
    const choice = {
      index: 0,
      finish_reason: null,
      delta: { tool_calls: delta.tool_calls.map((c) => change(c, !isFragment(c))) },
    }
    return { ...chunk, choices: [choice] }
  })
}

const withoutFragments = (chunks: Chunk[]) => chunks.filter((chunk) => !callDeltas([chunk]).some(isFragment))

/** The calls a client that follows the spec assembles from the deltas, by index. */
function assembled(chunks: Chunk[]): { id?: string; name?: string; arguments: string }[] {
  const calls: { id?: string; name?: string; arguments: string }[] = []
  for (const delta of callDeltas(chunks)) {
    const call = (calls[delta.index] ??= { arguments: '' })
    call.id ??= delta.id
    call.name ??= delta.function?.name
    if (typeof delta.function?.arguments === 'string') call.arguments += delta.function.arguments
  }
  return calls
}

function toolCallsOf(completion: Completion): WholeCall[] {
  return completion.choices[0]?.message.tool_calls ?? []
}

function withWholeCalls(completion: Completion, change: (call: WholeCall) => WholeCall): Completion {
  const [choice] = completion.choices
  if (!choice) return completion
  const message = { ...choice.message, tool_calls: choice.message.tool_calls?.map(change) }
  return { ...completion, choices: [{ ...choice, message }] }
}

function omit<T extends object>(value: T, key: keyof T): T {
  const copy = { ...value }
  delete copy[key]
  return copy
}

describe('the reference server', () => {
  it('lists the clean, thinking and faulty models', async () => {
    const response = await fetch(`${server.baseUrl}/models`)
    const { data } = (await response.json()) as { data: { id: string }[] }
    expect(data.map((model) => model.id)).toEqual([
      'reference',
      'reference:thinking',
      ...REFERENCE_FAULTS.map((fault) => `reference:${fault.name}`),
    ])
  })

  it('answers text whole as a chat.completion', async () => {
    const completion = await whole('reference', TEXT)
    expect(completion).toEqual({
      id: expect.any(String),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'reference',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Done.' }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: expect.any(Number),
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    })
    expect(completion.usage.total_tokens).toBe(completion.usage.prompt_tokens + completion.usage.completion_tokens)
  })

  it('answers calls whole, with unique ids and JSON-string arguments', async () => {
    const completion = await whole('reference')
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls')
    expect(completion.choices[0]?.message.content).toBeNull()
    const calls = toolCallsOf(completion)
    expect(calls.map((call) => ({ ...call, id: 'x' }))).toEqual([
      { id: 'x', type: 'function', function: { name: 'get_weather', arguments: WEATHER_ARGS } },
      { id: 'x', type: 'function', function: { name: 'get_time', arguments: TIME_ARGS } },
    ])
    for (const call of calls) expect(call.id).toMatch(/^call_[0-9a-f]{8}_\d+$/)
    expect(new Set(calls.map((call) => call.id)).size).toBe(2)
  })

  it('streams text in 4-character deltas, then the finish, the usage and [DONE]', async () => {
    const chunks = await streamed('reference', {
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [TIME],
      tool_choice: 'none',
    })
    expect(chunks.map((chunk) => chunk.choices)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      [{ index: 0, delta: { content: 'Done' }, finish_reason: null }],
      [{ index: 0, delta: { content: '.' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'stop' }],
      [],
    ])
    const [first] = chunks
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({
        id: first?.id,
        object: 'chat.completion.chunk',
        created: first?.created,
        model: 'reference',
      })
    }
    expect(chunks.at(-1)?.usage?.total_tokens).toBeGreaterThan(0)
  })

  it('streams each call as a naming delta and then 8-character argument fragments, one call after another', async () => {
    const chunks = await streamed('reference', TWO_CALLS, false)
    const ids = assembled(chunks).map((call) => call.id)
    const deltas: Delta[] = [
      { role: 'assistant', content: '' },
      { tool_calls: [{ index: 0, id: ids[0], type: 'function', function: { name: 'get_weather', arguments: '' } }] },
      ...['{"city":', '"test","', 'days":1,', '"metric"', ':true}'].map((fragment) => ({
        tool_calls: [{ index: 0, function: { arguments: fragment } }],
      })),
      { tool_calls: [{ index: 1, id: ids[1], type: 'function', function: { name: 'get_time', arguments: '' } }] },
      ...['{"zone":', '"UTC"}'].map((fragment) => ({ tool_calls: [{ index: 1, function: { arguments: fragment } }] })),
    ]
    const expected: Chunk['choices'][] = [
      ...deltas.map((delta) => [{ index: 0, delta, finish_reason: null }]),
      [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
    ]
    expect(chunks.map((chunk) => chunk.choices)).toEqual(expected)
    expect(chunks.some((chunk) => chunk.usage)).toBe(false)
  })

  it('as reference:thinking, streams the reasoning first, in 4-character deltas', async () => {
    const chunks = await streamed('reference:thinking')
    const reasoning = chunks.map((chunk) => deltaOf(chunk).reasoning_content).filter((text) => text !== undefined)
    expect(reasoning).toEqual(['The ', 'user', ' ask', 'ed; ', 'I wi', 'll a', 'nswe', 'r.'])
    expect(deltaOf(chunks[1] as Chunk).reasoning_content).toBe('The ')
    const thinking = chunks.filter((chunk) => deltaOf(chunk).reasoning_content === undefined).map(normalized)
    expect(thinking).toEqual((await streamed('reference')).map(normalized))

    const completion = await whole('reference:thinking')
    expect(completion.choices[0]?.message.reasoning_content).toBe(REASONING)
    expect(toolCallsOf(completion)).toHaveLength(2)
  })

  describe('bad requests', () => {
    it('answers 400 to a body that is not JSON', async () => {
      const response = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: '{"model": ' })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { message: expect.stringMatching(/not JSON/) } })
    })

    it('answers 404 to an unknown model, naming the models', async () => {
      const response = await post({ model: 'gpt-4o', ...TEXT })
      expect(response.status).toBe(404)
      const { error } = (await response.json()) as { error: { message: string } }
      expect(error.message).toContain('gpt-4o')
      expect(error.message).toContain('reference:index-zero')
    })

    it('answers 401 to a missing or wrong key when a key is set', async () => {
      const locked = await startReferenceServer({ apiKey: 'sesame' })
      try {
        expect((await post({ model: 'reference', ...TEXT }, locked.baseUrl)).status).toBe(401)
        const wrong = await post({ model: 'reference', ...TEXT }, locked.baseUrl, { Authorization: 'Bearer nope' })
        expect(wrong.status).toBe(401)
        const right = await post({ model: 'reference', ...TEXT }, locked.baseUrl, { Authorization: 'Bearer sesame' })
        expect(right.status).toBe(200)
        expect(locked.requests.map((request) => request.authorization)).toEqual([
          undefined,
          'Bearer nope',
          'Bearer sesame',
        ])
      } finally {
        await locked.close()
      }
    })
  })

  it('is served by the mock server too, under the same model names', async () => {
    const mock = await startMockLlm()
    try {
      const { data } = (await (await fetch(`${mock.baseUrl}/models`)).json()) as { data: { id: string }[] }
      expect(data.map((model) => model.id)).toContain('reference:args-python')
      const response = await post({ model: 'reference:args-python', ...TWO_CALLS }, mock.baseUrl)
      const completion = (await response.json()) as Completion
      expect(toolCallsOf(completion)[0]?.function.arguments).toBe("{'city': 'test', 'days': 1, 'metric': True}")
      expect((await post({ model: 'reference:nope', ...TEXT }, mock.baseUrl)).status).toBe(404)
    } finally {
      await mock.close()
    }
  })
})

/** One check per fault: the fault shows on the wire, and everything else matches the clean answer. */
const faultChecks: Record<ReferenceFault, () => Promise<void>> = {
  'index-zero': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:index-zero')])
    expect(bad.stream).toEqual(mapCalls(ok.stream, (call) => ({ ...call, index: 0 })))
    expect(bad.whole).toEqual(ok.whole)
  },
  'index-from-one': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:index-from-one')])
    expect(bad.stream).toEqual(mapCalls(ok.stream, (call) => ({ ...call, index: call.index + 1 })))
    expect(bad.whole).toEqual(ok.whole)
  },
  'ids-unstable': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:ids-unstable')])
    const ids = assembled(ok.stream).map((call) => call.id)
    expect(bad.stream).toEqual(
      mapCalls(ok.stream, (call, first) => (first ? call : { ...call, id: `${ids[call.index]}_x` })),
    )
    expect(bad.whole).toEqual(ok.whole)
  },
  'ids-duplicate': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:ids-duplicate')])
    const [firstId] = assembled(ok.stream).map((call) => call.id)
    expect(bad.stream).toEqual(mapCalls(ok.stream, (call, first) => (first ? { ...call, id: firstId } : call)))
    expect(bad.whole).toEqual(withWholeCalls(ok.whole, (call) => ({ ...call, id: firstId ?? '' })))
  },
  'type-missing': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:type-missing')])
    expect(bad.stream).toEqual(mapCalls(ok.stream, (call) => omit(call, 'type')))
    expect(bad.whole).toEqual(withWholeCalls(ok.whole, (call) => omit(call, 'type')))
  },
  'name-repeated': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:name-repeated')])
    const names = ['get_weather', 'get_time']
    expect(bad.stream).toEqual(
      mapCalls(ok.stream, (call, first) =>
        first ? call : { ...call, function: { name: names[call.index], ...call.function } },
      ),
    )
    expect(bad.whole).toEqual(ok.whole)
  },
  'usage-ignored': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:usage-ignored')])
    expect(ok.stream.at(-1)?.usage).toBeDefined()
    expect(bad.stream).toEqual(ok.stream.slice(0, -1))
    expect(bad.whole).toEqual(ok.whole)
  },
  'finish-stop': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:finish-stop')])
    const stop = (chunk: Chunk): Chunk => ({
      ...chunk,
      choices: chunk.choices.map((choice) => ({ ...choice, finish_reason: choice.finish_reason && 'stop' })),
    })
    expect(bad.stream).toEqual(ok.stream.map(stop))
    const [choice] = ok.whole.choices
    expect(bad.whole).toEqual({ ...ok.whole, choices: [{ ...choice, finish_reason: 'stop' }] })
  },
  'args-python': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:args-python')])
    const python: Record<string, string> = {
      get_weather: "{'city': 'test', 'days': 1, 'metric': True}",
      get_time: "{'zone': 'UTC'}",
    }
    expect(withoutFragments(bad.stream)).toEqual(withoutFragments(ok.stream))
    expect(assembled(bad.stream).map((call) => call.arguments)).toEqual(Object.values(python))
    const fragments = callDeltas(bad.stream).filter(isFragment)
    expect(fragments.map((call) => String(call.function?.arguments).length)).toEqual([8, 8, 8, 8, 8, 3, 8, 7])
    expect(bad.whole).toEqual(
      withWholeCalls(ok.whole, (call) => ({
        ...call,
        function: { ...call.function, arguments: python[call.function.name] },
      })),
    )
  },
  'args-object': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:args-object')])
    const objects = [JSON.parse(WEATHER_ARGS) as unknown, JSON.parse(TIME_ARGS) as unknown]
    expect(bad.stream).toEqual(
      mapCalls(withoutFragments(ok.stream), (call) => ({
        ...call,
        function: { ...call.function, arguments: objects[call.index] },
      })),
    )
    expect(bad.whole).toEqual(
      withWholeCalls(ok.whole, (call) => ({
        ...call,
        function: { ...call.function, arguments: JSON.parse(String(call.function.arguments)) as unknown },
      })),
    )
  },
  'required-ignored': async () => {
    const required = { ...AFTER_TOOL, tool_choice: 'required' }
    expect(toolCallsOf(await whole('reference', required))).toHaveLength(1)
    const bad = await clean('reference:required-ignored', required)
    expect(bad).toEqual(await clean('reference', { ...AFTER_TOOL, tool_choice: 'auto' }))
    expect(bad.whole.choices[0]?.message.content).toBe('Done.')
    const userLast = { ...TWO_CALLS, tool_choice: 'required' }
    expect(await clean('reference:required-ignored', userLast)).toEqual(await clean('reference', userLast))
  },
  'none-ignored': async () => {
    const none = { ...TWO_CALLS, tool_choice: 'none' }
    expect(toolCallsOf(await whole('reference', none))).toHaveLength(0)
    const bad = await clean('reference:none-ignored', none)
    expect(bad).toEqual(await clean('reference', { ...TWO_CALLS, tool_choice: 'auto' }))
    expect(toolCallsOf(bad.whole)).toHaveLength(2)
  },
  'named-ignored': async () => {
    const named = { ...TWO_CALLS, tool_choice: { type: 'function', function: { name: 'get_time' } } }
    expect(toolCallsOf(await whole('reference', named)).map((call) => call.function.name)).toEqual(['get_time'])
    const bad = await clean('reference:named-ignored', named)
    expect(bad).toEqual(await clean('reference', TWO_CALLS))
    expect(toolCallsOf(bad.whole).map((call) => call.function.name)).toEqual(['get_weather', 'get_time'])
  },
  'markup-in-content': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:markup-in-content')])
    expect(callDeltas(bad.stream)).toEqual([])
    expect(joined(bad.stream, 'content')).toBe(MARKUP)
    const contents = bad.stream.map((chunk) => deltaOf(chunk).content).filter((text) => text)
    expect(contents.slice(0, -1).every((text) => text?.length === 4)).toBe(true)
    expect(bad.stream.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(bad.stream.at(-1)?.usage).toEqual(ok.stream.at(-1)?.usage)
    const [choice] = ok.whole.choices
    expect(bad.whole).toEqual({
      ...ok.whole,
      choices: [{ ...choice, message: { role: 'assistant', content: MARKUP }, finish_reason: 'stop' }],
    })
  },
  'reasoning-swallow': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:reasoning-swallow')])
    expect(callDeltas(bad.stream)).toEqual([])
    expect(joined(bad.stream, 'reasoning_content')).toBe(`${REASONING}\n${MARKUP}`)
    expect(joined(bad.stream, 'content')).toBe('')
    expect(bad.stream.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    const [choice] = ok.whole.choices
    const message = { role: 'assistant', content: '', reasoning_content: `${REASONING}\n${MARKUP}` }
    expect(bad.whole).toEqual({ ...ok.whole, choices: [{ ...choice, message, finish_reason: 'stop' }] })
    // A text reply is the thinking model's.
    expect(await clean('reference:reasoning-swallow', TEXT)).toEqual(await clean('reference:thinking', TEXT))
  },
  'stream-drops-last': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:stream-drops-last')])
    expect(bad.stream).toEqual(ok.stream.filter((chunk) => !callDeltas([chunk]).some((call) => call.index === 1)))
    expect(bad.whole).toEqual(ok.whole)
    const one = { ...TWO_CALLS, parallel_tool_calls: false }
    expect(await clean('reference:stream-drops-last', one)).toEqual(await clean('reference', one))
  },
  'stream-args-garbled': async () => {
    const [ok, bad] = await Promise.all([clean('reference'), clean('reference:stream-args-garbled')])
    expect(withoutFragments(bad.stream)).toEqual(withoutFragments(ok.stream))
    expect(assembled(bad.stream).map((call) => call.arguments)).toEqual([
      '{"city":"tst","days":1,"metric":true}',
      TIME_ARGS,
    ])
    expect(bad.whole).toEqual(ok.whole)
  },
  'reject-tool-messages': async () => {
    for (const stream of [false, true]) {
      const response = await post({ model: 'reference:reject-tool-messages', ...AFTER_TOOL, stream })
      expect(response.status).toBe(400)
      expect(await response.text()).toBe(
        '{"error":{"message":"Unexpected message role: tool","type":"invalid_request_error"}}',
      )
    }
    const callOnly = { ...AFTER_TOOL, messages: AFTER_TOOL.messages.slice(0, 2) }
    expect((await post({ model: 'reference:reject-tool-messages', ...callOnly })).status).toBe(400)
    expect(await clean('reference:reject-tool-messages')).toEqual(await clean('reference'))
  },
}

/** The conformance lab's check categories. */
const CATEGORIES = [
  'stream-final-agreement',
  'delta-index',
  'call-ids',
  'finish-reason',
  'arguments-json',
  'tool-choice',
  'leaked-markup',
  'reasoning',
  'wire-shape',
  'multi-turn',
]

describe('fault models', () => {
  it('have a check each, under a known category', () => {
    expect(Object.keys(faultChecks).sort()).toEqual(REFERENCE_FAULTS.map((fault) => fault.name).sort())
    for (const fault of REFERENCE_FAULTS) {
      expect(CATEGORIES).toContain(fault.category)
      expect(fault.description.length).toBeGreaterThan(0)
    }
  })

  for (const fault of REFERENCE_FAULTS) it(fault.name, faultChecks[fault.name])
})
