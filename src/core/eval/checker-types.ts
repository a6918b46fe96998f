/**
 * BFCL's type check of one argument, for Python-language cases: the declared type name is mapped
 * to a Python type, arrays and tuples have their items checked one level deep, and a value whose
 * type matches the expected answers instead (a variable name written as a string) is let through.
 */
import type { CheckVerdict } from './types'
import { pyTypeOf, pythonRepr, type PyTypeName } from './checker-python'

/**
 * BFCL's Python type mapping. `any` maps to `str`, as BFCL has it: such an argument passes the type
 * check when it is a string or has the type of the expected answers. BFCL has no `object` or
 * `number`; they are here so suites written with JSON Schema names check the same way (`dict`, `float`).
 */
export const PYTHON_TYPE_MAPPING: Readonly<Record<string, PyTypeName>> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
  object: 'dict',
  number: 'float',
}

/** The declared types whose items are checked too. */
export const NESTED_TYPE_NAMES: readonly string[] = ['array', 'tuple']

/** The Python type a declared type name stands for; undefined for a name BFCL does not know. */
export function pythonTypeFor(typeName: unknown): PyTypeName | undefined {
  if (typeof typeName !== 'string' || !Object.hasOwn(PYTHON_TYPE_MAPPING, typeName)) return undefined
  return PYTHON_TYPE_MAPPING[typeName]
}

/**
 * Whether a value has a Python type. A JSON number cannot say whether it was written `3` or `3.0`,
 * so any number counts as a float (BFCL turns an int into a float where a float is declared);
 * only an integral number is an int, and a boolean is never a number here.
 */
export function hasPyType(value: unknown, type: PyTypeName): boolean {
  const actual = pyTypeOf(value)
  return actual === type || (type === 'float' && actual === 'int')
}

/** The first expected value that is not the `""` marking the argument optional. */
export function firstAnswer(possibleAnswers: readonly unknown[]): { value: unknown } | undefined {
  const index = possibleAnswers.findIndex((answer) => answer !== '')
  return index === -1 ? undefined : { value: possibleAnswers[index] }
}

/** The outcome of a type check: a verdict, plus whether the value reads as a variable name. */
export interface TypeCheckResult extends CheckVerdict {
  isVariable: boolean
}

/** What a type check compares a value with. */
export interface TypeCheckInput {
  param: string
  value: unknown
  possibleAnswers: readonly unknown[]
  typeName: string
  expected: PyTypeName
  nested: PyTypeName | undefined
}

function itemsMatch(input: TypeCheckInput, nested: PyTypeName): boolean {
  if (!Array.isArray(input.value)) return false
  const values: readonly unknown[] = input.value
  // Each expected list is tried in turn; an expected value that is not a list (the optional
  // marker "", a variable name) passes the items unchecked, as BFCL does.
  return input.possibleAnswers.some((answer) => {
    if (!Array.isArray(answer)) return true
    const itemAnswers: readonly unknown[] = answer
    return values.every(
      (item) =>
        typeCheck({
          param: input.param,
          value: item,
          possibleAnswers: itemAnswers,
          typeName: `<class '${nested}'>`,
          expected: nested,
          nested: undefined,
        }).valid,
    )
  })
}

/**
 * BFCL's `type_checker`. Valid when the value has the expected type (and, for arrays and tuples,
 * its items fit one expected list), or when it has the type of the first expected answer. A
 * failed item check is `type_error:nested` when the value still has the answers' type, else the
 * nested message is followed by the simple one under `type_error:simple`, as in BFCL.
 */
export function typeCheck(input: TypeCheckInput): TypeCheckResult {
  const { param, value, typeName, expected, nested } = input
  const answer = firstAnswer(input.possibleAnswers)
  const isVariable = answer !== undefined && !hasPyType(answer.value, expected)
  const errors: string[] = []
  let errorType = 'type_error:simple'
  if (hasPyType(value, expected)) {
    if (nested === undefined || itemsMatch(input, nested)) return { valid: true, errors: [], isVariable }
    errors.push(
      `Nested type checking failed for parameter ${pythonRepr(param)}. Expected outer type ${typeName} ` +
        `with inner type <class '${nested}'>. Parameter value: ${pythonRepr(value)}.`,
    )
    errorType = 'type_error:nested'
  }
  if (answer !== undefined && pyTypeOf(value) === pyTypeOf(answer.value)) {
    return errors.length === 0
      ? { valid: true, errors: [], isVariable: true }
      : { valid: false, errors, errorType, isVariable: true }
  }
  errors.push(
    `Incorrect type for parameter ${pythonRepr(param)}. Expected type ${typeName}, got ${pyTypeOf(value)}. ` +
      `Parameter value: ${pythonRepr(value)}.`,
  )
  return { valid: false, errors, errorType: 'type_error:simple', isVariable: false }
}
