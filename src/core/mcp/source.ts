/**
 * An MCP server as a tool source: the official SDK's client on a transport the caller makes
 * (stdio in Node, Streamable HTTP or HTTP+SSE anywhere). Its tools become one `ToolRegistry`
 * whose id is the server's name, so `files_read_file` calls the `read_file` tool of the server
 * named `files`. Calls go through `tools/call` with the executor's signal (cancelling a call tells
 * the server) and report progress; a server that exits, hangs or sends garbage ends its running
 * calls with an error and is marked disconnected, and never takes the host down.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { ToolRegistry } from '../types'
import type { McpServerConfig } from './config'
import { createSchemaChecker } from './listed-tools'
import type { McpResultText } from './content'
import type { SourceState } from './source-state'
import { connectSource, disconnectSource } from './source-connection'
import { callServerTool, refreshTools } from './source-tools'
import type { McpClientHandlers } from './client-features'

/** Where a source's connection stands. */
export type McpStatus = 'disconnected' | 'connecting' | 'connected' | 'failed'

/** One message in or out, or one event of the connection. */
export interface McpLogEntry {
  /** Milliseconds since the epoch. */
  at: number
  direction: 'sent' | 'received' | 'event'
  /** A JSON-RPC message, or a sentence for events (connected, closed, stderr). */
  message: JSONRPCMessage | string
}

/**
 * A notification the server sent: log messages (`notifications/message`), progress, resources
 * updated, lists changed. `params` is what the server wrote (an object; anything else is `{}`).
 */
export interface McpNotification {
  /** Milliseconds since the epoch. */
  at: number
  method: string
  params: Record<string, unknown>
}

/** What a server said of itself when it connected. */
export interface McpServerInfo {
  name?: string
  version?: string
  protocolVersion?: string
  capabilities?: Record<string, unknown>
  instructions?: string
}

/** One MCP server as a tool source: its connection, its tools as one ToolRegistry, and its log. */
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
   * Recent notifications from the server, newest last (at most LOG_SIZE, and only the newest
   * progress of each token); kept across reconnects.
   */
  readonly notifications: readonly McpNotification[]
  /** How many notifications are no longer kept: older ones past LOG_SIZE, and progress a newer one replaced. */
  readonly notificationsLeftOut: { readonly older: number; readonly progress: number }
  /**
   * What the workbench did to the server's tools when it last listed them, one sentence each:
   * tools refused (their names), schemas not checked here, text cut to the prompt's budget.
   */
  readonly notices: readonly string[]
  connect(): Promise<void>
  disconnect(): Promise<void>
  /** Lists the tools again (also done on `notifications/tools/list_changed`). */
  refresh(): Promise<void>
  /**
   * Tells the server its roots changed (`notifications/roots/list_changed`), so it asks again;
   * does nothing unless connected with a `roots` handler.
   */
  rootsChanged(): Promise<void>
  /** Called after every change of status, tools or log. */
  subscribe(listener: () => void): () => void
}

/** The server to connect and how to reach it. */
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
  /** What the workbench answers when the server asks (sampling, elicitation, roots); declared only when given. */
  handlers?: McpClientHandlers
}

export { LOG_SIZE } from './source-state'

/** An MCP server as a tool source, disconnected until `connect()`. */
export function createMcpToolSource(options: McpSourceOptions): McpToolSource {
  const { config } = options
  const state: SourceState = {
    config,
    options,
    waitMs: options.connectTimeoutMs ?? 20_000,
    status: 'disconnected',
    error: undefined,
    server: {},
    client: null,
    methods: [],
    toolsVersion: 0,
    notices: [],
    log: [],
    notifications: [],
    notificationsLeftOut: { older: 0, progress: 0 },
    listeners: new Set(),
    checker: createSchemaChecker(),
  }

  const tool: ToolRegistry = {
    id: config.name,
    name: config.name,
    description: `Tools of the MCP server "${config.name}".`,
    origin: 'mcp',
    getMetadata: () => ({ methods: state.methods }),
    callMethod: (method, args, context) => callServerTool(state, method, args, context),
    // A call's value is its text and its images: the model reads the text, a person sees both.
    formatForLLM: (value: unknown) => (value as McpResultText).text,
    imagesOf: (value: unknown) => (value as McpResultText).images,
  }

  return {
    config,
    get status() {
      return state.status
    },
    get error() {
      return state.error
    },
    get server() {
      return state.server
    },
    get toolsVersion() {
      return state.toolsVersion
    },
    get notices() {
      return state.notices
    },
    get client() {
      return state.client
    },
    tool,
    log: state.log,
    notifications: state.notifications,
    notificationsLeftOut: state.notificationsLeftOut,
    connect: () => connectSource(state),
    disconnect: () => disconnectSource(state),
    refresh: () => refreshTools(state),
    async rootsChanged() {
      if (state.status === 'connected' && state.client && options.handlers?.roots)
        await state.client.sendRootsListChanged()
    },
    subscribe(listener) {
      state.listeners.add(listener)
      return () => state.listeners.delete(listener)
    },
  }
}
