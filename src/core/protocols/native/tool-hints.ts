/**
 * The tools a model was given, as a parse hint. Accepts what people have at hand: OpenAI's
 * `{type: 'function', function: {name, parameters}}`, a bare `{name, parameters}`, or MCP's
 * `{name, inputSchema}`. Formats that carry every value as text (XML parameters, pythonic
 * literals) type them by the declared schema, and bare ids (Kimi's `functions.NAME:0`) resolve.
 */
import { isRecord } from '../../own-record'
import { ref } from '../../messages/say'
import type { MessageRef } from '../../messages/types'
import type { MessageId } from '../../messages/english'
import { readTextAs, textType, type TextType } from '../../typed-text'

export type JsonSchema = Record<string, unknown>

export interface ToolHints {
  readonly size: number
  has(name: string): boolean
  names(): string[]
  /** The declared schema of one parameter, if the tool and the parameter are known. */
  parameter(toolName: string, key: string): JsonSchema | undefined
}

export const NO_TOOL_HINTS: ToolHints = Object.freeze({
  size: 0,
  has: () => false,
  names: () => [],
  parameter: () => undefined,
})

/** Reads tool definitions in any of the accepted shapes; entries it cannot read are skipped. */
export function toolHints(input: readonly unknown[] | undefined): ToolHints {
  if (!input || input.length === 0) return NO_TOOL_HINTS
  const tools = new Map<string, Map<string, JsonSchema>>()
  for (const entry of input) {
    if (!isRecord(entry)) continue
    const fn = isRecord(entry.function) ? entry.function : entry
    const name = fn.name
    if (typeof name !== 'string' || name === '') continue
    const schema = fn.parameters ?? fn.inputSchema ?? fn.input_schema
    const properties = new Map<string, JsonSchema>()
    if (isRecord(schema) && isRecord(schema.properties)) {
      for (const [key, value] of Object.entries(schema.properties)) if (isRecord(value)) properties.set(key, value)
    }
    tools.set(name, properties)
  }
  return {
    size: tools.size,
    has: (name) => tools.has(name),
    names: () => [...tools.keys()],
    parameter: (toolName, key) => tools.get(toolName)?.get(key),
  }
}

export interface TypedValue {
  value: unknown
  /** Why the text could not be read as the declared type (the value then stays text), as a phrase to nest. */
  problem?: MessageRef
}

/**
 * A value written as text, typed by its schema: `"3"` for an integer is 3, `"true"` for a boolean
 * is true, an object or array is read as (lenient) JSON. With no schema the text stays text.
 * `null` (any case) is null when the schema allows null, or declares types without a string.
 */
export function typeBySchema(raw: string, schema: JsonSchema | undefined): TypedValue {
  if (!schema) return { value: raw }
  const types = declaredTypes(schema)
  if (types.length === 0) return { value: raw }
  const text = raw.trim()
  if (text.toLowerCase() === 'null' && (types.includes('null') || !types.includes('string'))) return { value: null }
  let problem: MessageRef | undefined
  for (const type of types) {
    const typed = asType(raw, type)
    if (typed.ok) return { value: typed.value }
    problem ??= typed.problem
  }
  return { value: raw, problem }
}

function declaredTypes(schema: JsonSchema): TextType[] {
  const out: TextType[] = []
  const add = (type: unknown): void => {
    if (typeof type === 'string') out.push(textType(type))
    else if (Array.isArray(type)) for (const t of type) add(t)
  }
  add(schema.type)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key]
    if (Array.isArray(variants)) for (const v of variants) if (isRecord(v)) add(v.type)
  }
  if (out.length === 0 && Array.isArray(schema.enum)) out.push('string')
  // A string alternative goes last: "3" for ["string", "integer"] is the integer the model meant.
  return [...new Set(out)].sort((a, b) => Number(a === 'string') - Number(b === 'string'))
}

type Typed = { ok: true; value: unknown } | { ok: false; problem: MessageRef }

const PROBLEM: Record<Exclude<TextType, 'string'>, MessageId> = {
  integer: 'native.xml.typed.not-integer',
  number: 'native.xml.typed.not-number',
  boolean: 'native.xml.typed.not-boolean',
  null: 'native.xml.typed.not-null',
  object: 'native.xml.typed.not-json',
  array: 'native.xml.typed.not-json',
}

/** The text read leniently as `type` (typed-text.ts), as every reader of a model's text reads it. */
function asType(raw: string, type: TextType): Typed {
  const read = readTextAs(raw, type, 'lenient')
  if (read.ok) return read
  if (type === 'string') return { ok: true, value: raw }
  return { ok: false, problem: ref(PROBLEM[type], { value: quoteShort(raw.trim()), type }) }
}

function quoteShort(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 37) + '...' : text)
}
