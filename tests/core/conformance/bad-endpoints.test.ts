/**
 * Endpoint trouble never breaks the battery: each exchange records one clear line of error, the
 * rest still runs, memory stays bounded, and nothing hangs. One local server plays every kind of
 * trouble, chosen by the first part of the path (`/html/v1`, `/status-401/v1`...).
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runConformance, summarize, PROBES, type ConformanceReport } from '../../../src/core/conformance'

const KEY = 'sk-bad-endpoint-secret-42'
const HUGE = 100 * 1024 * 1024
let server: Server
let base = ''
const sockets = new Set<Socket>()
/** Resolvers waiting for the next request to arrive. */
const waiting: (() => void)[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const behaviour = (req.url ?? '').split('/')[1] ?? ''
      const stream = req.headers.accept === 'text/event-stream'
      waiting.splice(0).forEach((wake) => wake())
      answer(behaviour, stream, res)
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
})

function answer(behaviour: string, stream: boolean, res: ServerResponse): void {
  const status = /^status-(\d+)$/.exec(behaviour)
  if (status) {
    res.writeHead(Number(status[1]), { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }))
  } else if (behaviour === 'html') {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end('<!doctype html><html><body>Welcome to the admin panel</body></html>')
  } else if (behaviour === 'silent') {
    // Headers, one event at most, then nothing, with the connection held open.
    res.writeHead(200, { 'Content-Type': stream ? 'text/event-stream' : 'application/json' })
    if (stream) res.write('data: {"choices":[{"index":0,"delta":{"role":"assistant"}}]}\n\n')
    else res.write('{"choices":')
  } else if (behaviour === 'trickle') {
    // An event now and then, forever: only the per-request time limit ends it.
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    const timer = setInterval(() => res.write('data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n'), 5)
    res.on('close', () => clearInterval(timer))
  } else if (behaviour === 'huge') {
    pump(res, stream)
  } else {
    res.writeHead(404).end()
  }
}

/** 100 MB written as the client reads it, never held in memory. */
function pump(res: ServerResponse, stream: boolean): void {
  res.writeHead(200, { 'Content-Type': stream ? 'text/event-stream' : 'application/json' })
  const filler = 'x'.repeat(64 * 1024)
  const piece = stream ? `data: {"choices":[{"index":0,"delta":{"content":"${filler}"}}]}\n\n` : filler
  let sent = 0
  if (!stream) res.write('{"choices":[{"index":0,"message":{"content":"')
  let closed = false
  res.on('close', () => (closed = true))
  const write = (): void => {
    while (!closed && sent < HUGE) {
      sent += piece.length
      if (!res.write(piece)) {
        res.once('drain', write)
        return
      }
    }
    if (!closed) res.end(stream ? 'data: [DONE]\n\n' : '"}}]}')
  }
  write()
}

const everyError = (report: ConformanceReport): string[] => report.exchanges.map((e) => e.error ?? '(none)')
const total = PROBES.length * 2

describe('bad endpoints', () => {
  it('reports a refused connection on every exchange and calls the endpoint unreachable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const report = await runConformance({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' }, { repeat: 1 })
    expect(report.exchanges).toHaveLength(total)
    for (const error of everyError(report)) expect(error).toMatch(/^Could not connect to http:\/\/127\.0\.0\.1/)
    expect(summarize(report)).toMatchObject({ unreachable: true, errors: total, fail: 0, pass: 0 })
  })

  it('says an HTML page is not an answer, streamed or not', async () => {
    const report = await runConformance({ baseUrl: `${base}/html/v1`, model: 'm' }, { repeat: 1 })
    for (const e of report.exchanges) expect(e.error).toMatch(/HTML page/)
    expect(summarize(report)).toMatchObject({ unreachable: false, fail: 0 })
  })

  it.each([
    [401, /401 Unauthorized/],
    [404, /404 Not Found/],
    [429, /429 Too Many Requests/],
  ])('records HTTP %i with the server’s words and without the key it echoed', async (status, said) => {
    const report = await runConformance(
      { baseUrl: `${base}/status-${status}/v1`, model: 'm', apiKey: KEY },
      { repeat: 1 },
    )
    expect(report.exchanges).toHaveLength(total)
    for (const e of report.exchanges) {
      expect(e.status).toBe(status)
      expect(e.error).toMatch(said)
      expect(e.error).not.toContain('\n')
    }
    expect(JSON.stringify(report)).not.toContain(KEY)
    expect(report.exchanges[0]?.request.headers.Authorization).toBe('Bearer [redacted]')
  })

  it('stops an answer that never ends at the idle timeout', async () => {
    const report = await runConformance({ baseUrl: `${base}/silent/v1`, model: 'm' }, { repeat: 1, idleTimeoutMs: 100 })
    expect(report.exchanges).toHaveLength(total)
    for (const e of report.exchanges) expect(e.error).toMatch(/Nothing arrived .* idle timeout/)
  })

  it('stops a stream that trickles forever at the per-request time limit', async () => {
    const report = await runConformance(
      { baseUrl: `${base}/trickle/v1`, model: 'm' },
      { repeat: 1, timeoutMs: 200, idleTimeoutMs: 0, concurrency: 4 },
    )
    expect(report.exchanges).toHaveLength(total)
    for (const e of report.exchanges) expect(e.error).toMatch(/time limit/)
    expect(report.exchanges.every((e) => e.truncated)).toBe(true)
  })

  it('reads at most the answer limit of a 100 MB answer and keeps at most about 2 MB of it', async () => {
    const report = await runConformance({ baseUrl: `${base}/huge/v1`, model: 'm' }, { repeat: 1, concurrency: 6 })
    expect(report.exchanges).toHaveLength(total)
    for (const e of report.exchanges) {
      expect(e.error).toMatch(/answer limit/)
      expect(e.truncated).toBe(true)
      const kept = e.chunks.reduce((sum, chunk) => sum + chunk.length, 0) + (e.body?.length ?? 0)
      expect(kept).toBeLessThanOrEqual(2 * 1024 * 1024)
      expect(e.dropped?.bytes).toBeGreaterThan(0)
    }
  })

  it('stops everything when the signal aborts, and returns what had come back', async () => {
    const controller = new AbortController()
    const arrived = new Promise<void>((resolve) => waiting.push(resolve))
    const run = runConformance({ baseUrl: `${base}/silent/v1`, model: 'm' }, { repeat: 3, signal: controller.signal })
    await arrived
    controller.abort()
    const report = await run
    expect(report.aborted).toBe(true)
    expect(report.exchanges.length).toBeLessThan(total * 3)
    for (const e of report.exchanges) expect(e.error).toMatch(/stopped/)
  })

  it('reports progress once per exchange', async () => {
    const seen: [number, number][] = []
    await runConformance(
      { baseUrl: `${base}/html/v1`, model: 'm' },
      { repeat: 1, onProgress: ({ done, total: all }) => seen.push([done, all]) },
    )
    expect(seen).toEqual(Array.from({ length: total }, (_, at) => [at + 1, total]))
  })

  it('throws a RangeError for bad options only', async () => {
    const endpoint = { baseUrl: `${base}/html/v1`, model: 'm' }
    await expect(runConformance(endpoint, { repeat: 0 })).rejects.toThrow(RangeError)
    await expect(runConformance(endpoint, { concurrency: 1.5 })).rejects.toThrow(RangeError)
    await expect(runConformance(endpoint, { timeoutMs: -1 })).rejects.toThrow(RangeError)
    await expect(runConformance(endpoint, { maxAnswerBytes: Number.NaN })).rejects.toThrow(RangeError)
  })
})
