/**
 * What every parser owes any reply, checked in one place: it does not throw, streaming in any
 * chunking ends exactly as the one-shot parse, every event it emitted is borne out by end(), and
 * every position lies inside the text. A hang is caught by whoever runs this (a time budget).
 */
import { isDeepStrictEqual } from 'node:util'
import {
  createRequestIdSession,
  createStreamParser,
  parseToolRequests,
  type ParseOptions,
  type ParseResult,
  type StreamEvent,
} from '../../src/core'
import { stableStringify } from '../../src/core/text/stable-hash'

export const FUZZ_PROTOCOLS = ['vcp', 'json', 'xml', 'hermes', 'auto'] as const

export type Chunking = { cuts: number[] } | { size: number }

/** The first thing wrong with parsing `text` as `protocol`, or null. */
export function checkReply(
  text: string,
  protocol: string,
  chunking: Chunking,
  hints: Pick<ParseOptions, 'model' | 'tools' | 'reasoning'> = {},
): string | null {
  let oneShot: ParseResult
  let streamed: ParseResult
  const events: StreamEvent[] = []
  try {
    oneShot = parseToolRequests(text, protocol, { ...hints, session: createRequestIdSession() })
    const parser = createStreamParser(protocol, { ...hints, session: createRequestIdSession() })
    for (const chunk of chunksOf(text, chunking)) events.push(...parser.feed(chunk))
    streamed = parser.end()
  } catch (error) {
    return `threw: ${error instanceof Error ? error.stack : String(error)}`
  }
  const failure =
    oneShot.diagnostics.find((d) => d.code === 'parser-failure') ??
    streamed.diagnostics.find((d) => d.code === 'parser-failure')
  if (failure) return `internal failure: ${failure.message}`
  if (!isDeepStrictEqual(streamed, oneShot))
    return `streaming differs from one-shot:\n${firstDifference(streamed, oneShot)}`
  return positionProblem(text, oneShot) ?? eventProblem(text, events, oneShot)
}

/** The text cut as the chunking says (cuts in any order, out-of-range cuts ignored). */
export function chunksOf(text: string, chunking: Chunking): string[] {
  const chunks: string[] = []
  if ('size' in chunking) {
    for (let at = 0; at < text.length; at += chunking.size) chunks.push(text.slice(at, at + chunking.size))
    return chunks
  }
  let at = 0
  for (const cut of [...chunking.cuts].sort((a, b) => a - b)) {
    if (cut > at && cut < text.length) {
      chunks.push(text.slice(at, cut))
      at = cut
    }
  }
  chunks.push(text.slice(at))
  return chunks
}

function positionProblem(text: string, result: ParseResult): string | null {
  for (const d of result.diagnostics) {
    if (!(d.offset >= 0 && d.length >= 0 && d.offset + d.length <= text.length)) {
      return `diagnostic ${d.code} at ${d.offset}+${d.length} lies outside the text (length ${text.length})`
    }
  }
  for (const r of result.requests) {
    if (!(r.start >= 0 && r.start <= r.end && r.end <= text.length))
      return `request ${r.requestId} spans ${r.start}-${r.end}, outside the text`
    for (const d of r.diagnostics) {
      if (!(d.offset >= 0 && d.offset + d.length <= text.length))
        return `request ${r.requestId}: diagnostic ${d.code} at ${d.offset} lies outside the text`
    }
  }
  return null
}

function eventProblem(text: string, events: StreamEvent[], result: ParseResult): string | null {
  const requests = new Map(result.requests.map((r) => [r.requestId, r]))
  // By their JSON with sorted keys, so thousands of diagnostic events are checked in linear time, not each against all.
  const diagnostics = new Set(result.diagnostics.map((d) => stableStringify(d)))
  for (const event of events) {
    if (event.type === 'diagnostic') {
      if (!diagnostics.has(stableStringify(event.diagnostic))) {
        return `diagnostic event not in end(): ${JSON.stringify(event.diagnostic)}`
      }
    } else if (event.type === 'block-close') {
      if (event.included && !isDeepStrictEqual(requests.get(event.request.requestId), event.request)) {
        return `block-close event not in end(): ${JSON.stringify(event.request)}`
      }
    } else if (!(event.offset >= 0 && event.offset <= text.length)) {
      return `${event.type} event at ${event.offset} lies outside the text`
    }
  }
  return null
}

function firstDifference(a: ParseResult, b: ParseResult): string {
  const n = Math.max(a.requests.length, b.requests.length)
  for (let k = 0; k < n; k++) {
    if (!isDeepStrictEqual(a.requests[k], b.requests[k])) {
      return `request ${k}: streamed ${JSON.stringify(a.requests[k])}\n  one-shot ${JSON.stringify(b.requests[k])}`
    }
  }
  return `diagnostics: streamed ${JSON.stringify(a.diagnostics)}\n  one-shot ${JSON.stringify(b.diagnostics)}`
}
