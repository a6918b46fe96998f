/**
 * Python's `str()` and `repr()` of template values: what `{{ value }}`, `~` and `|string` print.
 * Containers print as Python does (`{'a': [1, None]}`), floats in Python's shortest form (`2.0`, `1e+16`).
 */
import { chargeBuilt, chargeChars, chargeItems, chargeValues, replaceEach } from './cost'
import {
  Callable,
  DictView,
  Markup,
  Namespace,
  PyBigInt,
  PyFloat,
  PyIterator,
  PyObject,
  PyRange,
  Undefined,
  isTuple,
  type DictKey,
  type Value,
} from './values'

export function pyStr(value: Value): string {
  if (typeof value === 'string') return value
  if (value instanceof Undefined) return ''
  if (value instanceof Markup) return value.text
  return pyRepr(value)
}

export function pyRepr(value: Value | DictKey): string {
  chargeValues(1)
  if (value === null) return 'None'
  switch (typeof value) {
    case 'string':
      return reprString(value)
    case 'boolean':
      return value ? 'True' : 'False'
    case 'number':
      return intRepr(value)
  }
  if (value instanceof PyBigInt) return value.exact.toString()
  if (value instanceof PyFloat) return floatRepr(value.value)
  if (Array.isArray(value)) {
    // A container's text is copied whole from its items', so a deep value is charged at each level.
    chargeItems(value.length)
    const items = value.map(pyRepr)
    if (!isTuple(value)) return chargeBuilt(`[${items.join(', ')}]`)
    return chargeBuilt(items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`)
  }
  if (value instanceof Map) return dictRepr(value)
  if (value instanceof Undefined) return 'Undefined'
  if (value instanceof Namespace) return `<Namespace ${dictRepr(value.attrs)}>`
  if (value instanceof PyRange)
    return value.step === 1
      ? `range(${value.start}, ${value.stop})`
      : `range(${value.start}, ${value.stop}, ${value.step})`
  if (value instanceof DictView) {
    const items = value.items.map(pyRepr).join(', ')
    return chargeBuilt(`${value.kind}([${items}])`)
  }
  // Python shows an address here; a template that prints one cannot be matched exactly anyway.
  if (value instanceof PyIterator) return `<${value.typeName} object>`
  if (value instanceof Callable) return `<function ${value.name}>`
  if (value instanceof PyObject) return value.repr()
  if (value instanceof Markup) return `Markup(${reprString(value.text)})`
  return String(value)
}

function dictRepr(dict: Map<DictKey, Value>): string {
  const items: string[] = []
  for (const [key, item] of dict) items.push(`${pyRepr(key)}: ${pyRepr(item)}`)
  return chargeBuilt(`{${items.join(', ')}}`)
}

export function intRepr(value: number): string {
  if (Object.is(value, -0)) return '0'
  if (Number.isSafeInteger(value)) return String(value)
  return BigInt(value).toString()
}

/** Python's repr(float): the shortest digits that round-trip, fixed between 1e-4 and 1e16. */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0'
  const sign = value < 0 ? '-' : ''
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const exponent = Number(exponentText)
  if (exponent < -4 || exponent >= 16) {
    const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    const power = String(Math.abs(exponent)).padStart(2, '0')
    return `${sign}${head}e${exponent < 0 ? '-' : '+'}${power}`
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')
  const fraction = digits.slice(exponent + 1) || '0'
  return `${sign}${whole}.${fraction}`
}

// eslint-disable-next-line no-control-regex -- repr escapes control characters
const NEEDS_ESCAPE = /[\\'"\u0000-\u001f\u007f-\u00a0\u00ad\u0378-\uffff]/
/** What repr escapes besides the quote: a backslash, and what Python's str.isprintable() refuses but a space. */
const ESCAPED = /\\|(?! )[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/gu
const ESCAPED_OR_SINGLE = new RegExp(`'|${ESCAPED.source}`, 'gu')
const ESCAPED_OR_DOUBLE = new RegExp(`"|${ESCAPED.source}`, 'gu')
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** Python's repr(str): single quotes unless only double quotes avoid escaping. */
export function reprString(text: string): string {
  chargeChars(text.length)
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'"
  if (!NEEDS_ESCAPE.test(text)) return quote + text + quote
  const pattern = quote === '"' ? ESCAPED_OR_DOUBLE : ESCAPED_OR_SINGLE
  const escaped = replaceEach(text, pattern, ([char]) =>
    char === quote || char === '\\' ? '\\' + char : (NAMED[char] ?? escapeCode(char.codePointAt(0) ?? 0)),
  )
  chargeChars(escaped.length)
  return quote + escaped + quote
}

function escapeCode(code: number): string {
  if (code <= 0xff) return '\\x' + code.toString(16).padStart(2, '0')
  if (code <= 0xffff) return '\\u' + code.toString(16).padStart(4, '0')
  return '\\U' + code.toString(16).padStart(8, '0')
}
