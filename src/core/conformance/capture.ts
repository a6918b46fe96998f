/**
 * A capture as JSON Lines, one exchange a line, to save a run and check it again later. Reading is
 * for untrusted files: every line is validated, and a bad one is reported (`line N: why`) and skipped.
 */
import { isRecord } from '../own-record'
import type { WireExchange } from './types'

export function exchangesToJsonl(exchanges: readonly WireExchange[]): string {
  return exchanges.map((exchange) => JSON.stringify(exchange)).join('\n') + (exchanges.length > 0 ? '\n' : '')
}

export function exchangesFromJsonl(text: string): { exchanges: WireExchange[]; errors: string[] } {
  const exchanges: WireExchange[] = []
  const errors: string[] = []
  const lines = String(text).split(/\r?\n/)
  for (const [at, line] of lines.entries()) {
    if (line.trim() === '') continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (error) {
      errors.push(`line ${at + 1}: not JSON (${error instanceof Error ? error.message : String(error)})`)
      continue
    }
    const read = readExchange(parsed)
    if (typeof read === 'string') errors.push(`line ${at + 1}: ${read}`)
    else exchanges.push(read)
  }
  return { exchanges, errors }
}

/** The exchange a parsed line holds, with only the known fields, or why it is not one. */
function readExchange(value: unknown): WireExchange | string {
  if (!isRecord(value)) return 'not an exchange object'
  const { probe, mode, attempt, request, chunks, durationMs } = value
  if (typeof probe !== 'string') return '"probe" is not a string'
  if (mode !== 'stream' && mode !== 'whole') return '"mode" is neither "stream" nor "whole"'
  if (!Number.isInteger(attempt) || (attempt as number) < 0) return '"attempt" is not a whole number'
  if (!isRecord(request)) return '"request" is not an object'
  if (typeof request.url !== 'string') return '"request.url" is not a string'
  if (!isStringRecord(request.headers)) return '"request.headers" is not an object of strings'
  if (!isRecord(request.body)) return '"request.body" is not an object'
  if (!Array.isArray(chunks) || !chunks.every((chunk) => typeof chunk === 'string'))
    return '"chunks" is not a list of strings'
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs)) return '"durationMs" is not a number'
  const exchange: WireExchange = {
    probe,
    mode,
    attempt: attempt as number,
    request: { url: request.url, headers: { ...request.headers }, body: request.body },
    chunks: chunks as string[],
    durationMs,
  }
  const optional = readOptional(value, exchange)
  return optional ?? exchange
}

/** Copies the optional fields that are present; returns why one is wrong. */
function readOptional(value: Record<string, unknown>, exchange: WireExchange): string | undefined {
  const { status, contentType, body, error, truncated, dropped } = value
  if (status !== undefined) {
    if (!Number.isInteger(status)) return '"status" is not an integer'
    exchange.status = status as number
  }
  for (const [key, field] of [
    ['contentType', contentType],
    ['body', body],
    ['error', error],
  ] as const) {
    if (field === undefined) continue
    if (typeof field !== 'string') return `"${key}" is not a string`
    exchange[key] = field
  }
  if (truncated !== undefined) {
    if (typeof truncated !== 'boolean') return '"truncated" is not true or false'
    exchange.truncated = truncated
  }
  if (dropped !== undefined) {
    if (!isRecord(dropped) || !Number.isInteger(dropped.chunks) || !Number.isInteger(dropped.bytes))
      return '"dropped" is not {chunks, bytes}'
    exchange.dropped = { chunks: dropped.chunks as number, bytes: dropped.bytes as number }
  }
  return undefined
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string')
}
