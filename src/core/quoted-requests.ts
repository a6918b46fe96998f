/**
 * Where a reply only quotes a call instead of making it: a Markdown blockquote, inline code, or a
 * code fence (for the text protocols whose calls are written bare). Whether a place is quoted
 * depends only on the text before it, so a streamed request is marked as it closes exactly as the
 * one-shot parse marks it, and the text is read once, however many requests it holds.
 */
import type { ParsedRequest, ParseResult, QuotedPlace } from './types'

/**
 * Text protocols whose calls are written bare, so a fence around one quotes it. The json protocol
 * asks for a ```json block, and some native formats carry fences inside their own call syntax.
 */
const BARE_CALL_PROTOCOLS = new Set(['vcp', 'hermes', 'xml'])

const NEWLINE = 10
const CARRIAGE_RETURN = 13
const SPACE = 32
const TAB = 9
const BACKTICK = 96
const GREATER_THAN = 62

/** A call the reply only shows: quoted in a blockquote or inline code. It is never a call. */
export function isQuotation(request: ParsedRequest): boolean {
  return request.quoted === 'blockquote' || request.quoted === 'inline-code'
}

/** Marks requests, in text order, as their places are read from text fed in pieces. */
export interface QuoteMarker {
  /** The next piece of the text. */
  feed(piece: string): void
  /** Sets or clears `quoted` on a request whose start has been fed. */
  mark(request: ParsedRequest): void
}

/** A marker for text read with `protocolId`. */
export function createQuoteMarker(protocolId: string): QuoteMarker {
  const fencesQuote = BARE_CALL_PROTOCOLS.has(protocolId)
  let scanner = createScanner()
  const pieces: string[] = []
  return {
    feed(piece) {
      pieces.push(piece)
      scanner.feed(piece)
    },
    mark(request) {
      // Requests come in text order; one that does not is read from the start again.
      if (request.start < scanner.position) {
        scanner = createScanner()
        scanner.feed(pieces.join(''))
      }
      const place = scanner.placeAt(request.start, request.fenced && fencesQuote)
      if (place) request.quoted = place
      else delete request.quoted
    },
  }
}

/** Sets `quoted` on the result's requests read from `text` with `protocolId`; returns the result. */
export function markQuotedRequests(text: string, result: ParseResult, protocolId: string): ParseResult {
  if (result.requests.length === 0) return result
  const marker = createQuoteMarker(protocolId)
  marker.feed(text)
  for (const request of result.requests) marker.mark(request)
  return result
}

/**
 * Reads text forward, one character at a time and each once: whether the current line is a
 * blockquote line (up to three spaces, then `>`), and whether an inline code span is open. A run of
 * backticks opens a span and the next run of the same length closes it; a blank line or a code
 * fence's line ends the paragraph and any span. (A run never closed counts as open: a call after it
 * in its paragraph is taken as quoted, the safe side.)
 */
function createScanner() {
  const queue: string[] = []
  let head = 0
  let offset = 0
  let position = 0
  let blank = true
  let leadingSpaces = 0
  let leading = true
  let quotedLine = false
  let open = 0
  let run = 0
  let runAtLineStart = false

  const endRun = (): void => {
    if (runAtLineStart && run >= 3) open = 0
    else if (open === 0) open = run
    else if (open === run) open = 0
    run = 0
  }
  const step = (code: number): void => {
    if (code === BACKTICK) {
      if (run === 0) runAtLineStart = leading && leadingSpaces <= 3
      run++
      leading = false
      blank = false
      return
    }
    if (run > 0) endRun()
    if (code === NEWLINE) {
      if (blank) open = 0
      blank = true
      leading = true
      leadingSpaces = 0
      quotedLine = false
      return
    }
    if (code === SPACE || code === TAB || code === CARRIAGE_RETURN) {
      if (leading && code === SPACE) leadingSpaces++
      return
    }
    if (leading && code === GREATER_THAN && leadingSpaces <= 3) quotedLine = true
    leading = false
    blank = false
  }
  const advanceTo = (target: number): void => {
    while (position < target && head < queue.length) {
      const piece = queue[head] as string
      const end = Math.min(piece.length, offset + target - position)
      for (let k = offset; k < end; k++) step(piece.charCodeAt(k))
      position += end - offset
      offset = end
      if (offset === piece.length) {
        head++
        offset = 0
      }
    }
  }
  return {
    get position() {
      return position
    },
    feed(piece: string): void {
      if (piece) queue.push(piece)
    },
    /** The place of a request starting at `start` (`fenced`: it sits in a fence that quotes it). */
    placeAt(start: number, fenced: boolean): QuotedPlace | null {
      advanceTo(start)
      if (quotedLine) return 'blockquote'
      if (fenced) return 'code-fence'
      // A run of backticks just before the request has ended there.
      const openHere = run === 0 ? open : runAtLineStart && run >= 3 ? 0 : open === 0 ? run : open === run ? 0 : open
      return openHere > 0 ? 'inline-code' : null
    },
  }
}
