import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, request, type Server } from 'node:http'
import { resolve } from 'node:path'
import { createServer as createViteServer } from 'vite'
import { createMcpBridge, type McpBridge } from '../../scripts/mcp-bridge'
import { BridgeTransport } from '../../src/mcp/bridge-transport'
import { createMcpToolSource, type McpStdioServer } from '../../src/core/mcp'
import { createToolRegistryManager, directRequest, executeToolRequest } from '../../src/core'

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

describe('the stdio bridge', () => {
  let bridge: McpBridge
  let server: Server
  let base = ''
  beforeAll(async () => {
    bridge = createMcpBridge()
    server = createServer((req, res) => bridge.middleware(req, res, () => res.writeHead(404).end()))
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    await bridge.close()
    server.close()
  })

  const start = (headers: Record<string, string>) =>
    fetch(`${base}/mcp-bridge/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ command: process.execPath, args: ['-e', 'process.exit(0)'] }) })

  it('refuses a request without the secret, or with a wrong one', async () => {
    const missing = await start({})
    expect(missing.status).toBe(403)
    expect(((await missing.json()) as { error: string }).error).toContain('secret is missing or wrong')
    expect((await start({ 'X-Bridge-Secret': 'guessed' })).status).toBe(403)
    // One character off, same length.
    const last = bridge.secret.at(-1) === '0' ? '1' : '0'
    expect((await start({ 'X-Bridge-Secret': bridge.secret.slice(0, -1) + last })).status).toBe(403)
  })

  it('refuses a foreign Origin, a cross-site request and a non-loopback Host, even with the secret', async () => {
    const foreign = await start({ 'X-Bridge-Secret': bridge.secret, Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as { error: string }).error).toContain('it comes from a page on https://evil.example')
    expect((await start({ 'X-Bridge-Secret': bridge.secret, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    const rebound = await new Promise<number>((done) => {
      const req = request(`${base}/mcp-bridge/sessions`, { method: 'POST', headers: { Host: 'attacker.example', 'X-Bridge-Secret': bridge.secret } }, (res) => {
        res.resume()
        done(res.statusCode ?? 0)
      })
      req.end('{}')
    })
    expect(rebound).toBe(403)
  })

  it('relays a real stdio server for the page: connect, list, call, stop', async () => {
    const config: McpStdioServer = { name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: {} }
    const source = createMcpToolSource({ config, createTransport: (server) => new BridgeTransport(server as McpStdioServer, bridge.secret, base) })
    await source.connect()
    const registry = createToolRegistryManager()
    registry.register(source.tool)
    const result = await executeToolRequest(directRequest('everything_get-sum', { a: 2, b: 40 }, 'b1'), { registry })
    expect(result).toMatchObject({ status: 'success', result: expect.stringContaining('42') })
    await source.disconnect()
    expect(source.status).toBe('disconnected')
  }, 60_000)

  it('the dev server (and so the bridge) listens on loopback only', async () => {
    const vite = await createViteServer({ configFile: resolve('vite.config.ts'), server: { port: 0 }, logLevel: 'silent' })
    await vite.listen()
    try {
      const address = vite.httpServer?.address() as { address: string }
      expect(address.address).toBe('127.0.0.1')
      const page = await (await fetch(`http://127.0.0.1:${(vite.httpServer?.address() as { port: number }).port}/`)).text()
      expect(page).toMatch(/<meta name="vcp-bridge-secret" content="[0-9a-f]{64}">/)
    } finally {
      await vite.close()
    }
  }, 60_000)
})
