/**
 * Suggested fixes for a parsed reply: for each diagnostic with an obvious repair, the first
 * candidate that parsing the edited text shows to work.
 */
import { parseToolRequests } from '../parser'
import type { ParseOptions } from '../protocols/protocol'
import { AUTO_PROTOCOL_ID } from '../protocols/auto'
import { nativeFormats } from '../protocols/native/registry'
import type { NativeFormat } from '../protocols/native/format'
import type { Diagnostic, ParsedRequest, ParseResult } from '../types'
import type { Candidate, FixContext } from './candidate'
import { fixWorks } from './check'
import { applyEdits, editsFit } from './edits'
import { SOURCES_BY_CODE } from './sources'
import type { SuggestedFix } from './types'

/** How {@link suggestFixes} reads the reply: the parse options, and what it may spend. */
export interface SuggestFixesOptions extends Omit<ParseOptions, 'session'> {
  /** The parse of the text with these options, when the caller has it: saves one parse. */
  result?: ParseResult
  /** At most this many trial parses of edited text. @default 40 */
  maxChecks?: number
  /** Trial parses stop once they have read this many characters in all. @default 4_000_000 */
  maxCheckedChars?: number
}

/**
 * The checked fixes for the diagnostics of `text` read as `protocolId` (as `parseToolRequests`
 * takes it), at most one per diagnostic, in the diagnostics' order. Never throws: a text or a
 * candidate that cannot be handled gives no fix. A request's `session` is never used, so trial
 * parses hand out no ids.
 */
export function suggestFixes(text: string, protocolId = 'vcp', options: SuggestFixesOptions = {}): SuggestedFix[] {
  try {
    return findFixes(text, protocolId, options)
  } catch {
    return []
  }
}

function findFixes(text: string, protocolId: string, options: SuggestFixesOptions): SuggestedFix[] {
  const { result: given, maxChecks = 40, maxCheckedChars = 4_000_000, ...rest } = options
  // Trial parses must not take ids from a caller's session.
  const parseOptions: ParseOptions = { ...rest, session: undefined }
  const parse = (source: string): ParseResult => parseToolRequests(source, protocolId, parseOptions)
  const result = given ?? parse(text)
  const context: FixContext = { text, result, formats: formatsOf(protocolId, result) }
  let checks = Math.min(maxChecks, Math.floor(maxCheckedChars / Math.max(text.length, 1)))
  const fixes: SuggestedFix[] = []
  for (const diagnostic of result.diagnostics) {
    const sources = SOURCES_BY_CODE.get(diagnostic.code)
    if (!sources || checks <= 0) continue
    const request = requestOf(result, diagnostic)
    const candidates = sources.flatMap((source) => source(context, diagnostic, request))
    for (const candidate of uniqueCandidates(candidates)) {
      if (checks <= 0) break
      if (!editsFit(candidate.edits, text.length)) continue
      checks--
      if (fixWorks(result, parse(applyEdits(text, candidate.edits)), diagnostic)) {
        fixes.push({ title: candidate.title, diagnostic, edits: candidate.edits })
        break
      }
    }
  }
  return fixes
}

/** The models' formats whose closers may repair the text: the one chosen, or those auto found. */
function formatsOf(protocolId: string, result: ParseResult): NativeFormat[] {
  const ids = protocolId === AUTO_PROTOCOL_ID ? (result.detected ?? []).map((d) => d.id) : [protocolId]
  return nativeFormats().filter((f) => ids.includes(f.id))
}

/** The request a diagnostic belongs to: the one that carries it, else the one whose span holds it. */
function requestOf(result: ParseResult, diagnostic: Diagnostic): ParsedRequest | undefined {
  const carries = (d: Diagnostic): boolean =>
    d === diagnostic || (d.code === diagnostic.code && d.offset === diagnostic.offset && d.length === diagnostic.length)
  return (
    result.requests.find((r) => r.diagnostics.some(carries)) ??
    result.requests.find((r) => r.start <= diagnostic.offset && diagnostic.offset <= r.end)
  )
}

function uniqueCandidates(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>()
  return candidates.filter((c) => {
    const key = JSON.stringify(c.edits)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
