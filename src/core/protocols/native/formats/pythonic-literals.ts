/**
 * Python literals read as JSON values: strings in either quote (triple quotes, escapes, r/u
 * prefixes, adjacent strings joined), numbers, True/False/None (and JSON's true/false/null),
 * lists, tuples, sets and dicts. A nested call or a name is no literal: it is diagnosed, never
 * evaluated. Recursion is capped. One string's quotes and escapes are read in `pythonic-strings.ts`.
 */
import { setOwn } from '../../../own-record'
import { ref } from '../../../messages/say'
import type { MessageRef } from '../../../messages/types'
import {
  describe,
  isNameStart,
  keyEnd,
  nameEnd,
  short,
  skipSpaces,
  stringStart,
  type LiteralOptions,
} from './pythonic-text'
import { fail, type Fail, type ValueResult } from './pythonic-value'
import { readString } from './pythonic-strings'

export type { ValueResult } from './pythonic-value'
export { readString } from './pythonic-strings'

const MAX_DEPTH = 128

/** Reasons that vary with nothing in the text, made once: a failed literal is often dropped unread. */
const TOO_DEEP = ref('native.pythonic.literal.too-deep', { depth: MAX_DEPTH })
const VALUE_EXPECTED_TEXT_ENDS = ref('native.pythonic.literal.value-expected-text-ends')
const TEXT_ENDS_IN_VALUE = ref('native.pythonic.literal.text-ends-in-value')
const TEXT_ENDS_IN_NUMBER = ref('native.pythonic.literal.text-ends-in-number')
const DICT_UNPACKING = ref('native.pythonic.literal.dict-unpacking')
const DICT_KEY_TYPE = ref('native.pythonic.literal.dict-key-type')

/** Reads one literal at `at` (after spaces) within `limit`. */
export function readLiteral(
  text: string,
  at: number,
  limit: number,
  options: LiteralOptions = {},
  depth = 0,
): ValueResult {
  const i = skipSpaces(text, at, limit)
  if (i >= limit) return fail('missing-value', VALUE_EXPECTED_TEXT_ENDS, i, 0, true)
  if (depth > MAX_DEPTH) return fail('too-deep', TOO_DEEP, i)
  const c = text.charCodeAt(i)
  const esc = options.escapeToken
  if (esc !== undefined && c === 0x3c && text.startsWith(esc, i)) {
    const close = text.indexOf(esc, i + esc.length)
    if (close === -1 || close + esc.length > limit)
      return fail(
        'unclosed-string',
        ref('native.pythonic.literal.escape-string-unclosed', { token: esc }),
        i,
        esc.length,
        true,
      )
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
      return fail('nested-call', ref('native.pythonic.literal.nested-call', { name: short(word) }), i, end - i)
    return fail(
      'not-a-literal',
      ref('native.pythonic.literal.bare-name', { name: short(word) }),
      i,
      end - i,
      end >= limit,
    )
  }
  return fail('invalid-literal', ref('native.pythonic.literal.cannot-start-value', { found: describe(text, i) }), i)
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
    if (i >= limit) return fail('missing-value', TEXT_ENDS_IN_VALUE, at, i - at, true)
    return fail('invalid-literal', ref('native.pythonic.literal.cannot-follow-sign', { found: describe(text, i) }), i)
  }
  let value: number
  if (/^0[xX][0-9a-fA-F]+$/.test(token)) value = parseInt(token.slice(2), 16)
  else if (/^0[oO][0-7]+$/.test(token)) value = parseInt(token.slice(2), 8)
  else if (/^0[bB][01]+$/.test(token)) value = parseInt(token.slice(2), 2)
  else if (/^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(token)) value = Number(token)
  else if (i >= limit && /^(\d+\.?\d*|\.\d+)([eE][-+]?)?$/.test(token))
    return fail('missing-value', TEXT_ENDS_IN_NUMBER, at, i - at, true)
  else
    return fail(
      'invalid-literal',
      ref('native.pythonic.literal.number-not-json', numberParams(text, at, i)),
      at,
      i - at,
    )
  if (!Number.isFinite(value))
    return fail(
      'invalid-literal',
      ref('native.pythonic.literal.number-not-finite', numberParams(text, at, i)),
      at,
      i - at,
    )
  return { ok: true, value: sign * value + 0, end: i }
}

/** The number written in text[at, end), as a message quotes it. */
function numberParams(text: string, at: number, end: number): { number: string } {
  return { number: short(text.slice(at, end)) }
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
    if (i >= limit) return unclosedValue(text[at] as string, at)
    if (text.charCodeAt(i) === closer) return { ok: true, value: out, end: i + 1 }
    const item = readLiteral(text, i, limit, options, depth + 1)
    if (!item.ok) return item
    out.push(item.value)
    i = skipSpaces(text, item.end, limit)
    if (i < limit && text.charCodeAt(i) === 0x2c) i = skipSpaces(text, i + 1, limit)
    else if (i < limit && text.charCodeAt(i) !== closer)
      return fail('invalid-literal', commaOrExpected(String.fromCharCode(closer), text, i), i)
  }
}

/** A dict `{k: v}` (keys made strings, as JSON needs), or a set `{a, b}` read as an array. */
function readBraces(text: string, at: number, limit: number, options: LiteralOptions, depth: number): ValueResult {
  const dict: Record<string, unknown> = {}
  const set: unknown[] = []
  let kind: 'dict' | 'set' | undefined
  let i = skipSpaces(text, at + 1, limit)
  for (;;) {
    if (i >= limit) return unclosedValue('{', at)
    if (text.charCodeAt(i) === 0x7d) return { ok: true, value: kind === 'set' ? set : dict, end: i + 1 }
    if (text.startsWith('**', i)) return fail('invalid-literal', DICT_UNPACKING, i, 2)
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
        return fail('invalid-literal', DICT_KEY_TYPE, i, key.end - i)
      const value = readLiteral(text, j + 1, limit, options, depth + 1)
      if (!value.ok) return value
      setOwn(dict, keyText(key.value), value.value)
      j = skipSpaces(text, value.end, limit)
    } else if (kind !== 'dict' && (j >= limit || text.charCodeAt(j) === 0x2c || text.charCodeAt(j) === 0x7d)) {
      kind = 'set'
      set.push(key.value)
    } else if (j >= limit) {
      return unclosedValue('{', at)
    } else {
      const expected = kind === 'set' ? '","' : '":"'
      return fail(
        'invalid-literal',
        ref('native.pythonic.literal.expected-found', { expected, found: describe(text, j) }),
        j,
      )
    }
    if (j < limit && text.charCodeAt(j) === 0x2c) i = skipSpaces(text, j + 1, limit)
    else if (j < limit && text.charCodeAt(j) !== 0x7d) return fail('invalid-literal', commaOrExpected('}', text, j), j)
    else i = j
  }
}

/** A bracket opened at `at` that the text ends inside: a stream may still close it. */
function unclosedValue(bracket: string, at: number): Fail {
  return fail('unclosed-value', ref('native.pythonic.literal.bracket-unclosed', { bracket }), at, 1, true)
}

/** `","` or the closer was expected at `at`. */
function commaOrExpected(closer: string, text: string, at: number): MessageRef {
  return ref('native.pythonic.literal.comma-or-expected', { closer, found: describe(text, at) })
}

/** A dict key as JSON writes it: True is "true", None is "null", 1.0 is "1". */
function keyText(key: unknown): string {
  return typeof key === 'string' ? key : JSON.stringify(key)
}
