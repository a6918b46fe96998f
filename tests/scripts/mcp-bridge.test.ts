import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { livePids as runningPids } from '../fixtures/mcp/processes'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createServer as createViteServer } from 'vite'
import { createMcpBridge, type McpBridge, type McpBridgeOptions } from '../../scripts/mcp-bridge'
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
    fetch(`${base}/mcp-bridge/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ command: process.execPath, args: ['-e', 'process.exit(0)'] }),
    })

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
    expect(((await foreign.json()) as { error: string }).error).toContain(
      'it comes from a page on https://evil.example',
    )
    expect((await start({ 'X-Bridge-Secret': bridge.secret, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    const rebound = await new Promise<number>((done) => {
      const req = request(
        `${base}/mcp-bridge/sessions`,
        { method: 'POST', headers: { Host: 'attacker.example', 'X-Bridge-Secret': bridge.secret } },
        (res) => {
          res.resume()
          done(res.statusCode ?? 0)
        },
      )
      req.end('{}')
    })
    expect(rebound).toBe(403)
  })

  it('relays a real stdio server for the page: connect, list, call, stop', async () => {
    const config: McpStdioServer = {
      name: 'everything',
      transport: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: {},
    }
    const source = createMcpToolSource({
      config,
      createTransport: (server) => new BridgeTransport(server as McpStdioServer, bridge.secret, base),
    })
    await source.connect()
    const registry = createToolRegistryManager()
    registry.register(source.tool)
    const result = await executeToolRequest(directRequest('everything_get-sum', { a: 2, b: 40 }, 'b1'), { registry })
    expect(result).toMatchObject({ status: 'success', result: expect.stringContaining('42') })
    await source.disconnect()
    expect(source.status).toBe('disconnected')
  }, 60_000)

  it('the dev server (and so the bridge) listens on loopback only', async () => {
    const vite = await createViteServer({
      configFile: resolve('vite.config.ts'),
      server: { port: 0 },
      logLevel: 'silent',
    })
    await vite.listen()
    try {
      const address = vite.httpServer?.address() as { address: string }
      expect(address.address).toBe('127.0.0.1')
      const page = await rawGet(`http://127.0.0.1:${(vite.httpServer?.address() as { port: number }).port}/`, {
        Accept: 'text/html',
      })
      expect(page.body).toMatch(/<meta name="vcp-bridge-secret" content="[0-9a-f]{64}">/)
    } finally {
      await vite.close()
    }
  }, 60_000)
})

describe('the bridge holds its limits', () => {
  const servers: { bridge: McpBridge; server: Server }[] = []
  const folder = mkdtempSync(join(tmpdir(), 'vcp-bridge-'))
  const PID_SERVER = resolve('tests/fixtures/mcp/pid-server.mjs')

  async function serve(options: McpBridgeOptions = {}): Promise<{ bridge: McpBridge; base: string; secret: string }> {
    const bridge = createMcpBridge(options)
    const server = createServer((req, res) => bridge.middleware(req, res, () => res.writeHead(404).end()))
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    servers.push({ bridge, server })
    return { bridge, base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, secret: bridge.secret }
  }
  afterAll(async () => {
    for (const { bridge, server } of servers) {
      await bridge.close()
      server.close()
    }
  })
  const headers = (secret: string) => ({ 'Content-Type': 'application/json', 'X-Bridge-Secret': secret })
  const startPidServer = async (base: string, secret: string, mode?: string): Promise<string> => {
    const answer = await fetch(`${base}/mcp-bridge/sessions`, {
      method: 'POST',
      headers: headers(secret),
      body: JSON.stringify({ command: process.execPath, args: [PID_SERVER, folder, ...(mode ? [mode] : [])] }),
    })
    expect(answer.status).toBe(201)
    return ((await answer.json()) as { id: string }).id
  }
  const livePids = (): number[] => runningPids(folder)

  it('a server that writes nothing before initialize still connects (the stream answers at once)', async () => {
    const { base, secret } = await serve()
    const config: McpStdioServer = {
      name: 'quiet',
      transport: 'stdio',
      command: process.execPath,
      args: [PID_SERVER, folder],
      env: {},
    }
    const source = createMcpToolSource({
      config,
      connectTimeoutMs: 10_000,
      createTransport: (server) => new BridgeTransport(server as McpStdioServer, secret, base),
    })
    await source.connect()
    expect(source.status).toBe('connected')
    expect(source.tool.getMetadata().methods.map((m) => m.name)).toEqual(['pid'])
    await source.disconnect()
  }, 30_000)

  it('a server ends when its page goes away: the stream closed and not opened again', async () => {
    const { bridge, base, secret } = await serve({ graceMs: 300 })
    const before = new Set(livePids())
    const id = await startPidServer(base, secret)
    const reading = new AbortController()
    const stream = await fetch(`${base}/mcp-bridge/sessions/${id}/events`, {
      headers: headers(secret),
      signal: reading.signal,
    })
    expect(stream.status).toBe(200)
    await expect.poll(() => livePids().filter((pid) => !before.has(pid)).length, { timeout: 10_000 }).toBe(1)
    expect(bridge.runningCount).toBe(1)
    // The page reloads: its stream breaks.
    reading.abort()
    await expect.poll(() => bridge.runningCount, { timeout: 10_000 }).toBe(0)
    await expect.poll(() => livePids().filter((pid) => !before.has(pid)).length, { timeout: 10_000 }).toBe(0)
  }, 30_000)

  it('a server whose page never opened its stream ends too', async () => {
    const { bridge, base, secret } = await serve({ graceMs: 300 })
    await startPidServer(base, secret)
    expect(bridge.runningCount).toBe(1)
    await expect.poll(() => bridge.runningCount, { timeout: 10_000 }).toBe(0)
  }, 30_000)

  it('output the page does not read is bounded: past it the session ends and says why', async () => {
    const { bridge, base, secret } = await serve({ graceMs: 60_000, maxPendingBytes: 512 * 1024 })
    const id = await startPidServer(base, secret, '--request-flood')
    await expect.poll(() => bridge.runningCount, { timeout: 20_000 }).toBe(0)
    const text = await (await fetch(`${base}/mcp-bridge/sessions/${id}/events`, { headers: headers(secret) })).text()
    expect(text.length).toBeLessThan(1024 * 1024)
    expect(text).toContain('the server wrote more than')
    expect(text).toContain('that the page did not read, so it was stopped')
  }, 30_000)

  /** Opens a session's events stream and holds it without reading. */
  async function holdEvents(base: string, secret: string, id: string): Promise<IncomingMessage> {
    const url = new URL(`${base}/mcp-bridge/sessions/${id}/events`)
    const held = await new Promise<IncomingMessage>((done, fail) => {
      const req = request(url, { headers: headers(secret) }, done)
      req.on('error', fail)
      req.end()
    })
    held.pause()
    return held
  }

  /** Reads a held stream until `last` says it is enough, and returns its lines. */
  async function readHeld(held: IncomingMessage, last: (line: string) => boolean): Promise<string[]> {
    let text = ''
    return new Promise((done) => {
      held.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        const lines = text.split('\n')
        if (lines.slice(0, -1).some(last)) {
          held.destroy()
          done(lines.slice(0, -1))
        }
      })
      held.on('end', () => done(text.split('\n').filter(Boolean)))
      held.resume()
    })
  }

  // The bridge used to stop such a session by calling itself until the stack overflowed, which
  // took the dev server down with every other session.
  it('a flood of requests into an open stream the page does not read: stopped once, why is said, the bridge serves on', async () => {
    const { bridge, base, secret } = await serve({ graceMs: 60_000, maxPendingBytes: 256 * 1024 })
    const before = new Set(livePids())
    const id = await startPidServer(base, secret, '--request-flood')
    const held = await holdEvents(base, secret, id)
    await expect.poll(() => bridge.runningCount, { timeout: 30_000 }).toBe(0)
    await expect.poll(() => livePids().filter((pid) => !before.has(pid)).length, { timeout: 20_000 }).toBe(0)
    // Now read what was held back: its last lines say why the server was stopped, once.
    const lines = await readHeld(held, () => false)
    const stopped = lines.filter((line) => line.includes('The bridge stopped the server'))
    expect(stopped).toHaveLength(1)
    expect(stopped[0]).toContain('that the page did not read, so it was stopped')
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ closed: true })
    // The bridge itself is still there for everything else.
    const other = await startPidServer(base, secret)
    expect(other).toMatch(/^[0-9a-f]{24}$/)
    const listed = await fetch(`${base}/mcp-bridge/file-servers`, { headers: headers(secret) })
    expect(listed.status).toBe(200)
    await fetch(`${base}/mcp-bridge/sessions/${other}`, { method: 'DELETE', headers: headers(secret) })
  }, 60_000)

  it.each([
    ['stderr', '--stderr-flood', (n: number) => `line ${n} e`, null],
    ['log messages', '--log-flood', (n: number) => `log ${n} x`, 'notifications/message'],
    ['progress', '--progress-flood', (n: number) => `"progress":${n},`, 'notifications/progress'],
  ])(
    '10 MB of %s into an open stream the page does not read: held within bounds, the server runs on, the page learns what was left out',
    async (_kind, mode, newest, method) => {
      const { bridge, base, secret } = await serve({ graceMs: 60_000 })
      const before = new Set(livePids())
      const id = await startPidServer(base, secret, mode)
      const held = await holdEvents(base, secret, id)
      await expect.poll(() => livePids().filter((pid) => !before.has(pid)).length, { timeout: 20_000 }).toBe(1)
      const doneFile = `${livePids().find((pid) => !before.has(pid))}.done`
      await expect.poll(() => readdirSync(folder).includes(doneFile), { timeout: 60_000 }).toBe(true)
      // All 10 MB went through the bridge: what it holds for the page stayed bounded.
      expect(bridge.runningCount).toBe(1)
      expect(bridge.heldBytes).toBeLessThan(2 * 1024 * 1024)
      // Read up to the last line the server wrote: it is never the one left out.
      const written = Number(readFileSync(join(folder, doneFile), 'utf8'))
      const lines = await readHeld(held, (line) => line.includes(newest(written - 1)))
      const notes = lines.filter((line) => line.includes('"dropped"'))
      const dropped = notes
        .map((line) => (JSON.parse(line) as { dropped: { lines: number; progress: number } }).dropped)
        .reduce((sum, { lines, progress }) => sum + lines + progress, 0)
      expect(notes[0]).toContain('The page could not keep up with the server')
      expect(dropped).toBeGreaterThan(0)
      // Nothing is lost unsaid: what reached the page and what was counted out make what was written
      // (stderr is counted by the piece the pipe gave, not by the line).
      if (method) expect(lines.filter((line) => line.includes(`"method":"${method}"`)).length + dropped).toBe(written)
      await fetch(`${base}/mcp-bridge/sessions/${id}`, { method: 'DELETE', headers: headers(secret) })
      await expect.poll(() => bridge.runningCount, { timeout: 20_000 }).toBe(0)
    },
    90_000,
  )

  it('a line is bounded too: a server that never ends its line is stopped, and the page is told why', async () => {
    const { bridge, base, secret } = await serve({ graceMs: 60_000, maxPendingBytes: 512 * 1024 })
    const id = await startPidServer(base, secret, '--long-line')
    await expect.poll(() => bridge.runningCount, { timeout: 20_000 }).toBe(0)
    const text = await (await fetch(`${base}/mcp-bridge/sessions/${id}/events`, { headers: headers(secret) })).text()
    expect(text).toContain('the server wrote a line longer than 0.5 MB, so it was stopped')
  }, 30_000)

  it('a connect that gets no answer at all fails at the connect timeout with a readable message', async () => {
    // A bridge that takes the request and never answers.
    const silent = createServer(() => undefined)
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    try {
      const config: McpStdioServer = { name: 'nobody', transport: 'stdio', command: 'x', args: [], env: {} }
      const base = `http://127.0.0.1:${(silent.address() as { port: number }).port}`
      const source = createMcpToolSource({
        config,
        connectTimeoutMs: 1000,
        createTransport: (server) => new BridgeTransport(server as McpStdioServer, 'secret', base),
      })
      await expect(source.connect()).rejects.toThrow(
        'Could not connect to "nobody": "nobody" did not answer within 1 s (connect timeout)',
      )
      expect(source.status).toBe('failed')
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  }, 30_000)

  it("lists the user's mcp.json servers without their env values, and starts one by name", async () => {
    const file = join(folder, 'mcp.json')
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          mine: { command: process.execPath, args: [PID_SERVER, folder], env: { TOKEN: 'secret-value' } },
          remote: { url: 'http://127.0.0.1:1/mcp' },
        },
      }),
    )
    const { base, secret } = await serve({ configFile: file })
    const listed = await (await fetch(`${base}/mcp-bridge/file-servers`, { headers: headers(secret) })).text()
    expect(JSON.parse(listed)).toMatchObject({
      file,
      servers: [{ name: 'mine', command: process.execPath, args: [PID_SERVER, folder], envNames: ['TOKEN'] }],
      problems: [],
    })
    expect(listed).not.toContain('secret-value')
    const config: McpStdioServer = { name: 'mine', transport: 'stdio', command: 'ignored', args: [], env: {} }
    const source = createMcpToolSource({
      config,
      createTransport: (server) => new BridgeTransport(server as McpStdioServer, { secret, base, fileServer: true }),
    })
    await source.connect()
    expect(source.status).toBe('connected')
    await source.disconnect()
    const unknown = await fetch(`${base}/mcp-bridge/sessions`, {
      method: 'POST',
      headers: headers(secret),
      body: JSON.stringify({ fileServer: 'other' }),
    })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('lists no stdio server named \\"other\\"')
  }, 30_000)

  it("the page with the secret is served to a navigation only: another origin's fetch gets neither the secret nor CORS", async () => {
    const vite = await createViteServer({
      configFile: resolve('vite.config.ts'),
      server: { port: 0, strictPort: false },
      logLevel: 'silent',
    })
    await vite.listen()
    try {
      const root = `http://127.0.0.1:${(vite.httpServer?.address() as { port: number }).port}/`
      // What a browser sends when the user opens the address.
      const navigation = await rawGet(root, {
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
        'Sec-Fetch-Site': 'none',
        Accept: 'text/html',
      })
      expect(navigation.status).toBe(200)
      expect(navigation.body).toMatch(/<meta name="vcp-bridge-secret" content="[0-9a-f]{64}">/)
      // What a browser sends when another page on loopback fetches it.
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:5173']) {
        const foreign = await rawGet(root, {
          Origin: origin,
          'Sec-Fetch-Mode': 'cors',
          'Sec-Fetch-Dest': 'empty',
          'Sec-Fetch-Site': 'same-site',
          Accept: '*/*',
        })
        expect(foreign.status).toBe(403)
        expect(foreign.body).not.toContain('vcp-bridge-secret')
        expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
      }
      // A frame of another page: refused as well.
      const framed = await rawGet(`${root}index.html`, {
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'iframe',
        'Sec-Fetch-Site': 'cross-site',
      })
      expect(framed.status).toBe(403)
    } finally {
      await vite.close()
    }
  }, 60_000)
})

/** A GET with exactly these headers (Node's fetch adds Sec-Fetch-Mode: cors of its own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    request(url, { headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
      .on('error', fail)
      .end()
  })
}
