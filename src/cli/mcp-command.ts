/**
 * `vcp mcp list | get-prompt | read`: what the MCP servers of a configuration offer besides their
 * tools, asked from the command line. `list` connects every server and prints, per server, its
 * tools, prompts, resources and resource templates; `get-prompt` and `read` connect only the named
 * server and print its answer. Each prints one JSON line and exits 0; anything that goes wrong (the
 * command line, the configuration, a server that cannot connect or refuses) is one line on stderr
 * and exit status 2, with nothing on stdout.
 */
import { createToolRegistryManager } from '../core'
import {
  connectMcpServers,
  createMcpToolSource,
  getPrompt,
  listServerOffer,
  parseMcpConfig,
  readResource,
  type McpClientHandlers,
  type McpServerConfig,
  type McpToolSource,
} from '../core/mcp'
import { nodeMcpTransport } from '../mcp/node'
import { isMcpAction, readMcpArguments, type McpCommand } from './mcp-arguments'
import { rootsFromArguments } from './roots'
import { samplingHandlersFromArguments } from './sampling'
import type { CliIo } from './vcp'

/**
 * Runs `vcp mcp` with the words after `mcp`; returns the exit status (0, or 2 after one line on
 * stderr). The sampling options (`--sampling-endpoint`, `--sampling-model`) and `--root PATH` are
 * taken as every command that connects servers takes them. Every failure, whatever a file or a
 * server holds, is that one line: nothing is thrown.
 */
export async function runMcpCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [action, ...rest] = argv
  if (!isMcpAction(action)) {
    const what = action === undefined ? 'no action given' : `unknown action ${safeJson(action)}`
    io.err(`vcp mcp: ${what} (the actions are list, get-prompt and read; vcp --help says more)`)
    return 2
  }
  const label = `vcp mcp ${action}`
  try {
    const sampling = samplingHandlersFromArguments(rest, io)
    if ('error' in sampling) throw new Error(sampling.error)
    const roots = rootsFromArguments(sampling.rest)
    if ('error' in roots) throw new Error(roots.error)
    const command = readMcpArguments(action, roots.rest)
    if ('error' in command) throw new Error(command.error)
    const servers = await readServers(command.config, io)
    const handlers = { ...sampling.handlers, ...roots.handlers }
    io.out(safeJson(await answer(command, servers, handlers, io, label)))
    return 0
  } catch (problem) {
    io.err(`${label}: ${oneLine(problem instanceof Error ? problem.message : String(problem))}`)
    return 2
  }
}

/** What the action prints: the listing of every server, a prompt, or a resource's contents. */
async function answer(
  command: McpCommand,
  servers: readonly McpServerConfig[],
  handlers: McpClientHandlers,
  io: CliIo,
  label: string,
): Promise<unknown> {
  if (command.action === 'list') return listServers(servers, handlers, io, label)
  const config = servers.find((server) => server.name === command.server)
  if (!config) {
    const names = servers.map((server) => server.name).join(', ')
    throw new Error(`no server ${safeJson(command.server)} in ${command.config} (it has: ${names || 'none'})`)
  }
  // Only the named server is started: the others may be slow, far away, or need a login.
  const source = createMcpToolSource({ config, createTransport: io.mcpTransport ?? nodeMcpTransport, handlers })
  try {
    await source.connect()
    if (command.action === 'read') return { contents: await readResource(source, command.uri) }
    return await getPrompt(source, command.prompt, command.args)
  } finally {
    await source.disconnect()
  }
}

/** The servers of the --mcp-config file; throws a problem when it cannot be read or holds a bad entry. */
async function readServers(path: string, io: CliIo): Promise<McpServerConfig[]> {
  let text: string
  try {
    text = await io.readFile(path)
  } catch (problem) {
    throw new Error(`cannot read ${path}: ${problem instanceof Error ? problem.message : String(problem)}`)
  }
  const { servers, problems } = parseMcpConfig(text)
  if (problems.length > 0) throw new Error(`${path}: ${problems.join(' ')}`)
  return servers
}

/**
 * Every server connected at once and listed; a server that cannot connect fails the whole listing
 * (every such server named). What the workbench refused of a server's tools is a warning on stderr.
 */
async function listServers(
  servers: readonly McpServerConfig[],
  handlers: McpClientHandlers,
  io: CliIo,
  label: string,
): Promise<Record<string, unknown>> {
  const transport = io.mcpTransport ?? nodeMcpTransport
  const connected = await connectMcpServers(servers, createToolRegistryManager(), transport, { handlers })
  try {
    if (connected.failures.length > 0) throw new Error(connected.failures.join(' '))
    const listings = await Promise.all(connected.sources.map(serverListing))
    for (const source of connected.sources)
      for (const notice of source.notices) io.err(`${label}: warning: MCP server "${source.config.name}": ${notice}`)
    return Object.fromEntries(listings)
  } finally {
    await connected.close()
  }
}

/** One server's entry: its tools as the workbench took them, its offer, and the lists that failed. */
async function serverListing(source: McpToolSource): Promise<[string, Record<string, unknown>]> {
  const offer = await listServerOffer(source)
  const tools = source.tool.getMetadata().methods.map((method) => ({
    name: method.name,
    title: method.title,
    description: method.description,
    inputSchema: method.inputSchema,
    annotations: method.annotations,
  }))
  return [
    source.config.name,
    {
      tools,
      prompts: offer.prompts,
      resources: offer.resources,
      resourceTemplates: offer.resourceTemplates,
      ...(offer.problems.length > 0 ? { problems: offer.problems } : {}),
    },
  ]
}

// Characters that can reorder or hide what a terminal shows; they only occur inside JSON strings.
const HIDDEN = /[\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/g

/**
 * A value as one JSON line that is safe to print: what a server wrote keeps its meaning, but the
 * characters that reorder or hide text on a terminal are written as `\uXXXX` escapes.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(HIDDEN, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

// Line breaks, other controls and what reorders or hides text: none of them belongs in a one-line reason.
// eslint-disable-next-line no-control-regex
const NOT_IN_A_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]+/g

/** A message as one line on stderr: line breaks and the characters a terminal should not get become spaces. */
function oneLine(message: string): string {
  return message.replace(NOT_IN_A_LINE, ' ').replace(/ {2,}/g, ' ').trim()
}
