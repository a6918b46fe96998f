/**
 * The names every template sees: jinja2's `range`, `dict`, `namespace`, `cycler` and `joiner`, and
 * transformers' `raise_exception` and `strftime_now`.
 */
import { bind } from './arguments'
import { chargeBuilt, chargeChars, chargeValues } from './cost'
import { TemplateFailure, typeError, valueError } from './failure'
import { toList } from './ops'
import { pyRepr, pyStr } from './repr'
import { strftime } from './strftime'
import { TUPLE_MAKER } from './grammar'
import {
  Callable,
  Namespace,
  PyObject,
  PyRange,
  tuple,
  typeName,
  type CallArgs,
  type DictKey,
  type Value,
} from './values'

/** jinja2's sandbox refuses ranges longer than this. */
export const MAX_RANGE = 100_000

function integer(value: Value | undefined): number {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return Number(value)
  throw typeError(`'${typeName(value ?? null)}' object cannot be interpreted as an integer`)
}

function range({ positional }: CallArgs): Value {
  if (positional.length === 0 || positional.length > 3)
    throw typeError(`range expected at most 3 arguments, got ${positional.length}`)
  const [a, b, c] = positional.map(integer)
  const [start, stop] = b === undefined ? [0, a as number] : [a as number, b]
  const step = c ?? 1
  if (step === 0) throw valueError('range() arg 3 must not be zero')
  const result = new PyRange(start, stop, step)
  if (result.length > MAX_RANGE)
    throw new TemplateFailure(
      'OverflowError',
      `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${MAX_RANGE}).`,
      'limit',
    )
  return result
}

/** Python's dict(mapping_or_pairs, **keywords), as used by `dict(...)` and `namespace(...)`. */
function entries({ positional, keywords }: CallArgs, name: string): Map<DictKey, Value> {
  if (positional.length > 1) throw typeError(`${name} expected at most 1 argument, got ${positional.length}`)
  const out = new Map<DictKey, Value>()
  const [source] = positional
  if (source instanceof Map) {
    chargeValues(source.size)
    for (const [key, item] of source) out.set(key, item)
  } else if (source !== undefined)
    for (const pair of toList(source)) {
      chargeValues(1)
      const items = toList(pair)
      if (items.length !== 2)
        throw valueError(`dictionary update sequence element has length ${items.length}; 2 is required`)
      out.set(items[0] as DictKey, items[1] as Value)
    }
  chargeValues(keywords.size)
  for (const [key, item] of keywords) out.set(key, item)
  return out
}

/** jinja2's `cycler(...)`: `next()` walks the items round and round, `current` is the one it is on. */
class Cycler extends PyObject {
  readonly className = 'jinja2.utils.Cycler'
  private position = 0

  constructor(private readonly items: Value[]) {
    super()
  }

  attribute(name: string): Value | undefined {
    switch (name) {
      case 'current':
        return this.items[this.position] ?? null
      case 'items':
        return this.items
      case 'reset':
        return new Callable('Cycler.reset', () => {
          this.position = 0
          return null
        })
      case 'next':
        return new Callable('Cycler.next', () => {
          const value = this.items[this.position] ?? null
          this.position = (this.position + 1) % Math.max(this.items.length, 1)
          return value
        })
    }
    return undefined
  }

  repr(): string {
    return '<jinja2.utils.Cycler object>'
  }
}

function joiner(call: CallArgs): Value {
  const [separator = ', '] = bind('joiner', call, [['sep', ', ']]).values
  let used = false
  return new Callable('joiner', () => {
    if (used) return separator
    used = true
    return ''
  })
}

export function makeGlobals(now: () => Date): Map<string, Value> {
  return new Map<string, Value>([
    ['range', new Callable('range', range)],
    [TUPLE_MAKER, new Callable('tuple', ({ positional }) => tuple(positional.slice()))],
    ['dict', new Callable('dict', (call) => entries(call, 'dict'))],
    [
      'namespace',
      new Callable('namespace', (call) => {
        const attrs = new Map<string, Value>()
        for (const [key, item] of entries(call, 'Namespace')) attrs.set(pyStr(key), item)
        return new Namespace(attrs)
      }),
    ],
    ['cycler', new Callable('cycler', ({ positional }) => new Cycler(chargeBuilt(positional.slice())))],
    ['joiner', new Callable('joiner', joiner)],
    [
      'raise_exception',
      new Callable('raise_exception', (call) => {
        const [message = null] = bind('raise_exception', call, [['message', null]]).values
        throw new TemplateFailure('TemplateError', pyStr(message), 'raised')
      }),
    ],
    [
      'strftime_now',
      new Callable('strftime_now', (call) => {
        const [format = ''] = bind('strftime_now', call, [['format', '']]).values
        if (typeof format !== 'string') throw typeError(`strftime() argument 1 must be str, not ${pyRepr(format)}`)
        chargeChars(format.length)
        return chargeBuilt(strftime(now(), format))
      }),
    ],
  ])
}
