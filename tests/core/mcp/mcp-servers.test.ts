import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { createToolRegistryManager, directRequest, executeToolRequest } from '../../../src/core'
import {
  connectMcpServers,
  readMcpConfig,
  writeMcpConfig,
  REDACTED,
  type ConnectedMcpServers,
} from '../../../src/core/mcp'
import { nodeMcpTransport } from '../../../src/mcp/node'

const FILESYSTEM = resolve('node_modules/@modelcontextprotocol/server-filesystem/dist/index.js')
const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const CRASHING = resolve('tests/fixtures/mcp/crashing-server.mjs')

const open: ConnectedMcpServers[] = []
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()))
})

async function connect(mcpServers: Record<string, unknown>) {
  const registry = createToolRegistryManager()
  const { servers, problems } = readMcpConfig({ mcpServers })
  expect(problems).toEqual([])
  const connected = await connectMcpServers(servers, registry, nodeMcpTransport)
  open.push(connected)
  return { registry, connected }
}

describe('the reference filesystem server over stdio, on a temporary folder', () => {
  it('reads inside its folder, and a path outside is refused with the server message', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcp-fs-'))
    writeFileSync(join(folder, 'note.txt'), 'inside the allowed folder')
    const { registry, connected } = await connect({ files: { command: process.execPath, args: [FILESYSTEM, folder] } })
    expect(connected.failures).toEqual([])
    expect(connected.sources[0]!.notices).toEqual([])
    const inside = await executeToolRequest(
      directRequest('files_read_text_file', { path: join(folder, 'note.txt') }, 'f1'),
      { registry },
    )
    expect(inside).toMatchObject({ status: 'success', result: expect.stringContaining('inside the allowed folder') })
    const outside = await executeToolRequest(directRequest('files_read_text_file', { path: '/etc/hostname' }, 'f2'), {
      registry,
    })
    expect(outside.status).toBe('error')
    expect(outside.result).toContain('Access denied - path outside allowed directories')
  }, 60_000)
})

describe('a server that misbehaves', () => {
  it('crashing mid-call ends the call as an error, at once, and marks the server disconnected', async () => {
    const { registry, connected } = await connect({ bad: { command: process.execPath, args: [CRASHING] } })
    const crashed = await executeToolRequest(directRequest('bad_crash', {}, 'c1'), { registry, timeout: 20_000 })
    expect(crashed.status).toBe('error')
    expect(crashed.result).toMatch(/"bad_crash" failed: the MCP server "bad" failed: .*(closed|Connection)/i)
    expect(crashed.durationMs).toBeLessThan(10_000)
    const source = connected.sources[0]!
    await expect.poll(() => source.status).toBe('disconnected')
    const after = await executeToolRequest(directRequest('bad_hang', {}, 'c2'), { registry })
    expect(after.status).toBe('error')
  }, 30_000)

  it('a server that never answers is ended by the timeout; garbage on stdout is logged, and the next answer still arrives', async () => {
    const { registry, connected } = await connect({ odd: { command: process.execPath, args: [CRASHING] } })
    const hung = await executeToolRequest(directRequest('odd_hang', {}, 'h1'), { registry, timeout: 500 })
    expect(hung.status).toBe('timeout')
    const garbage = await executeToolRequest(directRequest('odd_garbage', {}, 'h2'), { registry })
    expect(garbage).toMatchObject({ status: 'success', result: 'answered after the garbage' })
    expect(connected.sources[0]!.log.some((e) => typeof e.message === 'string' && /error/i.test(e.message))).toBe(true)
  }, 30_000)

  it('a tool added at run time: the server says its tools changed, they are listed again, and the registry version moves', async () => {
    const { registry } = await connect({ growing: { command: process.execPath, args: [CRASHING] } })
    const before = registry.version
    expect(
      registry
        .get('growing')!
        .getMetadata()
        .methods.map((m) => m.name),
    ).not.toContain('grown')
    await executeToolRequest(directRequest('growing_grow', {}, 'g1'), { registry })
    await expect
      .poll(() =>
        registry
          .get('growing')!
          .getMetadata()
          .methods.map((m) => m.name),
      )
      .toContain('grown')
    expect(registry.version).toBeGreaterThan(before)
    expect(await executeToolRequest(directRequest('growing_grown', {}, 'g2'), { registry })).toMatchObject({
      status: 'success',
      result: 'grown up',
    })
  }, 30_000)

  it('a server that cannot start is a failure that says why; the others connect', async () => {
    const registry = createToolRegistryManager()
    const { servers } = readMcpConfig({
      mcpServers: {
        missing: { command: '/nonexistent/mcp-server' },
        ok: { command: process.execPath, args: [CRASHING] },
      },
    })
    const connected = await connectMcpServers(servers, registry, nodeMcpTransport, { connectTimeoutMs: 10_000 })
    open.push(connected)
    expect(connected.failures).toHaveLength(1)
    expect(connected.failures[0]).toMatch(/^Could not connect to "missing": /)
    expect(registry.get('ok')).toBeDefined()
  }, 30_000)
})

describe('server-everything over Streamable HTTP', () => {
  it('connects by URL, lists and calls tools', async () => {
    const port = await startEverything('streamableHttp', /listening/i)
    const { registry, connected } = await connect({
      remote: { url: `http://127.0.0.1:${port}/mcp`, headers: { 'X-Test': 'secret-value' } },
    })
    expect(connected.failures).toEqual([])
    const sum = await executeToolRequest(directRequest('remote_get-sum', { a: 2, b: 40 }, 's1'), { registry })
    expect(sum).toMatchObject({ status: 'success', result: expect.stringContaining('42') })
  }, 60_000)
})

describe('server-everything over the older HTTP+SSE', () => {
  it('connects with "type": "sse", and a plain url falls back to it when Streamable HTTP fails', async () => {
    const port = await startEverything('sse', /Server is running on port/i)
    const explicit = await connect({ old: { url: `http://127.0.0.1:${port}/sse`, type: 'sse' } })
    expect(explicit.connected.failures).toEqual([])
    expect(
      await executeToolRequest(directRequest('old_echo', { message: 'over sse' }, 'e1'), {
        registry: explicit.registry,
      }),
    ).toMatchObject({ status: 'success', result: expect.stringContaining('over sse') })
    const fallback = await connect({ plain: { url: `http://127.0.0.1:${port}/sse` } })
    expect(fallback.connected.failures).toEqual([])
    expect(
      fallback.connected.sources[0]!.log.some(
        (e) => typeof e.message === 'string' && e.message.includes('trying HTTP+SSE'),
      ),
    ).toBe(true)
  }, 60_000)
})

describe('the configuration', () => {
  it('reads Claude Desktop style entries, says what it cannot use, and never writes secrets unless asked', () => {
    const { servers, problems } = readMcpConfig({
      mcpServers: {
        files: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          env: { TOKEN: 's3cret' },
        },
        remote: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer s3cret' } },
        old: { url: 'https://example.test/sse', type: 'sse' },
        'bad name': { command: 'x' },
        nothing: {},
        wrongArgs: { command: 'x', args: 'not a list' },
      },
    })
    expect(servers.map((s) => [s.name, s.transport])).toEqual([
      ['files', 'stdio'],
      ['remote', 'http'],
      ['old', 'sse'],
    ])
    expect(problems).toEqual([
      'Server "bad name": the name must use letters, digits, "_", "-" and ".", starting with a letter or digit (it becomes the tool id).',
      'Server "nothing": needs "command" (a program started over stdio) or "url" (an HTTP server).',
      'Server "wrongArgs": "args" must be a list of strings.',
    ])
    const written = JSON.stringify(writeMcpConfig(servers))
    expect(written).not.toContain('s3cret')
    expect(written).toContain(REDACTED)
    expect(JSON.stringify(writeMcpConfig(servers, { secrets: true }))).toContain('s3cret')
    expect(readMcpConfig({ servers: {} }).problems[0]).toContain('"mcpServers"')
  })
})

const children: ChildProcess[] = []
afterAll(() => children.forEach((child) => child.kill()))

/** server-everything on a free loopback port in an HTTP mode; resolves with the port once it says it is up. */
async function startEverything(mode: 'streamableHttp' | 'sse', ready: RegExp): Promise<number> {
  const port = await freePort()
  const child = spawn(process.execPath, [EVERYTHING, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.push(child)
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server-everything (${mode}) did not start`)), 20_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      if (ready.test(String(chunk))) {
        clearTimeout(timer)
        done()
      }
    })
  })
  return port
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}
