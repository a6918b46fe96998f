/**
 * A server's notifications as the panel lists them (filtered, newest first) and as a file to
 * download (JSON or JSON Lines).
 */
import {
  classifyNotification,
  levelRank,
  type McpLogLevel,
  type NotificationEntry,
  type NotificationKind,
} from './notifications'
import type { McpNotification } from './source'

/** Which notifications to show; every part left out lets everything through. */
export interface NotificationFilter {
  /** The kinds to show. @default every kind */
  kinds?: readonly NotificationKind[]
  /** Log messages below this level are hidden (those with no known level are shown). @default every level */
  minLevel?: McpLogLevel
  /** Text the method, logger or text must contain, in any case. @default '' */
  text?: string
}

/** The entries that pass the filter, newest first. */
export function filterNotifications(
  entries: readonly NotificationEntry[],
  { kinds, minLevel, text = '' }: NotificationFilter = {},
): NotificationEntry[] {
  const term = text.trim().toLowerCase()
  const least = minLevel === undefined ? 0 : levelRank(minLevel)
  const shown: NotificationEntry[] = []
  for (let n = entries.length - 1; n >= 0; n--) {
    const entry = entries[n] as NotificationEntry
    if (kinds && !kinds.includes(entry.kind)) continue
    if (entry.kind === 'log' && entry.level !== undefined && levelRank(entry.level) < least) continue
    if (term && !searchText(entry).includes(term)) continue
    shown.push(entry)
  }
  return shown.sort((a, b) => b.at - a.at)
}

const searchText = (entry: NotificationEntry): string =>
  `${entry.method}\n${entry.logger ?? ''}\n${entry.text}`.toLowerCase()

/**
 * Classifies notifications, each one once: the same notification object (a source keeps its
 * objects) gets the same entry back, so a list of 500 is not read again on every change.
 */
export function createNotificationClassifier(): (notifications: readonly McpNotification[]) => NotificationEntry[] {
  const seen = new WeakMap<McpNotification, NotificationEntry>()
  return (notifications) =>
    notifications.map((notification) => {
      let entry = seen.get(notification)
      if (!entry) {
        entry = classifyNotification(notification)
        seen.set(notification, entry)
      }
      return entry
    })
}

/** The formats notifications download as. */
export type NotificationExportFormat = 'json' | 'jsonl'

/** One exported notification: its time (ISO and epoch ms), method, kind, level and logger, and the params as sent. */
export interface ExportedNotification {
  time: string
  at: number
  method: string
  kind: NotificationKind
  level?: McpLogLevel
  logger?: string
  params: Record<string, unknown>
}

/**
 * The entries as a file's text, oldest first: a JSON array (`json`) or one JSON object a line
 * (`jsonl`, ending with a line break when there is any entry).
 */
export function exportNotifications(entries: readonly NotificationEntry[], format: NotificationExportFormat): string {
  const records = [...entries].sort((a, b) => a.at - b.at).map(exported)
  if (format === 'json') return JSON.stringify(records, null, 2) + '\n'
  return records.map((record) => JSON.stringify(record) + '\n').join('')
}

function exported(entry: NotificationEntry): ExportedNotification {
  return {
    time: new Date(entry.at).toISOString(),
    at: entry.at,
    method: entry.method,
    kind: entry.kind,
    ...(entry.level ? { level: entry.level } : {}),
    ...(entry.logger ? { logger: entry.logger } : {}),
    params: entry.params,
  }
}

/** The download's file name: `<server>-notifications-<UTC date and time>.json` or `.jsonl`. */
export function exportFileName(server: string, format: NotificationExportFormat, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-')
  return `${server.replace(/[^\w.-]/g, '_')}-notifications-${stamp}.${format}`
}
