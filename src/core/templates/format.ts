/**
 * Python's string formatting as templates use it: `'%s: %d' % (a, b)`, `'%.2f'|format(x)` and
 * `'{} {name}'.format(...)`, for the common conversions and flags.
 */
import { chargeBuilding, replaceEach } from './cost'
import { TemplateFailure, typeError, valueError } from './failure'
import { floatRepr, intRepr, pyRepr, pyStr } from './repr'
import { PyFloat, Undefined, isTuple, numeric, typeName, type Value } from './values'

const SPEC = /%(?:\(([^)]*)\))?([#0\- +]*)(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])?/g

/**
 * `format % values`: a tuple gives the arguments, anything else is the one argument; a dict also gives
 * `%(name)s`. Like Python, an argument left over is an error unless the value has items (a list or
 * dict, even an undefined value), which Python then takes for a mapping.
 */
export function percentFormat(format: string, values: Value): string {
  const mapping = values instanceof Map ? values : undefined
  const hasItems = !isTuple(values) && (Array.isArray(values) || values instanceof Map || values instanceof Undefined)
  const args = isTuple(values) ? values : [values]
  let next = 0
  const take = (): Value => {
    if (next >= args.length) throw typeError('not enough arguments for format string')
    return args[next++] as Value
  }
  const out = replaceEach(format, SPEC, ([whole, name, flags = '', width, precision, kind]) => {
    if (!kind) throw valueError(`incomplete format`)
    if (kind === '%' && whole === '%%') return '%'
    const w = width === '*' ? Number(take()) : width === undefined ? 0 : Number(width)
    const p = precision === '*' ? Number(take()) : precision === undefined ? undefined : Number(precision)
    let value: Value
    if (name !== undefined) {
      if (!mapping) throw typeError('format requires a mapping')
      if (!mapping.has(name)) throw new TemplateFailure('KeyError', `'${name}'`)
      value = mapping.get(name) as Value
    } else value = take()
    return pad(convert(kind, value, flags, p), w, flags)
  })
  if (!hasItems && next < args.length) throw typeError('not all arguments converted during string formatting')
  return out
}

function convert(kind: string, value: Value, flags: string, precision: number | undefined): string {
  switch (kind) {
    case 's':
      return precision === undefined ? pyStr(value) : pyStr(value).slice(0, precision)
    case 'r':
    case 'a':
      return precision === undefined ? pyRepr(value) : pyRepr(value).slice(0, precision)
    case 'c':
      if (typeof value === 'string' && value.length === 1) return value
      return String.fromCodePoint(integer(kind, value))
  }
  const n = numeric(value)
  if (n === undefined) throw typeError(`%${kind} format: a real number is required, not ${typeName(value)}`)
  const sign = n < 0 || Object.is(n, -0) ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : ''
  const body = numberBody(kind, value, Math.abs(n), flags, precision)
  return sign + body
}

function integer(kind: string, value: Value): number {
  if (value instanceof PyFloat || typeof value === 'string' || value === null)
    throw typeError(`%${kind} format: an integer is required, not ${typeName(value)}`)
  return numeric(value) ?? 0
}

function numberBody(kind: string, value: Value, n: number, flags: string, precision: number | undefined): string {
  const alternate = flags.includes('#')
  switch (kind) {
    case 'd':
    case 'i':
    case 'u':
      return intRepr(Math.trunc(n))
    case 'x':
    case 'X': {
      const text = (alternate ? '0x' : '') + integer(kind, value).toString(16).replace('-', '')
      return kind === 'X' ? text.toUpperCase() : text
    }
    case 'o':
      return (alternate ? '0o' : '') + integer(kind, value).toString(8).replace('-', '')
    case 'f':
    case 'F':
      return fixed(n, precision ?? 6)
    case 'e':
    case 'E': {
      const text = exponential(n, precision ?? 6)
      return kind === 'E' ? text.toUpperCase() : text
    }
    default: {
      const text = general(n, precision ?? 6, alternate)
      return kind === 'G' ? text.toUpperCase() : text
    }
  }
}

export function fixed(n: number, precision: number): string {
  if (!Number.isFinite(n)) return floatRepr(n)
  const digits = Math.min(precision, 100)
  if (Math.abs(n) >= 1e21) return BigInt(Math.round(n)).toString() + (digits ? '.' + '0'.repeat(digits) : '')
  // toFixed sends an exact half away from zero; Python sends it to the even digit ('%.0f' % 2.5 is '2').
  const [whole = '', fraction = ''] = Math.abs(n).toFixed(100).split('.')
  const kept = fraction.slice(0, digits)
  if (/^50*$/.test(fraction.slice(digits)) && Number((whole + kept).slice(-1)) % 2 === 0)
    return (n < 0 || Object.is(n, -0) ? '-' : '') + whole + (digits ? '.' + kept : '')
  return n.toFixed(digits)
}

function exponential(n: number, precision: number): string {
  if (!Number.isFinite(n)) return floatRepr(n)
  const [mantissa, exponent = '0'] = n.toExponential(Math.min(precision, 100)).split('e')
  const e = Number(exponent)
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
}

function general(n: number, precision: number, alternate: boolean): string {
  if (!Number.isFinite(n)) return floatRepr(n)
  const p = precision === 0 ? 1 : precision
  const exponent = n === 0 ? 0 : Number(n.toExponential(p - 1).split('e')[1])
  const text = exponent >= -4 && exponent < p ? fixed(n, p - 1 - exponent) : exponential(n, p - 1)
  if (alternate) return text
  const [mantissa = '', power] = text.split('e')
  const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa
  return power === undefined ? trimmed : `${trimmed}e${power}`
}

function pad(text: string, width: number, flags: string): string {
  if (text.length >= width) return text
  chargeBuilding(width)
  if (flags.includes('-')) return text.padEnd(width)
  if (flags.includes('0') && /^[+\- ]?\d/.test(text)) {
    const sign = /^[+\- ]/.test(text) ? text.slice(0, 1) : ''
    return sign + text.slice(sign.length).padStart(width - sign.length, '0')
  }
  return text.padStart(width)
}

const FIELD = /\{\{|\}\}|\{([^{}!:]*)(?:!([rsa]))?(?::([^{}]*))?\}/g

/** `str.format`: automatic, numbered and named fields, `!r`/`!s`, and a basic format spec. */
export function braceFormat(format: string, positional: Value[], keywords: Map<string, Value>): string {
  let auto = 0
  return replaceEach(format, FIELD, ([whole, field, conversion, spec]) => {
    if (whole === '{{') return '{'
    if (whole === '}}') return '}'
    const key = field ?? ''
    let value: Value
    if (key === '') value = argument(positional, auto++)
    else if (/^\d+$/.test(key)) value = argument(positional, Number(key))
    else if (keywords.has(key)) value = keywords.get(key) as Value
    else throw new TemplateFailure('KeyError', `'${key}'`)
    const text = conversion === 'r' || conversion === 'a' ? pyRepr(value) : undefined
    return applySpec(text ?? value, spec ?? '')
  })
}

function argument(positional: Value[], index: number): Value {
  if (index >= positional.length)
    throw new TemplateFailure('IndexError', `Replacement index ${index} out of range for positional args tuple`)
  return positional[index] as Value
}

const FORMAT_SPEC = /^(?:(.)?([<>^=]))?([+\- ])?(0)?(\d+)?(,)?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/

function applySpec(value: Value, spec: string): string {
  if (spec === '') return pyStr(value)
  const match = FORMAT_SPEC.exec(spec)
  if (!match) throw valueError(`Invalid format specifier '${spec}'`)
  const [, fill = ' ', align, sign = '-', zero, width, , precision, kind] = match
  const n = numeric(value)
  let text: string
  if (kind && kind !== 's') {
    if (n === undefined) throw valueError(`Unknown format code '${kind}' for object of type '${typeName(value)}'`)
    text = convert(
      kind === 'n' ? 'd' : kind,
      value,
      sign === '-' ? '' : sign,
      precision === undefined ? undefined : Number(precision),
    )
  } else if (n !== undefined && typeof value !== 'boolean' && precision !== undefined)
    text = convert('g', value, '', Number(precision))
  else text = precision === undefined ? pyStr(value) : pyStr(value).slice(0, Number(precision))
  const size = Number(width ?? 0)
  if (text.length >= size) return text
  chargeBuilding(size)
  const numericDefault = n !== undefined && typeof value !== 'string'
  const how = align ?? (zero ? '=' : numericDefault ? '>' : '<')
  const padChar = zero && !align ? '0' : fill
  const gap = padChar.repeat(size - text.length)
  if (how === '<') return text + gap
  if (how === '>') return gap + text
  if (how === '^') {
    const left = Math.floor((size - text.length) / 2)
    return padChar.repeat(left) + text + padChar.repeat(size - text.length - left)
  }
  const signed = /^[+\- ]/.test(text) ? 1 : 0
  return text.slice(0, signed) + gap + text.slice(signed)
}
