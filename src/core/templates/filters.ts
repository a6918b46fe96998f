/**
 * jinja2's built-in filters with transformers' `tojson`, on Python-shaped values. Filters that return
 * generators in jinja2 (`map`, `select`, `unique`...) return a one-pass iterator here too, so
 * `tools|map(...)|tojson` fails as it does under transformers.
 */
import { getPythonAttribute } from './attributes'
import { REQUIRED, bind } from './arguments'
import { chargeBuilding, chargeBuilt, chargeChars, chargeItems, chargeValues } from './cost'
import { TemplateFailure, typeError } from './failure'
import { percentFormat } from './format'
import { dumps, dumpsOptions } from './json'
import { bounded, chars, escapeHtml, plain, pyCompare, pyLen, toList } from './ops'
import { pyRepr, pyStr } from './repr'
import { capitalize, jinjaTitle, replace, split, splitlines, strip } from './strings'
import { SEQUENCE_FILTERS } from './filters-sequences'
import {
  Markup,
  PyFloat,
  PyIterator,
  Undefined,
  isTuple,
  numeric,
  truthy,
  tuple,
  typeName,
  type CallArgs,
  type DictKey,
  type Value,
} from './values'

export interface FilterContext {
  /** The largest string or list a filter may build. */
  readonly sizeLimit: number
  /** Charges work to the render's step budget. */
  tick(count?: number): void
  callFilter(name: string, value: Value, call: CallArgs): Value
  callTest(name: string, value: Value, args: Value[]): boolean
}

export type Filter = (context: FilterContext, value: Value, call: CallArgs) => Value

/** The filters jinja2 has but this renderer does not: a template may name them, and fails if it uses one. */
const NOT_WRITTEN = ['filesizeformat', 'groupby', 'random', 'urlencode', 'urlize', 'wordwrap', 'xmlattr']

/** Filters that see marked-safe text as such; the others see it as the plain string it is. */
const MARKUP_AWARE = new Set(['safe', 'escape', 'e', 'forceescape', 'string'])

function escape(value: Value): Markup {
  return value instanceof Markup ? value : new Markup(escapeHtml(pyStr(value)))
}

/** Python's int(text): optional sign, digits with underscores, surrounding whitespace. */
function parseInt10(text: string, base: number): number | undefined {
  const clean = strip(text).replace(/_/g, '')
  // Base 0 reads the base from the prefix, and refuses a leading zero as Python does.
  if (base === 0) {
    const prefix = /^[+-]?0([xob])/i.exec(clean)?.[1]?.toLowerCase()
    if (prefix) return parseInt10(clean, prefix === 'x' ? 16 : prefix === 'o' ? 8 : 2)
    return /^[+-]?(0+|[1-9]\d*)$/.test(clean) ? parseInt10(clean, 10) : undefined
  }
  const digits =
    base === 16
      ? /^[+-]?(0x)?[\da-f]+$/i
      : base === 8
        ? /^[+-]?(0o)?[0-7]+$/i
        : base === 2
          ? /^[+-]?(0b)?[01]+$/i
          : /^[+-]?\d+$/
  if (!digits.test(clean)) return undefined
  const sign = clean.startsWith('-') ? -1 : 1
  return sign * parseInt(clean.replace(/^[+-]?(0[xob])?/i, ''), base)
}

// The named references markupsafe's unescape (html.unescape) meets most; numeric ones are all read.
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
}

function unescapeHtml(text: string): string {
  return text.replace(/&(?:#(\d+)|#[xX]([\da-fA-F]+)|([a-zA-Z]+));/g, (whole, dec, hex, name) => {
    if (name !== undefined) return ENTITIES[name as string] ?? whole
    const code = parseInt((dec ?? hex) as string, dec === undefined ? 16 : 10)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd'
  })
}

function parseFloatPy(text: string): number | undefined {
  const clean = strip(text).replace(/_/g, '').toLowerCase()
  if (/^[+-]?(inf|infinity)$/.test(clean)) return clean.startsWith('-') ? -Infinity : Infinity
  if (/^[+-]?nan$/.test(clean)) return NaN
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(clean)) return undefined
  return Number(clean)
}

function toInt(value: Value, fallback: Value, base: number): Value {
  if (value instanceof Undefined) value.fail()
  if (typeof value === 'string') {
    chargeItems(value.length)
    const parsed = parseInt10(value, base)
    if (parsed !== undefined) return parsed
    const asFloat = parseFloatPy(value)
    return asFloat !== undefined && Number.isFinite(asFloat) ? Math.trunc(asFloat) : fallback
  }
  const n = numeric(value)
  return n !== undefined && Number.isFinite(n) ? Math.trunc(n) : fallback
}

function toFloat(value: Value, fallback: Value): Value {
  if (value instanceof Undefined) value.fail()
  if (typeof value === 'string') {
    chargeItems(value.length)
    const parsed = parseFloatPy(value)
    return parsed === undefined ? fallback : new PyFloat(parsed)
  }
  const n = numeric(value)
  return n === undefined ? fallback : new PyFloat(n)
}

/**
 * Python's round(x, digits): the exact binary value rounded to `digits` decimals, an exact half to even.
 * toFixed rounds the exact value too, but sends an exact half away from zero.
 */
function roundHalfEven(n: number, digits: number): number {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21 || digits > 99) return n
  if (digits < 0) return roundToTens(n, -digits)
  const [whole = '', fraction = ''] = Math.abs(n).toFixed(100).split('.')
  const isHalf = /^50*$/.test(fraction.slice(digits))
  const lastKept = Number((whole + fraction.slice(0, digits)).slice(-1))
  if (isHalf && lastKept % 2 === 0) return Math.sign(n) * Number(`${whole}.${fraction.slice(0, digits)}0`)
  return Number(n.toFixed(digits))
}

/** round(x, -k): to a multiple of 10**k, from the exact digits, an exact half to even. */
function roundToTens(n: number, k: number): number {
  const [whole = '', fraction = ''] = Math.abs(n).toFixed(100).split('.')
  const digits = whole.padStart(k + 1, '0')
  const kept = digits.slice(0, digits.length - k)
  const rest = digits.slice(digits.length - k) + fraction
  const half = rest[0] === '5' && /^50*$/.test(rest)
  const up =
    rest[0] !== undefined && (rest[0] > '5' || (rest[0] === '5' && !half) || (half && Number(kept.slice(-1)) % 2 === 1))
  return Math.sign(n) * (Number(kept) + (up ? 1 : 0)) * 10 ** k
}

function sortedDicts(value: Value): Value {
  if (Array.isArray(value)) {
    const items = value.map(sortedDicts)
    return isTuple(value) ? tuple(items) : items
  }
  if (!(value instanceof Map)) return value
  const entries = Array.from(value, ([key, item]): [DictKey, Value] => [key, sortedDicts(item)])
  return new Map(entries.sort(([a], [b]) => pyCompare(a, b)))
}

const TEXT_FILTERS: Record<string, Filter> = {
  tojson: (_, value, call) => {
    const {
      values: [ensureAscii = false, indent = null, separators = null, sortKeys = false],
    } = bind('tojson', call, [
      ['ensure_ascii', false],
      ['indent', null],
      ['separators', null],
      ['sort_keys', false],
    ])
    return dumps(value, dumpsOptions(ensureAscii, indent, separators, sortKeys))
  },
  string: (_, value) => (value instanceof Markup ? value : pyStr(value)),
  safe: (_, value) => (value instanceof Markup ? value : new Markup(pyStr(value))),
  escape: (_, value) => escape(value),
  e: (_, value) => escape(value),
  forceescape: (_, value) => new Markup(escapeHtml(pyStr(value))),
  upper: (_, value) => pyStr(value).toUpperCase(),
  lower: (_, value) => pyStr(value).toLowerCase(),
  capitalize: (_, value) => capitalize(pyStr(value)),
  title: (_, value) => jinjaTitle(pyStr(value)),
  trim: (_, value, call) => strip(pyStr(value), bind('trim', call, [['chars', null]]).values[0] ?? null),
  replace: (context, value, call) => {
    const [old = '', replacement = '', count = null] = bind('replace', call, [
      ['old', REQUIRED],
      ['new', REQUIRED],
      ['count', null],
    ]).values
    return bounded(replace(pyStr(value), old, replacement, count ?? -1), context.sizeLimit)
  },
  indent: (context, value, call) => {
    const [width = 4, first = false, blank = false] = bind('indent', call, [
      ['width', 4],
      ['first', false],
      ['blank', false],
    ]).values
    const indention = typeof width === 'string' ? width : ' '.repeat(Number(numeric(width) ?? 0))
    // jinja2 appends "\n" to the value itself: only text takes that.
    if (value instanceof Undefined) value.fail()
    if (typeof value !== 'string') {
      if (Array.isArray(value) && !isTuple(value))
        throw new TemplateFailure('AttributeError', "'list' object has no attribute 'splitlines'")
      if (isTuple(value)) throw typeError('can only concatenate tuple (not "str") to tuple')
      throw typeError(`unsupported operand type(s) for +=: '${typeName(value)}' and 'str'`)
    }
    chargeItems(value.length)
    const lines = splitlines(value + '\n')
    let out: string
    if (blank === true) out = lines.join('\n' + indention)
    else {
      out = lines.shift() ?? ''
      if (lines.length > 0) out += '\n' + lines.map((line) => (line ? indention + line : line)).join('\n')
    }
    return bounded(first === true ? indention + out : out, context.sizeLimit)
  },
  center: (_, value, call) => {
    const [width = 80] = bind('center', call, [['width', 80]]).values
    const text = pyStr(value)
    const size = Number(numeric(width) ?? 0)
    const gap = size - chars(text).length
    if (gap <= 0) return text
    chargeBuilding(size)
    const left = Math.floor(gap / 2) + (gap & size & 1)
    return ' '.repeat(left) + text + ' '.repeat(gap - left)
  },
  truncate: (_, value, call) => {
    const [length = 255, killwords = false, end = '...', leeway = 5] = bind('truncate', call, [
      ['length', 255],
      ['killwords', false],
      ['end', '...'],
      ['leeway', null],
    ]).values.map((v, i) => (i === 3 && v === null ? 5 : v))
    const size = Number(numeric(length) ?? 255)
    const tail = pyStr(end)
    // A value short enough comes back as it is, whatever it is (jinja2 only measures it).
    if (pyLen(value) <= size + Number(numeric(leeway) ?? 5)) return value
    if (typeof value !== 'string')
      throw typeError(`can only concatenate ${typeName(value)} (not "str") to ${typeName(value)}`)
    const text = chars(value)
    const cut = text.slice(0, size - chars(tail).length).join('')
    if (killwords === true) return cut + tail
    const space = cut.lastIndexOf(' ')
    return (space < 0 ? cut : cut.slice(0, space)) + tail
  },
  wordcount: (_, value) => {
    const text = pyStr(value)
    chargeItems(text.length)
    return (text.match(/[\p{L}\p{N}_]+/gu) ?? []).length
  },
  striptags: (_, value) => {
    const text = pyStr(value)
    chargeValues(Math.ceil(text.length / 2))
    // markupsafe splits on Python's whitespace and unescapes what is left.
    return unescapeHtml(split(text.replace(/<!--.*?-->|<[^>]*>/gs, '')).join(' '))
  },
  format: (context, value, call) => {
    if (call.positional.length > 0 && call.keywords.size > 0)
      throw new TemplateFailure('FilterArgumentError', "can't handle positional and keyword arguments at the same time")
    const args = call.keywords.size > 0 ? new Map<string, Value>(call.keywords) : tuple(call.positional)
    return bounded(percentFormat(pyStr(value), args), context.sizeLimit)
  },
  pprint: (_, value) => {
    // pprint.pformat is repr with dict keys sorted, until it passes 80 columns and starts wrapping.
    const text = pyRepr(sortedDicts(value))
    if (text.length > 80)
      throw new TemplateFailure(
        'NotImplementedError',
        'pprint of a value wider than 80 columns is not supported by this renderer',
      )
    return text
  },
}

const VALUE_FILTERS: Record<string, Filter> = {
  default: (_, value, call) => {
    const [fallback = '', boolean = false] = bind('default', call, [
      ['default_value', ''],
      ['boolean', false],
    ]).values
    const missing = value instanceof Undefined || (boolean === true && !truthy(value))
    return missing ? fallback : value
  },
  int: (_, value, call) => {
    const [fallback = 0, base = 10] = bind('int', call, [
      ['default', 0],
      ['base', 10],
    ]).values
    return toInt(value, fallback, Number(numeric(base) ?? 10))
  },
  float: (_, value, call) => toFloat(value, bind('float', call, [['default', new PyFloat(0)]]).values[0] ?? null),
  abs: (_, value) => {
    const n = numeric(value)
    if (n === undefined) throw typeError(`bad operand type for abs(): '${typeName(value)}'`)
    return value instanceof PyFloat ? new PyFloat(Math.abs(n)) : Math.abs(n)
  },
  round: (_, value, call) => {
    const [precision = 0, method = 'common'] = bind('round', call, [
      ['precision', 0],
      ['method', 'common'],
    ]).values
    const n = numeric(value)
    if (n === undefined) throw typeError(`type ${typeName(value)} doesn't define __round__ method`)
    const digits = Number(numeric(precision) ?? 0)
    if (method === 'common') {
      if (value instanceof PyFloat) return new PyFloat(roundHalfEven(n, digits))
      return digits < 0 ? roundToTens(n, -digits) : n
    }
    if (method !== 'ceil' && method !== 'floor')
      throw new TemplateFailure('FilterArgumentError', 'method must be common, ceil or floor')
    const scale = 10 ** digits
    return new PyFloat(Math[method](n * scale) / scale)
  },
  length: (_, value) => pyLen(value),
  count: (_, value) => pyLen(value),
  attr: (_, value, call) => getPythonAttribute(value, pyStr(bind('attr', call, [['name', REQUIRED]]).values[0] ?? '')),
  items: (_, value) => {
    if (value instanceof Undefined) return new PyIterator([][Symbol.iterator]())
    if (!(value instanceof Map)) throw typeError('Can only get item pairs from a mapping.')
    chargeValues(value.size)
    return new PyIterator(Array.from(value, ([key, item]) => tuple([key, item]))[Symbol.iterator]())
  },
  list: (_, value) => toList(value),
}

const FILTERS: Record<string, Filter> = {
  ...TEXT_FILTERS,
  ...VALUE_FILTERS,
  ...SEQUENCE_FILTERS,
  d: VALUE_FILTERS.default as Filter,
}

export const FILTER_NAMES: ReadonlySet<string> = new Set([...Object.keys(FILTERS), ...NOT_WRITTEN])

export function applyFilter(context: FilterContext, name: string, value: Value, call: CallArgs): Value {
  const filter = Object.hasOwn(FILTERS, name) ? FILTERS[name] : undefined
  if (filter) {
    const input = MARKUP_AWARE.has(name) ? value : plain(value)
    if (!Object.hasOwn(TEXT_FILTERS, name)) return filter(context, input, call)
    // A text filter reads all its text and builds a new one (tojson and pprint charge their walk as well).
    if (typeof input === 'string') chargeChars(input.length)
    return chargeBuilt(filter(context, input, call))
  }
  if (NOT_WRITTEN.includes(name))
    throw new TemplateFailure('NotImplementedError', `the '${name}' filter is not supported by this renderer`)
  throw new TemplateFailure('TemplateRuntimeError', `No filter named '${name}' found.`)
}
