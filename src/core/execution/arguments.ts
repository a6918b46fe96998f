/**
 * Argument coercion and validation from parameter metadata. VCP values arrive as strings, JSON
 * paradigms carry typed values: both are brought to the declared types, and everything wrong is
 * reported at once so a model can fix all of it in one retry.
 *
 * Every object built here has no prototype: `__proto__` and `constructor` are ordinary keys.
 */
import type { MethodParameter } from '../types'

/** Arguments by name, as a method receives them (built without a prototype). */
export type Arguments = Record<string, unknown>

/** What `coerceArguments` gives: the typed arguments, and every problem found, as text. */
export interface CoercedArguments {
  args: Arguments
  /** Human-readable problems, e.g. `"depth" must be an integer, got "two"`. Empty when valid. */
  problems: string[]
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/** What became of one argument on its way to the method. */
export type ArgumentState =
  /** Given with the declared type. */
  | 'ok'
  /** Given as text (or another type) and brought to the declared type. */
  | 'coerced'
  /** Not given: the parameter's default is used. */
  | 'default'
  /** Not given: the agent's preset for this tool is used. */
  | 'preset'
  /** Optional, not given, no default: the method does without. */
  | 'absent'
  /** Required and not given. */
  | 'missing'
  /** Given but not declared by the method. */
  | 'undeclared'
  /** Given but not of the declared type. */
  | 'type-error'
  /** A `$VAR_REF{{...}}` in it could not be resolved. */
  | 'unresolved'

/** States that keep a call from running. */
export const REFUSED_ARGUMENT_STATES: ReadonlySet<ArgumentState> = new Set([
  'missing',
  'undeclared',
  'type-error',
  'unresolved',
])

/** What the planner found about one argument, for showing next to it and for the refusal reason. */
export interface ArgumentCheck {
  name: string
  state: ArgumentState
  /** The type as the tools prompt states it: `integer`, `enum (a | b)`, `array of string`; '' when undeclared. */
  expected: string
  /** The value as given (by the model, the preset or the default), as text. */
  given?: string
  /** What the method gets, when it gets anything. */
  value?: unknown
  /** Why the argument is refused (or where a used value came from). */
  problem?: string
  /** Where the value is in the reply, when it came from the reply. */
  span?: { offset: number; length: number }
}

/** What `checkArguments` gives: the arguments the method gets, and a check per argument. */
export interface CheckedArguments {
  /** The arguments the method gets: defaults < presets < the model's, each brought to its type. */
  args: Arguments
  /** One per parameter, then one per undeclared argument, in that order. */
  checks: ArgumentCheck[]
}

/** The parameter's type in the words of the tools prompt. */
export function expectedType(parameter: MethodParameter): string {
  if (parameter.type === 'enum') return `enum (${(parameter.enumValues ?? []).join(' | ')})`
  if (parameter.type === 'array' && parameter.items) return `array of ${parameter.items.type}`
  return parameter.type
}

const given = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))
const has = (record: Readonly<Record<string, unknown>> | undefined, key: string): boolean =>
  record !== undefined &&
  Object.prototype.hasOwnProperty.call(record, key) &&
  record[key] !== undefined &&
  record[key] !== null

/**
 * Checks every argument of a call and builds what the method gets. `presets` are an agent's
 * values for the tool: they fill what the model left out, and presets the method does not
 * declare are ignored (they are meant for the tool's other methods).
 */
export function checkArguments(
  parameters: readonly MethodParameter[],
  model: Readonly<Record<string, unknown>>,
  presets?: Readonly<Record<string, unknown>>,
  /** Pass arguments the parameters do not name on as they are (a schema that allows them). */
  open = false,
): CheckedArguments {
  const args: Arguments = Object.create(null) as Arguments
  const checks: ArgumentCheck[] = []
  for (const parameter of parameters) {
    const name = parameter.name
    const expected = expectedType(parameter)
    const fromModel = has(model, name)
    if (fromModel || has(presets, name)) {
      const raw = fromModel ? model[name] : (presets as Record<string, unknown>)[name]
      const problems: string[] = []
      const value = coerceValue(parameter, raw, name, problems)
      if (problems.length > 0) {
        checks.push({
          name,
          state: 'type-error',
          expected,
          given: given(raw),
          problem: (fromModel ? '' : "the agent's preset: ") + problems.join('; '),
        })
        continue
      }
      args[name] = value
      const state = !fromModel
        ? 'preset'
        : typeof raw !== typeof value || (typeof raw === 'string' && raw !== value)
          ? 'coerced'
          : 'ok'
      checks.push({ name, state, expected, given: given(raw), value })
    } else if (parameter.defaultValue !== undefined) {
      args[name] = copyValue(parameter.defaultValue)
      checks.push({ name, state: 'default', expected, given: given(parameter.defaultValue), value: args[name] })
    } else if (parameter.required === false) {
      checks.push({ name, state: 'absent', expected })
    } else {
      checks.push({ name, state: 'missing', expected, problem: `missing required "${name}"` })
    }
  }
  const declared = new Set(parameters.map((p) => p.name))
  for (const key of Object.keys(model)) {
    if (declared.has(key)) continue
    if (open) {
      args[key] = model[key]
      checks.push({ name: key, state: 'ok', expected: '', given: given(model[key]), value: model[key] })
      continue
    }
    const known =
      parameters.length === 0 ? 'it takes no arguments' : `declared: ${parameters.map((p) => p.name).join(', ')}`
    checks.push({
      name: key,
      state: 'undeclared',
      expected: '',
      given: given(model[key]),
      problem: `undeclared argument "${key}" (${known})`,
    })
  }
  return { args, checks }
}

/**
 * Brings raw arguments to their declared types all at once (nested objects and arrays too), filling
 * defaults; missing required, undeclared and wrongly typed values become `problems`. Never throws.
 * The planner uses `checkArguments`, which also reports per argument and applies presets.
 */
export function coerceArguments(
  parameters: readonly MethodParameter[],
  raw: Readonly<Record<string, unknown>>,
): CoercedArguments {
  const problems: string[] = []
  const args = coerceFields(parameters, raw, '', problems)
  return { args, problems }
}

function coerceFields(
  parameters: readonly MethodParameter[],
  raw: Readonly<Record<string, unknown>>,
  path: string,
  problems: string[],
): Arguments {
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
    const known =
      parameters.length === 0 ? 'it takes no arguments' : `declared: ${parameters.map((p) => p.name).join(', ')}`
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
      const n =
        typeof given === 'number'
          ? given
          : typeof given === 'string' && NUMBER_TEXT.test(given.trim())
            ? Number(given.trim())
            : NaN
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
      if (parameter.properties && parameter.properties.length > 0)
        return coerceFields(parameter.properties, record, `${name}.`, problems)
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
          problems.push(
            `"${itemName}" must be ${items.type === 'enum' ? 'one of the allowed values' : `a ${items.type}`}, got null`,
          )
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
