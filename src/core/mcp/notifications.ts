/**
 * What a server's notifications are, for a person reading them: log messages
 * (`notifications/message`, with a level and a logger), progress, lists changed (tools, prompts,
 * resources), resources updated, and anything else by its method. Everything here reads what the
 * server wrote, so nothing throws on odd params: a level outside MCP's eight is no level, and data
 * of any shape becomes text.
 */
import type { McpNotification } from './source'

/** MCP's log levels (RFC 5424's severities), least severe first. */
export const MCP_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const

/** One of MCP's log levels. */
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number]

/** Whether a value is one of MCP's log levels. */
export function isMcpLogLevel(value: unknown): value is McpLogLevel {
  return typeof value === 'string' && (MCP_LOG_LEVELS as readonly string[]).includes(value)
}

/** A level's severity: 0 for debug up to 7 for emergency. */
export function levelRank(level: McpLogLevel): number {
  return MCP_LOG_LEVELS.indexOf(level)
}

/** The kinds of notification the panel tells apart, in the order it lists them. */
export const NOTIFICATION_KINDS = ['log', 'progress', 'list-changed', 'resource-updated', 'other'] as const

/** What a notification is about. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** A notification as the panel shows, filters and exports it. */
export interface NotificationEntry {
  /** Milliseconds since the epoch. */
  at: number
  method: string
  kind: NotificationKind
  /** A log message's level; undefined for other kinds and for a level outside MCP's eight. */
  level?: McpLogLevel
  /** A log message's logger, when the server named one. */
  logger?: string
  /**
   * One text to show: a log's data, the progress (`3 / 10 — message`), the list that changed
   * (`tools`), the updated resource's URI, or else the params as JSON; at most TEXT_LIMIT characters.
   */
  text: string
  /** What the server sent, as it sent it. */
  params: Record<string, unknown>
}

/** The most characters of a notification's text kept for showing and searching (the params keep all). */
export const TEXT_LIMIT = 4000

const LIST_CHANGED = /^notifications\/(\w+)\/list_changed$/

/** What a notification is, with the text to show for it. */
export function classifyNotification(notification: McpNotification): NotificationEntry {
  const { at, method, params } = notification
  const entry = (kind: NotificationKind, text: string): NotificationEntry => ({
    at,
    method,
    kind,
    text: shownText(text),
    params,
  })
  if (method === 'notifications/message') {
    const logged = entry('log', valueText(params.data))
    if (isMcpLogLevel(params.level)) logged.level = params.level
    if (typeof params.logger === 'string' && params.logger !== '') logged.logger = shownText(params.logger)
    return logged
  }
  if (method === 'notifications/progress') return entry('progress', progressText(params))
  const list = LIST_CHANGED.exec(method)
  if (list) return entry('list-changed', list[1] as string)
  if (method === 'notifications/resources/updated') return entry('resource-updated', valueText(params.uri))
  return entry('other', Object.keys(params).length ? valueText(params) : '')
}

/** `progress / total — message`, each part as the server gave it. */
function progressText(params: Record<string, unknown>): string {
  const total = params.total === undefined ? '' : ` / ${valueText(params.total)}`
  const message = typeof params.message === 'string' && params.message !== '' ? ` — ${params.message}` : ''
  return `${valueText(params.progress)}${total}${message}`
}

/** A string as it is; anything else as JSON (or as text when it is no JSON value). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

// Controls other than tab and line breaks, and the marks that reorder text on screen.
// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/** Text without invisible controls and direction marks, cut to TEXT_LIMIT characters. */
function shownText(text: string): string {
  const cut = text.length > TEXT_LIMIT ? text.slice(0, TEXT_LIMIT) + '…' : text
  return cut.replace(UNSHOWN, '')
}
