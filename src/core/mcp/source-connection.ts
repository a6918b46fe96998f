/**
 * An MCP source's connection: opening a client over a new transport (Streamable HTTP, then
 * HTTP+SSE for older servers), within the connect timeout, with every message and transport event
 * logged; a server that closes marks the source disconnected, and `tools/list_changed` lists again.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { McpLogEntry, McpServerInfo } from './source'
import { changed, messageOf, noteNotification, record, type SourceState } from './source-state'
import { answerServerRequests, clientCapabilities } from './client-features'
import { refreshTools } from './source-tools'

/** What the workbench calls itself when it connects. */
const CLIENT_INFO = { name: 'vcp-workbench', version: '0.1.0' }

/**
 * The last error each source's transport reported: a connection that closes while connecting says
 * why (the bridge stopped the server), where the SDK only says "Connection closed".
 */
const transportProblems = new WeakMap<SourceState, string>()

/** Connects (unless connecting or connected) and lists the tools; on failure marks the source failed and throws why. */
export async function connectSource(state: SourceState): Promise<void> {
  if (state.status === 'connecting' || state.status === 'connected') return
  state.status = 'connecting'
  state.error = undefined
  transportProblems.delete(state)
  changed(state)
  try {
    const next = await openWithFallback(state)
    state.client = next
    state.server = serverInfo(next, state.log)
    const { server } = state
    // Connected once the tools are listed: a card never shows a connected server with no tools yet.
    await refreshTools(state)
    state.status = 'connected'
    record(state, 'event', `Connected to ${server.name ?? state.config.name} ${server.version ?? ''}`.trim())
  } catch (problem) {
    state.status = 'failed'
    const reason = transportProblems.get(state)
    state.error = `Could not connect to "${state.config.name}": ${reason ? `${reason} (${messageOf(problem)})` : messageOf(problem)}`
    record(state, 'event', state.error)
    const failed = state.client
    state.client = null
    await failed?.close().catch(() => undefined)
    throw new Error(state.error)
  }
}

/** Closes the connection and forgets the tools. */
export async function disconnectSource(state: SourceState): Promise<void> {
  const current = state.client
  state.client = null
  state.status = 'disconnected'
  state.error = undefined
  state.methods = []
  state.toolsVersion++
  await current?.close().catch(() => undefined)
  record(state, 'event', 'Disconnected.')
}

/** A connected client; an HTTP server that fails over Streamable HTTP is tried over HTTP+SSE. */
async function openWithFallback(state: SourceState): Promise<Client> {
  try {
    return await openClient(state, false)
  } catch (first) {
    if (state.config.transport !== 'http') throw first
    record(state, 'event', `Streamable HTTP failed (${messageOf(first)}); trying HTTP+SSE.`)
    try {
      return await openClient(state, true)
    } catch (second) {
      // Both said why: the first is usually the one that matters (CORS, a wrong URL, 401).
      throw new Error(`${messageOf(first)} (and over HTTP+SSE: ${messageOf(second)})`)
    }
  }
}

/** A client connected over a new transport, its events wired to this source. */
async function openClient(state: SourceState, fallback: boolean): Promise<Client> {
  const transport = logged(await state.options.createTransport(state.config, fallback), (direction, message) => {
    const { method, id } = message as { method?: unknown; id?: unknown }
    // A message with a method and no id is a notification: kept apart for the notifications panel.
    if (direction === 'received' && typeof method === 'string' && id === undefined)
      noteNotification(state, method, (message as { params?: unknown }).params)
    record(state, direction, message)
  })
  const stderr = (transport as { stderr?: { on?(event: 'data', listener: (chunk: unknown) => void): void } | null })
    .stderr
  stderr?.on?.('data', (chunk) => record(state, 'event', `stderr: ${String(chunk).trimEnd()}`))
  // A transport that relays a server's stderr and events itself (the browser's bridge).
  ;(transport as { onevent?: (event: string) => void }).onevent = (event) => record(state, 'event', event)
  const { handlers } = state.options
  const next = new Client(CLIENT_INFO, { capabilities: clientCapabilities(handlers) })
  answerServerRequests(next, state.config.name, handlers)
  watchClient(state, next)
  await connectWithin(state, next, transport)
  return next
}

/** Marks the source disconnected when the client's connection closes; logs transport errors; lists again on `tools/list_changed`. */
function watchClient(state: SourceState, next: Client): void {
  let lastProblem = ''
  next.onclose = () => {
    if (state.client !== next) return
    state.client = null
    if (state.status === 'connected') {
      state.status = 'disconnected'
      state.error = `The server "${state.config.name}" closed the connection${lastProblem ? `: ${lastProblem}` : '.'}`
      state.methods = []
      state.toolsVersion++
      record(state, 'event', state.error)
    }
  }
  next.onerror = (problem) => {
    lastProblem = problem.message
    transportProblems.set(state, problem.message)
    record(state, 'event', `Transport error: ${problem.message}`)
  }
  next.setNotificationHandler(
    ToolListChangedNotificationSchema,
    () =>
      void refreshTools(state).catch((problem) =>
        record(state, 'event', `Listing tools failed: ${messageOf(problem)}`),
      ),
  )
}

/**
 * Connects the client over the transport. The SDK's timeout covers `initialize`, not the
 * transport's start (a bridge or a server that never answers): the whole connect is bounded here.
 */
async function connectWithin(state: SourceState, next: Client, transport: Transport): Promise<void> {
  const { waitMs } = state
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `"${state.config.name}" did not answer within ${Math.round(waitMs / 1000)} s (connect timeout); is the server running, and does it speak MCP?`,
          ),
        ),
      waitMs,
    )
  })
  try {
    await Promise.race([next.connect(transport, { timeout: waitMs }), late])
  } catch (problem) {
    await next.close().catch(() => undefined)
    await transport.close().catch(() => undefined)
    throw problem
  } finally {
    clearTimeout(timer)
  }
}

/** What the server said of itself when it connected. */
function serverInfo(next: Client, log: readonly McpLogEntry[]): McpServerInfo {
  const version = next.getServerVersion()
  return {
    name: version?.name,
    version: version?.version,
    protocolVersion: negotiatedVersion(log),
    capabilities: next.getServerCapabilities() as Record<string, unknown> | undefined,
    instructions: next.getInstructions(),
  }
}

/** Every message in and out goes to the log; the transport is otherwise untouched. */
function logged(
  transport: Transport,
  record: (direction: McpLogEntry['direction'], message: McpLogEntry['message']) => void,
): Transport {
  const send = transport.send.bind(transport)
  transport.send = (message, options) => {
    record('sent', message)
    return send(message, options)
  }
  let handler: Transport['onmessage']
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set(next: Transport['onmessage']) {
      handler = next
        ? (message, extra) => {
            record('received', message)
            next(message, extra)
          }
        : next
    },
  })
  return transport
}

/** The protocol version the server answered `initialize` with, as the log saw it. */
function negotiatedVersion(log: readonly McpLogEntry[]): string | undefined {
  for (let n = log.length - 1; n >= 0; n--) {
    const entry = log[n] as McpLogEntry
    const message = entry.message as { result?: { protocolVersion?: unknown } }
    if (entry.direction === 'received' && typeof message.result?.protocolVersion === 'string')
      return message.result.protocolVersion
  }
  return undefined
}
