/**
 * Python string literals read as JSON strings: either quote, triple quotes, escapes, r/u prefixes.
 * A bytes literal and an f-string with placeholders are no JSON value: they are diagnosed.
 */
import { ref } from '../../../messages/say'
import { skipString, stringStart } from './pythonic-text'
import { fail, type ValueResult } from './pythonic-value'

/** Reasons that take no parameters, made once: a failed literal is often dropped unread. */
const BYTES = ref('native.pythonic.literal.bytes')
const STRING_UNCLOSED = ref('native.pythonic.literal.string-unclosed')
const F_STRING = ref('native.pythonic.literal.f-string')

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
  if (prefix.includes('b')) return fail('invalid-literal', BYTES, at, quoteAt - at + 1)
  const raw = prefix.includes('r')
  const end = skipString(text, quoteAt, limit)
  if (end === -1) return fail('unclosed-string', STRING_UNCLOSED, quoteAt, 1, true)
  const q = text.charCodeAt(quoteAt)
  const triple =
    quoteAt + 2 < limit &&
    text.charCodeAt(quoteAt + 1) === q &&
    text.charCodeAt(quoteAt + 2) === q &&
    end - quoteAt >= 6
  const bodyStart = quoteAt + (triple ? 3 : 1)
  const bodyEnd = end - (triple ? 3 : 1)
  if (prefix.includes('f') && charIndex(text, 0x7b, bodyStart, bodyEnd) !== -1) {
    return fail('invalid-literal', F_STRING, at, quoteAt - at + 1)
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
        return fail(
          'invalid-literal',
          ref('native.pythonic.literal.invalid-escape', { escape: `\\${e}${hex}` }),
          i,
          2 + hex.length,
        )
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
