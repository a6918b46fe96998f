/**
 * A round's raw exchange with the endpoint, as a person debugging it wants to see it: the request
 * (method, URL, headers without any API key, the body), the response's status and headers, and the
 * events as they arrived (or the whole body of a non-streamed answer). Bounded: past the limit the
 * rest is only counted, so a long stream cannot fill the memory. Plain data, safe to show and copy.
 */
import type { CompletionCallbacks, ModelClient } from './types'

/** The request as it was sent, the key taken out. */
export interface RawRequest {
  method: string
  url: string
  headers: Record<string, string>
  /** The JSON body, pretty-printed (cut past the limit, see `RawExchange.cut`). */
  body: string
}

/** What the server answered before the body. */
export interface RawResponse {
  status: number
  statusText: string
  headers: Record<string, string>
}

/** Everything past the limit: how much arrived and was not kept. */
export interface RawCut {
  /** The limit, in bytes of UTF-8. */
  limitBytes: number
  /** Events (or body text) that arrived after the limit was reached. */
  droppedEvents: number
  droppedBytes: number
}

/** One round's request and answer as they went over the wire. */
export interface RawExchange {
  request: RawRequest
  /** Absent when no response arrived (the server could not be reached, or the request was stopped first). */
  response?: RawResponse
  /** Streamed answers: each event's lines as received, in order (`data: …`, `data: [DONE]`). */
  events: string[]
  /** Non-streamed answers and HTTP errors: the body text. */
  body?: string
  /** Set when the limit was reached. */
  cut?: RawCut
  /** Why the request failed, when it did. */
  error?: string
}

/** The most a capture keeps of the events and bodies together: 2 MB. */
export const RAW_EXCHANGE_LIMIT_BYTES = 2 * 1024 * 1024

const REDACTED = '[redacted]'
/** Headers whose values are credentials. */
const SECRET_HEADERS = new Set(['authorization', 'api-key', 'x-api-key', 'proxy-authorization'])

/**
 * The headers with every credential's value replaced: `Authorization: Bearer [redacted]` keeps its
 * scheme so a reader sees how the key was sent, never the key.
 */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(name.toLowerCase())) out[name] = value
    else {
      const scheme = /^(\w+)\s+\S/.exec(value)?.[1]
      out[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED
    }
  }
  return out
}

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** Fills one exchange as the request goes; `exchange` is what it holds so far. */
export interface ExchangeCapture {
  readonly exchange: RawExchange
  response(response: Response): void
  /** One event of the stream, as its lines: `data: …`, with `event: …` before it when it is named. */
  event(data: string, name?: string): void
  /** A whole body (a non-streamed answer, an HTTP error's text). */
  body(text: string): void
  fail(message: string): void
}

/** Options of createExchangeCapture. */
export interface ExchangeCaptureOptions {
  /** Removed wherever it appears (a server may echo it back). */
  apiKey?: string
  /** @default RAW_EXCHANGE_LIMIT_BYTES */
  limitBytes?: number
}

/** A capture of one request: its headers redacted at once, the body and events kept up to the limit. */
export function createExchangeCapture(
  request: { method: string; url: string; headers: Record<string, string>; body: unknown },
  { apiKey, limitBytes = RAW_EXCHANGE_LIMIT_BYTES }: ExchangeCaptureOptions = {},
): ExchangeCapture {
  const clean = (text: string): string => (apiKey && apiKey.length >= 4 ? text.split(apiKey).join(REDACTED) : text)
  let used = 0
  /** The part of `text` that fits; counts what does not. */
  const keep = (text: string): string | null => {
    const size = utf8Length(text)
    if (exchange.cut) {
      exchange.cut.droppedEvents++
      exchange.cut.droppedBytes += size
      return null
    }
    if (used + size <= limitBytes) {
      used += size
      return text
    }
    exchange.cut = { limitBytes, droppedEvents: 1, droppedBytes: size }
    return null
  }
  const exchange: RawExchange = {
    request: {
      method: request.method,
      url: clean(request.url),
      headers: redactHeaders(request.headers),
      body: boundedBody(clean(JSON.stringify(request.body, null, 2) ?? ''), limitBytes),
    },
    events: [],
  }
  return {
    exchange,
    response(response) {
      const headers: Record<string, string> = {}
      response.headers.forEach((value, name) => (headers[name] = value))
      exchange.response = { status: response.status, statusText: response.statusText, headers: redactHeaders(headers) }
    },
    event(data, name) {
      const lines = data.split('\n').map((line) => `data: ${line}`)
      if (name !== undefined) lines.unshift(`event: ${name}`)
      const kept = keep(clean(lines.join('\n')))
      if (kept !== null) exchange.events.push(kept)
    },
    body(text) {
      const cleaned = clean(text)
      exchange.body = keep(cleaned) ?? cutText(cleaned, Math.max(0, limitBytes - used))
    },
    fail(message) {
      exchange.error = clean(message)
    },
  }
}

/** The request body, or its start and a line saying how much was left out. */
function boundedBody(body: string, limitBytes: number): string {
  const size = utf8Length(body)
  if (size <= limitBytes) return body
  const kept = cutText(body, limitBytes)
  return `${kept}\n[cut: ${size - utf8Length(kept)} more bytes of the body were not kept]`
}

/** The start of `text` that fits in about `limitBytes` (characters counted as up to 4 bytes, never more). */
function cutText(text: string, limitBytes: number): string {
  let end = Math.min(text.length, limitBytes)
  while (end > 0 && utf8Length(text.slice(0, end)) > limitBytes) end = Math.floor(end * 0.75)
  return text.slice(0, end)
}

/**
 * The client with each completion's raw exchange handed to `onExchange` once the request is over
 * (answered, failed or stopped), with its index among this client's calls: a run asks once per
 * round, so the index is the round's.
 */
export function capturingClient(
  client: ModelClient,
  onExchange: (exchange: RawExchange, call: number) => void,
): ModelClient {
  let calls = 0
  return {
    complete(request, callbacks: CompletionCallbacks = {}) {
      const call = calls++
      return client.complete(request, { ...callbacks, onExchange: (exchange) => onExchange(exchange, call) })
    },
  }
}
