/**
 * The `vcp` command line. Kept apart from process globals so tests can run it in-process.
 *
 *   vcp parse  [--protocol ID] [--model NAME] [--tools FILE] [--chunk N] FILE|- ...   (auto by default, as the Parser pane)
 *   vcp formats [--model NAME]                            (one JSON line per format)
 *   vcp prompt [--protocol ID] [--mcp-config FILE]
 *   vcp tools  [--mcp-config FILE]                        (one JSON line per tool)
 *   vcp check  [--protocol ID] [--files DIR] [--mcp-config FILE] FILE|- ...  (what exec would do, executing nothing)
 *   vcp exec   [--protocol ID] [--files DIR] [--timeout MS] [--parallel] [--approve] [--mcp-config FILE] FILE|-
 *
 * parse, check and exec read a reply the same way (auto by default, reasoning included, one id
 * session), so check shows exactly what exec runs, under the same ids.
 */
import {
  createRequestIdSession,
  createStreamParser,
  createToolDiscoveryService,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  parseToolRequests,
  planDiagnostics,
  planToolCall,
  processToolCallCycle,
  createVariableStore,
  protocolRegistry,
  readSavedVariables,
  type ArgumentCheck,
  type CallPlan,
  type Diagnostic,
  type ParseResult,
  type PlannedCall,
  type ToolRegistry,
  type ToolRegistryManager,
  type VariableStore,
  methodArgumentsSchema,
  modelFacingMethod,
  routingName,
  formatsForModel,
  listFormats,
} from '../core'
import { connectMcpServers, parseMcpConfig, type ConnectedMcpServers } from '../core/mcp'
import { nodeMcpTransport } from '../mcp/node'

export interface CliIo {
  readFile(path: string): Promise<string>
  /** Writes a whole file (exec saves its variables). */
  writeFile(path: string, text: string): Promise<void>
  readStdin(): Promise<string>
  out(line: string): void
  err(line: string): void
  /** The built-in tools with their Node backends, keeping files in `folder`. */
  builtinTools(folder: string): ToolRegistry[]
  /** How MCP servers are reached. @default stdio child processes and HTTP (nodeMcpTransport) */
  mcpTransport?: Parameters<typeof connectMcpServers>[2]
}

export const DEFAULT_FILES_FOLDER = '.vcp-files'
/** exec keeps its variable store in a file next to the files folder: `.vcp-files.variables.json`. */
export const VARIABLES_SUFFIX = '.variables.json'

export const USAGE = `Usage:
  vcp parse [--protocol ID] [--model NAME] [--tools FILE] [--chunk N] FILE|- ...
                                                     print each file's requests and diagnostics as one JSON line
  vcp formats [--model NAME]                         print one JSON line per format the parser reads: id, label,
                                                     family, models, openers, an example; with --model, only the
                                                     formats that model writes
  vcp prompt [--protocol ID] [--mcp-config FILE]     print the tools prompt for the built-in tools (and MCP servers')
  vcp tools [--mcp-config FILE]                      print one JSON line per tool: routing name, title, description,
                                                     input schema, annotations, source
  vcp check [--protocol ID] [--model NAME] [--tools FILE] [--files DIR] [--mcp-config FILE] FILE|- ...
                                                     print what exec would do with each file's requests, executing
                                                     nothing: {"requests": [{"requestId", "toolName", "verdict",
                                                     "arguments", "checks", "items"}], "diagnostics": [...]}
  vcp exec [--protocol ID] [--model NAME] [--tools FILE] [--files DIR] [--timeout MS] [--parallel] [--approve]
           [--mcp-config FILE] FILE|-
                                                     run the file's valid requests against the built-in tools and
                                                     print {"results": [...], "diagnostics": [...]} as one JSON line

Options:
  --protocol ID   protocol to use (known: ${protocolRegistry
    .list()
    .map((p) => p.id)
    .join(', ')}); parse, check and
                  exec also take auto: read every format and say which were found (their default; prompt
                  defaults to vcp). The three read a reply alike: requests in <think> are listed (exec
                  reports them as not run) and a request has the same id in all three
                  A model's native format is an ID too (mistral, qwen3-coder, harmony, ...: see vcp formats)
  --model NAME    the model that wrote the reply (Qwen/Qwen3-Coder-30B-A3B-Instruct, gpt-oss-20b, ...): auto
                  reads the formats it writes, including those with no marker of their own
  --tools FILE    the tools the model was given, a JSON array of OpenAI-style function definitions (or
                  {"tools": [...]}): values written as text are typed by their schema, unknown names flagged
  --chunk N       feed the text to the streaming parser N characters at a time
  --files DIR     folder that holds the virtual file system of the fs tool (default: ${DEFAULT_FILES_FOLDER});
                  exec keeps the variables of full results beside it, in DIR${VARIABLES_SUFFIX}, so the
                  ReadVar request in a cut result works in the next exec
  --timeout MS    per-call timeout in milliseconds (default: ${DEFAULT_TOOL_CALL_CONFIG.timeout})
  --parallel      run the requests at the same time instead of in order
  --mcp-config F  connect the MCP servers of F (the "mcpServers" JSON of Claude Desktop, Cursor, VS Code)
                  and offer their tools as server_tool beside the built-in ones; disconnected at the end
  --approve       run calls that need approval (a tool's policy asks, e.g. a recursive delete of many
                  files); without it they are refused with the reason
  -               read standard input

Exit status: 0 when every file was read (problems in the text and failed calls are reported
as data), 2 on bad usage, an unreadable file, or an MCP configuration or server that cannot be used.`

class UsageError extends Error {}

interface Command {
  protocol: string
  model: string | undefined
  /** The --tools file's path; read once the command runs. */
  toolsFile: string | null
  tools: unknown[] | undefined
  chunk: number | null
  files: string[]
  folder: string
  timeout: number
  parallel: boolean
  approve: boolean
  mcpConfig: string | null
}

/** Which options each command takes, and how many files (min, max). */
const COMMANDS: Record<string, { options: string[]; files: [number, number] }> = {
  parse: { options: ['--protocol', '--model', '--tools', '--chunk'], files: [1, Infinity] },
  formats: { options: ['--model'], files: [0, 0] },
  prompt: { options: ['--protocol', '--mcp-config'], files: [0, 0] },
  tools: { options: ['--mcp-config'], files: [0, 0] },
  check: { options: ['--protocol', '--model', '--tools', '--files', '--mcp-config'], files: [1, Infinity] },
  exec: {
    options: ['--protocol', '--model', '--tools', '--files', '--timeout', '--parallel', '--approve', '--mcp-config'],
    files: [1, 1],
  },
}

function readArgs(name: string, args: string[]): Command {
  const spec = COMMANDS[name] as (typeof COMMANDS)[string]
  // Every command that reads a reply detects its formats, so check shows exactly what exec runs.
  const command: Command = {
    protocol: name === 'prompt' ? 'vcp' : 'auto',
    model: undefined,
    toolsFile: null,
    tools: undefined,
    chunk: null,
    files: [],
    folder: DEFAULT_FILES_FOLDER,
    timeout: DEFAULT_TOOL_CALL_CONFIG.timeout,
    parallel: false,
    approve: false,
    mcpConfig: null,
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg.startsWith('--')) {
      if (!spec.options.includes(arg)) throw new UsageError(`unknown option ${arg}`)
      if (arg === '--parallel' || arg === '--approve') {
        command[arg === '--parallel' ? 'parallel' : 'approve'] = true
        continue
      }
      const value = args[++i]
      if (value === undefined) throw new UsageError(`${arg} needs a value`)
      if (arg === '--protocol') {
        const auto = value === 'auto' && name !== 'prompt'
        const native = name !== 'prompt' && listFormats().some((f) => f.id === value)
        if (!auto && !native && !protocolRegistry.get(value)) {
          throw new UsageError(
            `unknown protocol "${value}"${value === 'auto' ? ' (auto detects when parsing; a prompt needs one protocol)' : name === 'prompt' ? '' : ' (vcp formats lists the formats)'}`,
          )
        }
        command.protocol = value
      } else if (arg === '--model') {
        command.model = value
      } else if (arg === '--tools') {
        command.toolsFile = value
      } else if (arg === '--files') {
        command.folder = value
      } else if (arg === '--mcp-config') {
        command.mcpConfig = value
      } else {
        const n = Number(value)
        if (!Number.isInteger(n) || n < 1) throw new UsageError(`${arg} needs a positive whole number, got "${value}"`)
        if (arg === '--chunk') command.chunk = n
        else command.timeout = n
      }
    } else {
      command.files.push(arg)
    }
  }
  const [least, most] = spec.files
  if (command.files.length < least) throw new UsageError('no file given (use - for standard input)')
  if (command.files.length > most)
    throw new UsageError(most === 0 ? 'takes no file' : `takes one file, got ${command.files.length}`)
  return command
}

/**
 * Every request, those in reasoning included (marked), numbered by one session: parse, check and
 * exec read a reply alike, so a request has the same id in all three.
 */
const readOptions = (command: Command) => ({
  session: createRequestIdSession(),
  reasoning: 'include' as const,
  ...(command.model !== undefined ? { model: command.model } : {}),
  ...(command.tools !== undefined ? { tools: command.tools } : {}),
})

function parseText(text: string, command: Command): ParseResult {
  const options = readOptions(command)
  if (command.chunk === null) return parseToolRequests(text, command.protocol, options)
  const stream = createStreamParser(command.protocol, options)
  for (let i = 0; i < text.length; i += command.chunk) stream.feed(text.slice(i, i + command.chunk))
  return stream.end()
}

/** Compact output: everything but the raw block text and per-field details. */
export function toOutput(result: ParseResult): unknown {
  return {
    requests: result.requests.map((r) => ({
      requestId: r.requestId,
      toolName: r.toolName,
      args: r.args,
      ...(r.arguments !== undefined ? { arguments: r.arguments } : {}),
      valid: r.valid,
      start: r.start,
      end: r.end,
      ...(r.inReasoning ? { inReasoning: true } : {}),
      ...(r.fenced ? { fenced: true } : {}),
    })),
    diagnostics: result.diagnostics,
    ...(result.detected ? { detected: result.detected } : {}),
  }
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    ;(name === undefined ? io.err : io.out)(USAGE)
    return name === undefined ? 2 : 0
  }
  if (!Object.prototype.hasOwnProperty.call(COMMANDS, name)) {
    io.err(`vcp: unknown command "${name}"\n\n${USAGE}`)
    return 2
  }
  let command: Command
  try {
    command = readArgs(name, rest)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`vcp ${name}: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (name === 'formats') {
    const wanted = command.model === undefined ? null : formatsForModel(command.model)
    if (wanted && wanted.length === 0) {
      io.err(
        `vcp formats: no format is known for the model "${command.model}"; auto still reads every delimited format`,
      )
      return 0
    }
    for (const format of listFormats()) if (!wanted || wanted.includes(format.id)) io.out(JSON.stringify(format))
    return 0
  }
  if (command.toolsFile !== null) {
    const tools = await readToolsFile(command.toolsFile, io)
    if (typeof tools === 'string') {
      io.err(`vcp ${name}: ${tools}`)
      return 2
    }
    command.tools = tools
  }
  if (name === 'parse')
    return forEachFile(name, command, io, async (text) => io.out(JSON.stringify(toOutput(parseText(text, command)))))
  // The other commands work with the tools: the built-in ones, and the MCP servers' if configured.
  const registry = builtinRegistry(io, command)
  const mcp = await connectConfigured(name, command, io, registry)
  if (mcp === null) return 2
  try {
    if (name === 'prompt') {
      io.out(
        createToolDiscoveryService({ registry }).generatePrompt({
          config: { ...DEFAULT_TOOL_CALL_CONFIG, protocol: command.protocol },
        }),
      )
      return 0
    }
    if (name === 'tools') {
      for (const line of toolLines(registry, mcp)) io.out(JSON.stringify(line))
      return 0
    }
    return await forEachFile(name, command, io, async (text) => {
      io.out(
        JSON.stringify(
          name === 'check' ? await checkText(text, io, command, registry) : await execText(text, io, command, registry),
        ),
      )
    })
  } finally {
    await mcp?.close()
  }
}

/** The --tools file: an array of tool definitions, or an object with one under "tools"; a string says why not. */
async function readToolsFile(path: string, io: CliIo): Promise<unknown[] | string> {
  let text: string
  try {
    text = await io.readFile(path)
  } catch (error) {
    return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray((value as { tools?: unknown }).tools)
  )
    value = (value as { tools: unknown[] }).tools
  if (!Array.isArray(value)) return `${path} must hold a JSON array of tool definitions (or {"tools": [...]})`
  return value
}

/** Runs `each` on every file's text; an unreadable file is said and makes the status 2. */
async function forEachFile(
  name: string,
  command: Command,
  io: CliIo,
  each: (text: string) => Promise<void>,
): Promise<number> {
  let status = 0
  for (const file of command.files) {
    let text: string
    try {
      text = file === '-' ? await io.readStdin() : await io.readFile(file)
    } catch (error) {
      io.err(`vcp ${name}: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
      status = 2
      continue
    }
    await each(text)
  }
  return status
}

/**
 * The MCP servers of --mcp-config, connected and registered; undefined without the option, null
 * (after saying why) when the file or a server cannot be used.
 */
async function connectConfigured(
  name: string,
  command: Command,
  io: CliIo,
  registry: ToolRegistryManager,
): Promise<ConnectedMcpServers | undefined | null> {
  if (command.mcpConfig === null) return undefined
  let text: string
  try {
    text = await io.readFile(command.mcpConfig)
  } catch (error) {
    io.err(`vcp ${name}: cannot read ${command.mcpConfig}: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
  const { servers, problems } = parseMcpConfig(text)
  if (problems.length > 0) {
    io.err(`vcp ${name}: ${command.mcpConfig}: ${problems.join(' ')}`)
    return null
  }
  const connected = await connectMcpServers(servers, registry, io.mcpTransport ?? nodeMcpTransport)
  if (connected.failures.length > 0) {
    io.err(`vcp ${name}: ${connected.failures.join(' ')}`)
    await connected.close()
    return null
  }
  // What was refused or cut of a server's tools: said, and the run goes on with the rest.
  for (const source of connected.sources)
    for (const notice of source.notices) io.err(`vcp ${name}: warning: MCP server "${source.config.name}": ${notice}`)
  return connected
}

/** One line per method a model can call: what `vcp tools` prints. */
function toolLines(registry: ToolRegistryManager, mcp: ConnectedMcpServers | undefined): Record<string, unknown>[] {
  const servers = new Set(mcp?.sources.map((source) => source.config.name) ?? [])
  return registry.list().flatMap((tool) =>
    tool
      .getMetadata()
      .methods.filter((method) => method.agentCallable === true)
      .map((method) => ({
        routingName: routingName(tool.id, method.name),
        ...(method.title ? { title: method.title } : {}),
        description: method.description,
        inputSchema: method.inputSchema ?? methodArgumentsSchema(modelFacingMethod(method)),
        ...(method.annotations ? { annotations: method.annotations } : {}),
        source: servers.has(tool.id) ? `mcp:${tool.id}` : 'builtin',
      })),
  )
}

function builtinRegistry(io: CliIo, command: Command) {
  const registry = createToolRegistryManager()
  for (const tool of io.builtinTools(command.folder)) registry.register(tool)
  return registry
}

async function execText(text: string, io: CliIo, command: Command, registry: ToolRegistryManager): Promise<unknown> {
  const variables = await loadVariables(io, command.folder + VARIABLES_SUFFIX)
  const cycle = await processToolCallCycle(text, {
    registry,
    protocol: command.protocol,
    parse: readOptions(command),
    timeout: command.timeout,
    parallel: command.parallel,
    variables: variables.store,
    ...(command.approve ? { onBeforeExecute: () => true } : {}),
  })
  await io.writeFile(command.folder + VARIABLES_SUFFIX, JSON.stringify(variables.store.list()))
  return {
    results: cycle.executionResults.map(({ requestId, toolName, status, result, durationMs }) => ({
      requestId,
      toolName,
      status,
      result,
      durationMs: Math.round(durationMs * 100) / 100,
    })),
    diagnostics: variables.problem ? [...cycle.diagnostics, variables.problem] : cycle.diagnostics,
  }
}

/** The call plan of every request (those in reasoning too), as exec would run them. */
async function checkText(text: string, io: CliIo, command: Command, registry: ToolRegistryManager): Promise<unknown> {
  const variables = await loadVariables(io, command.folder + VARIABLES_SUFFIX)
  const parsed = parseToolRequests(text, command.protocol, readOptions(command))
  const plans: CallPlan[] = []
  for (const request of parsed.requests)
    plans.push(await planToolCall(request, { registry, variables: variables.store }))
  const diagnostics = [...parsed.diagnostics, ...plans.flatMap((plan) => planDiagnostics(plan, text))].sort(
    (a, b) => a.offset - b.offset,
  )
  return {
    requests: plans.map((plan) => ({
      requestId: plan.request.requestId,
      toolName: plan.request.toolName,
      ...plannedOutput(plan),
      ...(plan.items ? { items: plan.items.map(plannedOutput) } : {}),
    })),
    diagnostics: variables.problem ? [...diagnostics, variables.problem] : diagnostics,
  }
}

function plannedOutput(call: PlannedCall): Record<string, unknown> {
  return {
    ...(call.index !== undefined ? { index: call.index, command: call.command } : {}),
    verdict: call.verdict,
    ...(call.whenRun ? { whenRun: call.whenRun } : {}),
    ...(call.routingName ? { routingName: call.routingName } : {}),
    ...(call.reason ? { reason: call.reason } : {}),
    ...(call.approvalReason ? { approvalReason: call.approvalReason } : {}),
    arguments: { ...call.args },
    ...(call.limit !== undefined ? { limit: call.limit } : {}),
    checks: call.checks.map(checkOutput),
  }
}

function checkOutput(check: ArgumentCheck): Record<string, unknown> {
  const { span, ...rest } = check
  return span ? { ...rest, offset: span.offset, length: span.length } : rest
}

/** The variables a former exec kept; what cannot be read is left out, and said. */
async function loadVariables(io: CliIo, path: string): Promise<{ store: VariableStore; problem?: Diagnostic }> {
  const store = createVariableStore()
  let saved: unknown
  try {
    const text = await io.readFile(path)
    try {
      saved = JSON.parse(text)
    } catch {
      saved = null
    }
  } catch {
    return { store }
  }
  const { variables, unreadable } = readSavedVariables(saved)
  for (const variable of variables) store.set(variable)
  if (unreadable === 0) return { store }
  const message = Array.isArray(saved)
    ? `${path}: ${unreadable} saved variable${unreadable === 1 ? '' : 's'} could not be read; exec went on without ${unreadable === 1 ? 'it' : 'them'}.`
    : `${path}: the saved variables could not be read; exec went on without them.`
  return {
    store,
    problem: { severity: 'warning', code: 'variables-unreadable', message, offset: 0, length: 0, line: 1, column: 1 },
  }
}
