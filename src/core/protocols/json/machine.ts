/**
 * One resumable, character-level machine for the JSON paradigms, behind both the one-shot parse
 * and the streaming parser (one-shot = feed the whole text, then end). Every character is looked
 * at once, whatever the chunking, so the cost is linear and any chunking reaches the same result.
 *
 * Outside a call it follows Markdown fences and <think> reasoning; it opens a call at the
 * paradigm's opening tag (`<tool_call>`, `<tool_code>`) or at a `{` whose first key is
 * `tool_calls`, collects the payload until the closing tag or the matching `}`, and reads it with
 * the lenient JSON parser.
 */
import type { Diagnostic, DiagnosticSeverity, ParsedRequest, ParseResult } from '../../types'
import type { ParseOptions, StreamEvent, StreamParser } from '../protocol'
import { LineIndex } from '../../text/line-index'
import { createRequestIdSession } from '../../request-ids'
import { parseLenientJson } from './lenient-json'
import { positionIn, readCall, stringArguments, type CallReading } from './calls'

export type ParadigmGrammar = { kind: 'tagged'; openTag: string; closeTag: string } | { kind: 'json-object' }

const THINK_TAGS = ['<think>', '</think>', '<thinking>', '</thinking>']
const KEY = 'tool_calls'
const NO_EVENTS: StreamEvent[] = Object.freeze([]) as unknown as StreamEvent[]

interface Construct {
  start: number
  /** Where the payload begins (after the opening tag; the `{` for objects). */
  payloadStart: number
  parts: string[]
  inReasoning: boolean
  fenced: boolean
  fenceInfo: string | null
  index: number
}

export function createJsonParadigmParser(grammar: ParadigmGrammar, options: ParseOptions = {}): StreamParser {
  const session = options.session ?? createRequestIdSession()
  const includeReasoning = options.reasoning === 'include'
  const skipFenced = options.fencedBlocks === 'skip'
  const lines = new LineIndex()
  const requests: ParsedRequest[] = []
  const diagnostics: Diagnostic[] = []
  let events: StreamEvent[] | null = null
  let result: ParseResult | null = null

  const tagged = grammar.kind === 'tagged'
  const outsidePatterns = tagged ? [grammar.openTag, ...THINK_TAGS] : THINK_TAGS
  const closeTag = tagged ? grammar.closeTag : ''
  const label = tagged ? grammar.openTag : '{"tool_calls": ...}'

  let offset = 0
  let lastChar = ''
  let blockCount = 0
  let reasoningOpen = -1
  // Pattern matching outside calls (tags) and inside tagged payloads (the closing tag).
  let pending = ''
  // Fences: state of the current line.
  let atLineStart = true
  let indent = 0
  let runChar = ''
  let runLength = 0
  let lineDone = false
  let fence: { char: string; length: number; info: string } | null = null
  let collectingInfo: string | null = null
  let closingCandidate = false
  // `{` ... `tool_calls` candidates (json-object paradigm).
  let candidate: { start: number; text: string; keyAt: number; quoted: boolean } | null = null
  // The call being read, and a warning about how it opened (a fence's language), given at its close.
  let construct: Construct | null = null
  let pendingConstructWarning: { code: string; message: string } | null = null
  let depth = 0
  let quote = ''
  let escaped = false

  function emit(event: StreamEvent): void {
    ;(events ??= []).push(event)
  }

  function diagnostic(severity: DiagnosticSeverity, code: string, message: string, at: number, length = 0): Diagnostic {
    const { line, column } = position(at)
    const d: Diagnostic = { severity, code, message, offset: at, length, line, column }
    diagnostics.push(d)
    emit({ type: 'diagnostic', diagnostic: d })
    return d
  }

  /** Line and column of an offset, the end of the text included. */
  function position(at: number): { line: number; column: number } {
    if (at < lines.end) return lines.position(at)
    if (lines.end === 0) return { line: 1, column: 1 }
    const last = lines.position(lines.end - 1)
    return lastChar === '\n'
      ? { line: last.line + 1, column: 1 + at - lines.end }
      : { line: last.line, column: last.column + 1 + at - lines.end }
  }

  function open(start: number, payloadStart: number, prefix: string): void {
    construct = {
      start,
      payloadStart,
      parts: prefix ? [prefix] : [],
      inReasoning: reasoningOpen !== -1,
      fenced: fence !== null,
      fenceInfo: fence?.info ?? null,
      index: blockCount,
    }
    emit({
      type: 'block-open',
      index: blockCount,
      offset: start,
      inReasoning: construct.inReasoning,
      fenced: construct.fenced,
    })
  }

  // ---- outside calls -------------------------------------------------------

  function outsideChar(c: string, at: number): void {
    trackFence(c)
    if (!tagged) trackCandidate(c, at)
    if (construct) return
    if (pending === '' && c !== '<') return
    pending += c
    for (;;) {
      const match = outsidePatterns.find((p) => p.startsWith(pending))
      if (match !== undefined) {
        if (match.length === pending.length) {
          const start = at - pending.length + 1
          pending = ''
          outsideToken(match, start, at + 1)
        }
        return
      }
      const next = pending.indexOf('<', 1)
      pending = next === -1 ? '' : pending.slice(next)
      if (pending === '') return
    }
  }

  function outsideToken(token: string, start: number, end: number): void {
    if (tagged && token === grammar.openTag) {
      open(start, end, token)
      return
    }
    if (fence !== null) return // reasoning tags inside code are code
    const closing = token.startsWith('</')
    if (!closing && reasoningOpen === -1) reasoningOpen = start
    else if (closing && reasoningOpen !== -1) reasoningOpen = -1
  }

  /** Markdown fences: a run of three or more ` or ~ after at most three spaces opens or closes one. */
  function trackFence(c: string): void {
    if (c === '\n') {
      // The line was indentation and a run, perhaps with an info string or trailing spaces.
      if (runLength >= 3 && (!lineDone || closingCandidate || collectingInfo !== null)) {
        if (fence === null) fence = { char: runChar, length: runLength, info: (collectingInfo ?? '').trim() }
        else if (runChar === fence.char && runLength >= fence.length && collectingInfo === null) fence = null
      }
      atLineStart = true
      indent = 0
      runChar = ''
      runLength = 0
      lineDone = false
      collectingInfo = null
      closingCandidate = false
      return
    }
    if (lineDone) return
    if (collectingInfo !== null) {
      if (collectingInfo.length < 64) collectingInfo += c
      return
    }
    if (closingCandidate) {
      if (c !== ' ' && c !== '\t' && c !== '\r') {
        closingCandidate = false
        lineDone = true
      }
      return
    }
    if (atLineStart && runLength === 0 && c === ' ' && indent < 3) {
      indent++
      return
    }
    if ((c === '`' || c === '~') && (runLength === 0 || c === runChar)) {
      runChar = c
      runLength++
      atLineStart = false
      return
    }
    atLineStart = false
    if (runLength >= 3) {
      if (fence === null) {
        if (runChar === '`' && c === '`') {
          lineDone = true
          return
        }
        collectingInfo = c
        return
      } else if (runChar === fence.char && runLength >= fence.length && (c === ' ' || c === '\t' || c === '\r')) {
        closingCandidate = true
        return
      }
    }
    lineDone = true
  }

  /** A `{` followed by white space, an optional quote and `tool_calls` opens a call object. */
  function trackCandidate(c: string, at: number): void {
    if (construct) return
    if (candidate) {
      const text = candidate.text
      if (candidate.keyAt === -1) {
        if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
          if (text.length < 64) {
            candidate.text += c
            return
          }
        } else if ((c === '"' || c === "'") && !candidate.quoted) {
          candidate.quoted = true
          candidate.text += c
          return
        } else if (c === 't') {
          candidate.keyAt = text.length
          candidate.text += c
          return
        }
      } else {
        const k = text.length - candidate.keyAt
        if (k < KEY.length && c === KEY[k]) {
          candidate.text += c
          if (k + 1 === KEY.length) {
            const { start, text: seen } = candidate
            candidate = null
            openObject(start, seen)
          }
          return
        }
      }
      candidate = null
    }
    if (c === '{') candidate = { start: at, text: '{', keyAt: -1, quoted: false }
  }

  function openObject(start: number, seen: string): void {
    open(start, start, seen)
    depth = 0
    quote = ''
    escaped = false
    for (const ch of seen) objectDepth(ch)
    if (construct && construct.fenced && !/^(json5?|jsonc)\b/i.test(construct.fenceInfo ?? '')) {
      const written = construct.fenceInfo ? `marked "${construct.fenceInfo.split(/\s/)[0]}"` : 'with no language'
      pendingConstructWarning = {
        code: 'fence-language',
        message: `The tool_calls JSON is in a code fence ${written}; it was read as JSON.`,
      }
    }
  }
  // ---- inside a call -----------------------------------------------------

  /** Tracks brackets outside strings; true when the object just closed. */
  function objectDepth(c: string): boolean {
    if (quote !== '') {
      if (escaped) escaped = false
      else if (c === '\\') escaped = true
      else if (c === quote) quote = ''
      return false
    }
    if (c === '"' || c === "'") quote = c
    else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      depth--
      return depth === 0
    }
    return false
  }

  /** Processes chunk[j] inside a call; true when the call ended with this character. */
  function insideChar(c: string): boolean {
    if (!tagged) return objectDepth(c)
    if (pending === '' && c !== '<') return false
    pending += c
    if (closeTag.startsWith(pending)) {
      if (pending.length === closeTag.length) {
        pending = ''
        return true
      }
      return false
    }
    const next = pending.indexOf('<', 1)
    pending = next === -1 ? '' : pending.slice(next)
    return false
  }

  function closeConstruct(end: number, payloadEnd: number, how: 'closed' | 'end-of-text'): void {
    const c = construct as Construct
    construct = null
    // The call's whole text, text[c.start, end); the payload sits between the tags.
    const raw = c.parts.join('')
    const payload = raw.slice(c.payloadStart - c.start, raw.length - (end - payloadEnd))
    // Nothing after a call on its line can open a fence.
    lineDone = true
    if (how === 'end-of-text' && tagged) {
      diagnostic(
        'warning',
        'missing-closing-tag',
        `The ${label} block has no ${closeTag}; it ends at the end of the text.`,
        end,
        0,
      )
    }
    const warning = pendingConstructWarning
    pendingConstructWarning = null
    finishCall(c, raw, payload, end, warning)
  }

  function finishCall(
    c: Construct,
    raw: string,
    payload: string,
    end: number,
    warning: { code: string; message: string } | null,
  ): void {
    const base = c.payloadStart
    const found: Diagnostic[] = []
    const local = (severity: DiagnosticSeverity, code: string, message: string, at: number, length = 0): void => {
      found.push(diagnostic(severity, code, message, at, length))
    }
    if (warning) local('warning', warning.code, warning.message, c.start, 1)
    const parsed = parseLenientJson(payload)
    const readings: CallReading[] = []
    if (!parsed.ok) {
      const { line, column } = positionIn(payload, parsed.offset)
      local(
        'error',
        'invalid-json',
        `The ${label} payload is not valid JSON: ${parsed.message} (line ${line}, column ${column} of the payload).`,
        base + parsed.offset,
        parsed.offset < payload.length ? 1 : 0,
      )
      readings.push({ name: '', id: undefined, arguments: null, start: c.start, end, problems: [] })
    } else {
      for (const repair of parsed.repairs)
        local('warning', repair.code, repair.message, base + repair.offset, repair.length)
      const whole = { start: c.start - base, end: end - base }
      let calls: unknown[]
      if (tagged) {
        calls = Array.isArray(parsed.value) ? parsed.value : [parsed.value]
      } else {
        const list = (parsed.value as Record<string, unknown>)[KEY]
        if (Array.isArray(list)) calls = list
        else if (list !== null && typeof list === 'object') {
          local(
            'warning',
            'tool-calls-not-array',
            '"tool_calls" holds one call object instead of an array of calls; it was read as one call.',
            c.start,
            1,
          )
          calls = [list]
        } else {
          local('error', 'invalid-call', '"tool_calls" must be an array of calls.', c.start, 1)
          calls = []
          readings.push({ name: '', id: undefined, arguments: null, start: c.start, end, problems: [] })
        }
      }
      for (const call of calls) readings.push(readCall(call, parsed.spans, base, whole))
      // A tag holding one call: the call is the whole tag block.
      if (tagged && readings.length === 1) {
        const only = readings[0] as CallReading
        only.start = c.start
        only.end = end
      }
    }
    // Payload-level findings belong to the call they fall in (the first when none).
    const owner = (d: Diagnostic): number =>
      Math.max(
        0,
        readings.findIndex((r) => d.offset >= r.start && d.offset < r.end),
      )
    readings.forEach((reading, n) => {
      const own = found.filter((d) => owner(d) === n)
      const index = n === 0 ? c.index : blockCount
      if (n > 0)
        emit({ type: 'block-open', index, offset: reading.start, inReasoning: c.inReasoning, fenced: c.fenced })
      finishRequest(reading, own, c, raw, end, index)
      blockCount = index + 1
    })
    if (readings.length === 0) blockCount = c.index + 1
  }

  function finishRequest(
    reading: CallReading,
    own: Diagnostic[],
    c: Construct,
    raw: string,
    end: number,
    index: number,
  ): void {
    const mine = [...own]
    for (const p of reading.problems) mine.push(diagnostic(p.severity, p.code, p.message, p.offset, p.length))
    const args = reading.arguments ?? {}
    for (const [key, value] of Object.entries(stringArguments(args)))
      emit({ type: 'field', index, key, value, offset: reading.start })
    let requestId: string
    if (reading.id !== undefined && session.has(reading.id)) {
      requestId = session.claim(reading.id)
      mine.push(
        diagnostic(
          'warning',
          'duplicate-request-id',
          `Request id "${reading.id}" is already taken in this session; this request is "${requestId}".`,
          reading.start,
        ),
      )
    } else {
      requestId = session.claim(reading.id)
    }
    const single = reading.start === c.start && reading.end === end
    const request: ParsedRequest = {
      requestId,
      toolName: reading.name,
      args: stringArguments(args),
      rawBlock: single ? raw : raw.slice(reading.start - c.start, reading.end - c.start),
      valid: false,
      start: reading.start,
      end: reading.end,
      diagnostics: mine,
      inReasoning: c.inReasoning,
      fenced: c.fenced,
      arguments: reading.arguments ?? undefined,
    }
    if (reading.arguments === null) delete request.arguments
    let included = true
    if (c.inReasoning && !includeReasoning) {
      included = false
      mine.push(
        diagnostic(
          'warning',
          'request-in-reasoning',
          'This request is inside <think> reasoning; it is not executed.',
          reading.start,
          reading.end - reading.start,
        ),
      )
    } else if (c.fenced && skipFenced) {
      included = false
      mine.push(
        diagnostic(
          'info',
          'fenced-block-skipped',
          'This request is inside a Markdown code fence and fenced blocks are skipped.',
          reading.start,
        ),
      )
    }
    mine.sort((a, b) => a.offset - b.offset)
    request.valid = reading.name !== '' && reading.arguments !== null && !mine.some((d) => d.severity === 'error')
    if (included) requests.push(request)
    emit({ type: 'block-close', index, request, included })
  }

  // ---- driver --------------------------------------------------------------

  function feedChunk(chunk: string): void {
    lines.append(chunk)
    let partStart = 0
    for (let j = 0; j < chunk.length; j++) {
      const c = chunk[j] as string
      const at = offset + j
      if (construct) {
        if (insideChar(c)) {
          construct.parts.push(chunk.slice(partStart, j + 1))
          closeConstruct(at + 1, tagged ? at + 1 - closeTag.length : at + 1, 'closed')
        }
        continue
      }
      outsideChar(c, at)
      // A call opened with this character: its text so far (tag or `{ "tool_calls`) is in parts.
      if (construct) partStart = j + 1
    }
    if (construct) construct.parts.push(chunk.slice(partStart))
    offset += chunk.length
    lastChar = chunk[chunk.length - 1] as string
  }

  return {
    feed(chunk) {
      if (result) throw new Error('feed() after end(): create a new stream parser for new text')
      events = null
      if (chunk.length > 0) feedChunk(chunk)
      return events ?? NO_EVENTS
    },
    end() {
      if (!result) {
        events = null
        if (construct) closeConstruct(offset, offset, 'end-of-text')
        if (reasoningOpen !== -1) {
          diagnostic(
            'warning',
            'unclosed-reasoning',
            'A <think> block is never closed; the rest of the text counts as reasoning.',
            reasoningOpen,
            0,
          )
        }
        diagnostics.sort((a, b) => a.offset - b.offset)
        result = { requests, diagnostics }
      }
      return result
    },
  }
}
