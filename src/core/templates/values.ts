/**
 * The values a chat template works with, shaped as Python's so that templates behave as under
 * transformers: None is `null`, an int is a JS number, a float is a `PyFloat` (so `2.0` stays a float),
 * a dict is a `Map`, a tuple is a frozen array, and a missing name or key is an `Undefined` that
 * remembers why it is missing (its message is jinja2's).
 */
import { TemplateFailure } from './failure'

export type Value =
  | null
  | boolean
  | number
  | string
  | PyFloat
  | Value[]
  | PyDict
  | Undefined
  | Namespace
  | PyIterator
  | PyRange
  | DictView
  | Callable
  | PyObject
  | Markup

export type PyDict = Map<DictKey, Value>
export type DictKey = string | number | boolean | null

/** markupsafe's Markup: text marked safe by `|safe` or `|escape`; adding plain text to it escapes that text. */
export class Markup {
  constructor(readonly text: string) {}
}

export class PyFloat {
  constructor(readonly value: number) {}
}

/**
 * An int past 2**53 read from JSON (a schema's int64 bound, a long id): its exact digits for printing,
 * its nearest double for everything else (arithmetic on it gives a float here, where Python's stays exact).
 */
export class PyBigInt extends PyFloat {
  constructor(readonly exact: bigint) {
    super(Number(exact))
  }
}

/** A name, attribute or item that does not exist; using it for more than printing raises. */
export class Undefined {
  constructor(
    /** jinja2's message: `'x' is undefined`, `'dict object' has no attribute 'y'`. */
    readonly message: string,
    /** The sandbox's refusal (calling it raises SecurityError, not UndefinedError). */
    readonly unsafe = false,
  ) {}

  fail(): never {
    throw new TemplateFailure(this.unsafe ? 'SecurityError' : 'UndefinedError', this.message)
  }
}

/** `namespace(...)`: the one object a template may assign attributes on. */
export class Namespace {
  constructor(readonly attrs: Map<string, Value>) {}
}

/** A generator or iterator (what `map`, `select`, `reverse`... return): it can be consumed once. */
export class PyIterator {
  constructor(
    private readonly source: Iterator<Value>,
    /** Python's type name, for messages: `generator`, `list_reverseiterator`. */
    readonly typeName = 'generator',
  ) {}

  next(): IteratorResult<Value> {
    return this.source.next()
  }
}

/** `range(...)`: sized and lazy, like Python's. */
export class PyRange {
  constructor(
    readonly start: number,
    readonly stop: number,
    readonly step: number,
  ) {}

  get length(): number {
    const span = this.step > 0 ? this.stop - this.start : this.start - this.stop
    return span <= 0 ? 0 : Math.ceil(span / Math.abs(this.step))
  }

  at(index: number): number {
    return this.start + index * this.step
  }
}

/** `dict.items()`, `.keys()`, `.values()`. */
export class DictView {
  constructor(
    readonly kind: 'dict_items' | 'dict_keys' | 'dict_values',
    readonly items: Value[],
  ) {}
}

export interface CallArgs {
  positional: Value[]
  keywords: Map<string, Value>
}

/** Anything a template can call: globals, bound methods, macros, `loop.cycle`. */
export class Callable {
  constructor(
    /** As Python shows it in messages: `range`, `str.split`, `macro 'name'`. */
    readonly name: string,
    readonly call: (args: CallArgs) => Value,
  ) {}
}

/** An object with read-only attributes: a for loop's `loop`, a `cycler`. */
export abstract class PyObject {
  /** Python's qualified class name, as jinja2's messages print it: `jinja2.runtime.LoopContext`. */
  abstract readonly className: string
  /** The attribute `name`, or undefined when there is none. */
  abstract attribute(name: string): Value | undefined
  abstract repr(): string
}

/**
 * Marks an array as a tuple. A property of its own, not a WeakSet: a WeakSet of many arrays makes
 * every garbage collection slow, and templates make a tuple for each `dict.items()` pair. Copies
 * (slice, concat, spread) do not keep the mark, as they did not keep WeakSet membership.
 */
const TUPLE = Symbol('tuple')

type Marked = Value[] & { [TUPLE]?: true }

export function tuple(items: Value[]): Value[] {
  ;(items as Marked)[TUPLE] = true
  return items
}

export function isTuple(value: Value): value is Value[] {
  return Array.isArray(value) && (value as Marked)[TUPLE] === true
}

/** The type Python names when hashing the value fails (a list, dict or view, or a tuple holding one); undefined if it hashes. */
export function unhashableType(value: Value): string | undefined {
  if (value instanceof Map) return 'dict'
  if (value instanceof DictView) return value.kind
  if (!Array.isArray(value)) return undefined
  if (!isTuple(value)) return 'list'
  for (const item of value) {
    const inner = unhashableType(item)
    if (inner !== undefined) return inner
  }
  return undefined
}

export function isDict(value: Value): value is PyDict {
  return value instanceof Map
}

export function float(value: number): PyFloat {
  return new PyFloat(value)
}

/** A number of either kind, as a JS number; undefined when the value is not a number (bool counts). */
export function numeric(value: Value): number | undefined {
  if (typeof value === 'number') return value
  if (value instanceof PyFloat) return value.value
  if (typeof value === 'boolean') return value ? 1 : 0
  return undefined
}

/** Python's type name of a value, as its error messages print it. */
export function typeName(value: Value): string {
  if (value === null) return 'NoneType'
  switch (typeof value) {
    case 'boolean':
      return 'bool'
    case 'number':
      return 'int'
    case 'string':
      return 'str'
  }
  if (value instanceof PyFloat) return value instanceof PyBigInt ? 'int' : 'float'
  if (Array.isArray(value)) return isTuple(value) ? 'tuple' : 'list'
  if (value instanceof Map) return 'dict'
  if (value instanceof Undefined) return 'Undefined'
  if (value instanceof Namespace) return 'Namespace'
  if (value instanceof PyIterator) return value.typeName
  if (value instanceof PyRange) return 'range'
  if (value instanceof DictView) return value.kind
  if (value instanceof PyObject) return value.className.slice(value.className.lastIndexOf('.') + 1)
  if (value instanceof Markup) return 'Markup'
  return 'function'
}

/** Python's truth value. */
export function truthy(value: Value): boolean {
  if (value === null || value === false || value === 0 || value === '') return false
  if (value instanceof Undefined) return false
  if (value instanceof PyFloat) return value.value !== 0
  if (Array.isArray(value)) return value.length > 0
  if (value instanceof Map) return value.size > 0
  if (value instanceof PyRange) return value.length > 0
  if (value instanceof DictView) return value.items.length > 0
  if (value instanceof Markup) return value.text !== ''
  return true
}

const MAX_INPUT_DEPTH = 256

/**
 * The caller's JSON-like data as template values: objects and Maps become dicts (in their key order),
 * numbers with a fraction and PyFloats become floats (parseJsonAsPython keeps `1.0` a float). Anything
 * else (a function, a symbol) becomes None.
 */
export function fromJs(input: unknown, depth = 0): Value {
  if (depth > MAX_INPUT_DEPTH) throw new TemplateFailure('ValueError', 'input nested too deeply')
  if (input === null || input === undefined) return null
  switch (typeof input) {
    case 'string':
    case 'boolean':
      return input
    case 'number':
      return Number.isInteger(input) ? input : new PyFloat(input)
    case 'bigint':
      return Number(input)
    case 'object': {
      if (Array.isArray(input)) return input.map((item) => fromJs(item, depth + 1))
      if (input instanceof Date) return input.toISOString()
      if (input instanceof PyFloat) return input
      const dict: PyDict = new Map()
      if (input instanceof Map) {
        for (const [key, item] of input as Map<unknown, unknown>) dict.set(dictKey(key), fromJs(item, depth + 1))
        return dict
      }
      for (const [key, item] of Object.entries(input)) dict.set(key, fromJs(item, depth + 1))
      return dict
    }
    default:
      return null
  }
}

function dictKey(key: unknown): DictKey {
  return key === null || ['string', 'number', 'boolean'].includes(typeof key) ? (key as DictKey) : String(key)
}
