/**
 * The stdio bridge: a browser page cannot start programs, so the dev server (`npm start`) starts
 * MCP stdio servers for the workbench page and relays their JSON-RPC messages.
 *
 *   POST   /mcp-bridge/sessions            {command, args, env, cwd}  -> {id}   starts a server
 *   GET    /mcp-bridge/sessions/ID/events  a stream of its messages, one JSON per line
 *   POST   /mcp-bridge/sessions/ID/send    one JSON-RPC message to it
 *   DELETE /mcp-bridge/sessions/ID         stops it
 *
 * Starting a program is as much as a page can ask of this machine, so the bridge must not be a way
 * in (a proxy like it was exploitable exactly there). It listens on the dev server (127.0.0.1
 * only), and every request must:
 *   - name a loopback host (no DNS rebinding), and come from the workbench's own page when a
 *     browser says where it comes from (Origin, Sec-Fetch-Site);
 *   - carry `X-Bridge-Secret`, a random value made when the server starts and written only into
 *     the workbench's own page (another site cannot read that page, so it cannot know it).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Connect, Plugin } from 'vite'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { foreignPage } from './llm-proxy.ts'

export const BRIDGE_PREFIX = '/mcp-bridge/'
export const SECRET_HEADER = 'x-bridge-secret'
/** The page finds the secret here. */
export const SECRET_META = 'vcp-bridge-secret'
const MAX_BODY = 4 * 1024 * 1024

interface Session {
  transport: StdioClientTransport
  /** Messages not yet taken by an events stream. */
  pending: string[]
  stream: ServerResponse | null
  closed: boolean
}

export interface McpBridge {
  secret: string
  middleware: Connect.NextHandleFunction
  /** Stops every server it started. */
  close(): Promise<void>
}

export function createMcpBridge(secret = randomBytes(32).toString('hex')): McpBridge {
  const sessions = new Map<string, Session>()
  const expected = Buffer.from(secret)

  const refuse = (res: ServerResponse, status: number, message: string): void => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: message }))
  }

  function authorised(req: IncomingMessage): string | null {
    const foreign = foreignPage(req)
    if (foreign) return `the bridge serves only the workbench's own page: ${foreign}`
    const given = req.headers[SECRET_HEADER]
    const value = Buffer.from(typeof given === 'string' ? given : '')
    if (value.length !== expected.length || !timingSafeEqual(value, expected)) return 'the bridge secret is missing or wrong (reload the workbench page)'
    return null
  }

  function deliver(session: Session, line: string): void {
    if (session.stream) session.stream.write(line + '\n')
    else session.pending.push(line)
  }

  async function start(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req)
    if (!isRecord(body) || typeof body.command !== 'string' || body.command.trim() === '') return refuse(res, 400, 'Send {"command": "...", "args": [...], "env": {...}, "cwd": "..."}.')
    const args = Array.isArray(body.args) && body.args.every((a) => typeof a === 'string') ? (body.args as string[]) : []
    const env = isRecord(body.env) ? Object.fromEntries(Object.entries(body.env).filter((e): e is [string, string] => typeof e[1] === 'string')) : {}
    const transport = new StdioClientTransport({ command: body.command, args, env: { ...getDefaultEnvironment(), ...env }, cwd: typeof body.cwd === 'string' ? body.cwd : undefined, stderr: 'pipe' })
    const id = randomBytes(12).toString('hex')
    const session: Session = { transport, pending: [], stream: null, closed: false }
    transport.onmessage = (message: JSONRPCMessage) => deliver(session, JSON.stringify({ message }))
    transport.onerror = (error) => deliver(session, JSON.stringify({ event: `error: ${error.message}` }))
    transport.onclose = () => {
      session.closed = true
      deliver(session, JSON.stringify({ closed: true }))
      session.stream?.end()
      sessions.delete(id)
    }
    transport.stderr?.on('data', (chunk: Buffer) => deliver(session, JSON.stringify({ event: `stderr: ${String(chunk).trimEnd()}` })))
    try {
      await transport.start()
    } catch (error) {
      return refuse(res, 502, `Could not start ${body.command}: ${error instanceof Error ? error.message : String(error)}`)
    }
    sessions.set(id, session)
    res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id }))
  }

  function events(session: Session, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' })
    session.stream?.end()
    session.stream = res
    for (const line of session.pending.splice(0)) res.write(line + '\n')
    if (session.closed) res.end()
    res.on('close', () => {
      if (session.stream === res) session.stream = null
    })
  }

  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const url = req.url ?? ''
    if (!url.startsWith(BRIDGE_PREFIX)) return next()
    const why = authorised(req)
    if (why) {
      req.resume()
      return refuse(res, 403, why)
    }
    const path = url.slice(BRIDGE_PREFIX.length).split('?')[0] as string
    const [root, id, action] = path.split('/')
    if (root !== 'sessions') return refuse(res, 404, 'Unknown bridge path.')
    if (id === undefined || id === '') {
      if (req.method !== 'POST') return refuse(res, 405, 'POST starts a server.')
      void start(req, res).catch((error: unknown) => refuse(res, 400, error instanceof Error ? error.message : String(error)))
      return
    }
    const session = sessions.get(id)
    if (!session) return refuse(res, 404, 'No such server: it has stopped, or the page was reloaded.')
    if (req.method === 'GET' && action === 'events') return events(session, res)
    if (req.method === 'POST' && action === 'send') {
      void readJson(req)
        .then(async (message) => {
          await session.transport.send(message as JSONRPCMessage)
          res.writeHead(202).end()
        })
        .catch((error: unknown) => refuse(res, 400, error instanceof Error ? error.message : String(error)))
      return
    }
    if (req.method === 'DELETE' && action === undefined) {
      void session.transport.close().finally(() => res.writeHead(204).end())
      return
    }
    refuse(res, 405, 'Not a bridge action.')
  }

  return {
    secret,
    middleware,
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => undefined)))
      sessions.clear()
    },
  }
}

/**
 * The Vite plugin: the bridge on the dev server (and on `vite preview`), and its secret in the
 * page each of them serves. A build never holds a secret: it is added when the page is served.
 */
export function mcpBridge(): Plugin {
  const bridge = createMcpBridge()
  const meta = `<meta name="${SECRET_META}" content="${bridge.secret}">`
  return {
    name: 'vcp-mcp-bridge',
    configureServer(server) {
      server.middlewares.use(bridge.middleware)
      server.httpServer?.on('close', () => void bridge.close())
    },
    configurePreviewServer(server) {
      server.middlewares.use(bridge.middleware)
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]
        if (req.method !== 'GET' || (path !== '/' && path !== '/index.html')) return next()
        readFile(join(resolve(server.config.root, server.config.build.outDir), 'index.html'), 'utf8').then(
          (html) => res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' }).end(html.replace('</head>', `${meta}</head>`)),
          () => next(),
        )
      })
      server.httpServer?.on('close', () => void bridge.close())
    },
    transformIndexHtml(html, context) {
      if (!context.server) return html
      return [{ tag: 'meta', attrs: { name: SECRET_META, content: bridge.secret }, injectTo: 'head' }]
    },
  }
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        reject(new Error('The body is too large.'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      } catch {
        reject(new Error('The body is not JSON.'))
      }
    })
    req.on('error', reject)
  })
}

// Its own: the Vite config loads this file, and Vite's config loader wants imports it can read as they are.
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
