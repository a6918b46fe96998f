/**
 * An MCP tool's `inputSchema` read as parameters, so the tools prompt, Discovery's table, the
 * Executor's form and the argument checks work on MCP tools as on built-in ones. The schema stays
 * on the method and has the last word: the arguments are validated against it as a whole.
 */
import type { MethodParameter, ParameterType } from '../types'
import { isRecord } from '../own-record'

type Schema = Record<string, unknown>

/** The top-level properties of an object schema, as parameters. */
export function schemaParameters(schema: unknown): MethodParameter[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return []
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [])
  return Object.keys(schema.properties).map((name) => parameterOf(name, (schema.properties as Schema)[name], required.has(name), 0))
}

/** Whether the schema lets arguments through that it does not name. */
export function schemaIsOpen(schema: unknown): boolean {
  return isRecord(schema) && schema.additionalProperties !== false && schema.additionalProperties !== undefined
}

function parameterOf(name: string, raw: unknown, required: boolean, depth: number): MethodParameter {
  const schema = isRecord(raw) ? branch(raw) : {}
  const parameter: MethodParameter = { name, type: typeOf(schema) }
  const description = typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : undefined
  if (description) parameter.description = description
  if (!required) parameter.required = false
  if (schema.default !== undefined) parameter.defaultValue = schema.default
  if (parameter.type === 'enum') parameter.enumValues = (schema.enum as unknown[]).map(String)
  // Deep schemas are described to a depth; the validator checks the rest.
  if (depth < 4) {
    if (parameter.type === 'array' && isRecord(schema.items)) parameter.items = parameterOf('item', schema.items, true, depth + 1)
    if (parameter.type === 'object' && isRecord(schema.properties)) {
      const inner = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [])
      parameter.properties = Object.keys(schema.properties).map((key) => parameterOf(key, (schema.properties as Schema)[key], inner.has(key), depth + 1))
    }
  }
  return parameter
}

/** `anyOf: [X, {type: null}]` (how optional values are often written) reads as X. */
function branch(schema: Schema): Schema {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options)) {
      const real = options.filter((o) => isRecord(o) && o.type !== 'null')
      if (real.length === 1 && isRecord(real[0])) return { ...real[0], ...without(schema, key) }
    }
  }
  return schema
}

function typeOf(schema: Schema): ParameterType {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string')) return 'enum'
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (declared) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'object':
    case 'array':
      return declared
    default:
      // No single type (anyOf, const, ...): a JSON value, checked by the schema.
      return isRecord(schema.properties) ? 'object' : 'string'
  }
}

function without(schema: Schema, key: string): Schema {
  const out: Schema = {}
  for (const k of Object.keys(schema)) if (k !== key) out[k] = schema[k]
  return out
}
