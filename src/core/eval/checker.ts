/**
 * The eval lab's checker: BFCL's AST checker for Python-language cases, verdicts and error labels
 * included. `simple` takes exactly one call, `multiple` checks the first call against the first
 * expected call, `parallel` and `parallel_multiple` match calls to expected calls in any order,
 * and `irrelevance` passes only when no call was made.
 */
import type { CheckVerdict, DecodedCall, EvalCase, EvalFunction } from './types'
import { isPyDict, pythonRepr } from './checker-python'
import { checkSimpleCall } from './checker-simple'

export { pythonRepr } from './checker-python'
export { standardizeString } from './checker-values'

const VALID: CheckVerdict = { valid: true, errors: [] }

type CheckedCase = Pick<EvalCase, 'category' | 'functions' | 'expected'>

/** A call in BFCL's decoded form: one function name, and a dict of arguments. */
function isCallShape(value: unknown): value is Record<string, Record<string, unknown>> {
  if (!isPyDict(value)) return false
  const names = Object.keys(value)
  return names.length === 1 && isPyDict(value[names[0] as string])
}

/** BFCL's `is_empty_output`: no calls, one empty call, or anything not in the decoded call form. */
function isEmptyOutput(decoded: unknown): boolean {
  if (!Array.isArray(decoded) || !decoded.every(isCallShape)) return true
  return decoded.length === 0 || (decoded.length === 1 && Object.keys(decoded[0] as object).length === 0)
}

function wrongCount(checker: string): CheckVerdict {
  return { valid: false, errors: ['Wrong number of functions.'], errorType: `${checker}:wrong_count` }
}

// A suite BFCL would crash on (no expected call, a function not offered) gets a verdict instead.
function invalidCase(message: string): CheckVerdict {
  return { valid: false, errors: [message], errorType: 'checker:invalid_case' }
}

interface ExpectedEntry {
  name: string
  args: Record<string, unknown>
  /** The expected call as the suite wrote it, for error reports. */
  raw: unknown
}

function expectedEntry(raw: unknown): ExpectedEntry | undefined {
  if (!isPyDict(raw)) return undefined
  const name = Object.keys(raw)[0]
  const args = name === undefined ? undefined : raw[name]
  return name !== undefined && isPyDict(args) ? { name, args, raw } : undefined
}

function isFunction(fn: unknown): fn is EvalFunction {
  return isPyDict(fn) && typeof fn.name === 'string'
}

function findFunction(functions: readonly unknown[], name: string): EvalFunction | undefined {
  return functions.find((fn): fn is EvalFunction => isFunction(fn) && fn.name === name)
}

function checkSimple(testCase: CheckedCase, calls: readonly DecodedCall[]): CheckVerdict {
  if (calls.length !== 1) return wrongCount('simple_function_checker')
  // BFCL checks a simple case against its first function, whatever the expected call's name.
  const fn = testCase.functions[0]
  const expected = expectedEntry(testCase.expected[0])
  if (!isFunction(fn)) return invalidCase('The case offers no function to check the call against.')
  if (expected === undefined) return invalidCase('The case has no expected call.')
  return checkSimpleCall(fn, calls[0] as DecodedCall, expected.args)
}

function checkMultiple(testCase: CheckedCase, calls: readonly DecodedCall[]): CheckVerdict {
  if (calls.length !== testCase.expected.length) return wrongCount('multiple_function_checker')
  const expected = expectedEntry(testCase.expected[0])
  if (expected === undefined) return invalidCase('The case has no expected call.')
  const fn = findFunction(testCase.functions, expected.name)
  if (fn === undefined) return invalidCase(`Function ${pythonRepr(expected.name)} is expected but not offered.`)
  return checkSimpleCall(fn, calls[0] as DecodedCall, expected.args)
}

/**
 * BFCL's `parallel_function_checker_no_order`: each expected call in turn takes the first call not
 * yet taken that passes; when none does, the error lists the calls tried and why each failed.
 */
function checkParallel(testCase: CheckedCase, calls: readonly DecodedCall[]): CheckVerdict {
  if (calls.length !== testCase.expected.length) return wrongCount('parallel_function_checker_no_order')
  const taken = new Set<number>()
  for (const [expectedIndex, raw] of testCase.expected.entries()) {
    const expected = expectedEntry(raw)
    if (expected === undefined) return invalidCase(`Expected call ${expectedIndex} is not a call.`)
    const fn = findFunction(testCase.functions, expected.name)
    if (fn === undefined) return invalidCase(`Function ${pythonRepr(expected.name)} is expected but not offered.`)
    const candidateErrors: unknown[] = []
    let match: number | undefined
    for (const [index, call] of calls.entries()) {
      if (taken.has(index)) continue
      const verdict = checkSimpleCall(fn, call, expected.args)
      if (verdict.valid) {
        match = index
        break
      }
      candidateErrors.push({
        [`Model Result Index ${index}`]: {
          sub_error: verdict.errors,
          sub_error_type: verdict.errorType,
          model_output_item: call,
          possible_answer_item: expected.raw,
        },
      })
    }
    if (match === undefined) {
      const considered = calls.map((_, index) => index).filter((index) => !taken.has(index))
      const summary =
        `Could not find a matching function among index ${pythonRepr(considered)} of model output ` +
        `for index ${expectedIndex} of possible answers.`
      return {
        valid: false,
        errors: [summary, ...candidateErrors],
        errorType: 'parallel_function_checker_no_order:cannot_find_match',
      }
    }
    taken.add(match)
  }
  return VALID
}

function checkIrrelevance(decoded: unknown): CheckVerdict {
  if (isEmptyOutput(decoded)) return VALID
  return {
    valid: false,
    errors: ['Valid syntax. Successfully decode AST when it should not.'],
    errorType: 'irrelevance_error:decoder_success',
  }
}

function checkUnguarded(testCase: CheckedCase, decoded: unknown): CheckVerdict {
  if (testCase.category === 'irrelevance') return checkIrrelevance(decoded)
  if (!Array.isArray(decoded) || !decoded.every(isCallShape)) {
    return {
      valid: false,
      errors: ['Did not output in the specified format.'],
      errorType: 'ast_decoder:decoder_wrong_output_format',
    }
  }
  const sane: CheckedCase = {
    category: testCase.category,
    functions: Array.isArray(testCase.functions) ? testCase.functions : [],
    expected: Array.isArray(testCase.expected) ? testCase.expected : [],
  }
  if (sane.category === 'parallel' || sane.category === 'parallel_multiple') return checkParallel(sane, decoded)
  if (sane.category === 'multiple') return checkMultiple(sane, decoded)
  return checkSimple(sane, decoded)
}

/**
 * Checks the calls a reply made against a case, as BFCL's AST checker does for Python cases, and
 * returns BFCL's verdict (`errorType` is its label, e.g. `value_error:string`). A call may name a
 * function with its dots turned into underscores. `irrelevance` passes when no call was made
 * (BFCL's "empty output": no calls, one empty call, or no call in the decoded form).
 *
 * Two labels are this checker's own, for input BFCL's runner stops earlier or crashes on:
 * `ast_decoder:decoder_wrong_output_format` (an entry of `decoded` is not `{name: {args}}`) and
 * `checker:invalid_case` (the case lacks an expected call or offers no matching function).
 * Never throws, whatever `decoded` holds: a failure inside is a `checker:internal_error` verdict.
 */
export function checkCalls(testCase: CheckedCase, decoded: readonly DecodedCall[]): CheckVerdict {
  try {
    return checkUnguarded(testCase, decoded)
  } catch (error) {
    return { valid: false, errors: [`The checker failed: ${describe(error)}`], errorType: 'checker:internal_error' }
  }
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'an unreadable error'
  }
}
