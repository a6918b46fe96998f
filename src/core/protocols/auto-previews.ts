/**
 * Auto-detection's previews: while a reply streams in, each native format is recognised as soon
 * as its opener and what follows are in, and from then on its calls show as cards, numbered
 * across formats. Only card events come from here; requests and findings wait for the whole text.
 */
import type { ParseOptions, StreamEvent, StreamParser } from './protocol'
import { createRequestIdSession } from '../request-ids'
import { detectNativeFormats } from './native/detect'

/** The card events of the native formats in a streaming reply. */
export interface NativePreviews {
  /**
   * The events `chunk` adds. `length` is the text's length with the chunk; `textSoFar` gives the
   * whole text, asked for only when it is time to look for formats not recognised yet.
   */
  feed(chunk: string, length: number, textSoFar: () => string): StreamEvent[]
}

/** Previews for one reply. `provisional` is the id prefix of the native parsers' private sessions. */
export function createNativePreviews(options: ParseOptions, provisional: string): NativePreviews {
  // The native formats recognised so far, each streaming; their calls get one numbering.
  const natives = new Map<string, StreamParser>()
  const cardIndex = new Map<string, number>()
  let detectedAt = 0

  /** A native format's card events, numbered across formats. */
  function forward(id: string, events: StreamEvent[], out: StreamEvent[]): void {
    for (const event of events) {
      if (event.type === 'block-open') {
        const index = cardIndex.size
        cardIndex.set(`${id}:${event.index}`, index)
        out.push({ ...event, index })
      } else if (event.type === 'field') {
        const index = cardIndex.get(`${id}:${event.index}`)
        if (index !== undefined) out.push({ ...event, index })
      }
    }
  }

  /** Starts a parser for every format the text now shows, feeding it the text so far. */
  function recognise(text: string, out: StreamEvent[]): void {
    for (const native of detectNativeFormats(text, options).parsers) {
      if (natives.has(native.id)) continue
      const parser = native.createStreamParser({ ...options, session: createRequestIdSession(provisional) })
      natives.set(native.id, parser)
      forward(native.id, parser.feed(text), out)
    }
  }

  return {
    feed(chunk, length, textSoFar) {
      const out: StreamEvent[] = []
      for (const [id, parser] of natives) forward(id, parser.feed(chunk), out)
      // Looked for again as the text grows by an eighth: linear in all.
      if (length - detectedAt >= Math.max(64, detectedAt >>> 3)) {
        detectedAt = length
        recognise(textSoFar(), out)
      }
      return out
    },
  }
}
