/**
 * `--root PATH` (repeatable) for the commands that connect MCP servers: the folders the servers
 * may see, answered to `roots/list`. A relative path is taken from the working folder; a
 * `file://` URI is taken as it is. Without `--root` no roots capability is declared.
 */
import { isAbsolute, resolve } from 'node:path'
import { rootUri, type McpClientHandlers, type McpRoot } from '../core/mcp'

/** The option's name. */
export const ROOT_OPTION = '--root'

/** The `roots` handler for these roots: none (nothing declared) when the list is empty. */
export function rootsHandlers(roots: readonly McpRoot[]): Pick<McpClientHandlers, 'roots'> {
  return roots.length ? { roots: () => roots } : {}
}

/**
 * The `--root` options taken out of a command line: the rest of it, the roots as `file://` URIs and
 * their handlers; or a sentence saying what is wrong (`--root` without a value, a path that cannot
 * be a root). Never throws.
 */
export function rootsFromArguments(
  args: readonly string[],
  cwd: string = process.cwd(),
): { rest: string[]; roots: McpRoot[]; handlers: Pick<McpClientHandlers, 'roots'> } | { error: string } {
  const rest: string[] = []
  const roots: McpRoot[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg !== ROOT_OPTION) {
      rest.push(arg)
      continue
    }
    const value = args[++i]
    if (value === undefined || value.trim() === '') return { error: `${ROOT_OPTION} needs a folder` }
    const reading = rootUri(absolute(value.trim(), cwd))
    if (!reading.ok) return { error: `${ROOT_OPTION}: ${reading.problem}` }
    if (!roots.some((root) => root.uri === reading.uri)) roots.push({ uri: reading.uri })
  }
  return { rest, roots, handlers: rootsHandlers(roots) }
}

/** A URI or an absolute path (POSIX or Windows, whatever this system is) as it is; another path made absolute from `cwd`. */
function absolute(value: string, cwd: string): string {
  if (rootUri(value).ok || /^[A-Za-z][A-Za-z0-9+.-]+:/.test(value) || isAbsolute(value)) return value
  return resolve(cwd, value)
}
