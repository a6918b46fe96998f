/**
 * The `vcp` command line. Kept apart from process globals so tests can run it in-process.
 *
 *   vcp parse  [--protocol ID] [--model NAME] [--tools FILE] [--chunk N] FILE|- ...   (auto by default, as the Parser pane)
 *   vcp formats [--model NAME]                            (one JSON line per format)
 *   vcp prompt [--protocol ID] [--mcp-config FILE]
 *   vcp tools  [--mcp-config FILE]                        (one JSON line per tool)
 *   vcp check  [--protocol ID] [--files DIR] [--mcp-config FILE] FILE|- ...  (what exec would do, executing nothing)
 *   vcp exec   [--protocol ID] [--files DIR] [--timeout MS] [--parallel] [--approve] [--mcp-config FILE] FILE|-
 *   vcp exec   --collection FILE [--files DIR] ... NAME   (a saved call of the Executor's export; collection-exec.ts)
 *   vcp eval   QUESTIONS (--replies FILE | --endpoint URL --model NAME) ...   (see eval-command.ts)
 *   vcp mcp    list | get-prompt SERVER NAME | read SERVER URI --mcp-config FILE   (see mcp-command.ts)
 *   vcp conform (--endpoint URL --model NAME | --replay CAPTURE) ...   (see conform-command.ts)
 *   vcp render (TEMPLATE_FILE | --model ID) (--messages FILE ... | --infer) | --list   (see render-command.ts)
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
  type ParseResult,
  type ToolRegistry,
  type ToolRegistryManager,
  methodArgumentsSchema,
  modelFacingMethod,
  routingName,
  formatsForModel,
  listFormats,
} from '../core'
import { connectMcpServers, parseMcpConfig, type ConnectedMcpServers } from '../core/mcp'
import { nodeMcpTransport } from '../mcp/node'
import { COMMANDS, readArgs, UsageError, USAGE, VARIABLES_SUFFIX, type Command } from './arguments'
import { checkText, execText, loadVariables, readSettings, replySession, type ReplyCommand } from './reply-commands'
import { runEvalCommand } from './eval-command'
import { runMcpCommand } from './mcp-command'
import { runConformCommand, type ConformIo } from './conform-command'
import { runRenderCommand, type RenderIo } from './render-command'
import { readToolsFile } from './tools-file'
import { execSavedCall, loadSavedCall } from './collection-exec'
import { samplingHandlers } from './sampling'
import { rootsHandlers } from './roots'
import type { EvalIo } from './eval-io'

export { DEFAULT_FILES_FOLDER, USAGE, VARIABLES_SUFFIX } from './arguments'

/**
 * The outside world of a command; `EvalIo`'s optional members serve `vcp eval`, `ConformIo`'s
 * `vcp conform`, `RenderIo`'s `vcp render`.
 */
export interface CliIo extends EvalIo, ConformIo, RenderIo {
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
  if (name === 'eval') return runEvalCommand(rest, io)
  if (name === 'mcp') return runMcpCommand(rest, io)
  if (name === 'conform') return runConformCommand(rest, io)
  if (name === 'render') return runRenderCommand(rest, io)
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
  if (command.settingsFile !== null) {
    const path = command.settingsFile
    const settings = await io.readFile(path).then(
      (text) => readSettings(text, path),
      (error: unknown) => `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
    if (typeof settings === 'string') {
      io.err(`vcp ${name}: ${settings}`)
      return 2
    }
    command.settings = settings
  }
  if (name === 'parse')
    return forEachFile(name, command, io, async (text) => io.out(JSON.stringify(toOutput(parseText(text, command)))))
  // The other commands work with the tools: the built-in ones, and the MCP servers' if configured.
  const saved = command.collection === null ? undefined : await loadSavedCall(command.collection, command.files, io)
  if (saved === null) return 2
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
    if (saved) return await execSavedCall(saved, command, io, registry)
    return await forEachFile(name, command, io, async (text) => {
      io.out(JSON.stringify(await replyCommand(name, text, io, command, registry)))
    })
  } finally {
    await mcp?.close()
  }
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
  const handlers = { ...samplingHandlers(command.sampling, io), ...rootsHandlers(command.roots) }
  const connected = await connectMcpServers(servers, registry, io.mcpTransport ?? nodeMcpTransport, { handlers })
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

/** check or exec on one reply, with the variables an earlier exec kept (exec keeps them again). */
async function replyCommand(name: string, text: string, io: CliIo, command: Command, registry: ToolRegistryManager) {
  const variablesFile = command.folder + VARIABLES_SUFFIX
  const variables = await loadVariables((path) => io.readFile(path), variablesFile)
  const reply: ReplyCommand = {
    protocol: command.protocol,
    read: {
      reasoning: 'include',
      ...(command.model !== undefined ? { model: command.model } : {}),
      ...(command.tools !== undefined ? { tools: command.tools } : {}),
    },
    timeout: command.timeout,
    parallel: command.parallel,
    approve: command.approve,
    settings: command.settings,
  }
  const tools = replySession(registry, reply, variables.store)
  const output = name === 'check' ? await checkText(text, tools, reply) : await execText(text, tools, reply)
  if (name === 'exec') await io.writeFile(variablesFile, JSON.stringify(variables.store.list()))
  return variables.problem ? { ...output, diagnostics: [...output.diagnostics, variables.problem] } : output
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
