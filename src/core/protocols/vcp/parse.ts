/**
 * VCP request parsing, one-shot and streaming, on top of the block scanner.
 * The one-shot parse is literally "stream the whole text in one chunk", which is what makes
 * `end()` equal to it for every chunking.
 */
import type { Diagnostic, DiagnosticSeverity, ParsedRequest, ParseResult } from '../../types'
import type { ParseOptions, StreamEvent, StreamParser } from '../protocol'
import { createRequestIdSession } from '../../request-ids'
import { setOwn } from '../../own-record'
import { VcpScanner, type ScannedBlock } from './scanner'

export const REQUEST_BLOCK = 'TOOL_REQUEST'
/** Past this many fields in one block, seen keys are kept in a Set. */
const MANY_KEYS = 16
const NO_EVENTS: StreamEvent[] = Object.freeze([]) as unknown as StreamEvent[]

export function createVcpStreamParser(options: ParseOptions = {}, withEvents = true): StreamParser {
  const session = options.session ?? createRequestIdSession()
  const includeReasoning = options.reasoning === 'include'
  const skipFenced = options.fencedBlocks === 'skip'
  const requests: ParsedRequest[] = []
  const diagnostics: Diagnostic[] = []
  let events: StreamEvent[] | null = null
  let ended = false
  let result: ParseResult | null = null
  // The one-shot parse reads no events: skip building them.
  const collectEvents = withEvents

  // The block being read: its arguments are collected as fields close.
  let args: Record<string, string> = {}
  let toolName: string | undefined
  let requestId: string | undefined
  let pending: Diagnostic[] | null = null
  // A block usually holds a handful of keys: a list beats a Set there. A block with many fields
  // (a model stuck in a loop) moves to a Set, so the duplicate check never turns quadratic.
  const seenKeys: string[] = []
  let seenCount = 0
  let seenSet: Set<string> | null = null

  const scanner = new VcpScanner(
    {
      blockOpen(index, offset, inReasoning, fenced) {
        args = {}
        seenCount = 0
        seenSet = null
        toolName = undefined
        requestId = undefined
        pending = null
        if (collectEvents) (events ??= []).push({ type: 'block-open', index, offset, inReasoning, fenced })
      },
      field(index, key, value, offset) {
        let repeated = false
        if (seenSet !== null) {
          repeated = seenSet.has(key)
          seenSet.add(key)
        } else {
          for (let k = 0; k < seenCount; k++) if (seenKeys[k] === key) repeated = true
          seenKeys[seenCount++] = key
          if (seenCount === MANY_KEYS) seenSet = new Set(seenKeys.slice(0, MANY_KEYS))
        }
        if (repeated)
          addDiagnostic(
            'warning',
            'duplicate-key',
            `Field "${key}" appears more than once; the last value wins.`,
            offset,
            key.length,
          )
        if (key === 'tool_name') toolName = value
        else if (key === 'request_id') requestId = value
        else setOwn(args, key, value)
        if (collectEvents) (events ??= []).push({ type: 'field', index, key, value, offset })
      },
      diagnostic(diagnostic) {
        diagnostics.push(diagnostic)
        if (collectEvents) (events ??= []).push({ type: 'diagnostic', diagnostic })
      },
      blockClose(block) {
        const request = buildRequest(block)
        let included = true
        if (block.inReasoning && !includeReasoning) {
          included = false
          addDiagnostic(
            'warning',
            'request-in-reasoning',
            'This request is inside <think> reasoning; it is not executed.',
            block.start,
            block.end - block.start,
          )
        } else if (block.fenced && skipFenced) {
          included = false
          addDiagnostic(
            'info',
            'fenced-block-skipped',
            'This request is inside a Markdown code fence and fenced blocks are skipped.',
            block.start,
          )
        }
        let found = block.diagnostics
        if (pending !== null) {
          found = found.concat(pending)
          found.sort((a, b) => a.offset - b.offset)
        }
        request.diagnostics = found
        request.valid = request.toolName !== '' && (found.length === 0 || !found.some((d) => d.severity === 'error'))
        if (included) requests.push(request)
        if (collectEvents) (events ??= []).push({ type: 'block-close', index: block.index, request, included })
      },
    },
    { blockName: REQUEST_BLOCK },
  )

  /** A diagnostic about the block being read. */
  function addDiagnostic(
    severity: DiagnosticSeverity,
    code: string,
    message: string,
    offset: number,
    length = 0,
  ): void {
    const { line, column } = scanner.position(offset)
    const diagnostic: Diagnostic = { severity, code, message, offset, length, line, column }
    ;(pending ??= []).push(diagnostic)
    diagnostics.push(diagnostic)
    if (collectEvents) (events ??= []).push({ type: 'diagnostic', diagnostic })
  }

  function buildRequest(block: ScannedBlock): ParsedRequest {
    if (toolName === undefined) {
      addDiagnostic(
        'error',
        'missing-tool-name',
        'The block has no "tool_name" field, so it names no tool to call.',
        block.start,
      )
    } else if (toolName === '') {
      addDiagnostic('error', 'empty-tool-name', 'The "tool_name" field is empty.', block.start)
    }
    let id: string
    if (requestId !== undefined && requestId !== '' && session.has(requestId)) {
      id = session.claim(requestId)
      addDiagnostic(
        'warning',
        'duplicate-request-id',
        `Request id "${requestId}" is already taken in this session; this request is "${id}".`,
        block.start,
      )
    } else {
      id = session.claim(requestId === '' ? undefined : requestId)
    }
    return {
      requestId: id,
      toolName: toolName ?? '',
      args,
      rawBlock: block.rawBlock,
      valid: false,
      start: block.start,
      end: block.end,
      diagnostics: block.diagnostics,
      inReasoning: block.inReasoning,
      fenced: block.fenced,
    }
  }

  return {
    feed(chunk) {
      if (ended) throw new Error('feed() after end(): create a new stream parser for new text')
      events = null
      scanner.feed(chunk)
      return events ?? NO_EVENTS
    },
    end() {
      if (!result) {
        ended = true
        events = null
        scanner.end()
        // Stable sort: diagnostics read top to bottom, ties keep the order they were found in.
        diagnostics.sort((a, b) => a.offset - b.offset)
        result = { requests, diagnostics }
      }
      return result
    },
  }
}

export function parseVcpRequests(text: string, options: ParseOptions = {}): ParseResult {
  const stream = createVcpStreamParser(options, false)
  stream.feed(text)
  return stream.end()
}
