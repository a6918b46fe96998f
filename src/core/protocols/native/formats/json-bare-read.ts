/**
 * Reading a call written as a JSON object (`{"name": ..., "arguments": ...}`) or a list of them,
 * where the object's end is found by bracket depth rather than by a marker: bare Llama 3 JSON,
 * xLAM lists, `functools[...]`, `<function_call> {...}`. While the text streams in, the name and
 * the arguments' place are found by a scan of the object's top-level keys, so a card shows the
 * name before the object is complete.
 */
import { isRecord } from '../../../own-record'
import { readCall } from '../../json/calls'
import { parseLenientJson } from '../../json/lenient-json'
import type { FormatProblem, FoundCall } from '../format'
import { jsonValueEnd, sameMessage, skipSpace } from '../json-pieces'
import { say } from '../../../messages/say'
import type { MessageRef } from '../../../messages/types'
import { scanObject, stringAt } from './json-bare-scan'
import { lowercased } from './json-bare-lowercase'

/** The keys that hold a call's arguments, in the order they are looked for. */
export const ARGUMENT_KEYS = ['arguments', 'parameters'] as const

/** A call read from a JSON object, before its span and closing are settled by the caller. */
export interface ObjectCall {
  name: string
  nameEnd?: number
  arguments: Record<string, unknown> | null
  argumentsSpan?: { start: number; end: number }
  id?: string
  problems: FormatProblem[]
  /** End (exclusive) of the object, -1 when the text ends inside it. */
  objectEnd: number
}

/**
 * The call written as the JSON object at `from` (a `{`), read no further than `limit`. `scan`
 * may be given when the caller already scanned the object.
 */
export function readObjectCall(
  text: string,
  from: number,
  limit: number,
  scan = scanObject(text, from, limit),
): ObjectCall {
  const end = scan.end === -1 ? limit : scan.end
  const problems: FormatProblem[] = []
  const out: ObjectCall = { name: '', arguments: null, problems, objectEnd: scan.end }
  const nameKey = scan.keys.find((k) => k.key === 'name')
  const named = nameKey ? stringAt(text, nameKey.valueStart, end) : null
  if (named) {
    out.name = named.value.trim()
    out.nameEnd = named.end
  }
  const argKey = scan.keys.find((k) => k.key === 'arguments') ?? scan.keys.find((k) => k.key === 'parameters')
  if (argKey && argKey.valueStart < end) {
    const valueEnd = text[argKey.valueStart] === '{' ? jsonValueEnd(text, argKey.valueStart, end) : -1
    out.argumentsSpan = { start: argKey.valueStart, end: valueEnd === -1 ? end : valueEnd }
  }
  if (scan.end === -1) {
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      ...say('native.json.object-unclosed'),
      offset: from,
      length: 1,
    })
    problems.push({
      severity: 'error',
      code: 'invalid-json',
      ...say('native.json.object-cut-off'),
      offset: limit,
      length: 0,
    })
    return out
  }
  const parsed = parseLenientJson(text, from, scan.end)
  if (!parsed.ok) {
    const at = Math.min(parsed.offset, scan.end)
    problems.push({
      severity: 'error',
      code: 'invalid-json',
      ...say('native.json.call-invalid', { problem: parsed.why }),
      offset: at,
      length: at < scan.end ? 1 : 0,
    })
    return out
  }
  for (const repair of parsed.repairs)
    problems.push({
      severity: 'warning',
      code: repair.code,
      ...sameMessage(repair),
      offset: repair.offset,
      length: repair.length,
    })
  const reading = readCall(parsed.value, parsed.spans, 0, { start: from, end: scan.end })
  out.name = reading.name
  out.arguments = reading.arguments
  if (reading.id !== undefined) out.id = reading.id
  for (const p of reading.problems) problems.push(lowercased(p))
  if (isRecord(parsed.value) && isRecord(parsed.value.function)) delete out.argumentsSpan
  return out
}

/** The call as a finding's call spanning [start, end), closed or not. */
export function toFound(call: ObjectCall, start: number, end: number, closed: boolean): FoundCall {
  return {
    name: call.name,
    arguments: call.arguments,
    ...(call.nameEnd !== undefined ? { nameEnd: call.nameEnd } : {}),
    ...(call.argumentsSpan ? { argumentsSpan: call.argumentsSpan } : {}),
    ...(call.id !== undefined ? { id: call.id } : {}),
    start,
    end,
    closed,
    problems: call.problems,
  }
}

/** The calls of a JSON list, with problems that belong to no one call. */
export interface ListReading {
  calls: FoundCall[]
  problems: FormatProblem[]
  /** End (exclusive) of the list, -1 when the text ends inside it. */
  end: number
}

/**
 * The calls in a JSON list opening at `open` (a `[`). A list of one call spans `blockStart` to
 * the list's end (the call's whole block); with several, each call spans its object. A call is
 * closed once its object is and the list goes on past it (or is closed).
 */
export function readCallList(text: string, open: number, blockStart: number, what: MessageRef): ListReading {
  const limit = text.length
  const items: ObjectCall[] = []
  const starts: number[] = []
  const problems: FormatProblem[] = []
  const end = readListItems(text, open, what, items, starts, problems)
  const calls: FoundCall[] = []
  if (items.length === 1) {
    const call = items[0] as ObjectCall
    const closed = end !== -1 && call.objectEnd !== -1
    if (!closed && call.objectEnd !== -1)
      call.problems.push({
        severity: 'warning',
        code: 'unclosed-call',
        ...say('native.json.list-unclosed', { what }),
        offset: open,
        length: 1,
      })
    calls.push(toFound(call, blockStart, end !== -1 ? end : call.objectEnd !== -1 ? call.objectEnd : limit, closed))
  } else {
    items.forEach((call, n) => {
      const last = n === items.length - 1
      const closed = call.objectEnd !== -1 && (!last || end !== -1)
      calls.push(toFound(call, starts[n] as number, call.objectEnd === -1 ? limit : call.objectEnd, closed))
    })
    if (end === -1 && items.length > 1)
      problems.push({
        severity: 'warning',
        code: 'unclosed-section',
        ...say('native.json.list-unclosed', { what }),
        offset: open,
        length: 1,
      })
  }
  if (items.length === 0 && end !== -1 && problems.length === 0)
    problems.push({
      severity: 'info',
      code: 'empty-call-list',
      ...say('native.json.holds-no-calls', { what }),
      offset: open,
      length: end - open,
    })
  return { calls, problems, end }
}

/**
 * The call objects of the list opening at `open`, pushed to `items` with their offsets in
 * `starts`. Returns the end (exclusive) of the list, -1 when the text ends inside it. An element
 * that is no call object, or a slip between calls, stops the reading there.
 */
function readListItems(
  text: string,
  open: number,
  what: MessageRef,
  items: ObjectCall[],
  starts: number[],
  problems: FormatProblem[],
): number {
  const limit = text.length
  let i = skipSpace(text, open + 1)
  while (i < limit) {
    const c = text[i]
    if (c === ']') return i + 1
    if (c !== '{') {
      const end = jsonValueEnd(text, open)
      // Quoted no further than the list's end: a call settled there must read the same once more text comes.
      const found = text.slice(i, Math.min(i + 12, end === -1 ? limit : end))
      const last = items[items.length - 1]
      ;(last ? last.problems : problems).push({
        severity: 'error',
        code: 'invalid-call',
        ...say('native.json.list-holds-non-call', { what, found: JSON.stringify(found) }),
        offset: i,
        length: 1,
      })
      return end
    }
    const call = readObjectCall(text, i, limit)
    items.push(call)
    starts.push(i)
    if (call.objectEnd === -1) return -1
    i = skipSpace(text, call.objectEnd)
    if (text[i] === ',') i = skipSpace(text, i + 1)
    else if (i < limit && text[i] !== ']') {
      // The list is not JSON: the call before the slip is not run on a guess.
      call.problems.push({
        severity: 'error',
        code: 'invalid-json',
        ...say('native.json.list-separator-expected', { what, found: JSON.stringify(text[i]) }),
        offset: i,
        length: 1,
      })
      return jsonValueEnd(text, open)
    }
  }
  return -1
}
