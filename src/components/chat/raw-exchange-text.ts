/** A raw exchange as text, section by section, as the raw exchange view shows and copies it. */
import type { RawExchange } from '../../core'

/** The sections of an exchange, each as the text shown and copied. */
export interface RawExchangeTexts {
  /** `POST url`, then one `Name: value` line per header (credentials already redacted). */
  request: string
  /** The request's JSON body, pretty-printed. */
  requestBody: string
  /** `HTTP 200 OK`, then the headers; '' when no response arrived. */
  response: string
  /** The events, one block each, in the order received; or the body of a non-streamed answer. */
  answer: string
  /** Everything above, in order, separated by blank lines. */
  all: string
}

const headerLines = (headers: Record<string, string>): string[] =>
  Object.entries(headers).map(([name, value]) => `${name}: ${value}`)

/** The texts of `exchange`; `cutNote` is the line that ends the events when some were not kept. */
export function rawExchangeTexts(exchange: RawExchange, cutNote?: string): RawExchangeTexts {
  const { request, response } = exchange
  const requestText = [`${request.method} ${request.url}`, ...headerLines(request.headers)].join('\n')
  const responseText = response
    ? [`HTTP ${response.status} ${response.statusText}`.trim(), ...headerLines(response.headers)].join('\n')
    : ''
  const pieces = exchange.events.length > 0 ? [...exchange.events] : exchange.body !== undefined ? [exchange.body] : []
  if (exchange.cut && cutNote) pieces.push(`[${cutNote}]`)
  const answer = pieces.join('\n\n')
  const all = [requestText, request.body, responseText, answer, exchange.error ?? ''].filter(Boolean).join('\n\n')
  return { request: requestText, requestBody: request.body, response: responseText, answer, all }
}

/** Bytes as a person reads them: "2 MB", "512 KB", "80 B". */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1048576) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}
