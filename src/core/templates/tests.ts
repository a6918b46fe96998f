/**
 * jinja2's tests (`x is defined`, `x is string`, and by name in `select('equalto', 2)`), with Python's
 * idea of each type: a bool is a number, a dict is a sequence, an undefined value is iterable.
 */
import { FILTER_NAMES } from './filters'
import { TemplateFailure } from './failure'
import { arithmetic, contains, plain, pyCompare, pyEquals } from './ops'
import { isLower, isUpper } from './strings'
import { pyStr } from './repr'
import {
  Callable,
  DictView,
  Markup,
  PyBigInt,
  PyFloat,
  PyIterator,
  PyObject,
  PyRange,
  Undefined,
  numeric,
  type Value,
} from './values'

type Test = (value: Value, args: Value[]) => boolean

const compare = (accept: (order: number) => boolean, operator: string): Test => {
  return (value, [other = null]) => accept(pyCompare(value, other, operator))
}

const TESTS: Record<string, Test> = {
  defined: (value) => !(value instanceof Undefined),
  undefined: (value) => value instanceof Undefined,
  none: (value) => value === null,
  boolean: (value) => typeof value === 'boolean',
  true: (value) => value === true,
  false: (value) => value === false,
  integer: (value) => typeof value === 'number' || value instanceof PyBigInt,
  float: (value) => value instanceof PyFloat && !(value instanceof PyBigInt),
  number: (value) => numeric(value) !== undefined,
  string: (value) => typeof value === 'string',
  mapping: (value) => value instanceof Map,
  // Python's test: it has a length and items (an undefined value has both, and fails only when used).
  sequence: (value) =>
    typeof value === 'string' ||
    Array.isArray(value) ||
    value instanceof Map ||
    value instanceof PyRange ||
    value instanceof Undefined,
  iterable: (value) =>
    typeof value === 'string' ||
    Array.isArray(value) ||
    value instanceof Map ||
    value instanceof PyRange ||
    value instanceof DictView ||
    value instanceof PyIterator ||
    value instanceof Undefined,
  // An undefined value can be called (to raise), so Python finds it callable.
  callable: (value) => value instanceof Callable || value instanceof Undefined,
  escaped: () => false,
  lower: (value) => isLower(pyStr(value)),
  upper: (value) => isUpper(pyStr(value)),
  odd: (value) => pyEquals(arithmetic('%', value, 2, Infinity), 1),
  even: (value) => pyEquals(arithmetic('%', value, 2, Infinity), 0),
  divisibleby: (value, [by = null]) => pyEquals(arithmetic('%', value, by, Infinity), 0),
  sameas: (value, [other = null]) => value === other || (value instanceof PyObject && value === other),
  in: (value, [container = null]) => contains(container, value),
  eq: (value, [other = null]) => pyEquals(value, other),
  ne: (value, [other = null]) => !pyEquals(value, other),
  lt: compare((o) => o < 0, '<'),
  le: compare((o) => o <= 0, '<='),
  gt: compare((o) => o > 0, '>'),
  ge: compare((o) => o >= 0, '>='),
  filter: (value) => typeof value === 'string' && FILTER_NAMES.has(value),
  test: (value) => typeof value === 'string' && TEST_NAMES.has(value),
}

const ALIASES: Record<string, string> = {
  equalto: 'eq',
  '==': 'eq',
  '!=': 'ne',
  lessthan: 'lt',
  '<': 'lt',
  '<=': 'le',
  greaterthan: 'gt',
  '>': 'gt',
  '>=': 'ge',
}

export const TEST_NAMES: ReadonlySet<string> = new Set([...Object.keys(TESTS), ...Object.keys(ALIASES)])

export function runTest(name: string, marked: Value, args: Value[]): boolean {
  if (name === 'escaped') return marked instanceof Markup
  const value = plain(marked)
  const key = Object.hasOwn(ALIASES, name) ? (ALIASES[name] as string) : name
  const test = Object.hasOwn(TESTS, key) ? TESTS[key] : undefined
  if (!test) throw new TemplateFailure('TemplateRuntimeError', `No test named '${name}' found.`)
  return test(value, args)
}
