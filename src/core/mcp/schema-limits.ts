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
/** An enum longer than this is a text field that searches its values (the schema still checks the value), not a list of options. */
export const MAX_ENUM_CHOICES = 1_000
/** Characters of a tool's description, and of each parameter's, that reach the prompt. */
export const MAX_TOOL_DESCRIPTION = 4_000
export const MAX_PARAMETER_DESCRIPTION = 1_000
/** Characters of description one server may put into the tools prompt, all its tools together. */
export const MAX_SERVER_DESCRIPTIONS = 100_000
/** What a tool's description is cut to once its server is over that budget. */
const OVER_BUDGET_DESCRIPTION = 200

export interface SchemaMeasure {
  chars: number
  /** Capped at MAX_SCHEMA_DEPTH + 1. */
  depth: number
  /** Every `pattern` and `patternProperties` key, once each. */
  patterns: string[]
}

/** Size, depth and patterns of a schema, in one pass that stops going deeper past the limit. */
export function measureSchema(schema: unknown): SchemaMeasure {
  let chars = 0
  try {
    chars = JSON.stringify(schema)?.length ?? 0
  } catch {
    chars = Infinity
  }
  const patterns = new Set<string>()
  let depth = 0
  const stack: { value: unknown; level: number }[] = [{ value: schema, level: 1 }]
  while (stack.length > 0) {
    const { value, level } = stack.pop() as { value: unknown; level: number }
    if (level > depth) depth = level
    if (level > MAX_SCHEMA_DEPTH) continue
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== null && typeof item === 'object') stack.push({ value: item, level: level + 1 })
      continue
    }
    if (!isRecord(value)) continue
    if (typeof value.pattern === 'string') patterns.add(value.pattern)
    if (isRecord(value.patternProperties)) for (const key of Object.keys(value.patternProperties)) patterns.add(key)
    for (const key of Object.keys(value)) {
      const item = value[key]
      if (item !== null && typeof item === 'object') stack.push({ value: item, level: level + 1 })
    }
  }
  return { chars, depth, patterns: [...patterns] }
}

/** Why a schema is not checked here, or null when it is. */
export function schemaRefusal(measure: SchemaMeasure): string | null {
  if (measure.chars > MAX_SCHEMA_CHARS)
    return `its schema is ${Math.round(measure.chars / 1000).toLocaleString('en-US')} KB, over ${MAX_SCHEMA_CHARS / 1_000_000} MB`
  if (measure.depth > MAX_SCHEMA_DEPTH) return `its schema is nested deeper than ${MAX_SCHEMA_DEPTH} levels`
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

/** The budget of a whole server: past it, tools' descriptions are cut short (in listing order). */
export function overBudgetLength(): number {
  return OVER_BUDGET_DESCRIPTION
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
