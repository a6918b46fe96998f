/**
 * Marker search for the token-delimited formats. Each marker's next place is remembered, so a
 * reader that asks from ever later offsets scans the text once per marker in all: a text with
 * thousands of openers and no closer stays linear.
 */
import { firstMarker, markerFinders } from '../marker-search'

/** Remembered marker places in one text. */
export interface MarkerScanner {
  /** The first place of `marker` at or after `from`, -1 when there is none. */
  next(marker: string, from: number): number
  /** The first of several markers at or after `from`: [offset, marker], [-1, ''] when none. */
  first(markers: readonly string[], from: number): [number, string]
}

/** A scanner of `text`; keep one for a whole reading, so each marker's places are found once. */
export function markerScanner(text: string): MarkerScanner {
  const finder = markerFinders(text)
  return {
    next: (marker, from) => finder(marker).next(from),
    first: (markers, from) => firstMarker(markers.map(finder), from),
  }
}

/** An identifier-like name (letters, digits, `_`, `-`, `.`, `:`) starting at `from`: its end. */
export function nameEnd(text: string, from: number, limit = text.length): number {
  let i = from
  while (i < limit) {
    const c = text.charCodeAt(i)
    const ok =
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x5f ||
      c === 0x2d ||
      c === 0x2e ||
      c === 0x3a
    if (!ok) break
    i++
  }
  return i
}

/** The text of `text[start, end)` cut to at most `max` characters, for messages. */
export function shortQuote(text: string, start: number, end: number, max = 60): string {
  const s = text.slice(start, Math.min(end, start + max))
  return JSON.stringify(end - start > max ? s + '...' : s)
}
