/**
 * VCP request parsing, one-shot and streaming, on top of the block scanner.
 * The one-shot parse is literally "stream the whole text in one chunk", which is what makes
 * `end()` equal to it for every chunking.
 */
import type { Diagnostic, DiagnosticSeverity, ParsedField, ParsedRequest, ParseResult } from '../../types'
import type { ParseOptions, StreamEvent, StreamParser } from '../protocol'
import { createRequestIdSession } from '../../request-ids'
import { setOwn } from '../../own-record'
import { VcpScanner, type ScannedBlock } from './scanner'

export const REQUEST_BLOCK = 'TOOL_REQUEST'
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

  const scanner = new VcpScanner(
    {
      blockOpen(index, offset, inReasoning, fenced) {
        if (collectEvents) (events ??= []).push({ type: 'block-open', index, offset, inReasoning, fenced })
      },
      fieldOpen(index, key, offset) {
        if (collectEvents) (events ??= []).push({ type: 'field-open', index, key, offset })
      },
      field(index, field) {
        if (collectEvents) (events ??= []).push({ type: 'field', index, key: field.key, value: field.value, offset: field.offset })
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
          addDiagnostic(block, 'warning', 'request-in-reasoning', 'This request is inside <think> reasoning; it is not executed.')
        } else if (block.fenced && skipFenced) {
          included = false
          addDiagnostic(block, 'info', 'fenced-block-skipped', 'This request is inside a Markdown code fence and fenced blocks are skipped.')
        }
        const found = request.diagnostics
        if (found.length > 1) found.sort((a, b) => a.offset - b.offset)
        request.valid = request.toolName !== '' && (found.length === 0 || !found.some((d) => d.severity === 'error'))
        if (included) requests.push(request)
        if (collectEvents) (events ??= []).push({ type: 'block-close', index: block.index, request, included })
      },
    },
    { blockName: REQUEST_BLOCK },
  )

  function addDiagnostic(block: ScannedBlock, severity: DiagnosticSeverity, code: string, message: string, offset = block.start, length = 0): Diagnostic {
    const { line, column } = scanner.position(offset)
    const diagnostic: Diagnostic = { severity, code, message, offset, length, line, column }
    block.diagnostics.push(diagnostic)
    diagnostics.push(diagnostic)
    if (collectEvents) (events ??= []).push({ type: 'diagnostic', diagnostic })
    return diagnostic
  }

  function buildRequest(block: ScannedBlock): ParsedRequest {
    const args: Record<string, string> = {}
    const fields = block.fields
    let toolName: string | undefined
    let requestId: string | undefined
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f] as ParsedField
      const key = field.key
      if (isRepeated(fields, f)) {
        addDiagnostic(block, 'warning', 'duplicate-key', `Field "${field.key}" appears more than once; the last value wins.`, field.offset, field.key.length)
      }
      if (field.key === 'tool_name') toolName = field.value
      else if (field.key === 'request_id') requestId = field.value
      else setOwn(args, key, field.value)
    }
    if (toolName === undefined) {
      addDiagnostic(block, 'error', 'missing-tool-name', 'The block has no "tool_name" field, so it names no tool to call.', block.start, 0)
    } else if (toolName === '') {
      addDiagnostic(block, 'error', 'empty-tool-name', 'The "tool_name" field is empty.', block.start, 0)
    }
    let id: string
    if (requestId !== undefined && requestId !== '' && session.has(requestId)) {
      id = session.claim(requestId)
      addDiagnostic(block, 'warning', 'duplicate-request-id', `Request id "${requestId}" is already taken in this session; this request is "${id}".`, block.start, 0)
    } else {
      id = session.claim(requestId === '' ? undefined : requestId)
    }
    const request: ParsedRequest = {
      requestId: id,
      toolName: toolName ?? '',
      args,
      rawBlock: block.rawBlock,
      valid: false,
      start: block.start,
      end: block.end,
      fields: block.fields,
      diagnostics: block.diagnostics,
      inReasoning: block.inReasoning,
      fenced: block.fenced,
    }
    return request
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

/** Field `f` repeats an earlier key. Blocks hold a handful of fields, so a scan beats a Set. */
function isRepeated(fields: ParsedField[], f: number): boolean {
  const key = (fields[f] as ParsedField).key
  for (let g = 0; g < f; g++) if ((fields[g] as ParsedField).key === key) return true
  return false
}
