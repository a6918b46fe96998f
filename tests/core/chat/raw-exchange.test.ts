/**
 * A round's raw exchange as the OpenAI client captures it: credentials never in it, the events in
 * the order they came (with `[DONE]`), non-streamed and failed answers, and a bound past which the
 * events are only counted.
 */
import { describe, expect, it } from 'vitest'
import {
  capturingClient,
  createExchangeCapture,
  createOpenAIClient,
  redactHeaders,
  type ModelClient,
  type RawExchange,
} from '../../../src/core'
import { utf8Length } from '../../../src/core/chat/raw-exchange'

const KEY = 'sk-raw-0123456789abcdef'
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

/** A fetch that answers every request with `body` (split into `pieces`), as `type`, with `status`. */
function answering(pieces: string[], type = 'text/event-stream', status = 200): typeof fetch {
  return () => {
    const encoder = new TextEncoder()
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece))
        controller.close()
      },
    })
    return Promise.resolve(
      new Response(stream, { status, headers: { 'content-type': type, 'x-request-id': 'r-1', 'x-api-key': KEY } }),
    )
  }
}

/** One completion through the client; the exchange it reported (and the error, if it failed). */
async function exchangeOf(fetchImpl: typeof fetch): Promise<{ exchange: RawExchange; error?: unknown }> {
  const client = createOpenAIClient({ baseUrl: 'http://127.0.0.1:9/v1/', apiKey: KEY, model: 'm' }, fetchImpl)
  let exchange: RawExchange | undefined
  let error: unknown
  try {
    await client.complete({ messages: [{ role: 'user', content: 'Hi' }] }, { onExchange: (x) => (exchange = x) })
  } catch (e) {
    error = e
  }
  expect(exchange).toBeDefined()
  return { exchange: exchange!, error }
}

describe('raw exchange', () => {
  it('a streamed answer: the request without the key, the response, each data line in order with [DONE]', async () => {
    const stream = [chunk({ content: 'Hel' }), ': keep-alive\n\n', chunk({ content: 'lo' }, 'stop'), 'data: [DONE]\n\n']
    // Cut at awkward places: the events are kept whole, in order.
    const text = stream.join('')
    const { exchange, error } = await exchangeOf(answering([text.slice(0, 7), text.slice(7, 60), text.slice(60)]))
    expect(error).toBeUndefined()
    expect(exchange.request.method).toBe('POST')
    expect(exchange.request.url).toBe('http://127.0.0.1:9/v1/chat/completions')
    expect(exchange.request.headers.Authorization).toBe('Bearer [redacted]')
    expect(JSON.parse(exchange.request.body)).toMatchObject({ model: 'm', stream: true })
    expect(exchange.request.body).toContain('\n  "model": "m"')
    expect(exchange.response).toMatchObject({
      status: 200,
      headers: { 'x-request-id': 'r-1', 'x-api-key': '[redacted]' },
    })
    expect(exchange.events).toEqual([stream[0]!.trim(), stream[2]!.trim(), 'data: [DONE]'])
    expect(JSON.stringify(exchange)).not.toContain(KEY)
    expect(exchange.cut).toBeUndefined()
  })

  it('a non-streamed answer keeps its body; an HTTP error keeps its body and the failure, the echoed key removed', async () => {
    const json = JSON.stringify({ choices: [{ index: 0, message: { content: 'Whole.' }, finish_reason: 'stop' }] })
    const whole = await exchangeOf(answering([json], 'application/json'))
    expect(whole.exchange.body).toBe(json)
    expect(whole.exchange.events).toEqual([])
    const failed = await exchangeOf(answering([`{"error": {"message": "bad key ${KEY}"}}`], 'application/json', 401))
    expect(failed.error).toBeDefined()
    expect(failed.exchange.response?.status).toBe(401)
    expect(failed.exchange.body).toContain('bad key [redacted]')
    expect(failed.exchange.error).toMatch(/^401/)
    expect(JSON.stringify(failed.exchange)).not.toContain(KEY)
  })

  it('a server that cannot be reached: the request is kept, no response, the failure says why', async () => {
    const { exchange } = await exchangeOf(() => Promise.reject(new TypeError('fetch failed')))
    expect(exchange.response).toBeUndefined()
    expect(exchange.request.headers.Authorization).toBe('Bearer [redacted]')
    expect(exchange.error).toBeTruthy()
  })

  it('a stream past the limit keeps the events within it, in order, then counts the rest', () => {
    const capture = createExchangeCapture({ method: 'POST', url: 'u', headers: {}, body: {} }, { limitBytes: 100 })
    for (let i = 0; i < 10; i++) capture.event(`{"n":${i},"pad":"${'é'.repeat(5)}"}`)
    const { events, cut } = capture.exchange
    expect(events.length).toBeGreaterThan(0)
    expect(events.map((e) => JSON.parse(e.slice('data: '.length)).n)).toEqual(events.map((_, i) => i))
    expect(events.reduce((n, e) => n + utf8Length(e), 0)).toBeLessThanOrEqual(100)
    expect(cut).toMatchObject({ limitBytes: 100, droppedEvents: 10 - events.length })
    expect(cut!.droppedBytes).toBe((10 - events.length) * utf8Length(events[0]!))
  })

  it('a request body past the limit is cut with a line that says so', () => {
    const body = { messages: [{ role: 'user', content: 'x'.repeat(500) }] }
    const capture = createExchangeCapture({ method: 'POST', url: 'u', headers: {}, body }, { limitBytes: 100 })
    expect(capture.exchange.request.body).toMatch(
      /^\{\n {2}"messages"[\s\S]*\n\[cut: \d+ more bytes of the body were not kept\]$/,
    )
  })

  it('redacts every credential header whatever its case, and keeps the scheme', () => {
    expect(
      redactHeaders({ authorization: 'Bearer sk-1', 'Api-Key': 'k', 'X-API-KEY': 'k', Accept: 'text/event-stream' }),
    ).toEqual({
      authorization: 'Bearer [redacted]',
      'Api-Key': '[redacted]',
      'X-API-KEY': '[redacted]',
      Accept: 'text/event-stream',
    })
  })

  it('utf8Length counts bytes as UTF-8 does', () => {
    for (const text of ['', 'abc', 'é', '中文', '😀', 'a😀b中'])
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length)
  })

  it('capturingClient numbers the calls, so each exchange lands on its round', async () => {
    const seen: number[] = []
    const inner: ModelClient = {
      complete: (_request, callbacks) => {
        callbacks?.onExchange?.({ request: { method: 'POST', url: 'u', headers: {}, body: '' }, events: [] })
        return Promise.resolve({ content: '', toolCalls: [] })
      },
    }
    const client = capturingClient(inner, (_exchange, call) => seen.push(call))
    await client.complete({ messages: [] })
    await client.complete({ messages: [] }, {})
    expect(seen).toEqual([0, 1])
  })
})
