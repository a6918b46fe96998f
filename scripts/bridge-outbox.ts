/**
 * What the bridge holds for a page between a server's pipe and the page's events stream, in order.
 * A page that reads slower than a server writes must neither stall nor grow without bound, and it
 * must not lose what matters, so lines are of three kinds:
 *   - kept: answers, requests and every other message; each one is delivered, and their bytes are
 *     what the bridge bounds (past its cap the session ends);
 *   - latest: progress, one per progress token; a newer one replaces what waits for the same token
 *     (their bytes count with the kept ones: a token per update is no way around the cap);
 *   - ring: log messages and stderr lines; the newest `ringLines` (and `ringBytes`) wait, older
 *     ones are dropped and counted.
 * `take` hands over everything waiting, led by one line that says what was dropped since last time.
 */

/** How a line is held. */
export type OutboxKind = { kind: 'kept' } | { kind: 'latest'; key: string } | { kind: 'ring' }

export interface OutboxOptions {
  /** Log and stderr lines that wait at most. @default 200 */
  ringLines?: number
  /** Bytes of log and stderr lines that wait at most. @default 256 KiB */
  ringBytes?: number
}

export interface Dropped {
  /** Log messages and pieces of stderr (as the pipe gave them) left out. */
  lines: number
  /** Progress updates replaced by newer ones. */
  progress: number
}

interface Entry {
  line: string | null
  kind: OutboxKind['kind']
}

export class Outbox {
  private entries: Entry[] = []
  /** Where each progress token's entry waits. */
  private latest = new Map<string, Entry>()
  /** The ring's entries, oldest first, from `ringHead` on. */
  private ring: Entry[] = []
  private ringHead = 0
  private ringBytesNow = 0
  private keptBytesNow = 0
  private dropped: Dropped = { lines: 0, progress: 0 }
  private readonly ringLines: number
  private readonly ringBytes: number

  constructor(options: OutboxOptions = {}) {
    this.ringLines = options.ringLines ?? 200
    this.ringBytes = options.ringBytes ?? 256 * 1024
  }

  /** Bytes of kept lines waiting: the part that cannot be dropped. */
  get keptBytes(): number {
    return this.keptBytesNow
  }

  /** Bytes of every line waiting. */
  get bytes(): number {
    return this.keptBytesNow + this.ringBytesNow
  }

  /** Whether anything waits. */
  get isEmpty(): boolean {
    return this.entries.length === 0 && this.dropped.lines === 0 && this.dropped.progress === 0
  }

  put(line: string, how: OutboxKind): void {
    if (how.kind === 'latest') {
      const waiting = this.latest.get(how.key)
      if (waiting) {
        this.keptBytesNow += line.length - (waiting.line as string).length
        waiting.line = line
        this.dropped.progress++
        return
      }
      const entry: Entry = { line, kind: 'latest' }
      this.latest.set(how.key, entry)
      this.entries.push(entry)
      this.keptBytesNow += line.length + 1
      return
    }
    const entry: Entry = { line, kind: how.kind }
    this.entries.push(entry)
    if (how.kind === 'kept') {
      this.keptBytesNow += line.length + 1
      return
    }
    this.ring.push(entry)
    this.ringBytesNow += line.length + 1
    while (this.ring.length - this.ringHead > this.ringLines || this.ringBytesNow > this.ringBytes) {
      const oldest = this.ring[this.ringHead++] as Entry
      this.ringBytesNow -= (oldest.line as string).length + 1
      oldest.line = null
      this.dropped.lines++
    }
    // Dropped entries leave holes: squeezed out now and then, so a page that never reads costs no more.
    if (this.ringHead > 1024 && this.ringHead > this.ring.length / 2) {
      this.ring = this.ring.slice(this.ringHead)
      this.ringHead = 0
      this.entries = this.entries.filter((waiting) => waiting.line !== null)
    }
  }

  /** Entries held, holes included (for tests: it stays bounded while nothing is taken). */
  get heldEntries(): number {
    return this.entries.length
  }

  /** Everything waiting, in order, led by a note of what was dropped; the outbox is then empty. */
  take(note: (dropped: Dropped) => string): string[] {
    const lines: string[] = []
    if (this.dropped.lines > 0 || this.dropped.progress > 0) lines.push(note(this.dropped))
    for (const entry of this.entries) if (entry.line !== null) lines.push(entry.line)
    this.clear()
    return lines
  }

  /** Forgets everything waiting. */
  clear(): void {
    this.entries = []
    this.latest.clear()
    this.ring = []
    this.ringHead = 0
    this.ringBytesNow = 0
    this.keptBytesNow = 0
    this.dropped = { lines: 0, progress: 0 }
  }
}

/** How the bridge holds a server's message: progress by its token, log messages in the ring. */
export function messageKind(message: unknown): OutboxKind {
  if (typeof message !== 'object' || message === null || 'id' in message) return { kind: 'kept' }
  const { method, params } = message as { method?: unknown; params?: unknown }
  if (method === 'notifications/message') return { kind: 'ring' }
  if (method === 'notifications/progress' && typeof params === 'object' && params !== null) {
    const token = (params as { progressToken?: unknown }).progressToken
    if (typeof token === 'string' || typeof token === 'number')
      return { kind: 'latest', key: `${typeof token}:${token}` }
  }
  return { kind: 'kept' }
}
