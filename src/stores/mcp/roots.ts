/**
 * The folders each MCP server may see, declared by the person per server and kept in this browser
 * only (its own `mcp-roots` key): they are this machine's folders, so they never go into an
 * `mcpServers` export. Answered to `roots/list` through `rootsOf`; saved data that cannot be read
 * is dropped entry by entry with a notice, and touches nothing else.
 */
import { defineStore } from 'pinia'
import { persistedRef, isRecord } from '../../persistence/persisted'
import { rootUri, rootsOfEntries, type McpRoot, type RootEntry } from '../../core/mcp'

/** The saved roots: each server's entries, by server name. */
export interface McpRootsState {
  servers: Record<string, RootEntry[]>
}

/** The roots of every server, kept under `mcp-roots` (version 1). */
export const useMcpRootsStore = defineStore('mcpRoots', () => {
  const state = persistedRef<McpRootsState>('mcp-roots', 1, () => ({ servers: {} }), readMcpRootsState)

  /** The named server's entries as declared (empty when none). */
  function entriesOf(server: string): readonly RootEntry[] {
    return state.value.servers[server] ?? []
  }

  /** The named server's roots as `file://` URIs, for `roots/list`. */
  function rootsOf(server: string): McpRoot[] {
    return rootsOfEntries(entriesOf(server)).roots
  }

  /** Adds a root to the server; returns why it cannot be one (nothing is added then), or null. */
  function add(server: string, path: string, name = ''): string | null {
    const reading = rootUri(path)
    if (!reading.ok) return reading.problem
    const entries = entriesOf(server)
    if (rootsOfEntries(entries).roots.some((root) => root.uri === reading.uri))
      return `"${path.trim()}" is already a root of "${server}".`
    const entry: RootEntry = name.trim() ? { path: path.trim(), name: name.trim() } : { path: path.trim() }
    state.value.servers = { ...state.value.servers, [server]: [...entries, entry] }
    return null
  }

  /** Removes the server's entry at `index` (nothing happens for an index out of range). */
  function remove(server: string, index: number): void {
    const entries = entriesOf(server)
    if (index < 0 || index >= entries.length) return
    const rest = entries.filter((_, n) => n !== index)
    const servers = { ...state.value.servers }
    if (rest.length) servers[server] = rest
    else delete servers[server]
    state.value.servers = servers
  }

  return { state, entriesOf, rootsOf, add, remove }
})

/**
 * The saved roots, each readable entry kept and each other one said in `repairs`; null when the
 * data is not a roots state at all (then persistence keeps the original and says so).
 */
export function readMcpRootsState(data: unknown, repairs: string[]): McpRootsState | null {
  if (!isRecord(data) || !isRecord(data.servers)) return null
  const servers: Record<string, RootEntry[]> = {}
  for (const [server, entries] of Object.entries(data.servers)) {
    if (!Array.isArray(entries)) {
      repairs.push(`The roots of "${server}" were not a list and were dropped.`)
      continue
    }
    const kept = entries.flatMap((entry: unknown, n) => {
      const read = readEntry(entry)
      if (typeof read === 'string') repairs.push(`Root ${n + 1} of "${server}" was dropped: ${read}`)
      return typeof read === 'string' ? [] : [read]
    })
    if (kept.length) servers[server] = kept
  }
  return { servers }
}

/** A saved entry, or why it cannot be used. */
function readEntry(entry: unknown): RootEntry | string {
  if (!isRecord(entry) || typeof entry.path !== 'string') return 'it has no path.'
  const reading = rootUri(entry.path)
  if (!reading.ok) return reading.problem
  return typeof entry.name === 'string' && entry.name.trim()
    ? { path: entry.path, name: entry.name }
    : { path: entry.path }
}
