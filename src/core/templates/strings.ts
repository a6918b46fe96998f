/**
 * Python's str methods that chat templates call (`content.strip()`, `name.split('.')`,
 * `text.startswith(('a', 'b'))`...), with Python's whitespace and case rules.
 */
import { chargeBuilding, chargeItems, chargeValues } from './cost'
import { capitalize, isLower, isTitle, isUpper, pyTitle } from './strings-case'
import { typeError, valueError } from './failure'
import { braceFormat } from './format'
import { chars, toList } from './ops'
import { isTuple, numeric, tuple, typeName, type CallArgs, type Value } from './values'

/** What Python's str.isspace() accepts (JS's \s differs: it has U+FEFF, lacks U+001C-U+001F and U+0085). */
const SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
const LEADING = new RegExp(`^[${SPACE}]+`)
const TRAILING = new RegExp(`[${SPACE}]+$`)
const RUNS = new RegExp(`[^${SPACE}]+`, 'g')

export function strip(text: string, chars: Value = null, left = true, right = true): string {
  if (chars === null) {
    let out = text
    if (left) out = out.replace(LEADING, '')
    if (right) out = out.replace(TRAILING, '')
    return out
  }
  if (typeof chars !== 'string') throw typeError(`strip arg must be None or str`)
  const set = new Set(Array.from(chars))
  let start = 0
  let end = text.length
  if (left)
    while (start < end) {
      const char = String.fromCodePoint(text.codePointAt(start) as number)
      if (!set.has(char)) break
      start += char.length
    }
  if (right)
    while (end > start) {
      const pair = end - start >= 2 && /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text.slice(end - 2, end))
      const char = text.slice(pair ? end - 2 : end - 1, end)
      if (!set.has(char)) break
      end -= char.length
    }
  chargeItems(chars.length + start + text.length - end)
  return text.slice(start, end)
}

export function split(text: string, sep: Value = null, maxsplit: Value = -1, fromRight = false): string[] {
  // Charged before the work, for the most pieces the text can hold.
  chargeItems(typeof sep === 'string' && sep !== '' ? Math.ceil(text.length / sep.length) : text.length)
  const limit = typeof maxsplit === 'number' ? maxsplit : Number(numeric(maxsplit) ?? -1)
  if (sep === null) {
    const words = text.match(RUNS) ?? []
    if (limit < 0 || words.length <= limit) return words
    // The rest keeps the whitespace at its far end, as Python's does.
    if (fromRight) {
      const kept = words.slice(words.length - limit)
      const head = strip(text.slice(0, indexOfWords(text, words.length - limit, true)), null, false, true)
      return [head, ...kept]
    }
    const cut = limit === 0 ? 0 : indexOfWords(text, limit, false)
    return [...words.slice(0, limit), strip(text.slice(cut), null, true, false)]
  }
  if (typeof sep !== 'string') throw typeError(`must be str or None, not ${typeName(sep)}`)
  if (sep === '') throw valueError('empty separator')
  const parts = text.split(sep)
  if (limit < 0 || parts.length <= limit + 1) return parts
  if (fromRight) return [parts.slice(0, parts.length - limit).join(sep), ...parts.slice(parts.length - limit)]
  return [...parts.slice(0, limit), parts.slice(limit).join(sep)]
}

/** Offset just past the `count`-th word (or of the start of the word after it, from the right). */
function indexOfWords(text: string, count: number, toStartOfNext: boolean): number {
  const runs = new RegExp(RUNS.source, 'g')
  let seen = 0
  for (let match = runs.exec(text); match; match = runs.exec(text)) {
    if (toStartOfNext && seen === count) return match.index
    seen++
    if (!toStartOfNext && seen === count) return match.index + match[0].length
  }
  return text.length
}

/** Python's line boundaries: \n, \r (and \r\n), \v, \f, \x1c-\x1e, \x85, U+2028 and U+2029. */
function isLineBreak(code: number): boolean {
  return (
    code === 10 ||
    code === 13 ||
    code === 11 ||
    code === 12 ||
    (code >= 0x1c && code <= 0x1e) ||
    code === 0x85 ||
    code === 0x2028 ||
    code === 0x2029
  )
}

export function splitlines(text: string, keepends = false): string[] {
  chargeItems(text.length)
  const lines: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (!isLineBreak(code)) continue
    const end = code === 13 && text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1
    lines.push(text.slice(start, keepends ? end : i))
    start = end
    i = end - 1
  }
  if (start < text.length) lines.push(text.slice(start))
  return lines
}

function affixTest(text: string, affix: Value, test: (s: string) => boolean, method: string): boolean {
  if (typeof affix === 'string') return test(affix)
  if (isTuple(affix))
    return affix.some((item) => {
      if (typeof item !== 'string') throw typeError(`tuple for ${method} must only contain str, not ${typeName(item)}`)
      return test(item)
    })
  throw typeError(`${method} first arg must be str or a tuple of str, not ${typeName(affix)}`)
}

function padTo(text: string, width: Value, fill: Value, where: 'left' | 'right' | 'center'): string {
  const size = Number(numeric(width) ?? 0)
  const filler = typeof fill === 'string' ? fill : ' '
  const length = chars(text).length
  if (length >= size) return text
  chargeBuilding(size * filler.length)
  const gap = size - length
  if (where === 'right') return filler.repeat(gap) + text
  if (where === 'left') return text + filler.repeat(gap)
  // Python centres with the odd space on the right unless the width and length are both odd.
  const left = Math.floor(gap / 2) + (gap & size & 1)
  return filler.repeat(left) + text + filler.repeat(gap - left)
}

type Method = (text: string, args: Value[], call: CallArgs) => Value

const STRING_METHODS: Record<string, Method> = {
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  casefold: (s) => s.toLowerCase(),
  title: (s) => pyTitle(s),
  capitalize: (s) => capitalize(s),
  swapcase: (s) => {
    chargeValues(s.length)
    return Array.from(s, (c) => (c.toUpperCase() === c ? c.toLowerCase() : c.toUpperCase())).join('')
  },
  strip: (s, [c = null]) => strip(s, c),
  lstrip: (s, [c = null]) => strip(s, c, true, false),
  rstrip: (s, [c = null]) => strip(s, c, false, true),
  split: (s, [sep = null, max = -1], { keywords }) =>
    split(s, keywords.get('sep') ?? sep, keywords.get('maxsplit') ?? max),
  rsplit: (s, [sep = null, max = -1], { keywords }) =>
    split(s, keywords.get('sep') ?? sep, keywords.get('maxsplit') ?? max, true),
  splitlines: (s, [keep = false]) => splitlines(s, keep === true),
  startswith: (s, [prefix = null, ...range]) => {
    const w = window(s, range)
    return w !== null && affixTest(w.text, prefix, (p) => w.text.startsWith(p), 'startswith')
  },
  endswith: (s, [suffix = null, ...range]) => {
    const w = window(s, range)
    return w !== null && affixTest(w.text, suffix, (p) => w.text.endsWith(p), 'endswith')
  },
  replace: (s, [old = '', replacement = '', count = -1]) => replace(s, old, replacement, count),
  find: (s, [sub = '', ...range]) => search(s, sub, range, false),
  rfind: (s, [sub = '', ...range]) => search(s, sub, range, true),
  index: (s, [sub = '', ...range]) => found(search(s, sub, range, false)),
  rindex: (s, [sub = '', ...range]) => found(search(s, sub, range, true)),
  count: (s, [sub = '', ...range]) => {
    const w = window(s, range)
    return w === null ? 0 : count(w.text, str(sub))
  },
  join: (s, [items = null]) => {
    const parts = toList(items).map(joinItem)
    chargeItems(parts.length)
    return parts.join(s)
  },
  partition: (s, [sep = '']) => partition(s, str(sep), false),
  rpartition: (s, [sep = '']) => partition(s, str(sep), true),
  removeprefix: (s, [p = '']) => (s.startsWith(str(p)) ? s.slice(str(p).length) : s),
  removesuffix: (s, [p = '']) => (str(p) && s.endsWith(str(p)) ? s.slice(0, -str(p).length) : s),
  zfill: (s, [width = 0]) => {
    const sign = s[0] === '+' || s[0] === '-' ? (s[0] as string) : ''
    return sign + padTo(s.slice(sign.length), Number(numeric(width) ?? 0) - sign.length, '0', 'right')
  },
  center: (s, [width = 0, fill = ' ']) => padTo(s, width, fill, 'center'),
  ljust: (s, [width = 0, fill = ' ']) => padTo(s, width, fill, 'left'),
  rjust: (s, [width = 0, fill = ' ']) => padTo(s, width, fill, 'right'),
  format: (s, args, { keywords }) => braceFormat(s, args, keywords),
  isdigit: (s) => s !== '' && /^\p{Nd}+$/u.test(s),
  isdecimal: (s) => s !== '' && /^\p{Nd}+$/u.test(s),
  isnumeric: (s) => s !== '' && /^\p{N}+$/u.test(s),
  isalpha: (s) => s !== '' && /^\p{L}+$/u.test(s),
  isalnum: (s) => s !== '' && /^[\p{L}\p{N}]+$/u.test(s),
  isspace: (s) => s !== '' && strip(s) === '',
  islower: (s) => isLower(s),
  isupper: (s) => isUpper(s),
  istitle: (s) => isTitle(s),
}

export { capitalize, isLower, isUpper, jinjaTitle, pyTitle } from './strings-case'

export function stringMethod(text: string, name: string): Method | undefined {
  return Object.hasOwn(STRING_METHODS, name) ? STRING_METHODS[name] : undefined
}

/** Whether `name` is a method of Python's str (those we have not written fail with a clear message). */
export const PYTHON_STR_METHODS = new Set([
  ...Object.keys(STRING_METHODS),
  'encode',
  'expandtabs',
  'format_map',
  'isascii',
  'isidentifier',
  'isprintable',
  'maketrans',
  'translate',
])

function str(value: Value): string {
  if (typeof value !== 'string') throw typeError(`must be str, not ${typeName(value)}`)
  return value
}

function joinItem(item: Value, index: number): string {
  if (typeof item !== 'string')
    throw typeError(`sequence item ${index}: expected str instance, ${typeName(item)} found`)
  return item
}

function count(text: string, sub: string): number {
  if (sub === '') return chars(text).length + 1
  chargeItems(Math.ceil(text.length / sub.length))
  let n = 0
  for (let at = text.indexOf(sub); at >= 0; at = text.indexOf(sub, at + sub.length)) n++
  return n
}

function found(index: number): number {
  if (index < 0) throw valueError('substring not found')
  return index
}

/**
 * `s[start:end]` for the optional start and end of find, count, startswith...: the text and its
 * offset in code points; null when start is past the end (Python finds nothing there, not even '').
 */
function window(text: string, range: Value[]): { text: string; offset: number } | null {
  const [start = null, end = null] = range
  if (start === null && end === null) return { text, offset: 0 }
  const points = chars(text)
  const at = (value: Value, fallback: number): number => {
    if (value === null) return fallback
    const n = Number(numeric(value) ?? fallback)
    return n < 0 ? Math.max(0, points.length + n) : Math.min(n, points.length)
  }
  const from = at(start, 0)
  if (start !== null && Number(numeric(start)) > points.length) return null
  return { text: points.slice(from, Math.max(from, at(end, points.length))).join(''), offset: from }
}

function search(text: string, sub: Value, range: Value[], last: boolean): number {
  const w = window(text, range)
  if (w === null) return -1
  const index = codePointIndex(w.text, last ? w.text.lastIndexOf(str(sub)) : w.text.indexOf(str(sub)))
  return index < 0 ? index : index + w.offset
}

function codePointIndex(text: string, unitIndex: number): number {
  return unitIndex <= 0 ? unitIndex : chars(text.slice(0, unitIndex)).length
}

export function replace(text: string, old: Value, replacement: Value, count: Value = -1): string {
  const from = str(old)
  const to = str(replacement)
  let remaining = Number(numeric(count) ?? -1)
  if (remaining < 0) remaining = Infinity
  // Charged before the work, for the most pieces the text can hold.
  chargeItems(Math.ceil(text.length / Math.max(from.length, 1)))
  if (from === '') {
    chargeValues(text.length)
    const parts = Array.from(text)
    let out = ''
    for (let i = 0; i <= parts.length; i++) {
      if (remaining-- > 0) out += to
      out += parts[i] ?? ''
    }
    return out
  }
  if (remaining === Infinity) return text.split(from).join(to)
  let out = ''
  let rest = text
  while (remaining-- > 0) {
    const at = rest.indexOf(from)
    if (at < 0) break
    out += rest.slice(0, at) + to
    rest = rest.slice(at + from.length)
  }
  return out + rest
}

function partition(text: string, sep: string, fromRight: boolean): Value {
  if (sep === '') throw valueError('empty separator')
  const at = fromRight ? text.lastIndexOf(sep) : text.indexOf(sep)
  if (at < 0) return tuple(fromRight ? ['', '', text] : [text, '', ''])
  return tuple([text.slice(0, at), sep, text.slice(at + sep.length)])
}
