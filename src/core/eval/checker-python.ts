/**
 * Python's view of JSON values, as the BFCL checker sees them after `json.load`: type names,
 * equality (`==`, where `1 == 1.0 == True`) and `repr` for messages. JavaScript cannot tell `3`
 * from `3.0`, so an integral number is a Python `int` and any other number a `float`.
 */

/** The Python type a JSON value has once loaded: `str`, `int`, `float`, `bool`, `NoneType`, `list`, `dict`. */
export type PyTypeName = 'str' | 'int' | 'float' | 'bool' | 'NoneType' | 'list' | 'dict' | 'object'

/** A plain object with named values (Python's dict): not null, not an array. */
export function isPyDict(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** The Python type name of a JSON value; `object` for anything JSON cannot hold (functions, symbols). */
export function pyTypeOf(value: unknown): PyTypeName {
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  if (typeof value === 'bigint') return 'int'
  if (value === null || value === undefined) return 'NoneType'
  if (Array.isArray(value)) return 'list'
  return isPyDict(value) ? 'dict' : 'object'
}

/** An own property of an untrusted record; never reaches the prototype (`constructor`, `__proto__`). */
export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

// Deeper than any real answer; a bound keeps hostile nesting from exhausting the stack.
const MAX_DEPTH = 200

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'bigint') return Number(value)
  return undefined
}

/** Python `==` on JSON values: numbers and booleans compare by value, lists item by item, dicts key by key. */
export function pyEquals(a: unknown, b: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false
  const na = numeric(a)
  const nb = numeric(b)
  if (na !== undefined || nb !== undefined) return na === nb
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (pyTypeOf(a) === 'NoneType' || pyTypeOf(b) === 'NoneType') return pyTypeOf(a) === pyTypeOf(b)
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => pyEquals(item, b[index], depth + 1))
  }
  if (isPyDict(a) && isPyDict(b)) {
    const keys = Object.keys(a)
    if (keys.length !== Object.keys(b).length) return false
    return keys.every((key) => Object.hasOwn(b, key) && pyEquals(a[key], b[key], depth + 1))
  }
  return a === b
}

/** Python `value in items` on a list: true when some item is `==` to the value. */
export function pyContains(items: readonly unknown[], value: unknown): boolean {
  return items.some((item) => pyEquals(item, value))
}

/** Python's `repr` of a float: shortest round-trip digits, fixed between 1e-4 and 1e16, else `1e+16`. */
export function formatPyFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  const [mantissa = '0', exponentText = '0'] = Math.abs(value).toExponential().split('e')
  const exponent = Number(exponentText)
  const digits = mantissa.replace('.', '')
  if (exponent < -4 || exponent >= 16) {
    const exponentSign = exponent < 0 ? '-' : '+'
    return `${sign}${mantissa}e${exponentSign}${String(Math.abs(exponent)).padStart(2, '0')}`
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')
  const fraction = digits.slice(exponent + 1) || '0'
  return `${sign}${whole}.${fraction}`
}

function formatPyNumber(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString()
  return formatPyFloat(value)
}

// Python escapes what is not printable: controls, format and private-use characters, unassigned
// code points, lone surrogates, and every separator but the plain space.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

function escapeCodePoint(char: string): string {
  const code = char.codePointAt(0) ?? 0
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`
  return `\\U${code.toString(16).padStart(8, '0')}`
}

/** Python's `repr` of a string: single quotes unless the text holds `'` and no `"`. */
export function formatPyString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'"
  let out = quote
  for (const char of text) {
    const simple = Object.hasOwn(SIMPLE_ESCAPES, char) ? SIMPLE_ESCAPES[char] : undefined
    if (simple !== undefined) out += simple
    else if (char === quote) out += `\\${quote}`
    else if (char !== ' ' && NOT_PRINTABLE.test(char)) out += escapeCodePoint(char)
    else out += char
  }
  return out + quote
}

/** Messages stay readable: a repr stops near this many characters and ends with `...`. */
export const REPR_LIMIT = 4000

interface ReprState {
  length: number
  ancestors: Set<object>
}

function reprInto(value: unknown, state: ReprState, depth: number): string {
  if (state.length > REPR_LIMIT || depth > MAX_DEPTH) return '...'
  let text: string
  if (typeof value === 'string') text = formatPyString(value)
  else if (typeof value === 'number') text = formatPyNumber(value)
  else if (typeof value === 'bigint') text = value.toString()
  else if (typeof value === 'boolean') text = value ? 'True' : 'False'
  else if (value === null || value === undefined) text = 'None'
  else if (typeof value !== 'object') text = `<${typeof value}>`
  else if (state.ancestors.has(value)) text = Array.isArray(value) ? '[...]' : '{...}'
  else return reprContainer(value, state, depth)
  state.length += text.length
  return text
}

function reprContainer(value: object, state: ReprState, depth: number): string {
  state.ancestors.add(value)
  const parts: string[] = []
  const entries: [string | undefined, unknown][] = Array.isArray(value)
    ? value.map((item: unknown) => [undefined, item])
    : Object.keys(value).map((key) => [key, (value as Record<string, unknown>)[key]])
  for (const [key, item] of entries) {
    if (state.length > REPR_LIMIT) {
      parts.push('...')
      break
    }
    const prefix = key === undefined ? '' : `${formatPyString(key)}: `
    state.length += prefix.length + 2
    parts.push(prefix + reprInto(item, state, depth + 1))
  }
  state.ancestors.delete(value)
  return Array.isArray(value) ? `[${parts.join(', ')}]` : `{${parts.join(', ')}}`
}

/**
 * Python's `repr` of a JSON value (`'text'`, `True`, `None`, `[1, 2]`, `{'k': 'v'}`), as BFCL's
 * messages print values. Never throws: cycles print as `[...]`, and a very long value is cut
 * near {@link REPR_LIMIT} characters with `...`.
 */
export function pythonRepr(value: unknown): string {
  try {
    return reprInto(value, { length: 0, ancestors: new Set() }, 0)
  } catch {
    return '<unprintable>'
  }
}
