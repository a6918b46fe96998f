/**
 * transformers' `tojson` filter: Python's `json.dumps(x, ensure_ascii=False, indent=None,
 * separators=None, sort_keys=False)`, byte for byte. Its defaults differ from JSON.stringify: `", "`
 * and `": "` between items, non-ASCII kept, `2.0` stays `2.0`, NaN and Infinity allowed.
 */
import { chargeBuilt, chargeChars, chargeItems, chargeSort, chargeValues, replaceEach } from './cost'
import { TemplateFailure, typeError } from './failure'
import { floatRepr, intRepr } from './repr'
import { pyCompare } from './ops'
import { Markup, PyBigInt, PyFloat, typeName, type DictKey, type Value } from './values'

export interface DumpOptions {
  ensureAscii: boolean
  /** Spaces (a number) or the text of one level; undefined for one line. */
  indent: string | undefined
  itemSeparator: string
  keySeparator: string
  sortKeys: boolean
}

export function dumpsOptions(ensureAscii: Value, indent: Value, separators: Value, sortKeys: Value): DumpOptions {
  let indentText: string | undefined
  if (typeof indent === 'string') indentText = indent
  else if (typeof indent === 'number') indentText = ' '.repeat(Math.max(0, indent))
  else if (indent !== null && indent !== undefined)
    throw typeError(`indent must be an int or a str, not ${typeName(indent)}`)
  let itemSeparator = indentText === undefined ? ', ' : ','
  let keySeparator = ': '
  if (separators !== null) {
    if (!Array.isArray(separators) || separators.length !== 2 || !separators.every((s) => typeof s === 'string'))
      throw typeError('separators must be a pair of strings')
    ;[itemSeparator, keySeparator] = separators as [string, string]
  }
  return {
    ensureAscii: truthyFlag(ensureAscii),
    indent: indentText,
    itemSeparator,
    keySeparator,
    sortKeys: truthyFlag(sortKeys),
  }
}

function truthyFlag(value: Value): boolean {
  return value !== null && value !== false && value !== 0 && value !== ''
}

export function dumps(value: Value, options: DumpOptions): string {
  return encode(value, options, 0, new Set())
}

function encode(value: Value, options: DumpOptions, depth: number, active: Set<object>): string {
  chargeValues(1)
  if (value === null) return 'null'
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false'
    case 'number':
      return intRepr(value)
    case 'string':
      return encodeString(value, options.ensureAscii)
  }
  if (value instanceof PyBigInt) return value.exact.toString()
  if (value instanceof PyFloat) return encodeFloat(value.value)
  if (value instanceof Markup) return encodeString(value.text, options.ensureAscii)
  if (Array.isArray(value) || value instanceof Map) {
    if (active.has(value)) throw new TemplateFailure('ValueError', 'Circular reference detected')
    active.add(value)
    const text = Array.isArray(value)
      ? encodeList(value, options, depth, active)
      : encodeDict(value, options, depth, active)
    active.delete(value)
    return text
  }
  throw typeError(`Object of type ${typeName(value)} is not JSON serializable`)
}

function encodeList(items: Value[], options: DumpOptions, depth: number, active: Set<object>): string {
  if (items.length === 0) return '[]'
  chargeItems(items.length)
  const parts = items.map((item) => encode(item, options, depth + 1, active))
  return wrap('[', ']', parts, options, depth)
}

function encodeDict(dict: Map<DictKey, Value>, options: DumpOptions, depth: number, active: Set<object>): string {
  if (dict.size === 0) return '{}'
  let entries = Array.from(dict)
  if (options.sortKeys) {
    chargeSort(entries.length)
    entries = entries.sort(([a], [b]) => pyCompare(a, b))
  }
  chargeValues(entries.length)
  const parts = entries.map(
    ([key, item]) => encodeKey(key, options) + options.keySeparator + encode(item, options, depth + 1, active),
  )
  return wrap('{', '}', parts, options, depth)
}

/** A container's text, copied whole from its items' (so a deep value is charged at each level). */
function wrap(open: string, close: string, parts: string[], options: DumpOptions, depth: number): string {
  let text: string
  if (options.indent === undefined) text = open + parts.join(options.itemSeparator) + close
  else {
    chargeChars(options.indent.length * (depth + 1) * 2)
    const inner = '\n' + options.indent.repeat(depth + 1)
    const outer = '\n' + options.indent.repeat(depth)
    text = open + inner + parts.join(options.itemSeparator + inner) + outer + close
  }
  return chargeBuilt(text)
}

function encodeKey(key: DictKey, options: DumpOptions): string {
  if (typeof key === 'string') return encodeString(key, options.ensureAscii)
  if (key === null) return '"null"'
  if (typeof key === 'boolean') return key ? '"true"' : '"false"'
  // A float key is kept as its number (2.0 and 2 are one dict key), so only a fraction shows it.
  if (typeof key === 'number') return `"${Number.isInteger(key) ? intRepr(key) : encodeFloat(key)}"`
  throw typeError(`keys must be str, int, float, bool or None, not ${typeof key}`)
}

function encodeFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN'
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity'
  return floatRepr(n)
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
}
// eslint-disable-next-line no-control-regex -- JSON escapes control characters
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/g
const NEEDS_ESCAPE_ASCII = /["\\]|[^ -~]/g
const HAS_ESCAPE = new RegExp(NEEDS_ESCAPE.source)
const HAS_ESCAPE_ASCII = new RegExp(NEEDS_ESCAPE_ASCII.source)

/** Python's string encoder: only `"`, `\` and control characters escaped, or every non-ASCII one too. */
function encodeString(text: string, ensureAscii: boolean): string {
  chargeChars(text.length)
  if (!(ensureAscii ? HAS_ESCAPE_ASCII : HAS_ESCAPE).test(text)) return '"' + text + '"'
  const escaped = replaceEach(
    text,
    ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE,
    ([char]) => ESCAPES[char] ?? '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0'),
  )
  return '"' + escaped + '"'
}
