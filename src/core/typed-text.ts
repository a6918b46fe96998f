/**
 * A value written as text, read as a JSON Schema type: the one way the parser (XML and pythonic
 * values by the tools' schemas), the eval lab (VCP's text values by a function's schema) and the
 * executor (arguments by their parameters) type text, so "0x10" means the same everywhere.
 *
 * 'strict' takes a number only as JSON writes it (`-12`, `1.5e3`), so a value written as the wrong
 * type stays text for a checker to see; 'lenient' also takes what models and people write: a `+`
 * sign, `.5` and `5.`, an integer written `3.0`, booleans as `yes`, `no`, `1`, `0`, and `None` for
 * null. Both take `true`/`false` in any case, and read arrays and objects with the lenient JSON
 * reader (single quotes, trailing commas repaired). Neither takes hex, octal or binary digits,
 * `Infinity`, `NaN`, digit separators or empty text: no reference server reads them as numbers.
 */
import { isRecord } from './own-record'
import { parseLenientJson } from './protocols/json/lenient-json'

export type TextTyping = 'strict' | 'lenient'

/** A JSON Schema type (or a spelling models use: int, float, bool, dict, list...), as read here. */
export type TextType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array'

export type TypedText = { ok: true; value: unknown } | { ok: false }

const STRICT_INTEGER = /^-?(?:0|[1-9]\d*)$/
const LENIENT_INTEGER = /^[+-]?\d+(?:\.0*)?$/
const STRICT_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const LENIENT_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const LENIENT_TRUE = new Set(['true', 'yes', '1'])
const LENIENT_FALSE = new Set(['false', 'no', '0'])

/** Schema types as tool definitions spell them (BFCL writes "dict", some write "int"); unknown ones are strings. */
export function textType(type: string): TextType {
  const t = type.toLowerCase()
  if (t === 'int' || t === 'integer' || t === 'long') return 'integer'
  if (t === 'float' || t === 'double' || t === 'number') return 'number'
  if (t === 'bool' || t === 'boolean') return 'boolean'
  if (t === 'dict' || t === 'object' || t === 'map') return 'object'
  if (t === 'list' || t === 'array' || t === 'tuple') return 'array'
  if (t === 'null' || t === 'none') return 'null'
  return 'string'
}

const ok = (value: unknown): TypedText => ({ ok: true, value })
const NOT: TypedText = { ok: false }

/** `text` (spaces around it aside) as `type`; a string is the text as written. */
export function readTextAs(text: string, type: TextType, typing: TextTyping): TypedText {
  const lenient = typing === 'lenient'
  const trimmed = text.trim()
  switch (type) {
    case 'string':
      return ok(text)
    case 'integer': {
      if (!(lenient ? LENIENT_INTEGER : STRICT_INTEGER).test(trimmed)) return NOT
      const value = Number(trimmed)
      return Number.isFinite(value) ? ok(value) : NOT
    }
    case 'number': {
      if (!(lenient ? LENIENT_NUMBER : STRICT_NUMBER).test(trimmed)) return NOT
      const value = Number(trimmed)
      return Number.isFinite(value) ? ok(value) : NOT
    }
    case 'boolean': {
      const word = trimmed.toLowerCase()
      if (lenient ? LENIENT_TRUE.has(word) : word === 'true') return ok(true)
      if (lenient ? LENIENT_FALSE.has(word) : word === 'false') return ok(false)
      return NOT
    }
    case 'null':
      return trimmed === 'null' || (lenient && /^(null|none)$/i.test(trimmed)) ? ok(null) : NOT
    case 'object':
    case 'array': {
      const parsed = parseLenientJson(trimmed)
      if (!parsed.ok) return NOT
      return (type === 'array' ? Array.isArray(parsed.value) : isRecord(parsed.value)) ? ok(parsed.value) : NOT
    }
  }
}
