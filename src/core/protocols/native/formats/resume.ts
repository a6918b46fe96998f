/**
 * Where a stream may put a reply aside (`FormatFinding.resumeAt`). A reader notes the end of each
 * block it read; the mark moves on only while every call so far is closed, so no call before it
 * can still change.
 */
import type { FoundCall } from '../format'

/** The mark a reader moves on as it reads its blocks, in order. */
export class ResumeMark {
  /** The end of the last block after which every call was closed; -1 when there is none. */
  at = -1
  private open = false

  /** A block read to `end`: settled when no later text can change it (its closer was seen). */
  block(calls: readonly FoundCall[], end: number, settled: boolean): void {
    if (this.open) return
    if (!settled || calls.some((call) => !call.closed)) {
      this.open = true
      return
    }
    this.at = end
  }

  /** Nothing can be put aside from here on (a call that is never closed, a reading that stopped). */
  stop(): void {
    this.open = true
  }

  /** The mark itself, for readers whose blocks hold no opener inside and read the same from any place. */
  atEnd(): { resumeAt?: number } {
    return this.at > 0 ? { resumeAt: this.at } : {}
  }

  /**
   * The start of the line after the mark, when no opener begins between the mark and it. The
   * stream reads on from there with nothing before it, so a reader whose blocks may hold text that
   * looks like an opener, or that looks back on its line, reads there as it does in the whole text.
   */
  atLineAfter(text: string, openers: readonly string[]): { resumeAt?: number } {
    const at = lineStartAfter(text, this.at, openers)
    return at === -1 ? {} : { resumeAt: at }
  }
}

/** The first line start at or after `end` with no opener beginning in between; -1 when none is known yet. */
export function lineStartAfter(text: string, end: number, openers: readonly string[]): number {
  if (end <= 0) return -1
  const newline = text.charCodeAt(end - 1) === 0x0a ? end - 1 : text.indexOf('\n', end)
  if (newline === -1) return -1
  const line = newline + 1
  for (const opener of openers) {
    const at = text.indexOf(opener, end)
    if (at !== -1 && at < line) return -1
  }
  return line
}
