/**
 * Python's operators on template values: equality, ordering, arithmetic, membership, iteration and
 * length, with Python's results and Python's TypeErrors.
 */
import { chargeChars, chargeItems, chargeValues, replaceEach } from './cost'
import { TemplateFailure, typeError } from './failure'
import { pyStr } from './repr'
import { percentFormat } from './format'
import {
  DictView,
  Markup,
  PyBigInt,
  PyFloat,
  PyIterator,
  PyRange,
  Undefined,
  isTuple,
  numeric,
  tuple,
  typeName,
  unhashableType,
  type Value,
} from './values'

const SURROGATE = /[\uD800-\uDFFF]/

/** A string's characters as Python counts them (code points). */
export function chars(text: string): string[] {
  chargeChars(text.length)
  chargeItems(text.length)
  return SURROGATE.test(text) ? Array.from(text) : text.split('')
}

/** Whether the string has characters past U+FFFF (or lone surrogates), which JS counts as two. */
export function hasSurrogates(text: string): boolean {
  chargeChars(text.length)
  return SURROGATE.test(text)
}

export function strLength(text: string): number {
  chargeChars(text.length)
  if (!SURROGATE.test(text)) return text.length
  chargeItems(text.length)
  return Array.from(text).length
}

const HTML_SPECIAL = /[&<>"']/g
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' }

/** markupsafe's escape, charged for the text read and each character replaced. */
export function escapeHtml(text: string): string {
  chargeChars(text.length)
  return replaceEach(text, HTML_SPECIAL, ([char]) => HTML_ESCAPES[char] ?? char)
}

/** Marked-safe text as the plain string it is everywhere but in `+` and `*`. */
export function plain(value: Value): Value {
  return value instanceof Markup ? value.text : value
}

function isNumber(value: Value): value is number | PyFloat | boolean {
  return typeof value === 'number' || typeof value === 'boolean' || value instanceof PyFloat
}

export function pyEquals(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b
  if (typeof a === 'string' && typeof b === 'string') {
    // Strings of one length are compared character by character.
    if (a.length === b.length) chargeChars(a.length)
    return a === b
  }
  if (a === b) return true
  if (a instanceof Markup || b instanceof Markup) return pyEquals(plain(a), plain(b))
  if (isNumber(a) && isNumber(b)) return numeric(a) === numeric(b)
  if (a instanceof Undefined || b instanceof Undefined) return a instanceof Undefined && b instanceof Undefined
  if (Array.isArray(a) && Array.isArray(b)) {
    if (isTuple(a) !== isTuple(b) || a.length !== b.length) return false
    chargeValues(1)
    return a.every((item, i) => pyEquals(item, b[i] as Value))
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false
    chargeValues(1)
    for (const [key, item] of a) if (!b.has(key) || !pyEquals(item, b.get(key) as Value)) return false
    return true
  }
  return false
}

/** -1, 0 or 1 as Python's `<` orders the two; a TypeError where Python has no order. */
export function pyCompare(left: Value, right: Value, operator = '<'): number {
  const a = plain(left)
  const b = plain(right)
  if (a instanceof Undefined) a.fail()
  if (b instanceof Undefined) b.fail()
  if (isNumber(a) && isNumber(b)) {
    const x = numeric(a) as number
    const y = numeric(b) as number
    return x < y ? -1 : x > y ? 1 : 0
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b)
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    chargeValues(1)
    chargeItems(Math.min(a.length, b.length))
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const x = a[i] as Value
      const y = b[i] as Value
      if (!pyEquals(x, y)) return pyCompare(x, y, operator)
    }
    return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0
  }
  throw typeError(`'${operator}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`)
}

/** Code point order (JS compares UTF-16 units, which differs only past U+FFFF). */
function compareStrings(a: string, b: string): number {
  chargeChars(a.length + b.length)
  if (a === b) return 0
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0)
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0)
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) < (y[i] ?? 0) ? -1 : 1
  return x.length < y.length ? -1 : 1
}

function unsupported(operator: string, a: Value, b: Value): TemplateFailure {
  return typeError(`unsupported operand type(s) for ${operator}: '${typeName(a)}' and '${typeName(b)}'`)
}

/**
 * Python's divmod of floats: the remainder from fmod (JS's %), the quotient from it, so that
 * 1 // 0.1 is 9.0 and 1 % 0.1 is 0.09999999999999995 (floor(1 / 0.1) is 10).
 */
function floatDivmod(x: number, y: number): [number, number] {
  let mod = x % y
  let div = (x - mod) / y
  if (mod !== 0) {
    if (y < 0 !== mod < 0) {
      mod += y
      div -= 1
    }
  } else mod = Object.is(y, -0) || y < 0 ? -0 : 0
  if (div === 0) return [x / y < 0 || Object.is(x / y, -0) ? -0 : 0, mod]
  let floor = Math.floor(div)
  if (div - floor > 0.5) floor += 1
  return [floor, mod]
}

function numberResult(a: Value, b: Value, result: number): Value {
  return a instanceof PyFloat || b instanceof PyFloat ? new PyFloat(result) : result
}

/** Python's binary arithmetic; `limit` bounds the size of a string or list it builds. */
export function arithmetic(operator: string, left: Value, right: Value, limit: number): Value {
  // Text formats any value, an undefined one too (it prints as nothing).
  if (operator === '%' && typeof left === 'string') return formatted(left, right, limit)
  if (left instanceof Undefined) left.fail()
  if (right instanceof Undefined) right.fail()
  const marked = markupArithmetic(operator, left, right, limit)
  if (marked !== undefined) return marked
  const a = plain(left)
  const b = plain(right)
  const x = numeric(a)
  const y = numeric(b)
  const numbers = x !== undefined && y !== undefined
  switch (operator) {
    case '+':
      if (numbers) return numberResult(a, b, x + y)
      if (typeof a === 'string') {
        if (typeof b !== 'string') throw typeError(`can only concatenate str (not "${typeName(b)}") to str`)
        return bounded(a + b, limit)
      }
      if (Array.isArray(a)) {
        if (!Array.isArray(b) || isTuple(a) !== isTuple(b)) {
          const kind = typeName(a)
          throw typeError(`can only concatenate ${kind} (not "${typeName(b)}") to ${kind}`)
        }
        bounded([], limit, a.length + b.length)
        chargeItems(a.length + b.length)
        const joined = a.concat(b)
        return isTuple(a) ? tuple(joined) : joined
      }
      throw unsupported('+', a, b)
    case '-':
      if (numbers) return numberResult(a, b, x - y)
      throw unsupported('-', a, b)
    case '*':
      if (numbers) return numberResult(a, b, x * y)
      return repeat(a, b, limit) ?? repeat(b, a, limit) ?? fail(unsupported('*', a, b))
    case '/':
      if (!numbers) throw unsupported('/', a, b)
      if (y === 0) throw new TemplateFailure('ZeroDivisionError', 'division by zero')
      return new PyFloat(x / y)
    case '//':
      if (!numbers) throw unsupported('//', a, b)
      if (y === 0) throw new TemplateFailure('ZeroDivisionError', 'integer division or modulo by zero')
      if (a instanceof PyFloat || b instanceof PyFloat) return new PyFloat(floatDivmod(x, y)[0])
      return Math.floor(x / y)
    case '%':
      if (typeof a === 'string') return formatted(a, b, limit)
      if (!numbers) throw unsupported('%', a, b)
      if (y === 0) throw new TemplateFailure('ZeroDivisionError', 'integer division or modulo by zero')
      if (a instanceof PyFloat || b instanceof PyFloat) return new PyFloat(floatDivmod(x, y)[1])
      return x - y * Math.floor(x / y)
    case '**':
      return power(a, b, x, y)
  }
  throw typeError(`unknown operator ${operator}`)
}

/** markupsafe: text added to Markup is escaped first, and the result stays Markup. */
function markupArithmetic(operator: string, a: Value, b: Value, limit: number): Markup | undefined {
  if (!(a instanceof Markup || b instanceof Markup)) return undefined
  const escaped = (value: Value): string | undefined =>
    value instanceof Markup ? value.text : typeof value === 'string' ? escapeHtml(value) : undefined
  if (operator === '+') {
    const x = escaped(a)
    const y = escaped(b)
    if (x === undefined || y === undefined) throw unsupported('+', a, b)
    return new Markup(bounded(x + y, limit))
  }
  if (operator === '*') {
    const repeated = arithmetic('*', plain(a), plain(b), limit)
    return typeof repeated === 'string' ? new Markup(repeated) : undefined
  }
  return undefined
}

function power(a: Value, b: Value, x: number | undefined, y: number | undefined): Value {
  if (x === undefined || y === undefined) throw unsupported('** or pow()', a, b)
  if (x === 0 && y < 0) throw new TemplateFailure('ZeroDivisionError', '0.0 cannot be raised to a negative power')
  const result = x ** y
  const isFloat = a instanceof PyFloat || b instanceof PyFloat || y < 0
  if (isFloat && !Number.isFinite(result) && Number.isFinite(x) && Number.isFinite(y))
    throw new TemplateFailure('OverflowError', "(34, 'Numerical result out of range')")
  if (isFloat) return new PyFloat(result)
  if (Number.isSafeInteger(result)) return result
  if (!Number.isFinite(result)) throw new TemplateFailure('OverflowError', 'integer result too large for this renderer')
  // Past 2**53 the exact digits are kept for printing (3 ** 40 is 12157665459056928801).
  const exact = BigInt(x) ** BigInt(y)
  return BigInt(Number(exact)) === exact ? Number(exact) : new PyBigInt(exact)
}

function repeat(sequence: Value, times: Value, limit: number): Value | undefined {
  if (typeof times !== 'number' && typeof times !== 'boolean') return undefined
  const count = Math.max(0, Number(times))
  if (typeof sequence === 'string') {
    bounded('', limit, sequence.length * count)
    chargeChars(sequence.length * count)
    return sequence.repeat(count)
  }
  if (Array.isArray(sequence)) {
    bounded([], limit, sequence.length * count)
    chargeItems(sequence.length * count)
    const out: Value[] = []
    for (let i = 0; i < count; i++) out.push(...sequence)
    return isTuple(sequence) ? tuple(out) : out
  }
  return undefined
}

function fail(error: TemplateFailure): never {
  throw error
}

function formatted(format: string, values: Value, limit: number): string {
  chargeChars(format.length)
  const text = percentFormat(format, values)
  chargeChars(text.length)
  return bounded(text, limit)
}

/** A string or list past the size limit stops the render (kind `limit`) before it is built. */
export function bounded<T extends string | Value[]>(value: T, limit: number, size = value.length): T {
  if (size > limit)
    throw new TemplateFailure('LimitExceeded', `a value of ${size} items exceeds the output limit of ${limit}`, 'limit')
  return value
}

export function negate(operator: string, value: Value): Value {
  if (value instanceof Undefined) value.fail()
  const x = numeric(value)
  if (x === undefined) throw typeError(`bad operand type for unary ${operator}: '${typeName(value)}'`)
  const result = operator === '-' ? -x : x
  return value instanceof PyFloat ? new PyFloat(result) : result === 0 ? 0 : result
}

/**
 * `~`: both sides as strings (an undefined one is empty). Joining two strings costs the same whatever
 * their length: JS engines join them as a rope and copy the characters when something first reads
 * the whole (a method, a comparison, `in`), and each of those is charged by length.
 */
export function concat(a: Value, b: Value, limit: number): string {
  return bounded(pyStr(a) + pyStr(b), limit)
}

/** Python's `item in container`. */
export function contains(haystack: Value, needle: Value): boolean {
  const container = plain(haystack)
  const item = plain(needle)
  if (typeof container === 'string') {
    if (typeof item !== 'string')
      throw typeError(`'in <string>' requires string as left operand, not ${typeName(item)}`)
    chargeChars(container.length + item.length)
    return container.includes(item)
  }
  if (container instanceof Map) {
    const unhashable = unhashableType(item)
    if (unhashable !== undefined) throw typeError(`unhashable type: '${unhashable}'`)
    if (typeof item === 'string') chargeChars(item.length)
    if (container.has(item as string)) return true
    if (!isNumber(item)) return false
    chargeItems(container.size)
    for (const key of container.keys()) if (pyEquals(key, item)) return true
    return false
  }
  if (container instanceof Undefined) return false
  if (container instanceof PyRange) {
    const n = numeric(item)
    if (n === undefined || !Number.isInteger(n)) return false
    const offset = (n - container.start) / container.step
    return Number.isInteger(offset) && offset >= 0 && offset < container.length
  }
  const items = Array.isArray(container) ? container : container instanceof DictView ? container.items : undefined
  if (items) {
    chargeItems(items.length)
    for (const candidate of items) if (pyEquals(candidate, item)) return true
    return false
  }
  for (const candidate of iterate(container, `argument of type '${typeName(container)}' is not iterable`)) {
    chargeItems(1)
    if (pyEquals(candidate, item)) return true
  }
  return false
}

/** Python's iter(): a list, tuple, string (its characters), dict (its keys), range, view or iterator. */
export function* iterate(value: Value, notIterable?: string): Generator<Value> {
  if (Array.isArray(value)) yield* value
  else if (typeof value === 'string') yield* chars(value)
  else if (value instanceof Markup) yield* chars(value.text)
  else if (value instanceof Map) yield* value.keys()
  else if (value instanceof DictView) yield* value.items
  else if (value instanceof PyRange) for (let i = 0; i < value.length; i++) yield value.at(i)
  else if (value instanceof PyIterator) for (let step = value.next(); !step.done; step = value.next()) yield step.value
  else if (value instanceof Undefined) return
  else throw typeError(notIterable ?? `'${typeName(value)}' object is not iterable`)
}

/**
 * A copy of the items, charged by their number, before the copy where that is known. The common kinds
 * are copied without a generator, which costs more.
 */
export function toList(value: Value): Value[] {
  if (Array.isArray(value)) {
    chargeItems(value.length)
    return value.slice()
  }
  if (value instanceof DictView) {
    chargeItems(value.items.length)
    return value.items.slice()
  }
  if (value instanceof Map) {
    chargeItems(value.size)
    return Array.from(value.keys())
  }
  if (typeof value === 'string') return chars(value)
  const items: Value[] = []
  if (value instanceof PyIterator) for (let step = value.next(); !step.done; step = value.next()) items.push(step.value)
  else for (const item of iterate(value)) items.push(item)
  chargeItems(items.length)
  return items
}

export function pyLen(value: Value): number {
  if (typeof value === 'string') return strLength(value)
  if (value instanceof Markup) return strLength(value.text)
  if (Array.isArray(value)) return value.length
  if (value instanceof Map) return value.size
  if (value instanceof PyRange) return value.length
  if (value instanceof DictView) return value.items.length
  if (value instanceof Undefined) return 0
  throw typeError(`object of type '${typeName(value)}' has no len()`)
}
