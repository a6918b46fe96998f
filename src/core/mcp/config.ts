/**
 * The `mcpServers` configuration, in the format Claude Desktop, Cursor and VS Code write:
 *
 *   { "mcpServers": { "files": { "command": "npx", "args": ["-y", "..."], "env": {...}, "cwd": "..." },
 *                     "remote": { "url": "https://.../mcp", "headers": { "Authorization": "..." } } } }
 *
 * Read field by field: a server that cannot be used is left out with a reason, the rest are kept.
 */
import { isRecord } from '../own-record'

/** One usable server from an `mcpServers` configuration, told apart by `transport`. */
export type McpServerConfig = McpStdioServer | McpHttpServer

/** A server started as a local program and spoken to over its stdin and stdout. */
export interface McpStdioServer {
  /** The key in `mcpServers`; it becomes the tool id, so its tools are called `name_tool`. */
  name: string
  transport: 'stdio'
  /** The program to start. */
  command: string
  /** @default [] */
  args: string[]
  /** Secret: never written to exports, logs or run records (see redactMcpServer). */
  env: Record<string, string>
  /** The program's working directory. @default the host's */
  cwd?: string
}

/** A server reached over HTTP at `url`. */
export interface McpHttpServer {
  /** The key in `mcpServers`; it becomes the tool id, so its tools are called `name_tool`. */
  name: string
  /** 'http': Streamable HTTP, falling back to the older HTTP+SSE; 'sse': HTTP+SSE only. */
  transport: 'http' | 'sse'
  /** An http or https URL, normalised. */
  url: string
  /** Secret: never written to exports, logs or run records. */
  headers: Record<string, string>
}

/** What reading a configuration gives: the servers that can be used, and why the others cannot. */
export interface McpConfigReading {
  servers: McpServerConfig[]
  /** One sentence per server (or field) that could not be used. */
  problems: string[]
}

/** A server's name becomes its tool id, so its tools are called `name_tool`. */
const NAME = /^[A-Za-z0-9][\w.-]*$/

/** Reads configuration text (JSON). Never throws: text that is not JSON is one problem and no servers. */
export function parseMcpConfig(text: string): McpConfigReading {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return {
      servers: [],
      problems: [`The configuration is not JSON: ${error instanceof Error ? error.message : String(error)}.`],
    }
  }
  return readMcpConfig(data)
}

/**
 * Reads an already parsed `{ mcpServers: { name: { command | url, ... } } }`, server by server: one that
 * cannot be used (bad name, missing or mistyped field, non-HTTP URL) is a problem, the rest are kept. Never throws.
 */
export function readMcpConfig(data: unknown): McpConfigReading {
  if (!isRecord(data) || !isRecord(data.mcpServers)) {
    return {
      servers: [],
      problems: [
        'The configuration must be an object with "mcpServers": { "name": { "command": ... } | { "url": ... } }.',
      ],
    }
  }
  const servers: McpServerConfig[] = []
  const problems: string[] = []
  for (const name of Object.keys(data.mcpServers)) {
    const entry = data.mcpServers[name]
    const server = readServer(name, entry, problems)
    if (server) servers.push(server)
  }
  return { servers, problems }
}

function readServer(name: string, entry: unknown, problems: string[]): McpServerConfig | null {
  const refuse = (why: string): null => {
    problems.push(`Server "${name}": ${why}`)
    return null
  }
  if (!NAME.test(name))
    return refuse(
      'the name must use letters, digits, "_", "-" and ".", starting with a letter or digit (it becomes the tool id).',
    )
  if (!isRecord(entry)) return refuse('must be an object with "command" (stdio) or "url" (HTTP).')
  const type = typeof entry.type === 'string' ? entry.type : undefined
  if (typeof entry.command === 'string' && type !== 'http' && type !== 'sse' && type !== 'streamable-http') {
    if (entry.command.trim() === '') return refuse('"command" is empty.')
    if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string')))
      return refuse('"args" must be a list of strings.')
    const env = stringRecord(entry.env)
    if (env === null) return refuse('"env" must map names to strings.')
    if (entry.cwd !== undefined && typeof entry.cwd !== 'string') return refuse('"cwd" must be a string.')
    const server: McpStdioServer = {
      name,
      transport: 'stdio',
      command: entry.command,
      args: (entry.args as string[] | undefined) ?? [],
      env,
    }
    if (typeof entry.cwd === 'string') server.cwd = entry.cwd
    return server
  }
  if (typeof entry.url === 'string') {
    let url: URL
    try {
      url = new URL(entry.url)
    } catch {
      return refuse(`"url" is not a URL: ${JSON.stringify(entry.url)}.`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return refuse(`"url" must be http or https, not ${url.protocol}`)
    const headers = stringRecord(entry.headers)
    if (headers === null) return refuse('"headers" must map names to strings.')
    return { name, transport: type === 'sse' ? 'sse' : 'http', url: url.href, headers }
  }
  return refuse('needs "command" (a program started over stdio) or "url" (an HTTP server).')
}

function stringRecord(value: unknown): Record<string, string> | null {
  if (value === undefined) return {}
  if (!isRecord(value)) return null
  const out: Record<string, string> = {}
  for (const key of Object.keys(value)) {
    const item = value[key]
    if (typeof item !== 'string') return null
    out[key] = item
  }
  return out
}

/** What a secret (an env or header value) is replaced by in exports, logs and records. */
export const REDACTED = '[redacted]'

/** The server with its secrets (env values, header values) replaced: for exports, logs and records. */
export function redactMcpServer(server: McpServerConfig): McpServerConfig {
  const hide = (record: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.keys(record).map((key) => [key, REDACTED]))
  return server.transport === 'stdio'
    ? { ...server, args: [...server.args], env: hide(server.env) }
    : { ...server, headers: hide(server.headers) }
}

/** The config a person would write, from servers (with secrets redacted unless asked). */
export function writeMcpConfig(
  servers: readonly McpServerConfig[],
  options: { secrets?: boolean } = {},
): { mcpServers: Record<string, unknown> } {
  const mcpServers: Record<string, unknown> = {}
  for (const original of servers) {
    const server = options.secrets ? original : redactMcpServer(original)
    mcpServers[server.name] =
      server.transport === 'stdio'
        ? {
            command: server.command,
            args: server.args,
            ...(Object.keys(server.env).length ? { env: server.env } : {}),
            ...(server.cwd ? { cwd: server.cwd } : {}),
          }
        : {
            url: server.url,
            ...(server.transport === 'sse' ? { type: 'sse' } : {}),
            ...(Object.keys(server.headers).length ? { headers: server.headers } : {}),
          }
  }
  return { mcpServers }
}
