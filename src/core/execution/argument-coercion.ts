/**
 * Bringing one argument (or a record of them) to its declared type, nested objects and arrays
 * too. Every problem is recorded as a message said by id; nothing here throws.
 *
 * Every object built here has no prototype: `__proto__` and `constructor` are ordinary keys.
 */
import type { MethodParameter } from '../types'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import type { Arguments } from './arguments'
import { readTextAs } from '../typed-text'

/** What the parameters are, for a message about an argument they do not name. */
export function knownParameters(parameters: readonly MethodParameter[]): MessageRef {
  return parameters.length === 0
    ? ref('plan.argument.takes-none')
    : ref('plan.argument.declared', { names: parameters.map((p) => p.name).join(', ') })
}

/** Arguments the parameters do not name (`names` quoted and joined), as one problem. */
export function undeclaredProblem(names: string, count: number, parameters: readonly MethodParameter[]): MessageRef {
  return ref(count > 1 ? 'plan.argument.undeclared-many' : 'plan.argument.undeclared-one', {
    names,
    known: knownParameters(parameters),
  })
}

/** The fields of `raw` brought to `parameters` (defaults filled), under `path` for nested names. */
export function coerceFields(
  parameters: readonly MethodParameter[],
  raw: Readonly<Record<string, unknown>>,
  path: string,
  problems: MessageRef[],
): Arguments {
  const out: Arguments = Object.create(null) as Arguments
  const declared = new Set<string>()
  for (const parameter of parameters) {
    declared.add(parameter.name)
    const name = path + parameter.name
    const given = Object.prototype.hasOwnProperty.call(raw, parameter.name) ? raw[parameter.name] : undefined
    if (given === undefined || given === null) {
      if (parameter.defaultValue !== undefined) out[parameter.name] = copyValue(parameter.defaultValue)
      else if (parameter.required !== false) problems.push(ref('plan.argument.missing', { name }))
      continue
    }
    const value = coerceValue(parameter, given, name, problems)
    if (value !== undefined) out[parameter.name] = value
  }
  const undeclared = Object.keys(raw).filter((key) => !declared.has(key))
  if (undeclared.length > 0) {
    const list = undeclared.map((key) => `"${path}${key}"`).join(', ')
    problems.push(undeclaredProblem(list, undeclared.length, parameters))
  }
  return out
}

/** The value brought to the parameter's type, or undefined after recording the problem. */
export function coerceValue(parameter: MethodParameter, given: unknown, name: string, problems: MessageRef[]): unknown {
  const fail = (expected: MessageRef): undefined => {
    problems.push(ref('plan.argument.wrong-type', { name, expected, given: describe(given) }))
    return undefined
  }
  switch (parameter.type) {
    case 'string':
      if (typeof given === 'string') return given
      if (typeof given === 'number' || typeof given === 'boolean') return String(given)
      return fail(ref('plan.expected.string'))
    case 'number':
    case 'integer': {
      const read = typeof given === 'string' ? readTextAs(given, parameter.type, 'lenient') : undefined
      const n = typeof given === 'number' ? given : read?.ok ? (read.value as number) : NaN
      const integer = ref('plan.expected.integer')
      if (!Number.isFinite(n)) return fail(parameter.type === 'integer' ? integer : ref('plan.expected.number'))
      if (parameter.type === 'integer' && !Number.isInteger(n)) return fail(integer)
      return n
    }
    case 'boolean': {
      if (typeof given === 'boolean') return given
      const read = typeof given === 'string' ? readTextAs(given, 'boolean', 'lenient') : undefined
      return read?.ok ? read.value : fail(ref('plan.expected.boolean'))
    }
    case 'enum': {
      const allowed = parameter.enumValues ?? []
      const text = typeof given === 'string' ? given.trim() : typeof given === 'number' ? String(given) : undefined
      if (text !== undefined && allowed.includes(text)) return text
      return fail(ref('plan.expected.enum', { values: allowed.map((v) => `"${v}"`).join(', ') }))
    }
    case 'object':
      return coerceObject(parameter, given, name, problems, fail)
    case 'array':
      return coerceArray(parameter, given, name, problems, fail)
  }
}

/** An object argument (JSON text or a value), its declared properties brought to their types. */
function coerceObject(
  parameter: MethodParameter,
  given: unknown,
  name: string,
  problems: MessageRef[],
  fail: (expected: MessageRef) => undefined,
): unknown {
  const value = typeof given === 'string' ? parseJson(given) : given
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail(ref('plan.expected.object'))
  const record = value as Record<string, unknown>
  if (parameter.properties && parameter.properties.length > 0)
    return coerceFields(parameter.properties, record, `${name}.`, problems)
  return copyValue(record)
}

/** An array argument (JSON text or a value), its items brought to the declared item type. */
function coerceArray(
  parameter: MethodParameter,
  given: unknown,
  name: string,
  problems: MessageRef[],
  fail: (expected: MessageRef) => undefined,
): unknown {
  const value = typeof given === 'string' ? parseJson(given) : given
  if (!Array.isArray(value)) return fail(ref('plan.expected.array'))
  const items = parameter.items
  if (!items) return copyValue(value)
  const out: unknown[] = []
  value.forEach((item: unknown, index) => {
    const itemName = `${name}[${index}]`
    if (item === undefined || item === null) {
      const expected =
        items.type === 'enum' ? ref('plan.expected.allowed-value') : ref('plan.expected.item', { type: items.type })
      problems.push(ref('plan.argument.wrong-type', { name: itemName, expected, given: 'null' }))
      return
    }
    out.push(coerceValue(items, item, itemName, problems))
  })
  return out
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A deep copy whose objects have no prototype (defaults must not be shared between calls either). */
export function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue)
  if (value !== null && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>
    for (const key of Object.keys(value)) out[key] = copyValue((value as Record<string, unknown>)[key])
    return out
  }
  return value
}

/** A value as a problem quotes it: a string in quotes (cut when long), or what kind of value it is. */
function describe(value: unknown): MessageRef | string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value)
  if (Array.isArray(value)) return ref('plan.given.array')
  if (value === null) return 'null'
  if (typeof value === 'object') return ref('plan.given.object')
  return ref('plan.given.value', { type: typeof value, value: String(value) })
}
