/**
 * An MCP server as a tool source: the official SDK's client on a transport the caller makes
 * (stdio in Node, Streamable HTTP or HTTP+SSE anywhere). Its tools become one `ToolRegistry`
 * whose id is the server's name, so `files_read_file` calls the `read_file` tool of the server
 * named `files`. Calls go through `tools/call` with the executor's signal (cancelling a call tells
 * the server) and report progress; a server that exits, hangs or sends garbage ends its running
 * calls with an error and is marked disconnected, and never takes the host down.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { CallProgress, MethodMetadata, ToolRegistry } from '../types'
import type { McpServerConfig } from './config'
import { createSchemaChecker, readListedTools } from './listed-tools'
import { mcpResultText, progressOf, type McpResultText } from './content'

export type McpStatus = 'disconnected' | 'connecting' | 'connected' | 'failed'

export interface McpLogEntry {
  /** Milliseconds since the epoch. */
  at: number
  direction: 'sent' | 'received' | 'event'
  /** A JSON-RPC message, or a sentence for events (connected, closed, stderr). */
  message: JSONRPCMessage | string
}

export interface McpServerInfo {
  name?: string
  version?: string
  protocolVersion?: string
  capabilities?: Record<string, unknown>
  instructions?: string
}

export interface McpToolSource {
  readonly config: McpServerConfig
  readonly status: McpStatus
  /** Why it failed or disconnected. */
  readonly error?: string
  readonly server: McpServerInfo
  /** The server's tools as one tool; its methods are empty until connected. */
  readonly tool: ToolRegistry
  /** The SDK client while connected: for what the workbench does not wrap (resources, prompts). */
  readonly client: Client | null
  /** Goes up every time the tools change (listed again, or gone with the connection). */
  readonly toolsVersion: number
  /** Recent messages, newest last (at most LOG_SIZE). */
  readonly log: readonly McpLogEntry[]
  /**
   * What the workbench did to the server's tools when it last listed them, one sentence each:
   * tools refused (their names), schemas not checked here, text cut to the prompt's budget.
   */
  readonly notices: readonly string[]
  connect(): Promise<void>
  disconnect(): Promise<void>
  /** Lists the tools again (also done on `notifications/tools/list_changed`). */
  refresh(): Promise<void>
  /** Called after every change of status, tools or log. */
  subscribe(listener: () => void): () => void
}

export interface McpSourceOptions {
  config: McpServerConfig
  /**
   * Makes the transport for a connection: stdio in Node, HTTP anywhere. Asked again with
   * `fallback: true` when the first one could not connect to an HTTP server (older servers speak
   * HTTP+SSE, not Streamable HTTP).
   */
  createTransport(config: McpServerConfig, fallback: boolean): Transport | Promise<Transport>
  /** Time to wait for the server to answer `initialize` and `tools/list`. @default 20000 */
  connectTimeoutMs?: number
}

export const LOG_SIZE = 500
const PAGE_LIMIT = 100

/** What the workbench calls itself when it connects. */
const CLIENT_INFO = { name: 'vcp-workbench', version: '0.1.0' }

export function createMcpToolSource(options: McpSourceOptions): McpToolSource {
  const { config } = options
  const waitMs = options.connectTimeoutMs ?? 20_000
  let status: McpStatus = 'disconnected'
  let error: string | undefined
  let server: McpServerInfo = {}
  let client: Client | null = null
  let methods: MethodMetadata[] = []
  let toolsVersion = 0
  let notices: string[] = []
  const log: McpLogEntry[] = []
  const listeners = new Set<() => void>()
  const changed = (): void => listeners.forEach((listener) => listener())
  const record = (direction: McpLogEntry['direction'], message: McpLogEntry['message']): void => {
    log.push({ at: Date.now(), direction, message })
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE)
    changed()
  }
  const checker = createSchemaChecker()

  const tool: ToolRegistry = {
    id: config.name,
    name: config.name,
    description: `Tools of the MCP server "${config.name}".`,
    origin: 'mcp',
    getMetadata: () => ({ methods }),
    callMethod: (method, args, context) => call(method, args, context),
    // A call's value is its text and its images: the model reads the text, a person sees both.
    formatForLLM: (value: unknown) => (value as McpResultText).text,
    imagesOf: (value: unknown) => (value as McpResultText).images,
  }

  async function connect(): Promise<void> {
    if (status === 'connecting' || status === 'connected') return
    status = 'connecting'
    error = undefined
    changed()
    try {
      let next: Client
      try {
        next = await open(false)
      } catch (first) {
        if (config.transport !== 'http') throw first
        record('event', `Streamable HTTP failed (${messageOf(first)}); trying HTTP+SSE.`)
        try {
          next = await open(true)
        } catch (second) {
          // Both said why: the first is usually the one that matters (CORS, a wrong URL, 401).
          throw new Error(`${messageOf(first)} (and over HTTP+SSE: ${messageOf(second)})`)
        }
      }
      client = next
      const version = next.getServerVersion()
      server = {
        name: version?.name,
        version: version?.version,
        protocolVersion: negotiatedVersion(log),
        capabilities: next.getServerCapabilities() as Record<string, unknown> | undefined,
        instructions: next.getInstructions(),
      }
      status = 'connected'
      record('event', `Connected to ${server.name ?? config.name} ${server.version ?? ''}`.trim())
      await refresh()
    } catch (problem) {
      status = 'failed'
      error = `Could not connect to "${config.name}": ${messageOf(problem)}`
      record('event', error)
      const failed = client
      client = null
      await failed?.close().catch(() => undefined)
      throw new Error(error)
    }
  }

  /** A client connected over a new transport, its events wired to this source. */
  async function open(fallback: boolean): Promise<Client> {
    const transport = logged(await options.createTransport(config, fallback), record)
    const stderr = (transport as { stderr?: { on?(event: 'data', listener: (chunk: unknown) => void): void } | null })
      .stderr
    stderr?.on?.('data', (chunk) => record('event', `stderr: ${String(chunk).trimEnd()}`))
    // A transport that relays a server's stderr and events itself (the browser's bridge).
    ;(transport as { onevent?: (event: string) => void }).onevent = (event) => record('event', event)
    const next = new Client(CLIENT_INFO, { capabilities: {} })
    let lastProblem = ''
    next.onclose = () => {
      if (client !== next) return
      client = null
      if (status === 'connected') {
        status = 'disconnected'
        error = `The server "${config.name}" closed the connection${lastProblem ? `: ${lastProblem}` : '.'}`
        methods = []
        toolsVersion++
        record('event', error)
      }
    }
    next.onerror = (problem) => {
      lastProblem = problem.message
      record('event', `Transport error: ${problem.message}`)
    }
    next.setNotificationHandler(
      ToolListChangedNotificationSchema,
      () => void refresh().catch((problem) => record('event', `Listing tools failed: ${messageOf(problem)}`)),
    )
    // The SDK's timeout covers `initialize`, not the transport's start (a bridge or a server that
    // never answers): the whole connect is bounded here.
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `"${config.name}" did not answer within ${Math.round(waitMs / 1000)} s (connect timeout); is the server running, and does it speak MCP?`,
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
    return next
  }

  async function refresh(): Promise<void> {
    const current = client
    if (!current) return
    const listed: unknown[] = []
    let cursor: string | undefined
    for (let page = 0; page < PAGE_LIMIT; page++) {
      const answer = await current.listTools(cursor ? { cursor } : undefined, { timeout: waitMs })
      listed.push(...answer.tools)
      cursor = answer.nextCursor
      if (!cursor) break
    }
    const reading = readListedTools(config.name, listed, checker)
    methods = reading.methods
    notices = reading.notices
    if (notices.length > 0) record('event', `Notices: ${notices.join(' ')}`)
    toolsVersion++
    changed()
  }

  async function disconnect(): Promise<void> {
    const current = client
    client = null
    status = 'disconnected'
    error = undefined
    methods = []
    toolsVersion++
    await current?.close().catch(() => undefined)
    record('event', 'Disconnected.')
  }

  async function call(
    name: string,
    args: Record<string, unknown>,
    context: { signal: AbortSignal; onProgress?: (progress: CallProgress) => void },
  ): Promise<McpResultText> {
    const current = client
    if (!current)
      throw new Error(
        `the MCP server "${config.name}" is not connected${error ? ` (${error})` : ''}; connect it again.`,
      )
    const onprogress = context.onProgress
      ? (raw: unknown) => {
          const progress = progressOf(raw)
          if (progress) context.onProgress?.(progress)
        }
      : undefined
    let result: unknown
    try {
      // The executor's timeout aborts the signal: the SDK then sends notifications/cancelled.
      result = await current.callTool({ name, arguments: args }, undefined, {
        signal: context.signal,
        onprogress,
        timeout: 2 ** 31 - 1,
      })
    } catch (problem) {
      if (context.signal.aborted)
        throw context.signal.reason instanceof Error ? context.signal.reason : new Error('cancelled')
      throw new Error(`the MCP server "${config.name}" failed: ${messageOf(problem)}`)
    }
    const read = mcpResultText(result)
    if (read.isError)
      throw new Error(read.text || `the MCP server "${config.name}" reported an error without a message.`)
    return read
  }

  return {
    config,
    get status() {
      return status
    },
    get error() {
      return error
    },
    get server() {
      return server
    },
    get toolsVersion() {
      return toolsVersion
    },
    get notices() {
      return notices
    },
    get client() {
      return client
    },
    tool,
    log,
    connect,
    disconnect,
    refresh,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
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

function messageOf(problem: unknown): string {
  if (problem instanceof Error) return problem.message || problem.name
  return String(problem)
}
