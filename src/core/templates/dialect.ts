/**
 * Where llama.cpp's template engine renders differently from transformers' jinja2, in the two ways
 * templates written for llama.cpp rely on: lists and dicts change in place (`{% set _ =
 * ids.append(id) %}`, which transformers' immutable sandbox refuses), and filters such as `map` or
 * `select` give lists (so `tools | map(attribute='function') | tojson` works, where jinja2 has a
 * generator it cannot serialise). Everything else renders as transformers does. The mutating
 * methods here have Python's results and Python's errors.
 */
import { chargeItems, chargeSort } from './cost'
import { TemplateFailure, typeError, valueError } from './failure'
import { Callable, PyIterator, isTuple, truthy, tuple, type DictKey, type Value } from './values'
import { pyCompare, pyEquals, toList } from './ops'
import { pyRepr } from './repr'

/**
 * How a template is rendered: as transformers' apply_chat_template does (vLLM, SGLang, TGI), or with
 * llama.cpp's relaxations.
 */
export type TemplateDialect = 'transformers' | 'llama.cpp'

/** A filter's result as the dialect gives it: llama.cpp's filters give lists, not one-pass iterators. */
export function dialectResult(value: Value, dialect: TemplateDialect): Value {
  return dialect === 'llama.cpp' && value instanceof PyIterator ? toList(value) : value
}

export const LIST_MUTATORS: ReadonlySet<string> = new Set([
  'append',
  'clear',
  'pop',
  'reverse',
  'insert',
  'sort',
  'extend',
  'remove',
])
export const DICT_MUTATORS: ReadonlySet<string> = new Set(['clear', 'pop', 'popitem', 'setdefault', 'update'])

function indexError(message: string): TemplateFailure {
  return new TemplateFailure('IndexError', message)
}

function integer(value: Value): number {
  if (typeof value === 'boolean') return Number(value)
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw typeError(`'${typeof value === 'string' ? 'str' : 'float'}' object cannot be interpreted as an integer`)
  return value
}

function sortList(list: Value[], reverse: boolean): null {
  chargeSort(list.length)
  const sorted = list.slice().sort((a, b) => (reverse ? pyCompare(b, a) : pyCompare(a, b)))
  list.splice(0, list.length, ...sorted)
  return null
}

/** `list.name(...)` for a method that changes the list. */
export function listMutator(list: Value[], name: string): Callable {
  return new Callable(`list.${name}`, ({ positional, keywords }) => {
    chargeItems(list.length)
    switch (name) {
      case 'append':
        list.push(positional[0] ?? null)
        return null
      case 'extend':
        for (const item of toList(positional[0] ?? null)) list.push(item)
        return null
      case 'insert': {
        const length = list.length
        let at = integer(positional[0] ?? 0)
        if (at < 0) at = Math.max(0, at + length)
        list.splice(Math.min(at, length), 0, positional[1] ?? null)
        return null
      }
      case 'pop': {
        if (list.length === 0) throw indexError('pop from empty list')
        let at = positional.length > 0 ? integer(positional[0] ?? 0) : -1
        if (at < 0) at += list.length
        if (at < 0 || at >= list.length) throw indexError('pop index out of range')
        return list.splice(at, 1)[0] ?? null
      }
      case 'remove': {
        const item = positional[0] ?? null
        const at = list.findIndex((candidate) => pyEquals(candidate, item))
        if (at < 0) throw valueError('list.remove(x): x not in list')
        list.splice(at, 1)
        return null
      }
      case 'clear':
        list.length = 0
        return null
      case 'reverse':
        list.reverse()
        return null
      default:
        return sortList(list, truthy(keywords.get('reverse') ?? false))
    }
  })
}

function dictKey(key: Value): DictKey {
  if ((Array.isArray(key) && !isTuple(key)) || key instanceof Map)
    throw typeError(`unhashable type: '${Array.isArray(key) ? 'list' : 'dict'}'`)
  return key as DictKey
}

/** `dict.name(...)` for a method that changes the dict. */
export function dictMutator(dict: Map<DictKey, Value>, name: string): Callable {
  return new Callable(`dict.${name}`, ({ positional, keywords }) => {
    chargeItems(dict.size)
    switch (name) {
      case 'update': {
        const [other] = positional
        if (other instanceof Map) for (const [key, value] of other) dict.set(key, value)
        else if (other !== undefined && other !== null)
          for (const pair of toList(other)) {
            const [key = null, value = null] = toList(pair)
            dict.set(dictKey(key), value)
          }
        for (const [key, value] of keywords) dict.set(key, value)
        return null
      }
      case 'setdefault': {
        const key = dictKey(positional[0] ?? null)
        if (!dict.has(key)) dict.set(key, positional[1] ?? null)
        return dict.get(key) ?? null
      }
      case 'pop': {
        const key = dictKey(positional[0] ?? null)
        if (dict.has(key)) {
          const value = dict.get(key) ?? null
          dict.delete(key)
          return value
        }
        if (positional.length > 1) return positional[1] ?? null
        throw new TemplateFailure('KeyError', pyRepr(key))
      }
      case 'popitem': {
        const last = Array.from(dict.keys()).at(-1)
        if (last === undefined) throw new TemplateFailure('KeyError', "'popitem(): dictionary is empty'")
        const value = dict.get(last) ?? null
        dict.delete(last)
        return tuple([last, value])
      }
      default:
        dict.clear()
        return null
    }
  })
}
