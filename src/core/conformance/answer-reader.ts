/**
 * Reading an answer off the wire as it came, within limits: a streamed answer's event data in order,
 * or a whole body's text. At most `keepBytes` are kept and the rest only counted, so a runaway
 * server cannot fill the memory; past `answerBytes` (or a line past `lineBytes`) reading stops.
 */
import { createParser } from 'eventsource-parser'
import { utf8Length } from '../chat/raw-exchange'

export interface AnswerLimits {
  /** The most bytes read off the wire. */
  answerBytes: number
  /** The longest line of an event stream. */
  lineBytes: number
  /** The most bytes of chunks or body kept. */
  keepBytes: number
}

/** What has been kept of an answer; filled while reading, so a read that fails keeps what came. */
export interface AnswerSink {
  chunks: string[]
  body: string
  keptBytes: number
  dropped?: { chunks: number; bytes: number }
  /** An error the server reported inside the stream (an `error` event, a chunk with `error`). */
  reported?: string
}

export function createAnswerSink(): AnswerSink {
  return { chunks: [], body: '', keptBytes: 0 }
}

/** How a read ended: the answer came to its end, or a limit stopped it (with why). */
export type ReadEnd = { limit?: undefined } | { limit: string }

/**
 * Reads Server-Sent Events into `sink.chunks` until `[DONE]`, the end of the body, or a limit.
 * `touch` is called for every event, which is what keeps an idle clock from firing.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  sink: AnswerSink,
  limits: AnswerLimits,
  touch: () => void,
): Promise<ReadEnd> {
  let done = false
  const parser = createParser({
    onEvent(event) {
      if (event.data === '' || done) return
      // Named events other than errors (a server's "ping") are not chat chunks.
      if (event.event !== undefined && event.event !== 'message' && event.event !== 'error') return
      touch()
      keepChunk(sink, event.data, limits.keepBytes)
      if (event.event === 'error' || event.data.includes('"error"')) noteReportedError(sink, event.data)
      if (event.data.trim() === '[DONE]') done = true
    },
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let received = 0
  let openLine = 0
  try {
    while (!done) {
      const { value, done: ended } = await reader.read()
      if (ended) {
        parser.feed(decoder.decode())
        return {}
      }
      const over = received + value.length > limits.answerBytes
      const within = over ? value.subarray(0, limits.answerBytes - received) : value
      received += within.length
      const lines = longestLine(within, openLine)
      openLine = lines.open
      if (lines.longest > limits.lineBytes)
        return { limit: `a line of the stream passed ${sizeText(limits.lineBytes)} (the line limit)` }
      parser.feed(decoder.decode(within, { stream: true }))
      if (over && !done) return { limit: `the answer passed ${sizeText(limits.answerBytes)} (the answer limit)` }
    }
    return {}
  } finally {
    reader.cancel().catch(() => undefined)
  }
}

/** Reads a whole body into `sink.body`: its start kept, the rest counted, reading stopped past the answer limit. */
export async function readText(
  body: ReadableStream<Uint8Array> | null,
  sink: AnswerSink,
  limits: AnswerLimits,
  touch: () => void,
): Promise<ReadEnd> {
  if (!body) return {}
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let received = 0
  const keep = (text: string): void => {
    if (text === '') return
    const room = limits.keepBytes - sink.keptBytes
    const size = utf8Length(text)
    if (!sink.dropped && size <= room) {
      sink.body += text
      sink.keptBytes += size
      return
    }
    const kept = sink.dropped ? '' : fitBytes(text, room)
    sink.body += kept
    sink.keptBytes += utf8Length(kept)
    sink.dropped ??= { chunks: 0, bytes: 0 }
    sink.dropped.bytes += size - utf8Length(kept)
  }
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) {
        keep(decoder.decode())
        return {}
      }
      touch()
      const over = received + value.length > limits.answerBytes
      const within = over ? value.subarray(0, limits.answerBytes - received) : value
      received += within.length
      keep(decoder.decode(within, { stream: true }))
      if (over) return { limit: `the answer passed ${sizeText(limits.answerBytes)} (the answer limit)` }
    }
  } finally {
    reader.cancel().catch(() => undefined)
  }
}

function keepChunk(sink: AnswerSink, data: string, keepBytes: number): void {
  const size = utf8Length(data)
  if (!sink.dropped && sink.keptBytes + size <= keepBytes) {
    sink.chunks.push(data)
    sink.keptBytes += size
    return
  }
  sink.dropped ??= { chunks: 0, bytes: 0 }
  sink.dropped.chunks++
  sink.dropped.bytes += size
}

/** The first error the server reported in the stream, in its own words. */
function noteReportedError(sink: AnswerSink, data: string): void {
  if (sink.reported !== undefined) return
  let said = data
  try {
    const parsed: unknown = JSON.parse(data)
    const error = parsed !== null && typeof parsed === 'object' ? (parsed as { error?: unknown }).error : undefined
    if (error === undefined || error === null) return
    const message = typeof error === 'object' ? (error as { message?: unknown }).message : error
    said = typeof message === 'string' ? message : JSON.stringify(error)
  } catch {
    // An `error` event whose data is not JSON: its text is the message.
  }
  sink.reported = said.length > 200 ? said.slice(0, 200) + '…' : said
}

/** The longest line in `bytes`, counting the line still open before them; and the line left open after. */
function longestLine(bytes: Uint8Array, open: number): { longest: number; open: number } {
  let longest = 0
  let length = open
  for (const byte of bytes) {
    if (byte === 10 || byte === 13) {
      longest = Math.max(longest, length)
      length = 0
    } else length++
  }
  return { longest: Math.max(longest, length), open: length }
}

/** The start of `text` that fits in `bytes` of UTF-8. */
function fitBytes(text: string, bytes: number): string {
  if (bytes <= 0) return ''
  let end = Math.min(text.length, bytes)
  while (end > 0 && utf8Length(text.slice(0, end)) > bytes) end = Math.floor(end * 0.75)
  return text.slice(0, end)
}

/** Bytes as a person reads a limit: "16 MB", "512 KB". */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`
}
