/**
 * BFCL's value checks for strings, lists, dicts and lists of dicts. Strings are compared after
 * {@link standardizeString}, so "April 1, 2024" and "april 1 2024" agree; everything else is
 * compared with Python's `==`.
 */
import type { CheckVerdict } from './types'
import { isPyDict, ownValue, pyContains, pythonRepr } from './checker-python'

/**
 * BFCL's `standardize_string`: drops spaces and the characters `,./-_*^`, lowercases, and turns
 * `'` into `"`.
 */
export function standardizeString(input: string): string {
  return input
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"')
}

const VALID: CheckVerdict = { valid: true, errors: [] }

function standardizeItem(item: unknown): unknown {
  return typeof item === 'string' ? standardizeString(item) : item
}

/**
 * The items BFCL walks with `range(len(x))`: a list's items, a string's characters (so the
 * optional marker `""` walks as an empty list). Anything else has none here.
 */
export function sequenceItems(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return Array.from(value)
  return undefined
}

/** Python `"" in x` for an expected-values entry: a list holding `""`, or any string. */
export function allowsOmission(answers: unknown): boolean {
  if (typeof answers === 'string') return true
  return Array.isArray(answers) && answers.some((answer) => answer === '')
}

/** BFCL's `string_checker`: the standardized value must equal one standardized expected string. */
export function checkString(param: string, value: string, possibleAnswers: readonly unknown[]): CheckVerdict {
  const accepted = possibleAnswers.filter((answer) => typeof answer === 'string').map(standardizeString)
  if (accepted.includes(standardizeString(value))) return VALID
  return {
    valid: false,
    errors: [
      `Invalid value for parameter ${pythonRepr(param)}: ${pythonRepr(value)}. ` +
        `Expected one of ${pythonRepr(possibleAnswers)}. Case insensitive.`,
    ],
    errorType: 'value_error:string',
  }
}

/** BFCL's `list_checker`: same items in the same order, string items standardized on both sides. */
export function checkList(param: string, value: readonly unknown[], possibleAnswers: readonly unknown[]): CheckVerdict {
  const standardized = value.map(standardizeItem)
  const accepted = possibleAnswers.flatMap((answer) => {
    const items = sequenceItems(answer)
    return items === undefined ? [] : [items.map(standardizeItem)]
  })
  if (pyContains(accepted, standardized)) return VALID
  return {
    valid: false,
    errors: [
      `Invalid value for parameter ${pythonRepr(param)}: ${pythonRepr(value)}. ` +
        `Expected one of ${pythonRepr(possibleAnswers)}.`,
    ],
    errorType: 'value_error:list/tuple',
  }
}

function unmatchedDict(): CheckVerdict {
  return { valid: false, errors: [], errorType: 'dict_checker:unclear' }
}

// One expected dict: every given key is expected with an accepted value, and every expected key
// not marked optional is given. Both passes run, so a wrong value and a missing key both show.
function checkDictAgainst(value: Record<string, unknown>, expected: Record<string, unknown>): CheckVerdict {
  const errors: string[] = []
  let errorType: string | undefined
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(expected, key)) {
      errors.push(`Unexpected dict key parameter: '${key}'.`)
      errorType = 'value_error:dict_key'
      break
    }
    const accepted = (sequenceItems(expected[key]) ?? []).map(standardizeItem)
    if (!pyContains(accepted, standardizeItem(value[key]))) {
      errors.push(
        `Invalid value for parameter ${pythonRepr(key)}: ${pythonRepr(value[key])}. ` +
          `Expected one of ${pythonRepr(accepted)}.`,
      )
      errorType = 'value_error:dict_value'
      break
    }
  }
  for (const key of Object.keys(expected)) {
    if (!Object.hasOwn(value, key) && !allowsOmission(expected[key])) {
      errors.push(`Missing dict key parameter: '${key}'.`)
      errorType = 'value_error:dict_key'
      break
    }
  }
  return errorType === undefined ? VALID : { valid: false, errors, errorType }
}

/**
 * BFCL's `dict_checker`: the value must match one of the expected dicts (the optional marker `""`
 * is skipped); the verdict on failure is the last expected dict's. A value that is not a dict,
 * which BFCL never meets after its type check, is a `value_error:dict_value`.
 */
export function checkDict(param: string, value: unknown, possibleAnswers: readonly unknown[]): CheckVerdict {
  if (!isPyDict(value)) {
    return {
      valid: false,
      errors: [`Invalid value for parameter ${pythonRepr(param)}: ${pythonRepr(value)}. Expected a dict.`],
      errorType: 'value_error:dict_value',
    }
  }
  let verdict = unmatchedDict()
  for (const answer of possibleAnswers) {
    if (answer === '' || !isPyDict(answer)) continue
    verdict = checkDictAgainst(value, answer)
    if (verdict.valid) return VALID
  }
  return verdict
}

/**
 * BFCL's `list_dict_checker`: the list must have as many dicts as one expected list, and each
 * dict must match the expected dict at the same position.
 */
export function checkListOfDicts(
  param: string,
  value: readonly unknown[],
  possibleAnswers: readonly unknown[],
): CheckVerdict {
  let verdict: CheckVerdict = { valid: false, errors: [], errorType: 'list_dict_checker:unclear' }
  for (const answer of possibleAnswers) {
    const expectedDicts = sequenceItems(answer)
    if (expectedDicts === undefined || expectedDicts.length !== value.length) {
      verdict = {
        valid: false,
        errors: ['Wrong number of dictionaries in the list.'],
        errorType: 'value_error:list_dict_count',
      }
      continue
    }
    let matched = true
    for (const [index, item] of value.entries()) {
      verdict = checkDict(param, item, [expectedDicts[index]])
      if (!verdict.valid) {
        matched = false
        break
      }
    }
    if (matched) return VALID
  }
  return verdict
}

/** An expected-values entry as a list; anything else (a malformed suite) accepts nothing. */
export function answerList(record: Record<string, unknown>, param: string): readonly unknown[] {
  const answers = ownValue(record, param)
  return Array.isArray(answers) ? answers : []
}
