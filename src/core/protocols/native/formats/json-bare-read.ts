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
import { jsonValueEnd, skipSpace } from '../json-pieces'

export interface TopKey {
  key: string
  /** First offset of the key's value (after `:` and space). */
  valueStart: number
}

export interface ObjectScan {
  /** End (exclusive) of the object, -1 when it is still open at the limit. */
  end: number
  keys: TopKey[]
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

/** The object opening at `from` (a `{`): where it ends, and its top-level keys. One pass. */
export function scanObject(text: string, from: number, limit = text.length): ObjectScan {
  const keys: TopKey[] = []
  let depth = 0
  let quote = 0
  let keyStart = -1
  let expectKey = false
  let pendingKey: string | null = null
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (quote !== 0) {
      if (c === 0x5c) i++
      else if (c === quote) {
        quote = 0
        if (keyStart !== -1) {
          pendingKey = text.slice(keyStart + 1, i)
          keyStart = -1
        }
      }
      continue
    }
    if (isSpace(c)) continue
    if (pendingKey !== null) {
      const key = pendingKey
      pendingKey = null
      if (c === 0x3a) {
        keys.push({ key, valueStart: skipSpace(text, i + 1, limit) })
        continue
      }
    }
    if (c === 0x22 || c === 0x27) {
      quote = c
      if (depth === 1 && expectKey) keyStart = i
      expectKey = false
      continue
    }
    expectKey = false
    if (c === 0x7b || c === 0x5b) {
      depth++
      if (depth === 1) expectKey = true
    } else if (c === 0x7d || c === 0x5d) {
      depth--
      if (depth <= 0) return { end: i + 1, keys }
    } else if (c === 0x2c && depth === 1) expectKey = true
  }
  return { end: -1, keys }
}

/** The first key of the object at `brace`, read within a short window; null when there is none. */
export function firstKey(text: string, brace: number, window = 48): string | null {
  const limit = Math.min(text.length, brace + window)
  const q = skipSpace(text, brace + 1, limit)
  const quote = text[q]
  if (quote !== '"' && quote !== "'") return null
  const close = text.indexOf(quote, q + 1)
  if (close === -1 || close >= limit) return null
  return text.slice(q + 1, close)
}

/** A quoted string value at `at`: its text and the offset after its closing quote; null when it is not one or not closed. */
export function stringAt(text: string, at: number, limit = text.length): { value: string; end: number } | null {
  const quote = text.charCodeAt(at)
  if (quote !== 0x22 && quote !== 0x27) return null
  for (let i = at + 1; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5c) i++
    else if (c === quote) {
      const raw = text.slice(at + 1, i)
      if (raw.indexOf('\\') === -1) return { value: raw, end: i + 1 }
      try {
        return { value: JSON.parse(`"${quote === 0x22 ? raw : raw.replace(/"/g, '\\"')}"`) as string, end: i + 1 }
      } catch {
        return { value: raw, end: i + 1 }
      }
    }
  }
  return null
}

export const ARGUMENT_KEYS = ['arguments', 'parameters'] as const

/** True when the scanned object looks like a call: a name and its arguments, or OpenAI's `function`. */
export function looksLikeCall(scan: ObjectScan): boolean {
  const has = (key: string): boolean => scan.keys.some((k) => k.key === key)
  return (has('name') && (has('arguments') || has('parameters'))) || has('function')
}

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
      message: "the call's JSON object is never closed; the text ends inside it.",
      offset: from,
      length: 1,
    })
    problems.push({
      severity: 'error',
      code: 'invalid-json',
      message: 'the call cannot be read: its JSON object is cut off.',
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
      message: `the call is not valid JSON: ${parsed.message}.`,
      offset: at,
      length: at < scan.end ? 1 : 0,
    })
    return out
  }
  for (const repair of parsed.repairs)
    problems.push({
      severity: 'warning',
      code: repair.code,
      message: repair.message,
      offset: repair.offset,
      length: repair.length,
    })
  const reading = readCall(parsed.value, parsed.spans, 0, { start: from, end: scan.end })
  out.name = reading.name
  out.arguments = reading.arguments
  if (reading.id !== undefined) out.id = reading.id
  for (const p of reading.problems) problems.push({ ...p, message: lowerFirst(p.message) })
  if (isRecord(parsed.value) && isRecord(parsed.value.function)) delete out.argumentsSpan
  return out
}

/** Messages from the shared JSON reader start with a capital; the format's label comes first here. */
function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1)
}

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
export function readCallList(text: string, open: number, blockStart: number, what: string): ListReading {
  const limit = text.length
  const items: ObjectCall[] = []
  const starts: number[] = []
  const problems: FormatProblem[] = []
  let end = -1
  let i = skipSpace(text, open + 1)
  while (i < limit) {
    const c = text[i]
    if (c === ']') {
      end = i + 1
      break
    }
    if (c !== '{') {
      const last = items[items.length - 1]
      ;(last ? last.problems : problems).push({
        severity: 'error',
        code: 'invalid-call',
        message: `${what} must hold call objects \`{"name": ..., "arguments": {...}}\`; found ${JSON.stringify(text.slice(i, i + 12))}.`,
        offset: i,
        length: 1,
      })
      end = jsonValueEnd(text, open)
      break
    }
    const call = readObjectCall(text, i, limit)
    items.push(call)
    starts.push(i)
    if (call.objectEnd === -1) break
    i = skipSpace(text, call.objectEnd)
    if (text[i] === ',') i = skipSpace(text, i + 1)
    else if (i < limit && text[i] !== ']') {
      // The list is not JSON: the call before the slip is not run on a guess.
      call.problems.push({
        severity: 'error',
        code: 'invalid-json',
        message: `"," or "]" was expected after a call in ${what}, found ${JSON.stringify(text[i])}.`,
        offset: i,
        length: 1,
      })
      end = jsonValueEnd(text, open)
      break
    }
  }
  const calls: FoundCall[] = []
  if (items.length === 1) {
    const call = items[0] as ObjectCall
    const closed = end !== -1 && call.objectEnd !== -1
    if (!closed && call.objectEnd !== -1)
      call.problems.push({
        severity: 'warning',
        code: 'unclosed-call',
        message: `${what} is never closed with "]"; the text ends inside it.`,
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
        message: `${what} is never closed with "]"; the text ends inside it.`,
        offset: open,
        length: 1,
      })
  }
  if (items.length === 0 && end !== -1 && problems.length === 0)
    problems.push({
      severity: 'info',
      code: 'empty-call-list',
      message: `${what} holds no calls.`,
      offset: open,
      length: end - open,
    })
  return { calls, problems, end }
}
