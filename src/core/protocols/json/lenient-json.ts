/**
 * JSON as models write it. Strict JSON parses as JSON.parse would; on top of that, the slips real
 * models make are repaired, each reported with its position: trailing commas, single quotes,
 * unquoted keys, Python's True/False/None, raw newlines and tabs inside strings. What cannot be
 * repaired is an error at the offset where reading failed. Never throws.
 *
 * Objects are built with own properties only (`__proto__` is an ordinary key), and the span of
 * every object and array is recorded, so a caller can point at one call inside a payload.
 *
 * This file reads containers; lenient-json-scalars.ts reads strings, numbers and literals, and
 * lenient-json-cursor.ts holds the reading position they share.
 */
import { setOwn } from '../../own-record'
import type { MessageParams, MessageRef } from '../../messages/types'
import { englishMessages, type MessageId } from '../../messages/english'
import { renderMessage } from '../../messages/render'
import { ref, say } from '../../messages/say'
import { createCursor, describeAt, fail, JsonFailure, skipSpace, type JsonCursor } from './lenient-json-cursor'
import { readLiteral, readNumber, readString } from './lenient-json-scalars'

/** One slip `parseLenientJson` repaired, with where it is, so the model's text can be marked. */
export interface JsonRepair {
  code: 'trailing-comma' | 'single-quotes' | 'unquoted-key' | 'python-literal' | 'unescaped-control-character'
  /** What was repaired, in English; `messageId` and `params` say it for other languages. */
  message: string
  messageId: MessageId
  params?: MessageParams
  /** Offset in the text given to parseLenientJson. */
  offset: number
  length: number
}

export interface JsonSpan {
  start: number
  end: number
}

/**
 * The value the text meant, with the repairs made, the span of every object and array, and where the
 * value ended; or why and where reading failed (with the repairs made before that). `message` is a
 * lowercase phrase in English; `why` is the same phrase as a message to nest in another one.
 */
export type LenientJsonResult =
  | { ok: true; value: unknown; repairs: JsonRepair[]; spans: WeakMap<object, JsonSpan>; end: number }
  | { ok: false; message: string; why: MessageRef; offset: number; repairs: JsonRepair[] }

const MAX_DEPTH = 256
const PAYLOAD_ENDS = ref('json.failure.payload-ends')
const IN_OBJECT = ref('json.container.object')
const IN_ARRAY = ref('json.container.array')

/** Parses one JSON value from text[start, end); text after the value (other than space) is an error. */
export function parseLenientJson(text: string, start = 0, end = text.length): LenientJsonResult {
  const r = createCursor(text, start, end)
  try {
    const parsed = readValue(r)
    skipSpace(r)
    if (r.i < end) fail(r, ref('json.failure.trailing-text', { found: describeAt(r, r.i) }))
    return { ok: true, value: parsed, repairs: r.repairs, spans: r.spans, end: r.i }
  } catch (error) {
    // A RangeError from a pathological payload is still a payload error, not a crash.
    const why =
      error instanceof JsonFailure
        ? error.why
        : ref('json.failure.thrown', { message: error instanceof Error ? error.message : String(error) })
    const offset = error instanceof JsonFailure ? error.offset : r.i
    return { ok: false, message: renderMessage(why, englishMessages), why, offset, repairs: r.repairs }
  }
}

/** Reads the value after any white space, whatever its kind. */
function readValue(r: JsonCursor): unknown {
  skipSpace(r)
  if (r.i >= r.end) fail(r, PAYLOAD_ENDS)
  const c = r.text[r.i] as string
  if (c === '{') return readObject(r)
  if (c === '[') return readArray(r)
  if (c === '"' || c === "'") return readString(r)
  if (c === '-' || (c >= '0' && c <= '9')) return readNumber(r)
  return readLiteral(r)
}

function enter(r: JsonCursor): void {
  if (++r.depth > MAX_DEPTH) fail(r, ref('json.failure.too-deep', { depth: MAX_DEPTH }))
}

/** Reads the object whose `{` is at the cursor, and records its span. */
function readObject(r: JsonCursor): Record<string, unknown> {
  const open = r.i
  enter(r)
  r.i++
  const out: Record<string, unknown> = {}
  skipSpace(r)
  if (r.text[r.i] === '}') r.i++
  else {
    do {
      skipSpace(r)
      const key = readObjectKey(r)
      skipSpace(r)
      if (r.text[r.i] !== ':') fail(r, ref('json.failure.colon-expected', { key, found: describeAt(r, r.i) }))
      r.i++
      setOwn(out, key, readValue(r))
    } while (!endOfMember(r, '}', IN_OBJECT))
  }
  r.depth--
  r.spans.set(out, { start: open, end: r.i })
  return out
}

/** A key in quotes, or a bare one (a repair). */
function readObjectKey(r: JsonCursor): string {
  const text = r.text
  const c = text[r.i]
  if (c === '"' || c === "'") return readString(r)
  const keyStart = r.i
  let i = keyStart
  while (i < r.end && isBareKeyChar(text.charCodeAt(i))) i++
  r.i = i
  if (i === keyStart) fail(r, ref('json.failure.key-expected', { found: describeAt(r, i) }))
  const key = text.slice(keyStart, i)
  r.repairs.push({
    code: 'unquoted-key',
    ...say('json.repair.unquoted-key', { key }),
    offset: keyStart,
    length: key.length,
  })
  return key
}

/** [A-Za-z0-9_$-] */
function isBareKeyChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || // a-z
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x30 && c <= 0x39) || // 0-9
    c === 0x5f || // _
    c === 0x24 || // $
    c === 0x2d // -
  )
}

/** Reads the array whose `[` is at the cursor, and records its span. */
function readArray(r: JsonCursor): unknown[] {
  const open = r.i
  enter(r)
  r.i++
  const out: unknown[] = []
  skipSpace(r)
  if (r.text[r.i] === ']') r.i++
  else {
    do out.push(readValue(r))
    while (!endOfMember(r, ']', IN_ARRAY))
  }
  r.depth--
  r.spans.set(out, { start: open, end: r.i })
  return out
}

/**
 * After a member of an object or array: a comma, or the closing bracket `close`. True when the
 * container ended, a comma just before `close` (ignored, as a repair) included.
 */
function endOfMember(r: JsonCursor, close: '}' | ']', container: MessageRef): boolean {
  skipSpace(r)
  const text = r.text
  if (text[r.i] === ',') {
    const comma = r.i
    r.i++
    skipSpace(r)
    if (text[r.i] !== close) return false
    r.repairs.push({
      code: 'trailing-comma',
      ...say('json.repair.trailing-comma', { close }),
      offset: comma,
      length: 1,
    })
    r.i++
    return true
  }
  if (text[r.i] === close) {
    r.i++
    return true
  }
  return fail(r, ref('json.failure.separator-expected', { close, container, found: describeAt(r, r.i) }))
}
