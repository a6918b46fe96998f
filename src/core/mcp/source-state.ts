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
  /** The server's notifications, newest last (at most LOG_SIZE). */
  readonly notifications: McpNotification[]
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

/** Keeps a notification the server sent (dropping the oldest past LOG_SIZE); the caller records it in the log too. */
export function noteNotification(state: SourceState, method: string, params: unknown): void {
  const { notifications } = state
  notifications.push({ at: Date.now(), method, params: isRecord(params) ? params : {} })
  if (notifications.length > LOG_SIZE) notifications.splice(0, notifications.length - LOG_SIZE)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The message of anything thrown: an Error's message (its name when empty), else the value as text. */
export function messageOf(problem: unknown): string {
  if (problem instanceof Error) return problem.message || problem.name
  return String(problem)
}
