/**
 * The parser entry points: a thin layer over the protocols that never throws.
 */
import type { Diagnostic, ParseResult } from './types'
import type { ParseOptions, StreamParser, StreamEvent } from './protocols/protocol'
import { protocolRegistry, type ProtocolRegistry } from './protocols/registry'
import { AUTO_PROTOCOL_ID, createAutoStreamParser, parseAuto } from './protocols/auto'
import { nativeFormatParser, nativeFormats } from './protocols/native/registry'
import { closestNames, didYouMeanRef } from './text/closest'
import { say, type SaidMessage } from './messages/say'
import { createQuoteMarker, markQuotedRequests } from './quoted-requests'

/**
 * Parses a model reply. Never throws: an unknown protocol or an internal failure is a diagnostic.
 * A request the reply only quotes (a blockquote, inline code, a code fence) is marked `quoted`.
 * `protocolId` is a text protocol (`vcp`, `json`, `xml`, `hermes`), a model's native format
 * (`mistral`, `qwen3-coder`, `harmony`, ... see docs/formats.md), or 'auto', which tells the
 * formats apart from the text (and the `model` hint) and says which it found and why.
 */
export function parseToolRequests(
  text: string,
  protocolId = 'vcp',
  options: ParseOptions & { protocols?: ProtocolRegistry } = {},
): ParseResult {
  const protocols = options.protocols ?? protocolRegistry
  if (protocolId === AUTO_PROTOCOL_ID)
    return guarded(() => markQuotedRequests(text, parseAuto(protocols, text, options), protocolId))
  const parser = protocols.get(protocolId) ?? nativeFormatParser(protocolId)
  if (!parser) return failure(unknownProtocol(protocolId, protocols))
  return guarded(() => markQuotedRequests(text, parser.parseToolRequests(text, options), protocolId))
}

/** A streaming parser: feed chunks as they arrive, then end() for the one-shot result. */
export function createStreamParser(
  protocolId = 'vcp',
  options: ParseOptions & { protocols?: ProtocolRegistry } = {},
): StreamParser {
  const protocols = options.protocols ?? protocolRegistry
  const protocol = protocols.get(protocolId) ?? nativeFormatParser(protocolId)
  if (!protocol && protocolId !== AUTO_PROTOCOL_ID) {
    const result = failure(unknownProtocol(protocolId, protocols))
    return { feed: () => [], end: () => result }
  }
  const inner = protocol ? protocol.createStreamParser(options) : createAutoStreamParser(protocols, options)
  let broken: ParseResult | null = null
  // Quoted requests are marked as they close, as the one-shot parse marks them.
  const quotes = createQuoteMarker(protocolId)
  return {
    feed(chunk: string): StreamEvent[] {
      if (broken) return []
      quotes.feed(chunk)
      try {
        const events = inner.feed(chunk)
        for (const event of events) if (event.type === 'block-close') quotes.mark(event.request)
        return events
      } catch (error) {
        broken = failure(internalError(error))
        return [{ type: 'diagnostic', diagnostic: broken.diagnostics[0] as Diagnostic }]
      }
    },
    end(): ParseResult {
      if (broken) return broken
      try {
        const result = inner.end()
        for (const request of result.requests) quotes.mark(request)
        return result
      } catch (error) {
        broken = failure(internalError(error))
        return broken
      }
    },
  }
}

function guarded(parse: () => ParseResult): ParseResult {
  try {
    return parse()
  } catch (error) {
    return failure(internalError(error))
  }
}

function failure(diagnostic: Diagnostic): ParseResult {
  return { requests: [], diagnostics: [diagnostic] }
}

function unknownProtocol(id: string, protocols: ProtocolRegistry): Diagnostic {
  const known = protocols.list().map((p) => p.id)
  const formats = nativeFormats().map((f) => f.id)
  return point(
    'error',
    'unknown-protocol',
    say('auto.unknown-protocol', {
      id,
      didYouMean: didYouMeanRef(closestNames(id, [...known, ...formats])),
      protocols: known.join(', '),
      formats: formats.join(', '),
    }),
  )
}

function internalError(error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error)
  return point('error', 'parser-failure', say('auto.parser-failure', { error: message }))
}

function point(severity: Diagnostic['severity'], code: string, said: SaidMessage): Diagnostic {
  return { severity, code, ...said, offset: 0, length: 0, line: 1, column: 1 }
}
