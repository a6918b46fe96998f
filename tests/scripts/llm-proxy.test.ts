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
afterAll(async () => {
  await upstream.close()
  await new Promise((resolve) => proxy.close(resolve))
})

describe('the /llm-proxy/PORT development proxy', () => {
  it('forwards to 127.0.0.1:PORT, streaming, without the browser origin', async () => {
    const models = await fetch(`${base}/llm-proxy/${upstream.port}/v1/models`, { headers: { Origin: 'http://127.0.0.1:5173' } })
    expect(models.status).toBe(200)
    expect(((await models.json()) as { data: unknown[] }).data.length).toBeGreaterThan(3)
    const chat = await fetch(`${base}/llm-proxy/${upstream.port}/v1/chat/completions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://x' }, body: JSON.stringify({ model: 'echo', stream: true, messages: [{ role: 'user', content: 'hi' }] }) })
    expect(chat.headers.get('content-type')).toContain('text/event-stream')
    expect(await chat.text()).toContain('data: [DONE]')
    expect(upstream.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', origin: undefined })
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
