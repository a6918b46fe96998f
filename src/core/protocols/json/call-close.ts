/**
 * The machine's way back to prose when a call ends: the payload is read with the lenient JSON
 * parser, each call in it becomes a request, and each request's events and diagnostics are given
 * in order (block-open, diagnostics, fields, block-close).
 */
import type { Diagnostic, DiagnosticSeverity, ParsedRequest } from '../../types'
import { parseLenientJson } from './lenient-json'
import { say, type SaidMessage } from '../../messages/say'
import { positionIn, readCall, stringArguments, type CallReading } from './calls'
import type { MachineState, OpenCall } from './machine-state'
import { ownersOf } from './finding-owners'

const KEY = 'tool_calls'

/** Records a diagnostic of the payload, to be handed to the request it falls in. */
type Note = (severity: DiagnosticSeverity, code: string, said: SaidMessage, at: number, length?: number) => void

// Messages without parameters: built once, shared by every call that needs them.
const IN_REASONING = say('json.request-in-reasoning')
const FENCED_SKIPPED = say('json.fenced-block-skipped')
const ONE_CALL_OBJECT = say('json.tool-calls-not-array')
const NOT_A_CALL_LIST = say('json.tool-calls-invalid')

/**
 * Ends the open call and returns to 'prose'. The call is text[call.start, end); its payload ends
 * at `payloadEnd` (before the closing tag). `how` says whether it closed or the text ended.
 */
export function closeCall(s: MachineState, end: number, payloadEnd: number, how: 'closed' | 'end-of-text'): void {
  const call = s.call as OpenCall
  s.call = null
  s.mode = 'prose'
  // The call's whole text, text[call.start, end); the payload sits between the tags.
  const raw = call.parts.join('')
  const payload = raw.slice(call.payloadStart - call.start, raw.length - (end - payloadEnd))
  // Nothing after a call on its line can open a fence.
  s.fences.endLine()
  if (how === 'end-of-text' && s.settings.tagged) {
    const { label, closeTag } = s.settings
    s.out.diagnostic('warning', 'missing-closing-tag', say('json.missing-closing-tag', { label, closeTag }), end, 0)
  }
  finishCall(s, call, raw, payload, end)
}

function finishCall(s: MachineState, call: OpenCall, raw: string, payload: string, end: number): void {
  const found: Diagnostic[] = []
  const note: Note = (severity, code, said, at, length = 0) => {
    found.push(s.out.diagnostic(severity, code, said, at, length))
  }
  const warning = call.openingWarning
  if (warning) note('warning', warning.code, saidOf(warning), call.start, 1)
  const readings = readPayload(s, call, payload, end, note)
  // Payload-level findings belong to the first call they fall in (the first call when none).
  const offsets = found.map((d) => d.offset)
  const owners = ownersOf(offsets, readings)
  const owned = readings.map((): Diagnostic[] => [])
  found.forEach((d, k) => owned[owners[k] as number]?.push(d))
  readings.forEach((reading, n) => {
    const own = owned[n] as Diagnostic[]
    const index = n === 0 ? call.index : s.blockCount
    if (n > 0)
      s.out.emit({
        type: 'block-open',
        index,
        offset: reading.start,
        inReasoning: call.inReasoning,
        fenced: call.fenced,
      })
    finishRequest(s, reading, own, call, raw, end, index)
    s.blockCount = index + 1
  })
  if (readings.length === 0) s.blockCount = call.index + 1
}

/** The calls in the payload, each read; what is wrong with the payload as a whole is noted. */
function readPayload(s: MachineState, call: OpenCall, payload: string, end: number, note: Note): CallReading[] {
  const { tagged, label } = s.settings
  const base = call.payloadStart
  const parsed = parseLenientJson(payload)
  if (!parsed.ok) {
    const { line, column } = positionIn(payload, parsed.offset)
    note(
      'error',
      'invalid-json',
      say('json.invalid-json', { label, problem: parsed.why, line, column }),
      base + parsed.offset,
      parsed.offset < payload.length ? 1 : 0,
    )
    return [unreadable(call, end)]
  }
  for (const repair of parsed.repairs) note('warning', repair.code, saidOf(repair), base + repair.offset, repair.length)
  const readings: CallReading[] = []
  let calls: unknown[]
  if (tagged) calls = Array.isArray(parsed.value) ? parsed.value : [parsed.value]
  else {
    const list = toolCallsList(parsed.value, call, note)
    if (list === null) readings.push(unreadable(call, end))
    calls = list ?? []
  }
  const whole = { start: call.start - base, end: end - base }
  for (const one of calls) readings.push(readCall(one, parsed.spans, base, whole))
  // A tag holding one call: the call is the whole tag block.
  if (tagged && readings.length === 1) {
    const only = readings[0] as CallReading
    only.start = call.start
    only.end = end
  }
  return readings
}

/** The calls under `tool_calls`: its array, or its one call object (noted); null when it holds neither. */
function toolCallsList(value: unknown, call: OpenCall, note: Note): unknown[] | null {
  const list = (value as Record<string, unknown>)[KEY]
  if (Array.isArray(list)) return list
  if (list !== null && typeof list === 'object') {
    note('warning', 'tool-calls-not-array', ONE_CALL_OBJECT, call.start, 1)
    return [list]
  }
  note('error', 'invalid-call', NOT_A_CALL_LIST, call.start, 1)
  return null
}

/** The reading of a call that could not be read: the whole construct, with no name or arguments. */
function unreadable(call: OpenCall, end: number): CallReading {
  return { name: '', id: undefined, arguments: null, start: call.start, end, problems: [] }
}

/** Gives one reading as a request: its diagnostics, its fields, its id, and the block-close event. */
function finishRequest(
  s: MachineState,
  reading: CallReading,
  own: Diagnostic[],
  call: OpenCall,
  raw: string,
  end: number,
  index: number,
): void {
  const out = s.out
  const mine = [...own]
  for (const p of reading.problems) mine.push(out.diagnostic(p.severity, p.code, saidOf(p), p.offset, p.length))
  const args = reading.arguments ?? {}
  for (const [key, value] of Object.entries(stringArguments(args)))
    out.emit({ type: 'field', index, key, value, offset: reading.start })
  const requestId = claimRequestId(s, reading, mine)
  const single = reading.start === call.start && reading.end === end
  const request: ParsedRequest = {
    requestId,
    toolName: reading.name,
    args: stringArguments(args),
    rawBlock: single ? raw : raw.slice(reading.start - call.start, reading.end - call.start),
    valid: false,
    start: reading.start,
    end: reading.end,
    diagnostics: mine,
    inReasoning: call.inReasoning,
    fenced: call.fenced,
    arguments: reading.arguments ?? undefined,
  }
  if (reading.arguments === null) delete request.arguments
  const included = isIncluded(s, call, reading, mine)
  mine.sort((a, b) => a.offset - b.offset)
  request.valid = reading.name !== '' && reading.arguments !== null && !mine.some((d) => d.severity === 'error')
  if (included) out.requests.push(request)
  out.emit({ type: 'block-close', index, request, included })
}

/** The call's own id when it is free in the session, otherwise a fresh one (with a warning). */
function claimRequestId(s: MachineState, reading: CallReading, mine: Diagnostic[]): string {
  const session = s.settings.session
  if (reading.id === undefined || !session.has(reading.id)) return session.claim(reading.id)
  const requestId = session.claim(reading.id)
  mine.push(
    s.out.diagnostic(
      'warning',
      'duplicate-request-id',
      say('json.duplicate-request-id', { id: reading.id, request: requestId }),
      reading.start,
    ),
  )
  return requestId
}

/** False, with the reason among the request's diagnostics, for calls in reasoning or skipped fences. */
function isIncluded(s: MachineState, call: OpenCall, reading: CallReading, mine: Diagnostic[]): boolean {
  if (call.inReasoning && !s.settings.includeReasoning) {
    mine.push(
      s.out.diagnostic('warning', 'request-in-reasoning', IN_REASONING, reading.start, reading.end - reading.start),
    )
    return false
  }
  if (call.fenced && s.settings.skipFenced) {
    mine.push(s.out.diagnostic('info', 'fenced-block-skipped', FENCED_SKIPPED, reading.start))
    return false
  }
  return true
}

/** Only the message of a finding that carries more (a code, an offset), so a diagnostic gets nothing else. */
function saidOf(found: SaidMessage): SaidMessage {
  return found.params
    ? { message: found.message, messageId: found.messageId, params: found.params }
    : { message: found.message, messageId: found.messageId }
}
