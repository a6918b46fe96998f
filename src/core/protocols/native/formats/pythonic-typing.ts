/**
 * A literal checked against the type its parameter's schema declares: a string written for a
 * typed parameter is read as that type, and a value of another type is kept with a warning.
 */
import type { FormatContext, FormatProblem } from '../format'
import { typeBySchema, type JsonSchema } from '../tool-hints'
import { short } from './pythonic-text'

/** A literal checked against its parameter's schema; a string for a typed parameter is read as that type. */
export function typed(
  value: unknown,
  toolName: string,
  key: string,
  context: FormatContext,
  start: number,
  end: number,
  problems: FormatProblem[],
): unknown {
  const schema = context.tools.parameter(toolName, key)
  if (!schema || value === null) return value
  const types = schemaTypes(schema)
  if (types.length === 0 || types.some((t) => fits(value, t))) return value
  if (typeof value === 'string') {
    const read = typeBySchema(value, schema)
    if (read.problem === undefined) return read.value
    problems.push({
      severity: 'warning',
      code: 'argument-type',
      message: `the argument \`${short(key)}\`: ${read.problem}; it was kept as text.`,
      offset: start,
      length: end - start,
    })
    return value
  }
  problems.push({
    severity: 'warning',
    code: 'argument-type',
    message: `the argument \`${short(key)}\` is ${kindOf(value)}, but the tool declares ${types.join(' or ')}.`,
    offset: start,
    length: end - start,
  })
  return value
}

function schemaTypes(schema: JsonSchema): string[] {
  const out = new Set<string>()
  const add = (type: unknown): void => {
    if (typeof type === 'string') out.add(canonicalType(type))
    else if (Array.isArray(type)) type.forEach(add)
  }
  add(schema.type)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key]
    if (Array.isArray(variants)) for (const v of variants) if (v && typeof v === 'object') add((v as JsonSchema).type)
  }
  return [...out]
}

function canonicalType(type: string): string {
  const t = type.toLowerCase()
  if (t === 'int' || t === 'long') return 'integer'
  if (t === 'float' || t === 'double') return 'number'
  if (t === 'bool') return 'boolean'
  if (t === 'dict' || t === 'map') return 'object'
  if (t === 'list' || t === 'tuple') return 'array'
  if (t === 'str') return 'string'
  return t
}

function fits(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
    case 'null':
      return value === null
    default:
      return true
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a dict'
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number'
  if (typeof value === 'boolean') return 'a boolean'
  return 'a string'
}
