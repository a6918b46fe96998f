/**
 * The text of a server's log entries as the Messages log shows them. A tools/list answer can be
 * megabytes: only its start is written to be drawn (writing all of 2.4 MB held the page 80 ms),
 * and the whole is written once, when the filter or a download needs it.
 */
import { toRaw } from 'vue'
import type { McpLogEntry } from '../../core/mcp'
import { jsonPrefix } from '../../core/internal'

/** At most this many characters of one message are drawn; the rest is a download. */
export const DRAWN_CHARS = 2_000

interface EntryText {
  whole: string
  /** Lower-cased for the filter, made on its first use only. */
  lower?: string
}

/** Entries are kept as they were recorded, so each one is its own key; a dropped one frees its text. */
const texts = new WeakMap<McpLogEntry, EntryText>()

function entryText(entry: McpLogEntry): EntryText {
  const raw = toRaw(entry)
  let text = texts.get(raw)
  if (!text) {
    text = { whole: typeof raw.message === 'string' ? raw.message : JSON.stringify(raw.message) }
    texts.set(raw, text)
  }
  return text
}

/** The entry's whole text: the JSON-RPC message as JSON, or the event's sentence. */
export const wholeText = (entry: McpLogEntry): string => entryText(entry).whole

/** Whether the entry's whole text contains `term` (already lower-cased), ignoring case. */
export function textIncludes(entry: McpLogEntry, term: string): boolean {
  const text = entryText(entry)
  text.lower ??= text.whole.toLowerCase()
  return text.lower.includes(term)
}

/**
 * What is drawn of the entry: its start, whether that was cut, and its whole length when it is
 * known (the whole text was written for the filter or a download).
 */
export function drawnText(entry: McpLogEntry): { text: string; cut: boolean; total: number | null } {
  const raw = toRaw(entry)
  const known = texts.get(raw)?.whole
  if (known !== undefined || typeof raw.message === 'string') {
    const whole = known ?? (raw.message as string)
    return whole.length > DRAWN_CHARS
      ? { text: `${whole.slice(0, DRAWN_CHARS)}…`, cut: true, total: whole.length }
      : { text: whole, cut: false, total: null }
  }
  const start = jsonPrefix(raw.message, DRAWN_CHARS)
  return start.complete
    ? { text: start.text, cut: false, total: null }
    : { text: `${start.text}…`, cut: true, total: null }
}

/** A file name for the entry's download: when it was recorded and which way it went. */
export function downloadName(entry: McpLogEntry): string {
  const at = new Date(entry.at).toISOString().replace(/[:.]/g, '-')
  return `mcp-${entry.direction}-${at}.${typeof entry.message === 'string' ? 'txt' : 'json'}`
}
