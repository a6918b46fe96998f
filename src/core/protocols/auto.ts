/**
 * Auto-detection: the reply is read in every registered paradigm at once and the findings are
 * merged in text order, with an info diagnostic that says which paradigms were found. For a
 * reply whose format the user does not know, or one that mixes formats.
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

export const AUTO_PROTOCOL_ID = 'auto'

/** Generated ids of the private sessions carry this prefix, so the merge knows which to renew. */
const PROVISIONAL = '\u0001auto'

interface Found {
  protocol: string
  result: ParseResult
}

export function createAutoStreamParser(registry: ProtocolRegistry, options: ParseOptions = {}): StreamParser {
  const session = options.session ?? createRequestIdSession()
  const parsers = registry.list().map((protocol) => ({
    id: protocol.id,
    parser: protocol.createStreamParser({ ...options, session: createRequestIdSession(PROVISIONAL) }),
  }))
  let result: ParseResult | null = null

  return {
    // No events: until the text is complete, no paradigm's finding is final. A block may still turn
    // out to lie inside another paradigm's request (and so be no call, its diagnostics dropped), and
    // ids are handed out in text order across paradigms. Events that end() could contradict would
    // show a listener a card or a squiggle that then vanishes; end() gives everything at once.
    feed(chunk): StreamEvent[] {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      for (const { parser } of parsers) parser.feed(chunk)
      return []
    },
    end() {
      result ??= mergeFindings(
        parsers.map(({ id, parser }) => ({ protocol: id, result: parser.end() })),
        session,
      )
      return result
    },
  }
}

export function parseAuto(registry: ProtocolRegistry, text: string, options: ParseOptions = {}): ParseResult {
  const parser = createAutoStreamParser(registry, options)
  parser.feed(text)
  return parser.end()
}

function mergeFindings(found: Found[], session: RequestIdSession): ParseResult {
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
  const counts = new Map<string, number>()
  for (const { protocol } of kept) counts.set(protocol, (counts.get(protocol) ?? 0) + 1)
  const summary = [...counts].map(([protocol, n]) => `${protocol} (${n} request${n === 1 ? '' : 's'})`).join(', ')
  diagnostics.push({
    severity: 'info',
    code: 'protocol-detected',
    message: summary ? `Detected: ${summary}.` : `No tool requests in any known format (${found.map((f) => f.protocol).join(', ')}).`,
    offset: 0,
    length: 0,
    line: 1,
    column: 1,
  })
  diagnostics.sort((a, b) => a.offset - b.offset)
  return { requests, diagnostics }
}

/**
 * A test for "this offset lies strictly inside a kept request of another paradigm", in
 * O(paradigms × log requests): per paradigm, the starts in order and the furthest end so far.
 */
function insideTest(kept: { protocol: string; request: ParsedRequest }[]): (offset: number, protocol: string) => boolean {
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
