/**
 * A literal checked against the type its parameter's schema declares: a string written for a
 * typed parameter is read as that type, and a value of another type is kept with a warning.
 */
import type { FormatContext, FormatProblem } from '../format'
import { ref, say } from '../../../messages/say'
import type { MessageParam, MessageRef } from '../../../messages/types'
import { typeBySchema, type JsonSchema } from '../tool-hints'
import { short } from './pythonic-text'
import { saidProblem } from './said-problem'

/** A literal's kind as a message names it. */
const KIND_LIST = ref('native.pythonic.kind.list')
const KIND_DICT = ref('native.pythonic.kind.dict')
const KIND_INTEGER = ref('native.pythonic.kind.integer')
const KIND_NUMBER = ref('native.pythonic.kind.number')
const KIND_BOOLEAN = ref('native.pythonic.kind.boolean')
const KIND_STRING = ref('native.pythonic.kind.string')

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
    problems.push(
      saidProblem(
        'warning',
        'argument-type',
        say('native.pythonic.argument-not-as-declared', { key: short(key), problem: read.problem }),
        start,
        end - start,
      ),
    )
    return value
  }
  problems.push(
    saidProblem(
      'warning',
      'argument-type',
      say('native.pythonic.argument-wrong-type', { key: short(key), kind: kindOf(value), types: eitherType(types) }),
      start,
      end - start,
    ),
  )
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

/** A literal's kind as a message names it ("a list"). */
function kindOf(value: unknown): MessageRef {
  if (Array.isArray(value)) return KIND_LIST
  if (typeof value === 'object') return KIND_DICT
  if (typeof value === 'number') return Number.isInteger(value) ? KIND_INTEGER : KIND_NUMBER
  if (typeof value === 'boolean') return KIND_BOOLEAN
  return KIND_STRING
}

/** The declared types as "a or b or c": the names as written, joined by a nested phrase per "or". */
function eitherType(types: readonly string[]): MessageParam {
  if (types.length <= 1) return types[0] ?? ''
  return ref('native.pythonic.either-type', {
    first: eitherType(types.slice(0, -1)),
    last: types[types.length - 1] as string,
  })
}
