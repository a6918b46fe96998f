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
import {
  fenceSpans,
  mayBeFenceLine,
  reasoningOpenAfter,
  reasoningSpans,
  shiftSpans,
  within,
  type OpenFence,
  type Spans,
} from './reasoning'

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
    parseToolRequests: (text, options = {}) =>
      requestsOf(format, text, options, contextFor(options, trusted), options.session ?? createRequestIdSession(), []),
    createStreamParser: (options = {}) => createNativeStreamParser(format, options, contextFor(options, trusted)),
  }
}

export function contextFor(options: ParseOptions, trusted: boolean): FormatContext {
  return { tools: toolHints(options.tools), trusted }
}

/** The format's finding as requests. `settled` are requests the stream already closed: their ids are kept. */
function requestsOf(
  format: NativeFormat,
  text: string,
  options: ParseOptions,
  context: FormatContext,
  session: RequestIdSession,
  settled: readonly ParsedRequest[],
): ParseResult {
  const finding = readFinding(format, text, context)
  const lines = new LineIndex()
  lines.append(text)
  const reasoning = reasoningSpans(text)
  const fences = fenceSpans(text)
  const diagnostic = (p: FormatProblem): Diagnostic => toDiagnostic(format, p, lines, text.length, text.endsWith('\n'))
  const diagnostics: Diagnostic[] = finding.problems.map(diagnostic)
  const requests: ParsedRequest[] = []
  finding.calls.forEach((call, n) => {
    const request = toRequest(
      format,
      call,
      text.slice(call.start, call.end),
      context,
      diagnostic,
      reasoning,
      fences,
      settledId(settled[n], call) ?? claimId(session, call),
    )
    diagnostics.push(...request.diagnostics)
    if (request.inReasoning && options.reasoning !== 'include') return
    if (request.fenced && options.fencedBlocks === 'skip') return
    requests.push(request)
  })
  diagnostics.sort((a, b) => a.offset - b.offset)
  return { requests, diagnostics }
}

/**
 * The format's calls; a format with no delimiter keeps, unless trusted, only calls of known tools
 * and calls that carried a marker of their own.
 */
function readFinding(format: NativeFormat, text: string, context: FormatContext): FormatFinding {
  const finding = format.parse(text, context)
  if (format.delimited || context.trusted) return finding
  const kept = finding.calls.filter((call) => call.marked === true || context.tools.has(call.name))
  // Findings outside the calls kept are about prose that was not taken as calls.
  const problems = finding.problems.filter((p) => kept.some((call) => p.offset >= call.start && p.offset < call.end))
  return { calls: kept, problems }
}

function claimId(session: RequestIdSession, call: FoundCall): string {
  if (call.id === undefined || !session.has(call.id)) return session.claim(call.id)
  const id = session.claim(call.id)
  call.problems.push(duplicateId(call, id))
  return id
}

/** The id the stream gave a call it settled, with the same finding if that id is not the one written. */
function settledId(request: ParsedRequest | undefined, call: FoundCall): string | undefined {
  if (!request) return undefined
  if (call.id !== undefined && request.requestId !== call.id) call.problems.push(duplicateId(call, request.requestId))
  return request.requestId
}

function duplicateId(call: FoundCall, id: string): FormatProblem {
  return {
    severity: 'warning',
    code: 'duplicate-request-id',
    message: `the call id "${call.id}" is already taken in this session; this request is "${id}".`,
    offset: call.start,
    length: 0,
  }
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
  if (inReasoning)
    problems.push({
      severity: 'warning',
      code: 'request-in-reasoning',
      message: 'this call is inside reasoning (<think>); it is not executed.',
      offset: call.start,
      length: call.end - call.start,
    })
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
function toDiagnostic(
  format: NativeFormat,
  p: FormatProblem,
  lines: LineIndex,
  length: number,
  endsWithNewline: boolean,
): Diagnostic {
  const offset = Math.max(0, Math.min(p.offset, length))
  const { line, column } = offset < length ? lines.position(offset) : endPosition(lines, length, endsWithNewline)
  const message = p.message.startsWith(format.label) ? p.message : `${format.label}: ${p.message}`
  return {
    severity: p.severity,
    code: p.code,
    message,
    offset,
    length: Math.max(0, Math.min(p.length, length - offset)),
    line,
    column,
  }
}

function endPosition(lines: LineIndex, length: number, endsWithNewline: boolean): { line: number; column: number } {
  if (length === 0) return { line: 1, column: 1 }
  const last = lines.position(length - 1)
  return endsWithNewline ? { line: last.line + 1, column: 1 } : { line: last.line, column: last.column + 1 }
}

// ---- streaming ---------------------------------------------------------------

const MIN_GROWTH = 16
/** How far back on its line a format may look from an opener to decide what it is. */
const LOOK_BACK = 256

interface OpenedCall {
  fields: Map<string, string>
}

/**
 * The streaming parser. Text arrives into `pending`, which starts at `base`. While no opener is in
 * it, only the new characters are searched. From an opener on, `pending` is a section that is
 * re-read each time it has grown by an eighth; when the format says that everything before an
 * offset is final (`resumeAt`), that part is put aside and the search for the next opener goes on
 * from there, so a long reply with many calls costs about what its calls cost.
 */
function createNativeStreamParser(format: NativeFormat, options: ParseOptions, context: FormatContext): StreamParser {
  const session = options.session ?? createRequestIdSession()
  const keep = Math.max(0, ...format.openers.map((o) => o.length - 1))
  const lines = new LineIndex()
  const done: string[] = []
  let base = 0
  let pending = ''
  let searching = format.opensAtTextStart !== true
  let searchFrom = 0
  let previewedAt = 0
  // Whether a <think> is open where `pending` starts; the code fence open where the line that
  // `pending` starts in begins, and that line's part before `pending`, which formats may look back
  // at (its last 255 characters, after an 'x' when there was more, which no fence line starts with).
  let thinkOpen = false
  let fenceOpen: OpenFence | null = null
  let lineHead = ''
  // Global index of the first call in the current section.
  let callBase = 0
  const opened: OpenedCall[] = []
  const settled: ParsedRequest[] = []
  let result: ParseResult | null = null

  /** Puts text before `to` (relative to `pending`) aside. */
  function advance(to: number): void {
    const gone = pending.slice(0, to)
    thinkOpen = reasoningOpenAfter(gone, thinkOpen)
    const newline = gone.lastIndexOf('\n')
    if (newline === -1) {
      lineHead += gone
    } else {
      const state = { open: null as OpenFence | null }
      fenceSpans(lineHead + gone.slice(0, newline + 1) + 'x', fenceOpen, state)
      fenceOpen = state.open
      lineHead = gone.slice(newline + 1)
    }
    if (lineHead.length > LOOK_BACK && !mayBeFenceLine(lineHead)) lineHead = 'x' + lineHead.slice(-(LOOK_BACK - 1))
    done.push(gone)
    base += to
    pending = pending.slice(to)
    previewedAt = 0
  }

  /** Looks for an opener in what was not searched yet; true when the section now starts with one. */
  function findOpener(): boolean {
    const from = Math.max(0, searchFrom - keep)
    let best = -1
    for (const opener of format.openers) {
      const at = pending.indexOf(opener, from)
      if (at !== -1 && (best === -1 || at < best)) best = at
    }
    searchFrom = pending.length
    if (best === -1) {
      // Only the last few characters can still begin an opener: the rest is put aside.
      const cut = Math.max(0, pending.length - keep)
      if (cut > 4096) {
        advance(cut)
        searchFrom = pending.length
      }
      return false
    }
    advance(best)
    searching = false
    return true
  }

  function preview(events: StreamEvent[]): void {
    previewedAt = pending.length
    // The format reads the section with the start of its line, as the one-shot parse sees it.
    const finding = shiftedFinding(readFinding(format, lineHead + pending, context), -lineHead.length)
    const reasoning = reasoningSpans(pending, thinkOpen)
    const fences = shiftSpans(fenceSpans(lineHead + pending, fenceOpen), -lineHead.length)
    let finished = 0
    for (let local = 0; local < finding.calls.length; local++) {
      const call = finding.calls[local] as FoundCall
      const index = callBase + local
      // A card needs a whole name; later calls wait for this one.
      const nameKnown =
        call.closed || (call.nameEnd !== undefined ? call.nameEnd < pending.length : call.arguments !== null)
      if (call.name === '' && !call.closed) break
      if (call.name !== '' && nameKnown && index === opened.length) {
        opened.push({ fields: new Map() })
        const inReasoning = within(reasoning, call.start)
        events.push({
          type: 'block-open',
          index,
          offset: base + call.start,
          inReasoning,
          fenced: within(fences, call.start),
        })
        events.push({ type: 'field', index, key: 'tool_name', value: call.name, offset: base + call.start })
      }
      if (index >= opened.length) {
        if (!call.closed) break
        // A closed call with no name: its card opens as it settles.
        opened.push({ fields: new Map() })
        events.push({
          type: 'block-open',
          index,
          offset: base + call.start,
          inReasoning: within(reasoning, call.start),
          fenced: within(fences, call.start),
        })
      }
      const seen = opened[index] as OpenedCall
      const fields = call.arguments
        ? stringArguments(call.arguments)
        : call.argumentsSpan
          ? (partialJsonFields(pending.slice(call.argumentsSpan.start, call.argumentsSpan.end)) ?? {})
          : {}
      for (const [key, value] of Object.entries(fields)) {
        if (seen.fields.get(key) === value) continue
        seen.fields.set(key, value)
        events.push({ type: 'field', index, key, value, offset: base + call.start })
      }
      if (call.closed && index === settled.length) settle(call, index, reasoning, fences, events)
      if (call.closed && finding.resumeAt !== undefined && call.end <= finding.resumeAt) finished = local + 1
      if (!nameKnown) break
    }
    const resumeAt = finding.resumeAt
    if (resumeAt === undefined || resumeAt <= 0) return
    // Every call before resumeAt must be settled before that text is put aside.
    if (
      finding.calls.some(
        (call, local) => call.start < resumeAt && (local >= finished || callBase + local >= settled.length),
      )
    )
      return
    callBase += finished
    advance(resumeAt)
    searching = true
    searchFrom = 0
  }

  /** A closed call's request, with the id end() keeps; the card settles on it. */
  function settle(call: FoundCall, index: number, reasoning: Spans, fences: Spans, events: StreamEvent[]): void {
    const shift = (p: FormatProblem): FormatProblem => ({ ...p, offset: p.offset + base })
    const whole: FoundCall = {
      ...call,
      start: call.start + base,
      end: call.end + base,
      problems: call.problems.map(shift),
    }
    const requestId = claimId(session, whole)
    const diagnostic = (p: FormatProblem): Diagnostic =>
      toDiagnostic(format, p, lines, lines.end, pending.endsWith('\n'))
    // The same spans end() sees, moved to offsets in the whole text.
    const request = toRequest(
      format,
      whole,
      pending.slice(call.start, call.end),
      context,
      diagnostic,
      shiftSpans(reasoning, base),
      shiftSpans(fences, base),
      requestId,
    )
    settled.push(request)
    const included =
      !(request.inReasoning && options.reasoning !== 'include') && !(request.fenced && options.fencedBlocks === 'skip')
    events.push({ type: 'block-close', index, request, included })
  }

  return {
    feed(chunk) {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      if (chunk.length === 0) return []
      lines.append(chunk)
      pending += chunk
      const events: StreamEvent[] = []
      // A section put aside may be followed at once by the next: look again after each resume.
      for (let rounds = 0; rounds < 1024; rounds++) {
        if (searching && !findOpener()) break
        if (pending.length - previewedAt < Math.max(MIN_GROWTH, previewedAt >>> 3)) break
        const before = base
        preview(events)
        if (base === before || !searching) break
      }
      return events
    },
    end() {
      if (!result) {
        done.push(pending)
        result = requestsOf(format, done.join(''), options, context, session, settled)
      }
      return result
    },
  }
}

/** A finding read with text before the section, moved to section offsets; calls that began before it are left out. */
function shiftedFinding(finding: FormatFinding, by: number): FormatFinding {
  const move = (p: FormatProblem): FormatProblem => ({ ...p, offset: p.offset + by })
  const calls = finding.calls
    .filter((call) => call.start + by >= 0)
    .map((call) => ({
      ...call,
      start: call.start + by,
      end: call.end + by,
      ...(call.nameEnd !== undefined ? { nameEnd: call.nameEnd + by } : {}),
      ...(call.argumentsSpan
        ? { argumentsSpan: { start: call.argumentsSpan.start + by, end: call.argumentsSpan.end + by } }
        : {}),
      problems: call.problems.map(move),
    }))
  return {
    calls,
    problems: finding.problems.map(move),
    ...(finding.resumeAt !== undefined ? { resumeAt: Math.max(0, finding.resumeAt + by) } : {}),
  }
}
