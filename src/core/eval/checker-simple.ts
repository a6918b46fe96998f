/**
 * BFCL's `simple_function_checker` for Python-language cases: one call checked against one
 * function's schema and one expected call.
 */
import type { CheckVerdict, EvalFunction } from './types'
import { formatPyFloat, isPyDict, ownValue, pyContains, pythonRepr } from './checker-python'
import { NESTED_TYPE_NAMES, pythonTypeFor, typeCheck } from './checker-types'
import { allowsOmission, answerList, checkDict, checkList, checkListOfDicts, checkString } from './checker-values'

const VALID: CheckVerdict = { valid: true, errors: [] }

function failure(errorType: string, message: string): CheckVerdict {
  return { valid: false, errors: [message], errorType }
}

/**
 * The names a call may use for a function: its own, and the same with every `.` turned into `_`
 * (providers that forbid dots in tool names get the underscored form).
 */
export function acceptedNames(name: string): string[] {
  const underscored = name.replace(/\./g, '_')
  return underscored === name ? [name] : [name, underscored]
}

function schemaOf(properties: Record<string, unknown>, param: string): Record<string, unknown> {
  const schema = ownValue(properties, param)
  return isPyDict(schema) ? schema : {}
}

// A float argument given as an int reads back as `3.0` in BFCL's messages, once converted.
function reprArgument(value: unknown, typeName: unknown): string {
  const float = (typeName === 'float' || typeName === 'number') && typeof value === 'number'
  return float ? formatPyFloat(value) : pythonRepr(value)
}

/**
 * One argument: its type, then its value. Dicts, lists of dicts, strings and lists have their
 * own checks unless the value reads as a variable name; everything else must be `==` to an
 * expected value. A type name BFCL does not know skips straight to that last comparison.
 */
export function checkArgument(
  param: string,
  value: unknown,
  schema: Record<string, unknown>,
  possibleAnswers: readonly unknown[],
): CheckVerdict {
  const typeName = schema.type
  const expected = pythonTypeFor(typeName)
  if (expected !== undefined && typeof typeName === 'string') {
    const items = schema.items
    const nested =
      NESTED_TYPE_NAMES.includes(typeName) && isPyDict(items) ? pythonTypeFor(ownValue(items, 'type')) : undefined
    const typed = typeCheck({ param, value, possibleAnswers, typeName, expected, nested })
    if (!typed.valid) return { valid: false, errors: typed.errors, errorType: typed.errorType }
    if (!typed.isVariable) {
      if (expected === 'dict') return checkDict(param, value, possibleAnswers)
      if (expected === 'list' && nested === 'dict' && Array.isArray(value)) {
        return checkListOfDicts(param, value, possibleAnswers)
      }
      if (expected === 'str' && typeof value === 'string') return checkString(param, value, possibleAnswers)
      if (expected === 'list' && Array.isArray(value)) return checkList(param, value, possibleAnswers)
    }
  }
  if (pyContains(possibleAnswers, value)) return VALID
  return failure(
    'value_error:others',
    `Invalid value for parameter ${pythonRepr(param)}: ${reprArgument(value, typeName)}. ` +
      `Expected one of ${pythonRepr(possibleAnswers)}.`,
  )
}

/**
 * BFCL's `simple_function_checker`: the call names the function, gives every required argument,
 * gives no argument the schema or the expected call lacks, gives each argument an accepted value,
 * and leaves out only arguments whose expected values include `""`. `expectedArgs` is the expected
 * call's `{argument: [accepted values]}`; `call` is the decoded `{name: {argument: value}}`.
 */
export function checkSimpleCall(
  fn: EvalFunction,
  call: Record<string, unknown>,
  expectedArgs: Record<string, unknown>,
): CheckVerdict {
  const parameters: Record<string, unknown> = isPyDict(fn.parameters) ? fn.parameters : {}
  const properties = isPyDict(parameters.properties) ? parameters.properties : {}
  const required: readonly unknown[] = Array.isArray(parameters.required) ? parameters.required : []

  const name = acceptedNames(fn.name).find((candidate) => Object.hasOwn(call, candidate))
  const args = name === undefined ? undefined : call[name]
  if (name === undefined || !isPyDict(args)) {
    return failure(
      'simple_function_checker:wrong_func_name',
      `Function name ${pythonRepr(fn.name)} not found in model output.`,
    )
  }
  for (const param of required) {
    if (typeof param !== 'string' || !Object.hasOwn(args, param)) {
      return failure('simple_function_checker:missing_required', `Missing required parameter: ${pythonRepr(param)}.`)
    }
  }
  for (const param of Object.keys(args)) {
    if (!Object.hasOwn(properties, param) || !Object.hasOwn(expectedArgs, param)) {
      return failure('simple_function_checker:unexpected_param', `Unexpected parameter: ${pythonRepr(param)}.`)
    }
    const verdict = checkArgument(param, args[param], schemaOf(properties, param), answerList(expectedArgs, param))
    if (!verdict.valid) return verdict
  }
  for (const param of Object.keys(expectedArgs)) {
    if (!Object.hasOwn(args, param) && !allowsOmission(expectedArgs[param])) {
      return failure(
        'simple_function_checker:missing_optional',
        `Optional parameter ${pythonRepr(param)} not provided and not marked as optional.`,
      )
    }
  }
  return VALID
}
