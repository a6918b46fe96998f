/**
 * VCP request parsing, one-shot and streaming, on top of the block scanner.
 * The one-shot parse is literally "stream the whole text in one chunk", which is what makes
 * `end()` equal to it for every chunking.
 */
import type { Diagnostic, DiagnosticSeverity, ParsedRequest, ParseResult } from '../../types'
import type { ParseOptions, StreamEvent, StreamParser } from '../protocol'
import { createRequestIdSession, type RequestIdSession } from '../../request-ids'
import { setOwn } from '../../own-record'
import { say, type SaidMessage } from '../../messages/say'
import { VcpScanner, type ScannedBlock, type ScannerHandlers } from './scanner'
import { SeenKeys } from './seen-keys'

/** The block name of VCP tool requests: `<<<[TOOL_REQUEST]>>>` ... `<<<[END_TOOL_REQUEST]>>>`. */
export const REQUEST_BLOCK = 'TOOL_REQUEST'
const NO_EVENTS: StreamEvent[] = Object.freeze([]) as unknown as StreamEvent[]
// Messages without parameters: built once, shared by every block that needs them.
const IN_REASONING = say('vcp.request-in-reasoning')
const FENCED_SKIPPED = say('vcp.fenced-block-skipped')
const MISSING_TOOL_NAME = say('vcp.missing-tool-name')
const EMPTY_TOOL_NAME = say('vcp.empty-tool-name')

/**
 * Turns the scanner's blocks and fields into requests, as the text arrives. Its handler methods
 * are called by its own scanner only; users go through feed() and end().
 */
class VcpRequestReader implements ScannerHandlers {
  private readonly session: RequestIdSession
  private readonly includeReasoning: boolean
  private readonly skipFenced: boolean
  private readonly scanner: VcpScanner
  private readonly requests: ParsedRequest[] = []
  private readonly diagnostics: Diagnostic[] = []
  /** What the current feed() raised; null while nothing was. */
  private events: StreamEvent[] | null = null
  private ended = false
  private result: ParseResult | null = null

  // The block being read: its arguments are collected as fields close.
  private args: Record<string, string> = {}
  private toolName: string | undefined
  private requestId: string | undefined
  /** Diagnostics about the block that the scanner did not raise (found here). */
  private pending: Diagnostic[] | null = null
  private readonly seenKeys = new SeenKeys()

  /** `collectEvents` false: the one-shot parse reads no events, so none are built. */
  constructor(
    options: ParseOptions,
    private readonly collectEvents: boolean,
  ) {
    this.session = options.session ?? createRequestIdSession()
    this.includeReasoning = options.reasoning === 'include'
    this.skipFenced = options.fencedBlocks === 'skip'
    this.scanner = new VcpScanner(this, { blockName: REQUEST_BLOCK })
  }

  feed(chunk: string): StreamEvent[] {
    if (this.ended) throw new Error('feed() after end(): create a new stream parser for new text')
    this.events = null
    this.scanner.feed(chunk)
    return this.events ?? NO_EVENTS
  }

  end(): ParseResult {
    if (!this.result) {
      this.ended = true
      this.events = null
      this.scanner.end()
      // Stable sort: diagnostics read top to bottom, ties keep the order they were found in.
      this.diagnostics.sort((a, b) => a.offset - b.offset)
      this.result = { requests: this.requests, diagnostics: this.diagnostics }
    }
    return this.result
  }

  blockOpen(index: number, offset: number, inReasoning: boolean, fenced: boolean): void {
    this.args = {}
    this.seenKeys.clear()
    this.toolName = undefined
    this.requestId = undefined
    this.pending = null
    if (this.collectEvents) (this.events ??= []).push({ type: 'block-open', index, offset, inReasoning, fenced })
  }

  field(index: number, key: string, value: string, offset: number): void {
    if (this.seenKeys.add(key)) {
      this.addDiagnostic('warning', 'duplicate-key', say('vcp.duplicate-key', { key }), offset, key.length)
    }
    if (key === 'tool_name') this.toolName = value
    else if (key === 'request_id') this.requestId = value
    else setOwn(this.args, key, value)
    if (this.collectEvents) (this.events ??= []).push({ type: 'field', index, key, value, offset })
  }

  diagnostic(diagnostic: Diagnostic): void {
    this.diagnostics.push(diagnostic)
    if (this.collectEvents) (this.events ??= []).push({ type: 'diagnostic', diagnostic })
  }

  blockClose(block: Readonly<ScannedBlock>): void {
    const request = this.buildRequest(block)
    const included = this.isIncluded(block)
    let found = block.diagnostics
    if (this.pending !== null) {
      found = found.concat(this.pending)
      found.sort((a, b) => a.offset - b.offset)
    }
    request.diagnostics = found
    request.valid = request.toolName !== '' && (found.length === 0 || !found.some((d) => d.severity === 'error'))
    if (included) this.requests.push(request)
    if (this.collectEvents) (this.events ??= []).push({ type: 'block-close', index: block.index, request, included })
  }

  /** The block's request goes into `requests`; when the options leave it out, a diagnostic says why. */
  private isIncluded(block: Readonly<ScannedBlock>): boolean {
    if (block.inReasoning && !this.includeReasoning) {
      this.addDiagnostic('warning', 'request-in-reasoning', IN_REASONING, block.start, block.end - block.start)
      return false
    }
    if (block.fenced && this.skipFenced) {
      this.addDiagnostic('info', 'fenced-block-skipped', FENCED_SKIPPED, block.start)
      return false
    }
    return true
  }

  /** A diagnostic about the block being read, saying `said`. */
  private addDiagnostic(
    severity: DiagnosticSeverity,
    code: string,
    said: SaidMessage,
    offset: number,
    length = 0,
  ): void {
    const { line, column } = this.scanner.position(offset)
    const diagnostic: Diagnostic = { severity, code, ...said, offset, length, line, column }
    ;(this.pending ??= []).push(diagnostic)
    this.diagnostics.push(diagnostic)
    if (this.collectEvents) (this.events ??= []).push({ type: 'diagnostic', diagnostic })
  }

  /** The request the block's fields make, not yet judged valid (blockClose() does that). */
  private buildRequest(block: Readonly<ScannedBlock>): ParsedRequest {
    const toolName = this.toolName
    if (toolName === undefined) {
      this.addDiagnostic('error', 'missing-tool-name', MISSING_TOOL_NAME, block.start)
    } else if (toolName === '') {
      this.addDiagnostic('error', 'empty-tool-name', EMPTY_TOOL_NAME, block.start)
    }
    return {
      requestId: this.claimRequestId(block.start),
      toolName: toolName ?? '',
      args: this.args,
      rawBlock: block.rawBlock,
      valid: false,
      start: block.start,
      end: block.end,
      diagnostics: block.diagnostics,
      inReasoning: block.inReasoning,
      fenced: block.fenced,
    }
  }

  /** The block's id: the one it asks for unless the session has handed that out already. */
  private claimRequestId(blockStart: number): string {
    const requestId = this.requestId
    if (requestId !== undefined && requestId !== '' && this.session.has(requestId)) {
      const id = this.session.claim(requestId)
      this.addDiagnostic(
        'warning',
        'duplicate-request-id',
        say('vcp.duplicate-request-id', { id: requestId, request: id }),
        blockStart,
      )
      return id
    }
    return this.session.claim(requestId === '' ? undefined : requestId)
  }
}

/**
 * A stream parser for VCP requests: feed() returns the events each chunk decides, end() the same
 * result as parseVcpRequests() on the whole text. `withEvents` false builds no events (feed()
 * then returns an empty list).
 */
export function createVcpStreamParser(options: ParseOptions = {}, withEvents = true): StreamParser {
  const reader = new VcpRequestReader(options, withEvents)
  return {
    feed: (chunk) => reader.feed(chunk),
    end: () => reader.end(),
  }
}

/** Every VCP request in `text`, with the diagnostics of the whole text in reading order. */
export function parseVcpRequests(text: string, options: ParseOptions = {}): ParseResult {
  const stream = createVcpStreamParser(options, false)
  stream.feed(text)
  return stream.end()
}
