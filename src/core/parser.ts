/**
 * The parser entry points: a thin layer over the protocols that never throws.
 */
import type { Diagnostic, ParseResult } from './types'
import type { ParseOptions, StreamParser, StreamEvent } from './protocols/protocol'
import { protocolRegistry } from './protocols/registry'

/** Parses a model reply. Never throws: an unknown protocol or an internal failure is a diagnostic. */
export function parseToolRequests(text: string, protocolId = 'vcp', options: ParseOptions = {}): ParseResult {
  const protocol = protocolRegistry.get(protocolId)
  if (!protocol) return failure(unknownProtocol(protocolId))
  try {
    return protocol.parseToolRequests(text, options)
  } catch (error) {
    return failure(internalError(error))
  }
}

/** A streaming parser: feed chunks as they arrive, then end() for the one-shot result. */
export function createStreamParser(protocolId = 'vcp', options: ParseOptions = {}): StreamParser {
  const protocol = protocolRegistry.get(protocolId)
  if (!protocol) {
    const result = failure(unknownProtocol(protocolId))
    return { feed: () => [], end: () => result }
  }
  const inner = protocol.createStreamParser(options)
  let broken: ParseResult | null = null
  return {
    feed(chunk: string): StreamEvent[] {
      if (broken) return []
      try {
        return inner.feed(chunk)
      } catch (error) {
        broken = failure(internalError(error))
        return [{ type: 'diagnostic', diagnostic: broken.diagnostics[0] as Diagnostic }]
      }
    },
    end(): ParseResult {
      if (broken) return broken
      try {
        return inner.end()
      } catch (error) {
        broken = failure(internalError(error))
        return broken
      }
    },
  }
}

function failure(diagnostic: Diagnostic): ParseResult {
  return { requests: [], diagnostics: [diagnostic] }
}

function unknownProtocol(id: string): Diagnostic {
  const known = protocolRegistry.list().map((p) => p.id).join(', ')
  return point('error', 'unknown-protocol', `Unknown protocol "${id}". Registered protocols: ${known}.`)
}

function internalError(error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error)
  return point('error', 'parser-failure', `The parser failed unexpectedly: ${message}. Please report this text.`)
}

function point(severity: Diagnostic['severity'], code: string, message: string): Diagnostic {
  return { severity, code, message, offset: 0, length: 0, line: 1, column: 1 }
}
