/**
 * A call's arguments as its method will get them: `$VAR_REF` references resolved from the
 * conversation's variables, the agent's presets filling what the model left out, every argument
 * checked (against the method's JSON Schema too), and the output `limit` taken apart.
 */
import type { MethodMetadata } from '../types'
import { checkArguments, problemOf, REFUSED_ARGUMENT_STATES, type ArgumentCheck, type Arguments } from './arguments'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { asWritten, joinedBySemicolons, problemRefOf } from './plan-messages'
import { LIMIT_PARAMETER } from '../results/output'
import { resolveVarRefs, VariableReferenceError, type ResolveBudget } from '../results/refs'
import type { VariableStore } from '../results/variables'
import type { PlanOptions } from './plan-types'
import { emptyArgs, textOf } from './plan-values'
import { errorMessage } from './error-message'

/** A call's checked arguments, and the output limit it asked for when it did. */
export interface PlannedArguments {
  args: Arguments
  checks: ArgumentCheck[]
  limit?: number
}

/**
 * The method's arguments, in the executor's order: references resolved, the request's id for a
 * method that declares `request_id`, the prompt's `limit` taken out, then every argument checked.
 * Never throws for the model's arguments: every problem is a check.
 */
export function planArguments(
  method: MethodMetadata,
  raw: Readonly<Record<string, unknown>>,
  callId: string,
  options: Pick<PlanOptions, 'variables' | 'presets'>,
  toolId: string,
): PlannedArguments {
  const resolved = options.variables ? resolveReferences(raw, options.variables) : undefined
  let given: Record<string, unknown> = resolved ? resolved.given : (raw as Record<string, unknown>)
  // VCPToolBox plugins that declare `request_id` get the request's id, which the parsers keep out of the arguments.
  if (given.request_id === undefined && method.parameters.some((p) => p.name === 'request_id'))
    given = { ...given, request_id: callId }
  // Every method takes an optional `limit` for its output unless it declares one itself.
  const ownLimit = method.parameters.some((p) => p.name === LIMIT_PARAMETER.name)
  const parameters = ownLimit ? method.parameters : [...method.parameters, LIMIT_PARAMETER]
  const { args, checks } = checkArguments(parameters, given, options.presets?.[toolId], method.openArguments === true)
  // A method with a JSON Schema checks the typed arguments as a whole (ranges, patterns, nested shapes).
  if (method.validateArguments && !checks.some((check) => REFUSED_ARGUMENT_STATES.has(check.state)))
    checkSchema(method, args, checks, ownLimit)
  // An unresolved argument is refused for what it is, not as missing.
  const unresolved = resolved ? resolved.unresolved : []
  const failed = new Set(unresolved.map((check) => check.name))
  const merged = [...checks.filter((check) => !failed.has(check.name)), ...unresolved]
  if (ownLimit) return { args, checks: merged }
  const limit = takeLimit(args, merged)
  return { args, checks: merged, ...(limit === undefined ? {} : { limit }) }
}

/** Every argument with its references resolved; one that cannot be resolved is a check instead. */
function resolveReferences(
  raw: Readonly<Record<string, unknown>>,
  variables: VariableStore,
): { given: Record<string, unknown>; unresolved: ArgumentCheck[] } {
  const budget: ResolveBudget = { references: 0, characters: 0 }
  const given = emptyArgs()
  const unresolved: ArgumentCheck[] = []
  for (const key of Object.keys(raw)) {
    try {
      given[key] = resolveVarRefs(raw[key], variables, budget)
    } catch (error) {
      if (!(error instanceof VariableReferenceError)) throw error
      unresolved.push({
        name: key,
        state: 'unresolved',
        expected: '',
        given: textOf(raw[key]),
        ...problemOf(asWritten(error.message)),
      })
    }
  }
  return { given, unresolved }
}

/** The schema's problems, each on the check of the argument it is about (or one of its own). */
function checkSchema(method: MethodMetadata, args: Arguments, checks: ArgumentCheck[], ownLimit: boolean): void {
  const sent = emptyArgs()
  for (const key of Object.keys(args)) if (key !== LIMIT_PARAMETER.name || ownLimit) sent[key] = args[key]
  for (const problem of safeValidate(method, sent)) {
    const name = problem.path.split('/')[1] ?? ''
    const check = checks.find((c) => c.name === name)
    const said = problem.ref ?? asWritten(problem.message)
    const message = problem.path
      ? ref('plan.schema.at', { path: problem.path.slice(1).replace(/\//g, '.'), problem: said })
      : ref('plan.schema.whole', { problem: said })
    if (check) {
      check.state = 'type-error'
      setProblem(check, check.problem ? joinedBySemicolons([problemRefOf(check), message]) : message)
    } else {
      checks.push({ name: name || '(arguments)', state: 'type-error', expected: '', ...problemOf(message) })
    }
  }
}

/** A schema problem: where, the validator's words, and those words by id when the planner wrote them. */
interface SchemaProblem {
  path: string
  message: string
  ref?: MessageRef
}

/** A validator that throws is a problem with the call, said as one. */
function safeValidate(method: MethodMetadata, args: Arguments): SchemaProblem[] {
  try {
    return (method.validateArguments as NonNullable<MethodMetadata['validateArguments']>)(args)
  } catch (error) {
    const unchecked = ref('plan.schema.unchecked', { error: errorMessage(error) })
    return [{ path: '', message: `could not be checked against the schema: ${errorMessage(error)}`, ref: unchecked }]
  }
}

/** Replaces a check's problem, its id and parameters with those of `message`. */
function setProblem(check: ArgumentCheck, message: MessageRef): void {
  delete check.params
  Object.assign(check, problemOf(message))
}

/** Takes the prompt's `limit` out of the arguments (the method never sees it); a wrong one says what it must be. */
function takeLimit(args: Arguments, checks: ArgumentCheck[]): number | undefined {
  const limitCheck = checks.find((check) => check.name === LIMIT_PARAMETER.name && check.state === 'type-error')
  if (limitCheck) {
    const given = limitCheck.given === undefined ? ref('plan.given.nothing') : JSON.stringify(limitCheck.given)
    setProblem(limitCheck, ref('plan.argument.limit', { given }))
  }
  const value = args[LIMIT_PARAMETER.name]
  delete args[LIMIT_PARAMETER.name]
  return typeof value === 'number' ? value : undefined
}
