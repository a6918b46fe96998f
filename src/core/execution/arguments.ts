/**
 * Argument coercion and validation from parameter metadata. VCP values arrive as strings, JSON
 * paradigms carry typed values: both are brought to the declared types, and everything wrong is
 * reported at once so a model can fix all of it in one retry.
 *
 * Every object built here has no prototype: `__proto__` and `constructor` are ordinary keys.
 */
import type { MethodParameter } from '../types'

export type Arguments = Record<string, unknown>

export interface CoercedArguments {
  args: Arguments
  /** Human-readable problems, e.g. `"depth" must be an integer, got "two"`. Empty when valid. */
  problems: string[]
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

export function coerceArguments(parameters: readonly MethodParameter[], raw: Readonly<Record<string, unknown>>): CoercedArguments {
  const problems: string[] = []
  const args = coerceFields(parameters, raw, '', problems)
  return { args, problems }
}

function coerceFields(parameters: readonly MethodParameter[], raw: Readonly<Record<string, unknown>>, path: string, problems: string[]): Arguments {
  const out: Arguments = Object.create(null) as Arguments
  const declared = new Set<string>()
  for (const parameter of parameters) {
    declared.add(parameter.name)
    const name = path + parameter.name
    const given = Object.prototype.hasOwnProperty.call(raw, parameter.name) ? raw[parameter.name] : undefined
    if (given === undefined || given === null) {
      if (parameter.defaultValue !== undefined) out[parameter.name] = copyValue(parameter.defaultValue)
      else if (parameter.required !== false) problems.push(`missing required "${name}"`)
      continue
    }
    const value = coerceValue(parameter, given, name, problems)
    if (value !== undefined) out[parameter.name] = value
  }
  const undeclared = Object.keys(raw).filter((key) => !declared.has(key))
  if (undeclared.length > 0) {
    const list = undeclared.map((key) => `"${path}${key}"`).join(', ')
    const known = parameters.length === 0 ? 'it takes no arguments' : `declared: ${parameters.map((p) => p.name).join(', ')}`
    problems.push(`undeclared argument${undeclared.length > 1 ? 's' : ''} ${list} (${known})`)
  }
  return out
}

/** The value brought to the parameter's type, or undefined after recording the problem. */
function coerceValue(parameter: MethodParameter, given: unknown, name: string, problems: string[]): unknown {
  const fail = (expected: string): undefined => {
    problems.push(`"${name}" must be ${expected}, got ${describe(given)}`)
    return undefined
  }
  switch (parameter.type) {
    case 'string':
      if (typeof given === 'string') return given
      if (typeof given === 'number' || typeof given === 'boolean') return String(given)
      return fail('a string')
    case 'number':
    case 'integer': {
      const n = typeof given === 'number' ? given : typeof given === 'string' && NUMBER_TEXT.test(given.trim()) ? Number(given.trim()) : NaN
      if (!Number.isFinite(n)) return fail(parameter.type === 'integer' ? 'an integer' : 'a number')
      if (parameter.type === 'integer' && !Number.isInteger(n)) return fail('an integer')
      return n
    }
    case 'boolean': {
      if (typeof given === 'boolean') return given
      const text = typeof given === 'string' ? given.trim().toLowerCase() : ''
      if (text === 'true' || text === 'yes' || text === '1') return true
      if (text === 'false' || text === 'no' || text === '0') return false
      return fail('true or false')
    }
    case 'enum': {
      const allowed = parameter.enumValues ?? []
      const text = typeof given === 'string' ? given.trim() : typeof given === 'number' ? String(given) : undefined
      if (text !== undefined && allowed.includes(text)) return text
      return fail(`one of ${allowed.map((v) => `"${v}"`).join(', ')}`)
    }
    case 'object': {
      const value = typeof given === 'string' ? parseJson(given) : given
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('a JSON object')
      const record = value as Record<string, unknown>
      if (parameter.properties && parameter.properties.length > 0) return coerceFields(parameter.properties, record, `${name}.`, problems)
      return copyValue(record)
    }
    case 'array': {
      const value = typeof given === 'string' ? parseJson(given) : given
      if (!Array.isArray(value)) return fail('a JSON array')
      const items = parameter.items
      if (!items) return copyValue(value)
      const out: unknown[] = []
      value.forEach((item: unknown, index) => {
        const itemName = `${name}[${index}]`
        if (item === undefined || item === null) {
          problems.push(`"${itemName}" must be ${items.type === 'enum' ? 'one of the allowed values' : `a ${items.type}`}, got null`)
          return
        }
        out.push(coerceValue(items, item, itemName, problems))
      })
      return out
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A deep copy whose objects have no prototype (defaults must not be shared between calls either). */
function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue)
  if (value !== null && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>
    for (const key of Object.keys(value)) out[key] = copyValue((value as Record<string, unknown>)[key])
    return out
  }
  return value
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value)
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}
