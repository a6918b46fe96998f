/**
 * Limits on what a server's tool schemas may cost: a schema is checked on every call, drawn as a
 * form and written into the tools prompt, so one server must not be able to hang the checker
 * (a backtracking `pattern`), freeze the page (a 200,000-value enum) or fill the prompt.
 */
import { RE2JS } from 're2js'
import { isRecord } from '../own-record'
import { cleanServerText } from './server-text'

/** A schema larger than this (as JSON) is not checked here: the server checks the arguments. */
export const MAX_SCHEMA_CHARS = 4_000_000
/** Nor is one nested deeper than this. */
export const MAX_SCHEMA_DEPTH = 64
/**
 * Properties (nested ones included) a tool's schema may declare to be checked here and drawn as a
 * form: compiling a check costs about a millisecond a property, and each is a field. Past it, the
 * server checks the arguments, which are written as JSON.
 */
export const MAX_SCHEMA_PROPERTIES = 100
/** An enum longer than this is a text field that searches its values (the schema still checks the value), not a list of options. */
export const MAX_ENUM_CHOICES = 1_000
/** Nor may an enum's values pass this many characters in all. */
export const MAX_ENUM_CHARS = 2_000
/** Characters of a tool's description, and of each parameter's, that reach the prompt. */
export const MAX_TOOL_DESCRIPTION = 4_000
export const MAX_PARAMETER_DESCRIPTION = 1_000
/** A default longer than this (as JSON) is not shown: the server uses it when the argument is left out. */
export const MAX_DEFAULT_CHARS = 1_000
/**
 * Characters one tool may write into the tools prompt: its description and its parameters (names,
 * types, descriptions, defaults, enum values), which the protocols' examples repeat.
 */
export const MAX_TOOL_PROMPT = 16_000
/** Characters one server may write into the tools prompt, all its tools together. */
export const MAX_SERVER_PROMPT = 100_000
/** A tool left less than this of its server's budget is not offered to the model. */
export const MIN_TOOL_PROMPT = 500

export interface SchemaMeasure {
  /** Its length as JSON, about (escapes aside); counting stops past MAX_SCHEMA_CHARS. */
  chars: number
  /** Capped at MAX_SCHEMA_DEPTH + 1. */
  depth: number
  /** Every `pattern` and `patternProperties` key, once each. */
  patterns: string[]
  /** Keys of every `properties` object in it; counting stops past MAX_SCHEMA_PROPERTIES. */
  properties: number
}

/**
 * Size, depth, properties and patterns of a schema, in one pass that stops going deeper past the
 * depth limit and stops altogether once the schema is over a limit: the work is bounded by the
 * limits, not by what the server sent.
 */
export function measureSchema(schema: unknown): SchemaMeasure {
  const patterns = new Set<string>()
  let chars = 0
  let depth = 0
  let properties = 0
  const stack: { value: unknown; level: number }[] = [{ value: schema, level: 1 }]
  while (stack.length > 0 && chars <= MAX_SCHEMA_CHARS && properties <= MAX_SCHEMA_PROPERTIES) {
    const { value, level } = stack.pop() as { value: unknown; level: number }
    if (level > depth) depth = level
    if (level > MAX_SCHEMA_DEPTH) continue
    chars += 2
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== null && typeof item === 'object') stack.push({ value: item, level: level + 1 })
        else chars += scalarChars(item) + 1
      }
      continue
    }
    if (!isRecord(value)) continue
    if (typeof value.pattern === 'string') patterns.add(value.pattern)
    if (isRecord(value.patternProperties)) for (const key of Object.keys(value.patternProperties)) patterns.add(key)
    if (isRecord(value.properties)) properties += Object.keys(value.properties).length
    for (const key of Object.keys(value)) {
      const item = value[key]
      chars += key.length + 4
      if (item !== null && typeof item === 'object') stack.push({ value: item, level: level + 1 })
      else chars += scalarChars(item)
    }
  }
  return { chars, depth, patterns: [...patterns], properties }
}

function scalarChars(value: unknown): number {
  return typeof value === 'string' ? value.length + 2 : String(value).length
}

/** Why a schema is not checked here, or null when it is. */
export function schemaRefusal(measure: SchemaMeasure): string | null {
  if (measure.chars > MAX_SCHEMA_CHARS) return `its schema is over ${MAX_SCHEMA_CHARS / 1_000_000} MB`
  if (measure.depth > MAX_SCHEMA_DEPTH) return `its schema is nested deeper than ${MAX_SCHEMA_DEPTH} levels`
  if (measure.properties > MAX_SCHEMA_PROPERTIES)
    return `its schema declares more than ${MAX_SCHEMA_PROPERTIES} properties`
  return null
}

/** Why RE2 cannot run a pattern (lookaround, backreferences ...), or null when it can. */
export function linearPatternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

interface RegExpLike {
  test(text: string): boolean
}

/**
 * Ajv's engine for `pattern`: RE2, whose time is linear in the text, so no pattern a server
 * writes can make a check backtrack for minutes. A pattern RE2 cannot run is not checked (the
 * tool's notice says so; the server still checks it).
 */
export const linearRegExp = Object.assign(
  (pattern: string): RegExpLike => {
    let compiled: RE2JS
    try {
      compiled = RE2JS.compile(pattern)
    } catch {
      return { test: () => true, toString: () => pattern } as RegExpLike
    }
    return { test: (text: string) => compiled.matcher(text).find(), toString: () => pattern } as RegExpLike
  },
  { code: 're2js' },
)

/** Descriptions within the per-tool and per-parameter budgets; returns what was cut, for a notice. */
export function capDescription(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 }
  return { text: text.slice(0, max - 1) + '…', cut: text.length - max + 1 }
}

/**
 * The schema as the model and the page see it (the tools prompt, native function calling, the
 * Executor's JSON Schema): every string cleaned as server text, enums past MAX_ENUM_CHOICES left
 * out (said in the description), nesting past MAX_SCHEMA_DEPTH dropped. Arguments are still
 * checked against the server's own schema.
 */
export function displaySchema(schema: Record<string, unknown>): Record<string, unknown> {
  return cleanNode(schema, 1, '') as Record<string, unknown>
}

function cleanNode(value: unknown, level: number, key: string): unknown {
  if (typeof value === 'string') return cleanServerText(value, { multiline: key === 'description' })
  if (value === null || typeof value !== 'object') return value
  if (level > MAX_SCHEMA_DEPTH) return {}
  if (Array.isArray(value)) return value.map((item) => cleanNode(item, level + 1, ''))
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[name]
    if (name === 'enum' && Array.isArray(item) && item.length > MAX_ENUM_CHOICES) continue
    Object.defineProperty(out, cleanServerText(name), {
      value: cleanNode(item, level + 1, name),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  const enumValues = (value as Record<string, unknown>).enum
  if (Array.isArray(enumValues) && enumValues.length > MAX_ENUM_CHOICES) {
    const note = `One of ${enumValues.length.toLocaleString('en-US')} values, e.g. ${enumValues
      .slice(0, 3)
      .map((v) => cleanServerText(JSON.stringify(v)))
      .join(', ')}.`
    out.description = typeof out.description === 'string' && out.description ? `${out.description} (${note})` : note
  }
  return out
}
