/**
 * A format's finding as requests: each call with its request id, its diagnostics with lines and
 * columns, and whether it lies in reasoning or in a code fence. The one-shot parse and the
 * streaming parser's settled cards both go through here, so they agree.
 */
import type { Diagnostic, ParsedRequest, ParseResult } from '../../types'
import type { MessageParams, MessageRef } from '../../messages/types'
import type { ParseOptions } from '../protocol'
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat } from './format'
import type { RequestIdSession } from '../../request-ids'
import { stringArguments } from '../json/calls'
import { LineIndex } from '../../text/line-index'
import { closestNames, didYouMeanRef } from '../../text/closest'
import { say } from '../../messages/say'
import { fenceSpans, reasoningSpans, within, type Spans } from './reasoning'

/**
 * The requests the options let through, with every diagnostic sorted by offset. `settled` are
 * requests the stream already closed, by call index: their ids are kept.
 */
export function requestsOf(
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
    if (isIncluded(request, options)) requests.push(request)
  })
  diagnostics.sort((a, b) => a.offset - b.offset)
  return { requests, diagnostics }
}

/** Whether the options keep the request: not in reasoning unless asked for, not fenced when fences are skipped. */
export function isIncluded(request: ParsedRequest, options: ParseOptions): boolean {
  return (
    !(request.inReasoning && options.reasoning !== 'include') && !(request.fenced && options.fencedBlocks === 'skip')
  )
}

/**
 * The format's calls; a format with no delimiter keeps, unless trusted, only calls of known tools
 * and calls that carried a marker of their own.
 */
export function readFinding(format: NativeFormat, text: string, context: FormatContext): FormatFinding {
  const finding = format.parse(text, context)
  if (format.delimited || context.trusted) return finding
  const kept = finding.calls.filter((call) => call.marked === true || context.tools.has(call.name))
  // Findings outside the calls kept are about prose that was not taken as calls.
  const problems = finding.problems.filter((p) => kept.some((call) => p.offset >= call.start && p.offset < call.end))
  return { calls: kept, problems }
}

/** The call's request id from the session: its own id when free, else a new one and a warning on the call. */
export function claimId(session: RequestIdSession, call: FoundCall): string {
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
    ...say('native.duplicate-call-id', { id: call.id ?? '', request: id }),
    offset: call.start,
    length: 0,
  }
}

/**
 * One call as a request: its own diagnostics (with an unknown tool name and a call in reasoning
 * added) sorted by offset, and valid when it has a name, arguments and no error.
 */
export function toRequest(
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
      ...say('native.unknown-tool-name', {
        name: call.name,
        didYouMean: didYouMeanRef(closestNames(call.name, context.tools.names())),
      }),
      offset: call.start,
      length: call.end - call.start,
    })
  }
  const inReasoning = within(reasoning, call.start)
  if (inReasoning)
    problems.push({
      severity: 'warning',
      code: 'request-in-reasoning',
      ...say('native.call-in-reasoning'),
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
export function toDiagnostic(
  format: NativeFormat,
  p: FormatProblem,
  lines: LineIndex,
  length: number,
  endsWithNewline: boolean,
): Diagnostic {
  const offset = Math.max(0, Math.min(p.offset, length))
  const { line, column } = offset < length ? lines.position(offset) : endPosition(lines, length, endsWithNewline)
  const prefixed = !p.message.startsWith(format.label)
  const message = prefixed ? `${format.label}: ${p.message}` : p.message
  const clipped = Math.max(0, Math.min(p.length, length - offset))
  if (p.messageId === undefined) {
    return { severity: p.severity, code: p.code, message, offset, length: clipped, line, column }
  }
  // One literal per shape, and the wrapped parameters shared as the format shares its message:
  // a hostile text can make tens of thousands of these.
  const said = prefixed ? inFormat(format.label, p.messageId, p.params) : { id: p.messageId, params: p.params }
  return said.params
    ? {
        severity: p.severity,
        code: p.code,
        message,
        messageId: said.id,
        params: said.params,
        offset,
        length: clipped,
        line,
        column,
      }
    : { severity: p.severity, code: p.code, message, messageId: said.id, offset, length: clipped, line, column }
}

const wrappedByParams = new WeakMap<MessageParams, MessageParams>()
const wrappedById = new Map<string, MessageParams>()

/** `native.in-format` around a finding's message, built once per shared message. */
function inFormat(label: string, id: string, params: MessageParams | undefined): { id: string; params: MessageParams } {
  const cached = params ? wrappedByParams.get(params) : wrappedById.get(`${label}\u0000${id}`)
  if (cached && cached.format === label) return { id: 'native.in-format', params: cached }
  const inner: MessageRef = params ? { id, params } : { id }
  const wrapped: MessageParams = { format: label, message: inner }
  if (params) wrappedByParams.set(params, wrapped)
  else wrappedById.set(`${label}\u0000${id}`, wrapped)
  return { id: 'native.in-format', params: wrapped }
}

function endPosition(lines: LineIndex, length: number, endsWithNewline: boolean): { line: number; column: number } {
  if (length === 0) return { line: 1, column: 1 }
  const last = lines.position(length - 1)
  return endsWithNewline ? { line: last.line + 1, column: 1 } : { line: last.line, column: last.column + 1 }
}
