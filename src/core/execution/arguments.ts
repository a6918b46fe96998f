/**
 * Argument coercion and validation from parameter metadata. VCP values arrive as strings, JSON
 * paradigms carry typed values: both are brought to the declared types, and everything wrong is
 * reported at once so a model can fix all of it in one retry.
 *
 * Every object built here has no prototype: `__proto__` and `constructor` are ordinary keys.
 */
import type { MethodParameter } from '../types'
import type { MessageParams, MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { coerceFields, coerceValue, copyValue, undeclaredProblem } from './argument-coercion'
import { english, joinedBySemicolons } from './plan-messages'

/** Arguments by name, as a method receives them (built without a prototype). */
export type Arguments = Record<string, unknown>

/** What `coerceArguments` gives: the typed arguments, and every problem found, as text. */
export interface CoercedArguments {
  args: Arguments
  /** Human-readable problems, e.g. `"depth" must be an integer, got "two"`. Empty when valid. */
  problems: string[]
}

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
  /** Why the argument is refused (or where a used value came from), in English. */
  problem?: string
  /** `problem` as a message id with parameters, for a user interface in another language. */
  messageId?: string
  params?: MessageParams
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
      const problems: MessageRef[] = []
      const value = coerceValue(parameter, raw, name, problems)
      if (problems.length > 0) {
        const list = joinedBySemicolons(problems)
        const problem = fromModel ? list : ref('plan.argument.from-preset', { problems: list })
        checks.push({ name, state: 'type-error', expected, given: given(raw), ...problemOf(problem) })
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
      checks.push({ name, state: 'missing', expected, ...problemOf(ref('plan.argument.missing', { name })) })
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
    checks.push({
      name: key,
      state: 'undeclared',
      expected: '',
      given: given(model[key]),
      ...problemOf(undeclaredProblem(`"${key}"`, 1, parameters)),
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
  const problems: MessageRef[] = []
  const args = coerceFields(parameters, raw, '', problems)
  return { args, problems: problems.map(english) }
}

/** A check's problem: its English text with the message's id and parameters. */
export function problemOf(message: MessageRef): Pick<ArgumentCheck, 'problem' | 'messageId' | 'params'> {
  const problem = english(message)
  return message.params
    ? { problem, messageId: message.id, params: message.params }
    : { problem, messageId: message.id }
}
