/**
 * Python literals read as JSON values: strings in either quote (triple quotes, escapes, r/u
 * prefixes, adjacent strings joined), numbers, True/False/None (and JSON's true/false/null),
 * lists, tuples, sets and dicts. A nested call or a name is no literal: it is diagnosed, never
 * evaluated. Recursion is capped.
 */
import { setOwn } from '../../../own-record'
import {
  describe,
  isNameStart,
  keyEnd,
  nameEnd,
  short,
  skipSpaces,
  skipString,
  stringStart,
  type LiteralOptions,
} from './pythonic-text'

const MAX_DEPTH = 128

/** A literal read as a JSON value and the offset after it, or why it could not be read. */
export type ValueResult =
  | { ok: true; value: unknown; end: number }
  /** `truncated`: the text ended inside the value (a stream cut it), not a syntax error. */
  | { ok: false; code: string; message: string; at: number; length: number; truncated: boolean }

type Fail = Extract<ValueResult, { ok: false }>

function fail(code: string, message: string, at: number, length = 1, truncated = false): Fail {
  return { ok: false, code, message, at, length, truncated }
}

/** Reads one literal at `at` (after spaces) within `limit`. */
export function readLiteral(
  text: string,
  at: number,
  limit: number,
  options: LiteralOptions = {},
  depth = 0,
): ValueResult {
  const i = skipSpaces(text, at, limit)
  if (i >= limit) return fail('missing-value', 'a value was expected but the text ends.', i, 0, true)
  if (depth > MAX_DEPTH) return fail('too-deep', `values are nested more than ${MAX_DEPTH} deep.`, i)
  const c = text.charCodeAt(i)
  const esc = options.escapeToken
  if (esc !== undefined && c === 0x3c && text.startsWith(esc, i)) {
    const close = text.indexOf(esc, i + esc.length)
    if (close === -1 || close + esc.length > limit)
      return fail('unclosed-string', `the ${esc} string is never closed.`, i, esc.length, true)
    return { ok: true, value: text.slice(i + esc.length, close), end: close + esc.length }
  }
  const str = stringStart(text, i, limit)
  if (str) return readStrings(text, i, limit)
  if (c === 0x5b) return readSequence(text, i, limit, 0x5d, options, depth)
  if (c === 0x28) return readSequence(text, i, limit, 0x29, options, depth)
  if (c === 0x7b) return readBraces(text, i, limit, options, depth)
  if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) return readNumber(text, i, limit)
  if (isNameStart(c)) {
    const end = nameEnd(text, i, limit)
    const word = text.slice(i, end)
    if (word === 'True' || word === 'true') return { ok: true, value: true, end }
    if (word === 'False' || word === 'false') return { ok: true, value: false, end }
    if (word === 'None' || word === 'null') return { ok: true, value: null, end }
    const after = skipSpaces(text, end, limit)
    if (text.charCodeAt(after) === 0x28)
      return fail('nested-call', `arguments must be literals; \`${short(word)}(...)\` is a call.`, i, end - i)
    return fail(
      'not-a-literal',
      `\`${short(word)}\` is a name, not a literal value; strings need quotes.`,
      i,
      end - i,
      end >= limit,
    )
  }
  return fail('invalid-literal', `${describe(text, i)} cannot start a value.`, i)
}

/** One string, or several written next to each other (Python joins them). */
function readStrings(text: string, at: number, limit: number): ValueResult {
  const parts: string[] = []
  let i = at
  for (;;) {
    const one = readString(text, i, limit)
    if (!one.ok) return one
    parts.push(one.value as string)
    const next = skipSpaces(text, one.end, limit)
    if (next < limit && stringStart(text, next, limit)) {
      i = next
      continue
    }
    return { ok: true, value: parts.join(''), end: one.end }
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
}

/** One string (its quote, or prefix then quote, at `at`) with its escapes read. */
export function readString(text: string, at: number, limit: number): ValueResult {
  const start = stringStart(text, at, limit) as { prefix: string; quoteAt: number }
  const { prefix, quoteAt } = start
  if (prefix.includes('b')) return fail('invalid-literal', 'a bytes literal has no JSON form.', at, quoteAt - at + 1)
  const raw = prefix.includes('r')
  const end = skipString(text, quoteAt, limit)
  if (end === -1) return fail('unclosed-string', 'the string that starts here is never closed.', quoteAt, 1, true)
  const q = text.charCodeAt(quoteAt)
  const triple =
    quoteAt + 2 < limit &&
    text.charCodeAt(quoteAt + 1) === q &&
    text.charCodeAt(quoteAt + 2) === q &&
    end - quoteAt >= 6
  const bodyStart = quoteAt + (triple ? 3 : 1)
  const bodyEnd = end - (triple ? 3 : 1)
  if (prefix.includes('f') && charIndex(text, 0x7b, bodyStart, bodyEnd) !== -1) {
    return fail('invalid-literal', 'an f-string with placeholders is not a literal.', at, quoteAt - at + 1)
  }
  if (raw) return { ok: true, value: text.slice(bodyStart, bodyEnd), end }
  const out: string[] = []
  let from = bodyStart
  let i = charIndex(text, 0x5c, bodyStart, bodyEnd)
  while (i !== -1) {
    out.push(text.slice(from, i))
    const e = text[i + 1] as string
    let next = i + 2
    const simple = SIMPLE_ESCAPES[e]
    if (simple !== undefined) out.push(simple)
    else if (e === '\n') out.push('')
    else if (e === '\r') next = text[i + 2] === '\n' ? i + 3 : i + 2
    else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8
      const hex = text.slice(i + 2, i + 2 + n)
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === n ? parseInt(hex, 16) : NaN
      if (!Number.isFinite(code) || code > 0x10ffff)
        return fail('invalid-literal', `\`\\${e}${hex}\` is not a valid escape.`, i, 2 + hex.length)
      out.push(String.fromCodePoint(code))
      next = i + 2 + n
    } else if (e >= '0' && e <= '7') {
      let j = i + 1
      while (j < i + 4 && j < bodyEnd && text[j]! >= '0' && text[j]! <= '7') j++
      out.push(String.fromCharCode(parseInt(text.slice(i + 1, j), 8)))
      next = j
    } else out.push('\\' + e) // Python keeps an unknown escape as written.
    from = next
    i = charIndex(text, 0x5c, next, bodyEnd)
  }
  out.push(text.slice(from, bodyEnd))
  return { ok: true, value: out.join(''), end }
}

/**
 * The first `code` in text[from, end), or -1. Bounded: an indexOf over the rest of the text would
 * cost every string the length of the whole reply after it.
 */
function charIndex(text: string, code: number, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === code) return i
  return -1
}

function readNumber(text: string, at: number, limit: number): ValueResult {
  let i = at
  let sign = 1
  while (i < limit && (text[i] === '-' || text[i] === '+')) {
    if (text[i] === '-') sign = -sign
    i = skipSpaces(text, i + 1, limit)
  }
  const bodyStart = i
  const hex = /^0[xX]/.test(text.slice(i, i + 2))
  while (i < limit) {
    const ch = text[i] as string
    if (/[0-9a-zA-Z_.]/.test(ch)) i++
    else if ((ch === '+' || ch === '-') && !hex && /[eE]/.test(text[i - 1] as string) && i - 1 > bodyStart) i++
    else break
  }
  const token = text.slice(bodyStart, i).replace(/_/g, '')
  if (token === '') {
    if (i >= limit) return fail('missing-value', 'the text ends inside a value.', at, i - at, true)
    return fail('invalid-literal', `${describe(text, i)} cannot follow a sign.`, i)
  }
  let value: number
  if (/^0[xX][0-9a-fA-F]+$/.test(token)) value = parseInt(token.slice(2), 16)
  else if (/^0[oO][0-7]+$/.test(token)) value = parseInt(token.slice(2), 8)
  else if (/^0[bB][01]+$/.test(token)) value = parseInt(token.slice(2), 2)
  else if (/^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(token)) value = Number(token)
  else if (i >= limit && /^(\d+\.?\d*|\.\d+)([eE][-+]?)?$/.test(token))
    return fail('missing-value', 'the text ends inside a number.', at, i - at, true)
  else return fail('invalid-literal', `\`${short(text.slice(at, i))}\` is not a number JSON can hold.`, at, i - at)
  if (!Number.isFinite(value))
    return fail('invalid-literal', `\`${short(text.slice(at, i))}\` is not a finite number.`, at, i - at)
  return { ok: true, value: sign * value + 0, end: i }
}

/** A list `[...]` or a tuple `(...)`: both are JSON arrays. */
function readSequence(
  text: string,
  at: number,
  limit: number,
  closer: number,
  options: LiteralOptions,
  depth: number,
): ValueResult {
  const out: unknown[] = []
  let i = skipSpaces(text, at + 1, limit)
  for (;;) {
    if (i >= limit) return fail('unclosed-value', `the ${text[at]} that opens here is never closed.`, at, 1, true)
    if (text.charCodeAt(i) === closer) return { ok: true, value: out, end: i + 1 }
    const item = readLiteral(text, i, limit, options, depth + 1)
    if (!item.ok) return item
    out.push(item.value)
    i = skipSpaces(text, item.end, limit)
    if (i < limit && text.charCodeAt(i) === 0x2c) i = skipSpaces(text, i + 1, limit)
    else if (i < limit && text.charCodeAt(i) !== closer)
      return fail(
        'invalid-literal',
        `"," or "${String.fromCharCode(closer)}" was expected, found ${describe(text, i)}.`,
        i,
      )
  }
}

/** A dict `{k: v}` (keys made strings, as JSON needs), or a set `{a, b}` read as an array. */
function readBraces(text: string, at: number, limit: number, options: LiteralOptions, depth: number): ValueResult {
  const dict: Record<string, unknown> = {}
  const set: unknown[] = []
  let kind: 'dict' | 'set' | undefined
  let i = skipSpaces(text, at + 1, limit)
  for (;;) {
    if (i >= limit) return fail('unclosed-value', 'the { that opens here is never closed.', at, 1, true)
    if (text.charCodeAt(i) === 0x7d) return { ok: true, value: kind === 'set' ? set : dict, end: i + 1 }
    if (text.startsWith('**', i)) return fail('invalid-literal', '`**` unpacking is not a literal.', i, 2)
    let key: ValueResult
    const bare = options.bareKeys ? keyEnd(text, i, limit) : i
    if (bare > i && text.charCodeAt(skipSpaces(text, bare, limit)) === 0x3a)
      key = { ok: true, value: text.slice(i, bare), end: bare }
    else key = readLiteral(text, i, limit, options, depth + 1)
    if (!key.ok) return key
    let j = skipSpaces(text, key.end, limit)
    if (kind !== 'set' && j < limit && text.charCodeAt(j) === 0x3a) {
      kind = 'dict'
      if (key.value !== null && typeof key.value === 'object')
        return fail('invalid-literal', 'a dict key must be a string, number, boolean or None.', i, key.end - i)
      const value = readLiteral(text, j + 1, limit, options, depth + 1)
      if (!value.ok) return value
      setOwn(dict, keyText(key.value), value.value)
      j = skipSpaces(text, value.end, limit)
    } else if (kind !== 'dict' && (j >= limit || text.charCodeAt(j) === 0x2c || text.charCodeAt(j) === 0x7d)) {
      kind = 'set'
      set.push(key.value)
    } else if (j >= limit) {
      return fail('unclosed-value', 'the { that opens here is never closed.', at, 1, true)
    } else {
      return fail('invalid-literal', `${kind === 'set' ? '","' : '":"'} was expected, found ${describe(text, j)}.`, j)
    }
    if (j < limit && text.charCodeAt(j) === 0x2c) i = skipSpaces(text, j + 1, limit)
    else if (j < limit && text.charCodeAt(j) !== 0x7d)
      return fail('invalid-literal', `"," or "}" was expected, found ${describe(text, j)}.`, j)
    else i = j
  }
}

/** A dict key as JSON writes it: True is "true", None is "null", 1.0 is "1". */
function keyText(key: unknown): string {
  return typeof key === 'string' ? key : JSON.stringify(key)
}
