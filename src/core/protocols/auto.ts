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
  // Block indexes of different paradigms are renumbered so listeners see one sequence.
  const indexes = new Map<string, number>()
  let nextIndex = 0
  let result: ParseResult | null = null

  function renumber(protocol: string, event: StreamEvent): StreamEvent {
    if (event.type === 'diagnostic') return event
    const key = `${protocol}:${event.index}`
    let index = indexes.get(key)
    if (index === undefined) indexes.set(key, (index = nextIndex++))
    return { ...event, index }
  }

  return {
    feed(chunk) {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      const events: StreamEvent[] = []
      for (const { id, parser } of parsers) for (const event of parser.feed(chunk)) events.push(renumber(id, event))
      return events
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
  for (const entry of all) {
    const outer = kept.find((k) => k.protocol !== entry.protocol && k.request.start <= entry.request.start && entry.request.end <= k.request.end)
    if (!outer) kept.push(entry)
  }
  const inside = (d: Diagnostic, protocol: string): boolean =>
    kept.some((k) => k.protocol !== protocol && d.offset > k.request.start && d.offset < k.request.end)

  const requests = kept.map(({ request }) => {
    const written = request.requestId.startsWith(PROVISIONAL + '-') ? undefined : request.requestId
    return { ...request, requestId: session.claim(written) }
  })
  const seen = new Set<string>()
  const diagnostics: Diagnostic[] = []
  for (const { protocol, result } of found) {
    for (const d of result.diagnostics) {
      const key = `${d.code}|${d.offset}|${d.message}`
      if (seen.has(key) || inside(d, protocol)) continue
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
