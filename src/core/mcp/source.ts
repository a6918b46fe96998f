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
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import type { ArgumentProblem, CallProgress, MethodMetadata, ToolAnnotations, ToolRegistry } from '../types'
import type { McpServerConfig } from './config'
import { schemaIsOpen, schemaParameters, type SchemaReport } from './schema-parameters'
import { cleanServerText, escapedName, MCP_TOOL_NAME } from './server-text'
import { capDescription, displaySchema, linearPatternProblem, linearRegExp, MAX_SCHEMA_CHARS, MAX_SERVER_DESCRIPTIONS, MAX_TOOL_DESCRIPTION, measureSchema, overBudgetLength, schemaRefusal } from './schema-limits'
import { mcpResultText, type McpResultText } from './content'
import { isRecord } from '../own-record'

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
  const validators = new Map<string, ValidateFunction | null>()
  // Patterns run on RE2 (linear time): a server's `^(a+)+$` cannot make a check backtrack.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { regExp: linearRegExp } })
  /** Tools whose schema is too large or deep to check here. */
  const unchecked = new Set<string>()

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
    const stderr = (transport as { stderr?: { on?(event: 'data', listener: (chunk: unknown) => void): void } | null }).stderr
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
    next.setNotificationHandler(ToolListChangedNotificationSchema, () => void refresh().catch((problem) => record('event', `Listing tools failed: ${messageOf(problem)}`)))
    // The SDK's timeout covers `initialize`, not the transport's start (a bridge or a server that
    // never answers): the whole connect is bounded here.
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`"${config.name}" did not answer within ${Math.round(waitMs / 1000)} s (connect timeout); is the server running, and does it speak MCP?`)), waitMs)
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
    const found: MethodMetadata[] = []
    const said: string[] = []
    unchecked.clear()
    let cursor: string | undefined
    for (let page = 0; page < PAGE_LIMIT; page++) {
      const listed = await current.listTools(cursor ? { cursor } : undefined, { timeout: waitMs })
      for (const listedTool of listed.tools) {
        const method = methodOf(listedTool, said)
        if (method) found.push(method)
      }
      cursor = listed.nextCursor
      if (!cursor) break
    }
    methods = withinServerBudget(dedupe(found), said)
    notices = said
    if (said.length > 0) record('event', `Notices: ${said.join(' ')}`)
    toolsVersion++
    validators.clear()
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

  /** The server's tool as a method, or null (with a notice) when it cannot be offered safely. */
  function methodOf(listed: { name: unknown; title?: unknown; description?: unknown; inputSchema: unknown; outputSchema?: unknown; annotations?: unknown }, said: string[]): MethodMetadata | null {
    const name = typeof listed.name === 'string' ? listed.name : ''
    if (!MCP_TOOL_NAME.test(name)) {
      said.push(`The tool ${escapedName(String(listed.name))} of "${config.name}" was refused: MCP tool names are 1 to 128 letters, digits, "_", "-" and ".".`)
      return null
    }
    const inputSchema = isRecord(listed.inputSchema) ? listed.inputSchema : { type: 'object' }
    const report: SchemaReport = { notes: [], badNames: [] }
    const parameters = schemaParameters(inputSchema, report)
    if (report.badNames.length > 0) {
      said.push(`The tool "${name}" of "${config.name}" was refused: its parameter name${report.badNames.length > 1 ? 's' : ''} ${report.badNames.slice(0, 3).join(', ')} use${report.badNames.length > 1 ? '' : 's'} characters a protocol cannot carry.`)
      return null
    }
    const measure = measureSchema(inputSchema)
    const refusal = schemaRefusal(measure)
    if (refusal) {
      unchecked.add(name)
      said.push(`"${name}": ${refusal}, so its arguments are not checked here (the server checks them).`)
    }
    for (const pattern of measure.patterns) {
      const problem = linearPatternProblem(pattern)
      if (problem) said.push(`"${name}": the pattern ${escapedName(pattern)} is not checked here, since it needs a backtracking engine (${problem}); the server checks it.`)
    }
    const rawDescription = typeof listed.description === 'string' ? listed.description : typeof listed.title === 'string' ? listed.title : ''
    const description = capDescription(cleanServerText(rawDescription, { multiline: true }), MAX_TOOL_DESCRIPTION)
    if (description.cut > 0) report.notes.unshift(`its description was cut by ${description.cut.toLocaleString('en-US')} characters`)
    if (report.notes.length > 0) said.push(`"${name}": ${report.notes.join('; ')}.`)
    const method: MethodMetadata = {
      name,
      description: description.text,
      parameters,
      agentCallable: true,
      // What the model and the page see is cleaned; the arguments are checked against the server's own.
      inputSchema: refusal && measure.chars > MAX_SCHEMA_CHARS ? { type: 'object' } : displaySchema(inputSchema),
      openArguments: schemaIsOpen(inputSchema),
      validateArguments: (args) => validate(name, inputSchema, args),
    }
    if (typeof listed.title === 'string' && listed.title) method.title = cleanServerText(listed.title)
    if (isRecord(listed.outputSchema) && schemaRefusal(measureSchema(listed.outputSchema)) === null) method.outputSchema = displaySchema(listed.outputSchema)
    if (isRecord(listed.annotations)) method.annotations = listed.annotations as ToolAnnotations
    return method
  }

  function validate(name: string, schema: Record<string, unknown>, args: Record<string, unknown>): ArgumentProblem[] {
    let check = validators.get(name)
    if (check === undefined && unchecked.has(name)) check = null
    if (check === undefined) {
      try {
        check = ajv.compile(schema)
      } catch {
        // A schema the validator cannot compile: the server checks the arguments itself.
        check = null
      }
      validators.set(name, check)
    }
    if (!check || check({ ...args })) return []
    return (check.errors ?? []).map(problemOf)
  }

  async function call(name: string, args: Record<string, unknown>, context: { signal: AbortSignal; onProgress?: (progress: CallProgress) => void }): Promise<McpResultText> {
    const current = client
    if (!current) throw new Error(`the MCP server "${config.name}" is not connected${error ? ` (${error})` : ''}; connect it again.`)
    const onprogress = context.onProgress ? (progress: CallProgress) => context.onProgress?.({ progress: progress.progress, total: progress.total, message: progress.message }) : undefined
    let result: unknown
    try {
      // The executor's timeout aborts the signal: the SDK then sends notifications/cancelled.
      result = await current.callTool({ name, arguments: args }, undefined, { signal: context.signal, onprogress, timeout: 2 ** 31 - 1 })
    } catch (problem) {
      if (context.signal.aborted) throw context.signal.reason instanceof Error ? context.signal.reason : new Error('cancelled')
      throw new Error(`the MCP server "${config.name}" failed: ${messageOf(problem)}`)
    }
    const read = mcpResultText(result)
    if (read.isError) throw new Error(read.text || `the MCP server "${config.name}" reported an error without a message.`)
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
function logged(transport: Transport, record: (direction: McpLogEntry['direction'], message: McpLogEntry['message']) => void): Transport {
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
    if (entry.direction === 'received' && typeof message.result?.protocolVersion === 'string') return message.result.protocolVersion
  }
  return undefined
}

/**
 * One server's share of the tools prompt: once its descriptions (tools' and parameters') pass
 * MAX_SERVER_DESCRIPTIONS characters, the descriptions of the tools after that point are cut short.
 */
function withinServerBudget(methods: MethodMetadata[], said: string[]): MethodMetadata[] {
  let used = 0
  const cut: string[] = []
  for (const method of methods) {
    used += method.description.length + method.parameters.reduce((n, p) => n + (p.description?.length ?? 0), 0)
    if (used <= MAX_SERVER_DESCRIPTIONS) continue
    method.description = capDescription(method.description, overBudgetLength()).text
    for (const parameter of method.parameters) if (parameter.description) parameter.description = capDescription(parameter.description, 80).text
    cut.push(method.name)
  }
  if (cut.length > 0) {
    said.push(`The server's descriptions pass ${MAX_SERVER_DESCRIPTIONS.toLocaleString('en-US')} characters, the most one server may put into the tools prompt: those of ${cut.length} tool${cut.length === 1 ? '' : 's'} (${cut.slice(0, 5).map((n) => `"${n}"`).join(', ')}${cut.length > 5 ? ', ...' : ''}) were cut short.`)
  }
  return methods
}

/** Two tools of one server with the same name: the first wins (the registry needs unique names). */
function dedupe(methods: MethodMetadata[]): MethodMetadata[] {
  const seen = new Set<string>()
  return methods.filter((method) => (seen.has(method.name) ? false : (seen.add(method.name), true)))
}

function problemOf(error: ErrorObject): ArgumentProblem {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    return { path: `${error.instancePath}/${error.params.missingProperty}`, message: 'is required' }
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    return { path: `${error.instancePath}/${error.params.additionalProperty}`, message: 'is not allowed here' }
  }
  return { path: error.instancePath, message: error.message ?? error.keyword }
}

function messageOf(problem: unknown): string {
  if (problem instanceof Error) return problem.message || problem.name
  return String(problem)
}
