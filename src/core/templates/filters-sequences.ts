/**
 * jinja2's filters over sequences: join, first, last, sort, dictsort, unique, min, max, sum, map,
 * select, reject, selectattr, rejectattr, reverse, batch, slice. Those that are generators in jinja2
 * are lazy one-pass iterators here, and fail only when consumed, as there.
 */
import { getItem } from './attributes'
import { REQUIRED, bind } from './arguments'
import { chargeChars, chargeItems, chargeSize, chargeSort, chargeValues } from './cost'
import { TemplateFailure, typeError } from './failure'
import { FILTER_NAMES, type Filter, type FilterContext } from './filters'
import { arithmetic, bounded, chars, iterate, pyCompare, pyEquals, toList } from './ops'
import { pyStr } from './repr'
import {
  PyIterator,
  PyRange,
  Undefined,
  isTuple,
  truthy,
  tuple,
  typeName,
  unhashableType,
  type CallArgs,
  type Value,
} from './values'

/** An item through a lazy filter passes two generators (the filter's and the one reading its input). */
const LAZY_ITEM_STEPS = 2

/** `item.a.b` / `item.0`, as jinja2's make_attrgetter reads the `attribute=` argument. */
function attributeGetter(attribute: Value, fallback: Value = null): (item: Value) => Value {
  const parts =
    typeof attribute === 'string'
      ? attribute.split('.').map((part): Value => (/^\d+$/.test(part) ? Number(part) : part))
      : [attribute]
  return (item) => {
    let current = item
    // jinja2 puts the default in at each step, so a missing first part goes on from the default.
    for (const part of parts) {
      current = getItem(current, part)
      if (fallback !== null && current instanceof Undefined) current = fallback
    }
    return current
  }
}

/** Several comma-separated attributes give a list key, as jinja2's make_multi_attrgetter does. */
function keyFunction(attribute: Value, caseSensitive: Value): (item: Value) => Value {
  const fold = (value: Value): Value =>
    caseSensitive !== true && typeof value === 'string' ? value.toLowerCase() : value
  if (attribute === null) return fold
  const getters = (typeof attribute === 'string' ? attribute.split(',') : [attribute]).map((part) =>
    attributeGetter(part),
  )
  if (getters.length === 1) return (item) => fold((getters[0] as (item: Value) => Value)(item))
  return (item) => getters.map((getter) => fold(getter(item)))
}

function lazy(source: () => Generator<Value>, typeName = 'generator'): PyIterator {
  return new PyIterator(source(), typeName)
}

function sorted(items: Value[], key: (item: Value) => Value, reverse: boolean): Value[] {
  chargeItems(items.length)
  chargeSort(items.length)
  const keyed = items.map((item) => ({ item, key: key(item) }))
  keyed.sort((a, b) => (reverse ? pyCompare(b.key, a.key) : pyCompare(a.key, b.key)))
  return keyed.map(({ item }) => item)
}

function extreme(value: Value, call: CallArgs, name: 'min' | 'max'): Value {
  const [caseSensitive = false, attribute = null] = bind(name, call, [
    ['case_sensitive', false],
    ['attribute', null],
  ]).values
  const items = toList(value)
  chargeItems(items.length) // and each compared
  if (items.length === 0) return new Undefined('No aggregated item, sequence was empty.')
  const key = keyFunction(attribute, caseSensitive)
  let best = items[0] as Value
  let bestKey = key(best)
  for (const item of items.slice(1)) {
    const itemKey = key(item)
    const order = pyCompare(itemKey, bestKey)
    if (name === 'min' ? order < 0 : order > 0) {
      best = item
      bestKey = itemKey
    }
  }
  return best
}

/** select / reject / selectattr / rejectattr: the item, its attribute, the test and its arguments. */
function choose(context: FilterContext, value: Value, call: CallArgs, byAttribute: boolean, keep: boolean): Value {
  const args = call.positional
  if (byAttribute && args.length === 0)
    throw new TemplateFailure('FilterArgumentError', 'Missing parameter for attribute name')
  const project = byAttribute ? attributeGetter(args[0] as Value) : (item: Value) => item
  const offset = byAttribute ? 1 : 0
  const testName = args[offset]
  const testArgs = args.slice(offset + 1)
  const passes = (item: Value): boolean =>
    testName === undefined ? truthy(item) : context.callTest(pyStr(testName), item, testArgs)
  return lazy(function* () {
    if (!truthy(value)) return
    for (const item of iterate(value)) {
      context.tick(LAZY_ITEM_STEPS)
      if (passes(project(item)) === keep) yield item
    }
  })
}

function reversedIterator(value: Value): Value {
  if (typeof value === 'string') return chars(value).reverse().join('')
  if (Array.isArray(value) || value instanceof Map || value instanceof PyRange || value instanceof Undefined) {
    const items = toList(value).reverse()
    const kind =
      Array.isArray(value) && !isTuple(value)
        ? 'list_reverseiterator'
        : value instanceof Map
          ? 'dict_reversekeyiterator'
          : value instanceof PyRange
            ? 'range_iterator'
            : 'reversed'
    return new PyIterator(items[Symbol.iterator](), kind)
  }
  try {
    return toList(value).reverse()
  } catch (error) {
    if (error instanceof TemplateFailure && error.pythonType === 'TypeError')
      throw new TemplateFailure('FilterArgumentError', 'argument must be iterable')
    throw error
  }
}

export const SEQUENCE_FILTERS: Record<string, Filter> = {
  join: (context, value, call) => {
    const [separator = '', attribute = null] = bind('join', call, [
      ['d', ''],
      ['attribute', null],
    ]).values
    const project = attribute === null ? (item: Value) => item : attributeGetter(attribute)
    const parts: string[] = []
    for (const item of toList(value)) {
      context.tick()
      parts.push(pyStr(project(item)))
    }
    const text = parts.join(pyStr(separator))
    chargeChars(text.length)
    return bounded(text, context.sizeLimit)
  },
  first: (_, value) => {
    for (const item of iterate(value)) return item
    return new Undefined('No first item, sequence was empty.')
  },
  last: (_, value) => {
    if (value instanceof PyIterator) throw typeError(`'${value.typeName}' object is not reversible`)
    const items = toList(value)
    return items.length > 0 ? (items[items.length - 1] as Value) : new Undefined('No last item, sequence was empty.')
  },
  sort: (context, value, call) => {
    const [reverse = false, caseSensitive = false, attribute = null] = bind('sort', call, [
      ['reverse', false],
      ['case_sensitive', false],
      ['attribute', null],
    ]).values
    return sorted(toList(value), keyFunction(attribute, caseSensitive), truthy(reverse))
  },
  dictsort: (context, value, call) => {
    const [caseSensitive = false, by = 'key', reverse = false] = bind('dictsort', call, [
      ['case_sensitive', false],
      ['by', 'key'],
      ['reverse', false],
    ]).values
    if (value instanceof Undefined) value.fail()
    if (!(value instanceof Map))
      throw new TemplateFailure('AttributeError', `'${typeName(value)}' object has no attribute 'items'`)
    if (by !== 'key' && by !== 'value')
      throw new TemplateFailure('FilterArgumentError', 'You can only sort by either "key" or "value"')
    const position = by === 'key' ? 0 : 1
    const fold = keyFunction(null, caseSensitive)
    chargeValues(value.size)
    const pairs = Array.from(value, ([key, item]) => tuple([key, item]))
    return sorted(pairs, (pair) => fold((pair as Value[])[position] as Value), truthy(reverse))
  },
  unique: (context, value, call) => {
    const [caseSensitive = false, attribute = null] = bind('unique', call, [
      ['case_sensitive', false],
      ['attribute', null],
    ]).values
    const key = keyFunction(attribute, caseSensitive)
    return lazy(function* () {
      const seen: Value[] = []
      for (const item of iterate(value)) {
        const itemKey = key(item)
        const unhashable = unhashableType(itemKey)
        if (unhashable !== undefined) throw typeError(`unhashable type: '${unhashable}'`)
        context.tick(LAZY_ITEM_STEPS)
        chargeItems(seen.length)
        if (seen.some((other) => pyEquals(other, itemKey))) continue
        seen.push(itemKey)
        yield item
      }
    })
  },
  min: (_, value, call) => extreme(value, call, 'min'),
  max: (_, value, call) => extreme(value, call, 'max'),
  sum: (context, value, call) => {
    const [attribute = null, start = 0] = bind('sum', call, [
      ['attribute', null],
      ['start', 0],
    ]).values
    const project = attribute === null ? (item: Value) => item : attributeGetter(attribute)
    let total = start
    for (const item of iterate(value)) {
      context.tick()
      total = arithmetic('+', total, project(item), context.sizeLimit)
    }
    return total
  },
  map: (context, value, call) => {
    let apply: (item: Value) => Value
    if (call.positional.length === 0 && call.keywords.has('attribute')) {
      const rest = [...call.keywords.keys()].filter((key) => key !== 'attribute' && key !== 'default')
      if (rest.length > 0) throw new TemplateFailure('FilterArgumentError', `Unexpected keyword argument '${rest[0]}'`)
      apply = attributeGetter(call.keywords.get('attribute') ?? null, call.keywords.get('default') ?? null)
    } else {
      const [name, ...args] = call.positional
      if (name === undefined) throw new TemplateFailure('FilterArgumentError', 'map requires a filter argument')
      const filter = pyStr(name)
      apply = (item) => {
        // By name, jinja2 words it without the "found" of a filter missing from the template itself.
        if (!FILTER_NAMES.has(filter)) throw new TemplateFailure('TemplateRuntimeError', `No filter named '${filter}'.`)
        return context.callFilter(filter, item, { positional: args, keywords: call.keywords })
      }
    }
    return lazy(function* () {
      if (!truthy(value)) return
      for (const item of iterate(value)) {
        context.tick(LAZY_ITEM_STEPS)
        yield apply(item)
      }
    })
  },
  select: (context, value, call) => choose(context, value, call, false, true),
  reject: (context, value, call) => choose(context, value, call, false, false),
  selectattr: (context, value, call) => choose(context, value, call, true, true),
  rejectattr: (context, value, call) => choose(context, value, call, true, false),
  reverse: (context, value) => {
    context.tick()
    chargeSize(value)
    return reversedIterator(value)
  },
  batch: (context, value, call) => {
    const [size = REQUIRED, fill = null] = bind('batch', call, [
      ['linecount', REQUIRED],
      ['fill_with', null],
    ]).values
    const count = Number(size)
    return lazy(function* () {
      let batch: Value[] = []
      for (const item of iterate(value)) {
        context.tick(LAZY_ITEM_STEPS)
        if (batch.length === count) {
          yield batch
          batch = []
        }
        batch.push(item)
      }
      if (batch.length > 0) {
        if (fill !== null) while (batch.length < count) batch.push(fill)
        yield batch
      }
    })
  },
  slice: (context, value, call) => {
    const [slices = REQUIRED, fill = null] = bind('slice', call, [
      ['slices', REQUIRED],
      ['fill_with', null],
    ]).values
    const items = toList(value)
    const count = Number(slices)
    const perSlice = Math.floor(items.length / count)
    const withExtra = items.length % count
    return lazy(function* () {
      let offset = 0
      for (let n = 0; n < count; n++) {
        const start = offset + n * perSlice
        if (n < withExtra) offset++
        const part = items.slice(start, offset + (n + 1) * perSlice)
        chargeItems(part.length)
        if (fill !== null && n >= withExtra) part.push(fill)
        yield part
      }
    })
  },
}
