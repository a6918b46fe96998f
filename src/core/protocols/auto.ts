/**
 * Auto-detection: the reply is read in every registered paradigm at once, and in each native
 * format whose opener it holds (decided by what follows the opener, or named by the `model`
 * hint); the findings are merged in text order, with an info diagnostic that says which formats
 * were found and why. For a reply whose format the user does not know, or one that mixes formats.
 *
 * Request ids are handed out after the merge, in text order, so they do not depend on which
 * paradigm found a request first. A request that lies inside another paradigm's request (VCP
 * text quoted in a JSON string, say) is part of that request, not a call of its own.
 */
import type { Diagnostic, ParsedRequest, ParseResult } from '../types'
import type { ParseOptions, StreamEvent, StreamParser } from './protocol'
import type { ProtocolRegistry } from './registry'
import { createRequestIdSession, type RequestIdSession } from '../request-ids'
import { countBelow } from '../text/sorted'
import { LineIndex } from '../text/line-index'
import { detectNativeFormats, textProtocolClaims, type DetectedFormat } from './native/detect'
import { createNativePreviews } from './auto-previews'
import { callAtLine, detectedMessage } from './auto-summary'

/** The protocol id that asks for auto-detection instead of one protocol. */
export const AUTO_PROTOCOL_ID = 'auto'

/** Generated ids of the private sessions carry this prefix, so the merge knows which to renew. */
const PROVISIONAL = '\u0001auto'

interface Found {
  protocol: string
  label: string
  result: ParseResult
}

/**
 * `previews`: while text arrives, a native format is recognised as soon as its opener and what
 * follows are in, and its calls are shown from then on (block-open and field events: a card per
 * call, filling in). Requests, ids and diagnostics come only from end(): a block may still turn
 * out to lie inside another format's request, and ids are handed out in text order across formats.
 */
export function createAutoStreamParser(
  registry: ProtocolRegistry,
  options: ParseOptions = {},
  previews = true,
): StreamParser {
  const session = options.session ?? createRequestIdSession()
  const parsers = registry.list().map((protocol) => ({
    id: protocol.id,
    label: protocol.label,
    parser: protocol.createStreamParser({ ...options, session: createRequestIdSession(PROVISIONAL) }),
  }))
  let result: ParseResult | null = null
  // Native formats are chosen from the whole text: it is kept until end().
  const parts: string[] = []
  let length = 0
  const nativePreviews = previews ? createNativePreviews(options, PROVISIONAL) : undefined
  /** The text so far, kept as one part from now on. */
  const textSoFar = (): string => {
    const text = parts.join('')
    parts.length = 0
    parts.push(text)
    return text
  }

  return {
    feed(chunk): StreamEvent[] {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      for (const { parser } of parsers) parser.feed(chunk)
      parts.push(chunk)
      length += chunk.length
      if (!nativePreviews || chunk.length === 0) return []
      return nativePreviews.feed(chunk, length, textSoFar)
    },
    end() {
      if (result) return result
      const text = parts.join('')
      const detection = detectNativeFormats(text, options)
      const found: Found[] = []
      for (const native of detection.parsers) {
        found.push({
          protocol: native.id,
          label: native.label,
          result: native.parseToolRequests(text, { ...options, session: createRequestIdSession(PROVISIONAL) }),
        })
      }
      for (const { id, label, parser } of parsers) {
        const own = parser.end()
        if (id === 'hermes' && detection.hermesExcluded) continue
        if (!textProtocolClaims(id, text)) continue
        found.push({ protocol: id, label, result: own })
      }
      result = mergeFindings(
        found,
        session,
        detection.detected,
        text,
        parsers.map((p) => p.id),
      )
      return result
    },
  }
}

/** The whole reply read by auto-detection at once (no previews). */
export function parseAuto(registry: ProtocolRegistry, text: string, options: ParseOptions = {}): ParseResult {
  const parser = createAutoStreamParser(registry, options, false)
  parser.feed(text)
  return parser.end()
}

function mergeFindings(
  found: Found[],
  session: RequestIdSession,
  detected: DetectedFormat[],
  text: string,
  protocols: string[],
): ParseResult {
  const all = found.flatMap(({ protocol, result }) => result.requests.map((request) => ({ protocol, request })))
  // Outer requests first, so an inner one can see that it is inside.
  all.sort((a, b) => a.request.start - b.request.start || b.request.end - a.request.end)
  const kept: { protocol: string; request: ParsedRequest }[] = []
  // Every kept request starts at or before the current one (the sort), so one lies around it
  // exactly when it ends at or after it: the furthest end per paradigm answers that at once.
  const furthestEnd = new Map<string, number>()
  for (const entry of all) {
    let outer = false
    for (const [protocol, end] of furthestEnd) {
      if (protocol !== entry.protocol && entry.request.end <= end) {
        outer = true
        break
      }
    }
    if (outer) continue
    kept.push(entry)
    furthestEnd.set(entry.protocol, Math.max(furthestEnd.get(entry.protocol) ?? -1, entry.request.end))
  }
  const inside = insideTest(kept)

  const requests = kept.map(({ request }) => {
    const written = request.requestId.startsWith(PROVISIONAL + '-') ? undefined : request.requestId
    return { ...request, requestId: session.claim(written) }
  })
  const seen = new Set<string>()
  const diagnostics: Diagnostic[] = []
  for (const { protocol, result } of found) {
    for (const d of result.diagnostics) {
      const key = `${d.code}|${d.offset}|${d.message}`
      if (seen.has(key) || inside(d.offset, protocol)) continue
      seen.add(key)
      diagnostics.push(d)
    }
  }
  const counts = new Map<string, { n: number; first: number }>()
  for (const { protocol, request } of kept) {
    const count = counts.get(protocol)
    if (count) count.n++
    else counts.set(protocol, { n: 1, first: request.start })
  }
  const formats: DetectedFormat[] = []
  const lines = new LineIndex()
  lines.append(text)
  for (const [protocol, { first }] of counts) {
    const label = found.find((f) => f.protocol === protocol)?.label ?? protocol
    formats.push(
      detected.find((d) => d.id === protocol) ?? {
        id: protocol,
        label,
        ...callAtLine(lines.position(first).line),
        offset: first,
      },
    )
  }
  // Text protocols are named by id, as ever; a native format also says why it was chosen.
  const silent = detected.filter((d) => !counts.has(d.id))
  const said = detectedMessage(formats, counts, detected, silent, protocols)
  diagnostics.push({ severity: 'info', code: 'protocol-detected', ...said, offset: 0, length: 0, line: 1, column: 1 })
  diagnostics.sort((a, b) => a.offset - b.offset)
  const listed = [...formats, ...silent]
  return { requests, diagnostics, detected: listed.map((f) => ({ ...f, requests: counts.get(f.id)?.n ?? 0 })) }
}

/**
 * A test for "this offset lies strictly inside a kept request of another paradigm", in
 * O(paradigms × log requests): per paradigm, the starts in order and the furthest end so far.
 */
function insideTest(
  kept: { protocol: string; request: ParsedRequest }[],
): (offset: number, protocol: string) => boolean {
  const spans = new Map<string, { starts: number[]; furthest: number[] }>()
  for (const { protocol, request } of kept) {
    let span = spans.get(protocol)
    if (!span) spans.set(protocol, (span = { starts: [], furthest: [] }))
    const before = span.furthest.length === 0 ? -1 : (span.furthest[span.furthest.length - 1] as number)
    span.starts.push(request.start)
    span.furthest.push(Math.max(before, request.end))
  }
  return (offset, protocol) => {
    for (const [other, { starts, furthest }] of spans) {
      if (other === protocol) continue
      // The last request that starts before the offset, and the furthest any of those reach.
      const lo = countBelow(starts, offset)
      if (lo > 0 && (furthest[lo - 1] as number) > offset) return true
    }
    return false
  }
}
