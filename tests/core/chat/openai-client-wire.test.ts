/**
 * The chat client against what real servers send besides the happy stream: a JSON completion for
 * `stream: true`, an HTML page, SSE comments and named events with no data, silence, huge error
 * bodies, an error that echoes the API key. A local HTTP server on 127.0.0.1 answers each route.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChatRequestError, createOpenAIClient, type Completion } from '../../../src/core'
import { createCompletionAccumulator } from '../../../src/core/chat/completion-accumulator'

const KEY = 'sk-live-0123456789abcdef'
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

// The usage route gives up after this many chunks, so a client that is never cut still ends.
const USAGE_CHUNKS = 60
let usageChunksSent = 0

const routes: Record<string, (res: ServerResponse) => void> = {
  json: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: 'Whole answer.',
              tool_calls: [
                { id: 'c1', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expression":"1+1"}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      }),
    )
  },
  html: (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><html><body>Welcome to nginx!</body></html>')
  },
  ping: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.end(
      `: keep-alive comment\n\nevent: ping\ndata:\n\n${chunk({ content: 'Hel' })}event: ping\ndata: {"t": 1}\n\n${chunk({ content: 'lo' }, 'stop')}data: [DONE]\n\n`,
    )
  },
  silent: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'Partial' }))
    // ...and then nothing, with the connection open.
  },
  huge: (res) => {
    res.writeHead(500, { 'content-type': 'text/plain' })
    res.end('x'.repeat(5_000_000))
  },
  // Keep-alive comments every 100 ms after a first piece, and never an answer.
  comments: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'Partial' }))
    const timer = setInterval(() => res.write(': keep-alive\n\n'), 100)
    res.on('close', () => clearInterval(timer))
  },
  // A usage-only chunk every 200 ms after a first piece, each with a higher count, and never an answer.
  usage: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'Partial' }))
    const timer = setInterval(() => {
      usageChunksSent++
      const usage = { prompt_tokens: 3, completion_tokens: usageChunksSent, total_tokens: 3 + usageChunksSent }
      res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`)
      if (usageChunksSent < USAGE_CHUNKS) return
      clearInterval(timer)
      res.end('data: [DONE]\n\n')
    }, 200)
    res.on('close', () => clearInterval(timer))
  },
  // One byte every 50 ms of an event that never ends.
  dribble: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'Partial' }))
    res.write('data: {"choices": [{"delta": {"content": "')
    const timer = setInterval(() => res.write('x'), 50)
    res.on('close', () => clearInterval(timer))
  },
  // An answer without end, in ordinary pieces.
  endless: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    const piece = chunk({ content: 'y'.repeat(1000) }).repeat(64)
    const write = (): void => {
      while (!res.destroyed && res.write(piece));
      if (!res.destroyed) res.once('drain', write)
    }
    write()
  },
  // One line that never ends.
  longline: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'Start' }))
    res.write('data: ')
    const piece = 'z'.repeat(64 * 1024)
    const write = (): void => {
      while (!res.destroyed && res.write(piece));
      if (!res.destroyed) res.once('drain', write)
    }
    write()
  },
  echo: (res) => {
    res.writeHead(401, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}.` } }))
  },
}

let server: Server
let base = ''
const open: ServerResponse[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    open.push(res)
    const route = (req.url ?? '').split('/')[1] ?? ''
    req.resume()
    req.on('end', () => {
      const handler = routes[route]
      if (handler) handler(res)
      else res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const res of open) res.destroy()
  await new Promise((resolve) => server.close(resolve))
})

const ask = (
  route: string,
  extra: { idleTimeoutMs?: number; maxAnswerBytes?: number; maxLineBytes?: number } = {},
): Promise<Completion> =>
  createOpenAIClient({ baseUrl: `${base}/${route}`, apiKey: KEY, model: 'm', ...extra }).complete({
    messages: [{ role: 'user', content: 'hi' }],
  })

async function failure(promise: Promise<unknown>): Promise<ChatRequestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ChatRequestError)
  return error as ChatRequestError
}

describe('the chat client on the wire', () => {
  it('accepts a non-streamed JSON completion (it was "ended without [DONE], 0 characters")', async () => {
    expect(await ask('json')).toEqual({
      content: 'Whole answer.',
      toolCalls: [
        { id: 'c1', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expression":"1+1"}' } },
      ],
      finishReason: 'tool_calls',
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    })
  })

  it('says that an HTML page is not a stream, and quotes it', async () => {
    const error = await failure(ask('html'))
    expect(error.kind).toBe('malformed')
    expect(error.message).toMatch(
      /answered with an HTML page, not a stream of chat-completion events; is the base URL right .* It began: <!doctype html>/,
    )
  })

  it('ignores SSE comments, empty events and named events such as ping (an empty ping failed the reply)', async () => {
    expect(await ask('ping')).toMatchObject({ content: 'Hello', finishReason: 'stop' })
  })

  it('stops a silent stream at the idle timeout, with the text so far', async () => {
    const error = await failure(ask('silent', { idleTimeoutMs: 300 }))
    expect(error.kind).toBe('idle')
    expect(error.message).toMatch(
      /^No part of the answer arrived from .* for 0 s \(keep-alive comments, usage counts and unfinished events do not count\), so the request was stopped; 7 characters were received and kept\./,
    )
    expect(error.partial.content).toBe('Partial')
  })

  it('reads at most 64 KiB of an error body', async () => {
    const error = await failure(ask('huge'))
    expect(error.kind).toBe('http')
    expect(error.message.length).toBeLessThan(70_000)
  })

  it('never keeps the API key a server echoes back (it was stored and exported)', async () => {
    const error = await failure(ask('echo'))
    expect(error.status).toBe(401)
    expect(error.message).not.toContain(KEY)
    expect(error.message).toContain('Incorrect API key provided: [API key removed].')
  })
})

describe('native tool-call deltas', () => {
  it('8,000 call indexes, in any order, come out in index order (each chunk re-sorted all calls)', () => {
    const accumulator = createCompletionAccumulator()
    const indexes = Array.from({ length: 8000 }, (_, k) => (k * 7919) % 8000)
    for (const index of indexes)
      accumulator.apply({
        choices: [{ delta: { tool_calls: [{ index, id: `c${index}`, function: { name: 'f', arguments: '{}' } }] } }],
      })
    for (const index of indexes.slice(0, 100))
      accumulator.apply({ choices: [{ delta: { tool_calls: [{ index, function: { arguments: ' ' } }] } }] })
    const ids = accumulator.reply.toolCalls.map((c) => c.id)
    expect(ids).toEqual(Array.from({ length: 8000 }, (_, k) => `c${k}`))
    expect(accumulator.reply.toolCalls.filter((c) => c.function.arguments === '{} ')).toHaveLength(100)
  })

  it('the idle timeout measures the answer, not bytes: keep-alive comments do not keep a dead stream alive', async () => {
    const error = await failure(ask('comments', { idleTimeoutMs: 800 }))
    expect(error.kind).toBe('idle')
    expect(error.partial.content).toBe('Partial')
  }, 20_000)

  it('nor does one byte at a time of an event that never ends', async () => {
    const error = await failure(ask('dribble', { idleTimeoutMs: 800 }))
    expect(error.kind).toBe('idle')
    expect(error.message).toContain('No part of the answer arrived')
    expect(error.partial.content).toBe('Partial')
  }, 20_000)

  it('nor do usage-only chunks: a server repeating its token counts is cut at the idle timeout', async () => {
    const error = await failure(ask('usage', { idleTimeoutMs: 800 }))
    expect(error.kind).toBe('idle')
    expect(error.message).toContain('No part of the answer arrived')
    expect(error.partial.content).toBe('Partial')
    expect(usageChunksSent).toBeLessThan(USAGE_CHUNKS)
  }, 30_000)

  it("an answer past the endpoint's size limit ends the round, with what arrived kept", async () => {
    const error = await failure(ask('endless', { maxAnswerBytes: 2 * 1048576 }))
    expect(error.kind).toBe('too-large')
    expect(error.message).toMatch(
      /^The server sent more than 2 MB \(this endpoint's answer limit\), so the answer was stopped; [\d,]+ characters were received and kept\./,
    )
    expect(error.partial.content.length).toBeGreaterThan(1_000_000)
    expect(error.partial.content.length).toBeLessThanOrEqual(2 * 1048576)
    expect(/^y+$/.test(error.partial.content)).toBe(true)
  }, 20_000)

  it("a line past the endpoint's line limit ends the round too (the parser held it all)", async () => {
    const error = await failure(ask('longline', { maxLineBytes: 1048576 }))
    expect(error.kind).toBe('too-large')
    expect(error.message).toMatch(/^The server sent more than 1 MB in one line \(this endpoint's line limit\)/)
    expect(error.partial.content).toBe('Start')
  }, 20_000)
})
