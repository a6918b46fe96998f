/**
 * The stdio bridge: a browser page cannot start programs, so the dev server (`npm start`) starts
 * MCP stdio servers for the workbench page and relays their JSON-RPC messages.
 *
 *   GET    /mcp-bridge/file-servers        the servers of the user's own mcp.json (env values left out)
 *   POST   /mcp-bridge/sessions            {command, args, env, cwd} | {fileServer: name}  -> {id}   starts a server
 *   GET    /mcp-bridge/sessions/ID/events  a stream of its messages, one JSON per line
 *   POST   /mcp-bridge/sessions/ID/send    one JSON-RPC message to it
 *   DELETE /mcp-bridge/sessions/ID         stops it
 *
 * A session lives as long as the page that started it: when its events stream closes (a reload,
 * a closed tab, a lost connection) and no new one comes within SESSION_GRACE_MS, the server is
 * stopped; one that never opens its stream is stopped too. Output the page has not read, and
 * each line, is bounded (MAX_PENDING_BYTES): past it the session ends and says why.
 *
 * Starting a program is as much as a page can ask of this machine, so the bridge must not be a way
 * in (a proxy like it was exploitable exactly there). It listens on the dev server (127.0.0.1
 * only), and every request must:
 *   - name a loopback host (no DNS rebinding), and come from the workbench's own page when a
 *     browser says where it comes from (Origin, Sec-Fetch-Site);
 *   - carry `X-Bridge-Secret`, a random value made when the server starts and written only into
 *     the workbench's own page, which is served only to a navigation of this origin (see
 *     pageRequestRefusal): another page, even one on another loopback port, cannot fetch it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Connect, Plugin } from 'vite'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { foreignPage } from './llm-proxy.ts'
import { messageKind, Outbox, type Dropped, type OutboxKind } from './bridge-outbox.ts'
// A type only (erased): the page and the bridge agree on what a server of mcp.json looks like.
import type { FileServerView } from '../src/mcp/bridge-transport.ts'

export const BRIDGE_PREFIX = '/mcp-bridge/'
export const SECRET_HEADER = 'x-bridge-secret'
/** The page finds the secret here. */
export const SECRET_META = 'vcp-bridge-secret'
const MAX_BODY = 4 * 1024 * 1024
/** Output a page has not read yet, per session; past it the session ends. */
export const MAX_PENDING_BYTES = 4 * 1024 * 1024
/** A session whose page went away (its events stream closed, or never opened) ends after this. */
export const SESSION_GRACE_MS = 3000
/** Notifications wait this long to be written together (and coalesced); anything else goes at once. */
const BATCH_MS = 50
/** Past this much written and not yet read by the page, the bridge writes no more until it drains. */
const STREAM_HIGH_WATER = 512 * 1024
/** A line every so often keeps the stream's connection honest: a dead one fails the write. */
const HEARTBEAT_MS = 10_000
/** What the SDK's stdio reader says when a line outgrows its buffer (maxBufferSize). */
const LINE_TOO_LONG = /^ReadBuffer exceeded maximum size/
/** The user's own list of servers that may start with the page, in the working folder. */
export const MCP_FILE = 'mcp.json'

interface Session {
  transport: StdioClientTransport
  /** What waits for the page: written to its stream in batches, as fast as the page reads. */
  outbox: Outbox
  /** A write to the stream is due (soon, or at once for a message that is not a notification). */
  flushTimer: ReturnType<typeof setTimeout> | null
  /** The stream's buffer is full: the next write waits for it to drain. */
  awaitingDrain: boolean
  stream: ServerResponse | null
  closed: boolean
  /** Ends the session when its page has gone. */
  orphanTimer: ReturnType<typeof setTimeout> | null
}

export interface McpBridgeOptions {
  secret?: string
  /** The user's mcp.json; a missing file means no servers. @default ./mcp.json, or $VCP_MCP_CONFIG */
  configFile?: string
  /** @default SESSION_GRACE_MS */
  graceMs?: number
  /** @default MAX_PENDING_BYTES */
  maxPendingBytes?: number
}

export interface McpBridge {
  secret: string
  middleware: Connect.NextHandleFunction
  /** Servers running now (for tests and diagnostics). */
  readonly runningCount: number
  /** Bytes of server output held for pages: waiting in the bridge and in their streams' buffers. */
  readonly heldBytes: number
  /** Stops every server it started. */
  close(): Promise<void>
}

interface FileServer extends FileServerView {
  env: Record<string, string>
}

/** The stdio servers of an mcp.json, read once when the bridge starts; what cannot be used is said. */
export function readFileServers(path: string): { servers: FileServer[]; problems: string[] } {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return { servers: [], problems: [] }
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { servers: [], problems: [`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`] }
  }
  const entries = isRecord(data) && isRecord(data.mcpServers) ? data.mcpServers : null
  if (!entries) return { servers: [], problems: [`${path} must be an object with "mcpServers".`] }
  const servers: FileServer[] = []
  const problems: string[] = []
  for (const name of Object.keys(entries)) {
    const entry = entries[name]
    if (!isRecord(entry) || typeof entry.command !== 'string' || entry.command.trim() === '') continue // HTTP servers and the rest: the page reads them itself
    const args =
      Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string') ? (entry.args as string[]) : null
    const env =
      entry.env === undefined
        ? {}
        : isRecord(entry.env) && Object.values(entry.env).every((v) => typeof v === 'string')
          ? (entry.env as Record<string, string>)
          : null
    if (
      (entry.args !== undefined && args === null) ||
      env === null ||
      (entry.cwd !== undefined && typeof entry.cwd !== 'string')
    ) {
      problems.push(`${path}: server "${name}" has "args", "env" or "cwd" of the wrong type; it was left out.`)
      continue
    }
    servers.push({
      name,
      command: entry.command,
      args: args ?? [],
      env,
      envNames: Object.keys(env),
      ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
    })
  }
  return { servers, problems }
}

export function createMcpBridge(options: McpBridgeOptions | string = {}): McpBridge {
  const settings = typeof options === 'string' ? { secret: options } : options
  const secret = settings.secret ?? randomBytes(32).toString('hex')
  const graceMs = settings.graceMs ?? SESSION_GRACE_MS
  const maxPending = settings.maxPendingBytes ?? MAX_PENDING_BYTES
  const file = resolve(settings.configFile ?? process.env.VCP_MCP_CONFIG ?? MCP_FILE)
  const fileServers = readFileServers(file)
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
    if (value.length !== expected.length || !timingSafeEqual(value, expected))
      return 'the bridge secret is missing or wrong (reload the workbench page)'
    return null
  }

  const unread = `the server wrote more than ${megabytes(maxPending)} MB that the page did not read, so it was stopped`
  const droppedNote = ({ lines, progress }: Dropped): string =>
    JSON.stringify({
      event: `The page could not keep up with the server, so the bridge left out ${lines} log messages or pieces of stderr, and ${progress} progress updates that a newer one replaced.`,
      dropped: { lines, progress },
    })

  /** Writes what waits to the page's stream, unless there is none or it is full. */
  function flush(session: Session): void {
    if (session.flushTimer !== null) clearTimeout(session.flushTimer)
    session.flushTimer = null
    const stream = session.stream
    if (!stream || session.awaitingDrain || session.outbox.isEmpty) return
    if (stream.writableLength > STREAM_HIGH_WATER) {
      // The page reads slowly: notifications coalesce in the outbox meanwhile.
      session.awaitingDrain = true
      stream.once('drain', () => {
        session.awaitingDrain = false
        if (session.stream === stream) flush(session)
      })
      return
    }
    stream.write(session.outbox.take(droppedNote).join('\n') + '\n')
    if (session.closed) {
      stream.end()
      session.stream = null
    }
  }

  function schedule(session: Session, soon: boolean): void {
    if (soon) {
      if (session.flushTimer !== null) clearTimeout(session.flushTimer)
      session.flushTimer = setTimeout(() => flush(session), 0)
    } else if (session.flushTimer === null) session.flushTimer = setTimeout(() => flush(session), BATCH_MS)
  }

  function deliver(session: Session, line: string, how: OutboxKind = { kind: 'kept' }): void {
    if (session.closed) return
    session.outbox.put(line, how)
    // What cannot be dropped and the page has not read, here or in its stream: bounded.
    if (session.outbox.keptBytes + (session.stream?.writableLength ?? 0) > maxPending) end(session, unread)
    else schedule(session, how.kind === 'kept')
  }

  /** Stops the server, once; the page learns why from the last lines of its stream. */
  function end(session: Session, reason: string): void {
    if (session.closed) return
    // Closed first: nothing below may bring a session back here (a full stream once made this recurse).
    session.closed = true
    session.outbox.clear()
    session.outbox.put(JSON.stringify({ event: `The bridge stopped the server: ${reason}.` }), { kind: 'kept' })
    session.outbox.put(JSON.stringify({ closed: true, reason }), { kind: 'kept' })
    schedule(session, true)
    void session.transport.close().catch(() => undefined)
  }

  /** No page holds the session's stream: unless one comes back soon, the server stops. */
  function orphan(session: Session): void {
    if (session.orphanTimer !== null) clearTimeout(session.orphanTimer)
    session.orphanTimer = setTimeout(() => {
      session.orphanTimer = null
      if (!session.stream && !session.closed) end(session, 'its page went away (reloaded, closed or disconnected)')
    }, graceMs)
    session.orphanTimer.unref?.()
  }

  async function start(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req)
    let spec: { command: string; args: string[]; env: Record<string, string>; cwd?: string }
    if (isRecord(body) && typeof body.fileServer === 'string') {
      const named = fileServers.servers.find((server) => server.name === body.fileServer)
      if (!named) return refuse(res, 404, `${file} lists no stdio server named "${body.fileServer}".`)
      spec = named
    } else {
      if (!isRecord(body) || typeof body.command !== 'string' || body.command.trim() === '')
        return refuse(
          res,
          400,
          'Send {"command": "...", "args": [...], "env": {...}, "cwd": "..."} or {"fileServer": "name"}.',
        )
      const args =
        Array.isArray(body.args) && body.args.every((a) => typeof a === 'string') ? (body.args as string[]) : []
      const env = isRecord(body.env)
        ? Object.fromEntries(Object.entries(body.env).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {}
      spec = { command: body.command, args, env, ...(typeof body.cwd === 'string' ? { cwd: body.cwd } : {}) }
    }
    // maxBufferSize bounds the line being read; past it the SDK reports LINE_TOO_LONG and closes.
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: { ...getDefaultEnvironment(), ...spec.env },
      cwd: spec.cwd,
      stderr: 'pipe',
      maxBufferSize: maxPending,
    })
    const id = randomBytes(12).toString('hex')
    const session: Session = {
      transport,
      outbox: new Outbox(),
      flushTimer: null,
      awaitingDrain: false,
      stream: null,
      closed: false,
      orphanTimer: null,
    }
    transport.onmessage = (message: JSONRPCMessage) =>
      deliver(session, JSON.stringify({ message }), messageKind(message))
    transport.onerror = (error) => {
      if (LINE_TOO_LONG.test(error.message))
        end(session, `the server wrote a line longer than ${megabytes(maxPending)} MB, so it was stopped`)
      // Unreadable lines can come in floods too: they wait in the ring with stderr.
      else deliver(session, JSON.stringify({ event: `error: ${error.message}` }), { kind: 'ring' })
    }
    transport.onclose = () => {
      if (session.orphanTimer !== null) clearTimeout(session.orphanTimer)
      if (!session.closed) {
        session.closed = true
        session.outbox.put(JSON.stringify({ closed: true }), { kind: 'kept' })
      }
      flush(session)
      // A page that has not read the end yet (and why) can still fetch it for a while.
      if (session.outbox.isEmpty) sessions.delete(id)
      else setTimeout(() => sessions.delete(id), graceMs).unref?.()
    }
    transport.stderr?.on('data', (chunk: Buffer) =>
      deliver(session, JSON.stringify({ event: `stderr: ${String(chunk).trimEnd()}` }), { kind: 'ring' }),
    )
    try {
      await transport.start()
    } catch (error) {
      return refuse(
        res,
        502,
        `Could not start ${spec.command}: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    sessions.set(id, session)
    // A page that never opens the stream (it went away between the two requests) leaks nothing.
    orphan(session)
    res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id }))
  }

  function events(session: Session, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' })
    // Headers now: a server that says nothing before `initialize` must not hold up the page.
    res.flushHeaders()
    session.stream?.end()
    session.stream = res
    if (session.orphanTimer !== null) clearTimeout(session.orphanTimer)
    session.orphanTimer = null
    session.awaitingDrain = false
    flush(session)
    if (session.closed && session.outbox.isEmpty) res.end()
    const heartbeat = setInterval(() => {
      if (!res.writableEnded) res.write('{}\n')
    }, HEARTBEAT_MS)
    heartbeat.unref?.()
    res.on('close', () => {
      clearInterval(heartbeat)
      if (session.stream !== res) return
      session.stream = null
      if (!session.closed) orphan(session)
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
    if (root === 'file-servers' && req.method === 'GET') {
      const servers: FileServerView[] = fileServers.servers.map(({ name, command, args, cwd, envNames }) => ({
        name,
        command,
        args,
        envNames,
        ...(cwd ? { cwd } : {}),
      }))
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ file, servers, problems: fileServers.problems }))
      return
    }
    if (root !== 'sessions') return refuse(res, 404, 'Unknown bridge path.')
    if (id === undefined || id === '') {
      if (req.method !== 'POST') return refuse(res, 405, 'POST starts a server.')
      void start(req, res).catch((error: unknown) =>
        refuse(res, 400, error instanceof Error ? error.message : String(error)),
      )
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
    get runningCount() {
      return [...sessions.values()].filter((session) => !session.closed).length
    },
    get heldBytes() {
      let bytes = 0
      for (const session of sessions.values()) bytes += session.outbox.bytes + (session.stream?.writableLength ?? 0)
      return bytes
    },
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.transport.close().catch(() => undefined)))
      sessions.clear()
    },
  }
}

/**
 * Why the page that carries the secret is not served for this request, or null. Only a
 * navigation of this origin gets it (or a client that is no browser, which says nothing of where
 * it comes from): not a fetch from another page, not a frame, not a cross-site link, not a host
 * name that is not loopback (DNS rebinding). Vite's own CORS is off as well (vite.config.ts).
 */
export function pageRequestRefusal(req: IncomingMessage): string | null {
  const foreign = foreignPage(req)
  if (foreign) return foreign
  const dest = req.headers['sec-fetch-dest']
  if (dest !== undefined && dest !== 'document') return `the browser asks for it as "${dest}", not as a page to open`
  const mode = req.headers['sec-fetch-mode']
  if (mode !== undefined && mode !== 'navigate') return `the browser asks for it in "${mode}" mode, not as a navigation`
  return null
}

/** A request the app's page (with the secret) answers: the root, index.html, or an HTML navigation. */
function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const [path = '', query = ''] = (req.url ?? '').split('?')
  // Vite serves a page's inline scripts and styles as index.html?html-proxy: parts, not the page.
  if (query.includes('html-proxy')) return false
  if (
    path.startsWith(BRIDGE_PREFIX) ||
    path.startsWith('/llm-proxy/') ||
    path.startsWith('/@') ||
    path.startsWith('/node_modules/')
  )
    return false
  // The sign-in page of HTTP servers (public/oauth-callback.html) holds no secret, and is reached
  // by the authorization server's redirect, from another site.
  if (path === '/oauth-callback.html') return false
  if (path === '/' || path.endsWith('.html')) return true
  return !/\.[\w-]+$/.test(path) && /text\/html/.test(req.headers.accept ?? '')
}

const pageGuard: Connect.NextHandleFunction = (req, res, next) => {
  if (!isPageRequest(req)) return next()
  const why = pageRequestRefusal(req)
  if (!why) return next()
  res
    .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(`The workbench page is served only when you open it by its address: ${why}.`)
}

export interface McpBridgePluginOptions {
  /** The user's mcp.json. @default ./mcp.json, or $VCP_MCP_CONFIG */
  configFile?: string
}

/**
 * The Vite plugin: the bridge on the dev server (and on `vite preview`), and its secret in the
 * page each of them serves. A build never holds a secret: it is added when the page is served.
 */
export function mcpBridge(options: McpBridgePluginOptions = {}): Plugin {
  const bridge = createMcpBridge({ configFile: options.configFile })
  const meta = `<meta name="${SECRET_META}" content="${bridge.secret}">`
  return {
    name: 'vcp-mcp-bridge',
    configureServer(server) {
      server.middlewares.use(pageGuard)
      server.middlewares.use(bridge.middleware)
      server.httpServer?.on('close', () => void bridge.close())
    },
    configurePreviewServer(server) {
      server.middlewares.use(pageGuard)
      server.middlewares.use(bridge.middleware)
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]
        if (req.method !== 'GET' || (path !== '/' && path !== '/index.html')) return next()
        readFile(join(resolve(server.config.root, server.config.build.outDir), 'index.html'), 'utf8').then(
          (html) =>
            res
              .writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' })
              .end(html.replace('</head>', `${meta}</head>`)),
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

/** 4194304 -> "4", 524288 -> "0.5". */
function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1048576) * 10) / 10)
}

// Its own: the Vite config loads this file, and Vite's config loader wants imports it can read as they are.
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
