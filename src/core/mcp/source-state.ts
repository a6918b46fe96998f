/**
 * The state one MCP tool source shares between its connection, its tool listing and its calls,
 * with the log of what went in and out and the listeners told of every change.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { MethodMetadata } from '../types'
import type { McpServerConfig } from './config'
import type { SchemaChecker } from './listed-tools'
import type { McpLogEntry, McpNotification, McpServerInfo, McpSourceOptions, McpStatus } from './source'

/** The most log entries a source keeps; older ones are dropped. */
export const LOG_SIZE = 500

/** What a source knows and holds; its parts change it, and tell the listeners through `changed`. */
export interface SourceState {
  readonly config: McpServerConfig
  readonly options: McpSourceOptions
  /** Time to wait for the server to answer `initialize` and `tools/list`. */
  readonly waitMs: number
  status: McpStatus
  error: string | undefined
  server: McpServerInfo
  /** The SDK client while connected. */
  client: Client | null
  methods: MethodMetadata[]
  toolsVersion: number
  notices: string[]
  readonly log: McpLogEntry[]
  /** The server's notifications, newest last (at most LOG_SIZE; one progress per token). */
  readonly notifications: McpNotification[]
  /** Notifications no longer kept: the oldest past LOG_SIZE, and progress a newer one replaced. */
  readonly notificationsLeftOut: { older: number; progress: number }
  readonly listeners: Set<() => void>
  readonly checker: SchemaChecker
}

/** Tells every listener that something changed. */
export function changed(state: SourceState): void {
  state.listeners.forEach((listener) => listener())
}

/** Adds a log entry (dropping the oldest past LOG_SIZE) and tells the listeners. */
export function record(state: SourceState, direction: McpLogEntry['direction'], message: McpLogEntry['message']): void {
  const { log } = state
  log.push({ at: Date.now(), direction, message })
  if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE)
  changed(state)
}

/**
 * Keeps a notification the server sent, the caller records it in the log too. A flood must not
 * cost the page more than a bounded list: the newest progress for a token replaces the one before
 * (latest wins), and past LOG_SIZE the oldest are dropped; both are counted.
 */
export function noteNotification(state: SourceState, method: string, params: unknown): void {
  const { notifications, notificationsLeftOut } = state
  const kept = isRecord(params) ? params : {}
  const token = method === PROGRESS ? kept.progressToken : undefined
  if (typeof token === 'string' || typeof token === 'number') {
    const before = findLastIndex(notifications, (n) => n.method === PROGRESS && n.params.progressToken === token)
    if (before !== -1) {
      notifications.splice(before, 1)
      notificationsLeftOut.progress++
    }
  }
  notifications.push({ at: Date.now(), method, params: kept })
  if (notifications.length > LOG_SIZE) {
    notificationsLeftOut.older += notifications.length - LOG_SIZE
    notifications.splice(0, notifications.length - LOG_SIZE)
  }
}

const PROGRESS = 'notifications/progress'

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index] as T)) return index
  return -1
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The message of anything thrown: an Error's message (its name when empty), else the value as text. */
export function messageOf(problem: unknown): string {
  if (problem instanceof Error) return problem.message || problem.name
  return String(problem)
}
