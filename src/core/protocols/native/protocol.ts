/**
 * A native format as a parser: one-shot requests with ids, diagnostics with lines and columns,
 * and a streaming parser that shows a call as soon as its name is known.
 *
 * The streaming parser re-reads the text from the format's first opener each time that part has
 * grown by an eighth (at least 16 characters), so its cost stays linear, and end() is the one-shot
 * parse of the whole text: streaming equals one-shot for any chunking by construction.
 */
import type { Diagnostic, ParsedRequest, ParseResult } from '../../types'
import type { ParseOptions, StreamEvent, StreamParser } from '../protocol'
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat } from './format'
import { createRequestIdSession, type RequestIdSession } from '../../request-ids'
import { stringArguments } from '../json/calls'
import { LineIndex } from '../../text/line-index'
import { closestNames, didYouMean } from '../../text/closest'
import { toolHints } from './tool-hints'
import { partialJsonFields } from '../../chat/partial-json'
import { fenceSpans, reasoningSpans, within, type Spans } from './reasoning'

/** A format's parser in the shape auto and `parseToolRequests` use. */
export interface NativeFormatParser {
  readonly id: string
  readonly label: string
  readonly format: NativeFormat
  parseToolRequests(text: string, options?: ParseOptions): ParseResult
  createStreamParser(options?: ParseOptions): StreamParser
}

export function createNativeParser(format: NativeFormat, trusted = true): NativeFormatParser {
  return {
    id: format.id,
    label: format.label,
    format,
    parseToolRequests: (text, options = {}) => requestsOf(format, text, options, contextFor(options, trusted), options.session ?? createRequestIdSession(), []),
    createStreamParser: (options = {}) => createNativeStreamParser(format, options, contextFor(options, trusted)),
  }
}

export function contextFor(options: ParseOptions, trusted: boolean): FormatContext {
  return { tools: toolHints(options.tools), trusted }
}

/** The format's finding as requests. `settled` are requests the stream already closed: their ids are kept. */
function requestsOf(format: NativeFormat, text: string, options: ParseOptions, context: FormatContext, session: RequestIdSession, settled: readonly ParsedRequest[]): ParseResult {
  const finding = readFinding(format, text, context)
  const lines = new LineIndex()
  lines.append(text)
  const reasoning = reasoningSpans(text)
  const fences = fenceSpans(text)
  const diagnostic = (p: FormatProblem): Diagnostic => toDiagnostic(format, p, lines, text.length, text.endsWith('\n'))
  const diagnostics: Diagnostic[] = finding.problems.map(diagnostic)
  const requests: ParsedRequest[] = []
  finding.calls.forEach((call, n) => {
    const request = toRequest(format, call, text.slice(call.start, call.end), context, diagnostic, reasoning, fences, settled[n]?.requestId ?? claimId(session, call))
    diagnostics.push(...request.diagnostics)
    if (request.inReasoning && options.reasoning !== 'include') return
    if (request.fenced && options.fencedBlocks === 'skip') return
    requests.push(request)
  })
  diagnostics.sort((a, b) => a.offset - b.offset)
  return { requests, diagnostics }
}

/** The format's calls; a format with no delimiter keeps, unless trusted, only calls of known tools. */
function readFinding(format: NativeFormat, text: string, context: FormatContext): FormatFinding {
  const finding = format.parse(text, context)
  if (format.delimited || context.trusted) return finding
  return { calls: finding.calls.filter((call) => context.tools.has(call.name)), problems: [] }
}

function claimId(session: RequestIdSession, call: FoundCall): string {
  if (call.id === undefined || !session.has(call.id)) return session.claim(call.id)
  const id = session.claim(call.id)
  call.problems.push({ severity: 'warning', code: 'duplicate-request-id', message: `the call id "${call.id}" is already taken in this session; this request is "${id}".`, offset: call.start, length: 0 })
  return id
}

function toRequest(
  format: NativeFormat,
  call: FoundCall,
  rawBlock: string,
  context: FormatContext,
  diagnostic: (p: FormatProblem) => Diagnostic,
  reasoning: Spans,
  fences: Spans,
  requestId: string,
): ParsedRequest {
  const problems = [...call.problems]
  if (call.name !== '' && context.tools.size > 0 && !context.tools.has(call.name)) {
    problems.push({
      severity: 'warning',
      code: 'unknown-tool-name',
      message: `"${call.name}" is not among the tools the model was given.${didYouMean(closestNames(call.name, context.tools.names()))}`,
      offset: call.start,
      length: call.end - call.start,
    })
  }
  const inReasoning = within(reasoning, call.start)
  if (inReasoning) problems.push({ severity: 'warning', code: 'request-in-reasoning', message: 'this call is inside <think> reasoning; it is not executed.', offset: call.start, length: call.end - call.start })
  const mine = problems.map(diagnostic).sort((a, b) => a.offset - b.offset)
  const args = call.arguments ?? {}
  const request: ParsedRequest = {
    requestId,
    toolName: call.name,
    args: stringArguments(args),
    rawBlock,
    valid: call.name !== '' && call.arguments !== null && !mine.some((d) => d.severity === 'error'),
    start: call.start,
    end: call.end,
    diagnostics: mine,
    inReasoning,
    fenced: within(fences, call.start),
  }
  if (call.arguments !== null) request.arguments = call.arguments
  return request
}

/** The finding with its line and column; `length` is the text's, which holds every offset given. */
function toDiagnostic(format: NativeFormat, p: FormatProblem, lines: LineIndex, length: number, endsWithNewline: boolean): Diagnostic {
  const offset = Math.max(0, Math.min(p.offset, length))
  const { line, column } = offset < length ? lines.position(offset) : endPosition(lines, length, endsWithNewline)
  const message = p.message.startsWith(format.label) ? p.message : `${format.label}: ${p.message}`
  return { severity: p.severity, code: p.code, message, offset, length: Math.max(0, Math.min(p.length, length - offset)), line, column }
}

function endPosition(lines: LineIndex, length: number, endsWithNewline: boolean): { line: number; column: number } {
  if (length === 0) return { line: 1, column: 1 }
  const last = lines.position(length - 1)
  return endsWithNewline ? { line: last.line + 1, column: 1 } : { line: last.line, column: last.column + 1 }
}

// ---- streaming ---------------------------------------------------------------

const MIN_GROWTH = 16

interface OpenedCall {
  fields: Map<string, string>
}

function createNativeStreamParser(format: NativeFormat, options: ParseOptions, context: FormatContext): StreamParser {
  const session = options.session ?? createRequestIdSession()
  const keep = Math.max(0, ...format.openers.map((o) => o.length - 1))
  const lines = new LineIndex()
  // The text before the first opener, and the text from it on.
  let prefix = ''
  let section = ''
  let sectionStart = -1
  let previewedAt = 0
  let thinkOpenAtSection = false
  const opened: OpenedCall[] = []
  const settled: ParsedRequest[] = []
  let result: ParseResult | null = null

  /** Looks for the first opener in the new text (and the few characters before it). */
  function findOpener(chunk: string): void {
    const from = Math.max(0, prefix.length - keep)
    prefix += chunk
    let best = -1
    for (const opener of format.openers) {
      const at = prefix.indexOf(opener, from)
      if (at !== -1 && (best === -1 || at < best)) best = at
    }
    if (best === -1) return
    sectionStart = best
    section = prefix.slice(best)
    prefix = prefix.slice(0, best)
    const spans = reasoningSpans(prefix)
    thinkOpenAtSection = spans.ends.length > 0 && spans.ends[spans.ends.length - 1] === prefix.length
  }

  function preview(events: StreamEvent[]): void {
    previewedAt = section.length
    const finding = readFinding(format, section, context)
    const reasoning = reasoningSpans(section)
    const fences = fenceSpans(section)
    for (let index = 0; index < finding.calls.length; index++) {
      const call = finding.calls[index] as FoundCall
      // A card needs a whole name; later calls wait for this one.
      const nameKnown = call.closed || (call.nameEnd !== undefined ? call.nameEnd < section.length : call.arguments !== null)
      if (call.name === '' || !nameKnown) break
      const start = sectionStart + call.start
      if (index === opened.length) {
        opened.push({ fields: new Map() })
        const inReasoning = thinkOpenAtSection || within(reasoning, call.start)
        events.push({ type: 'block-open', index, offset: start, inReasoning, fenced: within(fences, call.start) })
        events.push({ type: 'field', index, key: 'tool_name', value: call.name, offset: start })
      }
      const seen = opened[index] as OpenedCall
      const fields = call.arguments ? stringArguments(call.arguments) : call.argumentsSpan ? (partialJsonFields(section.slice(call.argumentsSpan.start, call.argumentsSpan.end)) ?? {}) : {}
      for (const [key, value] of Object.entries(fields)) {
        if (seen.fields.get(key) === value) continue
        seen.fields.set(key, value)
        events.push({ type: 'field', index, key, value, offset: start })
      }
      if (call.closed && index === settled.length) settle(call, index, reasoning, fences, events)
    }
  }

  /** A closed call's request, with the id end() keeps; the card settles on it. */
  function settle(call: FoundCall, index: number, reasoning: Spans, fences: Spans, events: StreamEvent[]): void {
    const shift = (p: FormatProblem): FormatProblem => ({ ...p, offset: p.offset + sectionStart })
    const whole: FoundCall = { ...call, start: call.start + sectionStart, end: call.end + sectionStart, problems: call.problems.map(shift) }
    const requestId = claimId(session, whole)
    const diagnostic = (p: FormatProblem): Diagnostic => toDiagnostic(format, p, lines, lines.end, section.endsWith('\n'))
    const none: Spans = { starts: [], ends: [] }
    const request = toRequest(format, whole, section.slice(call.start, call.end), context, diagnostic, none, none, requestId)
    request.inReasoning = thinkOpenAtSection || within(reasoning, call.start)
    request.fenced = within(fences, call.start)
    settled.push(request)
    const included = !(request.inReasoning && options.reasoning !== 'include') && !(request.fenced && options.fencedBlocks === 'skip')
    events.push({ type: 'block-close', index, request, included })
  }

  return {
    feed(chunk) {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      if (chunk.length === 0) return []
      lines.append(chunk)
      if (sectionStart === -1) {
        findOpener(chunk)
        if (sectionStart === -1) return []
      } else {
        section += chunk
      }
      if (section.length - previewedAt < Math.max(MIN_GROWTH, previewedAt >>> 3)) return []
      const events: StreamEvent[] = []
      preview(events)
      return events
    },
    end() {
      result ??= requestsOf(format, prefix + section, options, context, session, settled)
      return result
    },
  }
}
