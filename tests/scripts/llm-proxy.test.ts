import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { llmProxyMiddleware } from '../../scripts/llm-proxy'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

let upstream: MockLlm
let proxy: Server
let base = ''

beforeAll(async () => {
  upstream = await startMockLlm({ cors: false })
  const middleware = llmProxyMiddleware()
  proxy = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end('not the proxy')))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
/** A POST with exactly these headers (fetch would not let a test set Host). */
async function rawPost(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http')
  const body = JSON.stringify({ model: 'echo', stream: true, messages: [{ role: 'user', content: 'hi' }] })
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (piece: string) => (text += piece))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

afterAll(async () => {
  await upstream.close()
  await new Promise((resolve) => proxy.close(resolve))
})

describe('the /llm-proxy/PORT development proxy', () => {
  it('forwards to 127.0.0.1:PORT, streaming, without the browser origin', async () => {
    const models = await fetch(`${base}/llm-proxy/${upstream.port}/v1/models`, { headers: { Origin: base } })
    expect(models.status).toBe(200)
    expect(((await models.json()) as { data: unknown[] }).data.length).toBeGreaterThan(3)
    const chat = await fetch(`${base}/llm-proxy/${upstream.port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ model: 'echo', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    })
    expect(chat.headers.get('content-type')).toContain('text/event-stream')
    expect(await chat.text()).toContain('data: [DONE]')
    expect(upstream.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', origin: undefined })
  })

  it('refuses pages on other origins, cross-site requests and foreign host names with 403 (it relayed them)', async () => {
    const before = upstream.requests.length
    const attempts: [string, Record<string, string>][] = [
      ['a page on another origin', { Origin: 'http://evil.example' }],
      ['a page on another loopback port', { Origin: 'http://127.0.0.1:1' }],
      ['a cross-site request without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
      ['a same-site request', { 'Sec-Fetch-Site': 'same-site' }],
      ['DNS rebinding', { Host: 'evil.example:5173' }],
    ]
    for (const [what, headers] of attempts) {
      const answer = await rawPost(`/llm-proxy/${upstream.port}/v1/chat/completions`, headers)
      expect(answer.status, what).toBe(403)
      expect(answer.body, what).toContain("serves only the workbench's own page")
    }
    expect(upstream.requests.length).toBe(before)
  })

  it('other paths pass through; a bad port is a 400 that says how; an unreachable one a 502', async () => {
    expect(await (await fetch(`${base}/elsewhere`)).text()).toBe('not the proxy')
    const bad = await fetch(`${base}/llm-proxy/abc/v1/models`)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Use /llm-proxy/PORT/v1')
    const down = await fetch(`${base}/llm-proxy/9/v1/models`)
    expect(down.status).toBe(502)
    expect(await down.text()).toContain('The proxy could not reach 127.0.0.1:9')
  })
})
