/**
 * Binds a call's positional and keyword arguments to a Python signature, with Python's TypeErrors.
 */
import { typeError } from './failure'
import type { CallArgs, Value } from './values'

/** Marks a parameter without a default. */
export const REQUIRED = Symbol('required')

export type Parameter = [name: string, fallback: Value | typeof REQUIRED]

/**
 * The values of `parameters` in order. With `rest`, extra positional arguments are returned there
 * (Python's `*args`) instead of refused; with `keywordsRest`, unknown keywords are allowed.
 */
export function bind(
  name: string,
  call: CallArgs,
  parameters: Parameter[],
  { rest = false, keywordsRest = false } = {},
): { values: Value[]; rest: Value[] } {
  const { positional, keywords } = call
  if (!rest && positional.length > parameters.length)
    throw typeError(`${name}() takes ${parameters.length} positional arguments but ${positional.length} were given`)
  const values = parameters.map(([parameter, fallback], i) => {
    const given = keywords.get(parameter)
    if (i < positional.length) {
      if (given !== undefined) throw typeError(`${name}() got multiple values for argument '${parameter}'`)
      return positional[i] as Value
    }
    if (given !== undefined) return given
    if (fallback === REQUIRED) throw typeError(`${name}() missing required argument: '${parameter}'`)
    return fallback
  })
  if (!keywordsRest)
    for (const key of keywords.keys())
      if (!parameters.some(([parameter]) => parameter === key))
        throw typeError(`${name}() got an unexpected keyword argument '${key}'`)
  return { values, rest: positional.slice(parameters.length) }
}

export function noArguments(): CallArgs {
  return { positional: [], keywords: new Map() }
}
