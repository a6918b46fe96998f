/**
 * `obj.name` and `obj[key]` as jinja2's ImmutableSandboxedEnvironment resolves them: a dot tries the
 * Python attribute first (so `d.items` is the method), a subscript tries the item first; a miss is an
 * Undefined with jinja2's message, and methods that would change a list or dict are refused.
 */
import { DICT_MUTATORS, LIST_MUTATORS, dictMutator, listMutator } from './dialect'
import { chargeBuilt, chargeChars, chargeItems, chargeValues } from './cost'
import { TemplateFailure, typeError, valueError } from './failure'
import { chars, hasSurrogates, plain, pyEquals, toList } from './ops'
import { pyRepr } from './repr'
import { PYTHON_STR_METHODS, stringMethod } from './strings'
import {
  Callable,
  DictView,
  Namespace,
  PyFloat,
  PyObject,
  PyRange,
  Undefined,
  isTuple,
  numeric,
  tuple,
  typeName,
  type DictKey,
  type Value,
} from './values'

const LIST_METHODS = new Set(['copy', 'count', 'index'])
const DICT_METHODS = new Set(['copy', 'get', 'items', 'keys', 'values', 'fromkeys'])

/** How jinja2 names the type of an object in "has no attribute" messages. */
function objectTypeRepr(value: Value): string {
  if (value === null) return 'None'
  if (value instanceof Namespace) return 'jinja2.utils.Namespace object'
  if (value instanceof PyObject) return `${value.className} object`
  return `${typeName(value)} object`
}

function missing(obj: Value, name: string | number | Value): Undefined {
  if (typeof name === 'string') {
    const type = objectTypeRepr(obj)
    return new Undefined(`'${type}' has no attribute '${name}'`)
  }
  return new Undefined(`${objectTypeRepr(obj)} has no element ${pyRepr(name)}`)
}

function unsafe(obj: Value, name: string): Undefined {
  return new Undefined(`access to attribute '${name}' of '${typeName(obj)}' object is unsafe.`, true)
}

/**
 * The Python attribute `name` of `obj`, or undefined when it has none. Methods that change a list or
 * dict are refused unless `mutable` (the llama.cpp dialect).
 */
function pythonAttribute(obj: Value, name: string, mutable: boolean): Value | undefined {
  // Dunder attributes exist on every object and the sandbox refuses them; other `_names` are no attribute.
  if (name.startsWith('__') && name.endsWith('__')) return unsafe(obj, name)
  if (name.startsWith('_')) return undefined
  if (typeof obj === 'string') {
    const method = stringMethod(obj, name)
    if (method)
      return new Callable(`str.${name}`, (call) => {
        // A method reads its whole string (a string built by `~` is copied flat first) and builds its result.
        chargeChars(obj.length)
        const positional = call.positional.map(plain)
        return chargeBuilt(method(obj, positional, { positional, keywords: call.keywords }))
      })
    if (PYTHON_STR_METHODS.has(name))
      return new Callable(`str.${name}`, () => {
        throw new TemplateFailure('NotImplementedError', `str.${name}() is not supported by this renderer`)
      })
    return undefined
  }
  if (Array.isArray(obj)) {
    const kind = isTuple(obj) ? 'tuple' : 'list'
    if (kind === 'list' && LIST_MUTATORS.has(name)) return mutable ? listMutator(obj, name) : unsafe(obj, name)
    if (LIST_METHODS.has(name) && (kind === 'list' || name !== 'copy')) return listMethod(obj, name)
    return undefined
  }
  if (obj instanceof Map) {
    if (DICT_MUTATORS.has(name)) return mutable ? dictMutator(obj, name) : unsafe(obj, name)
    if (DICT_METHODS.has(name)) return dictMethod(obj, name)
    return undefined
  }
  if (obj instanceof Namespace) return obj.attrs.get(name)
  if (obj instanceof PyObject) return obj.attribute(name)
  if (obj instanceof PyRange) {
    if (name === 'start' || name === 'stop' || name === 'step') return obj[name]
    if (name === 'count' || name === 'index') return listMethod(toList(obj), name)
    return undefined
  }
  if (obj instanceof PyFloat) {
    if (name === 'real') return obj
    if (name === 'is_integer') return new Callable('float.is_integer', () => Number.isInteger(obj.value))
    return undefined
  }
  if (typeof obj === 'number' || typeof obj === 'boolean') {
    if (name === 'real' || name === 'numerator') return Number(obj)
    return undefined
  }
  return undefined
}

function listMethod(list: Value[], name: string): Callable {
  return new Callable(`list.${name}`, ({ positional: [item = null] }) => {
    chargeItems(list.length)
    if (name === 'copy') return list.slice()
    if (name === 'count') return list.filter((candidate) => pyEquals(candidate, item)).length
    const at = list.findIndex((candidate) => pyEquals(candidate, item))
    if (at < 0) throw valueError(`${pyRepr(item)} is not in list`)
    return at
  })
}

function dictMethod(dict: Map<DictKey, Value>, name: string): Callable {
  return new Callable(`dict.${name}`, ({ positional }) => {
    // items() and copy() build a pair or an entry for each item.
    if (name === 'items' || name === 'copy') chargeValues(dict.size)
    else if (name !== 'get') chargeItems(dict.size)
    switch (name) {
      case 'get': {
        const [key = null, fallback = null] = positional
        const found = lookupKey(dict, key)
        return found === undefined ? fallback : found
      }
      case 'items':
        return new DictView(
          'dict_items',
          Array.from(dict, ([key, item]) => tuple([key, item])),
        )
      case 'keys':
        return new DictView('dict_keys', Array.from(dict.keys()))
      case 'values':
        return new DictView('dict_values', Array.from(dict.values()))
      case 'copy':
        return new Map(dict)
      default:
        throw typeError(`dict.${name} is not supported by this renderer`)
    }
  })
}

function lookupKey(dict: Map<DictKey, Value>, key: Value): Value | undefined {
  if (typeof key === 'string') chargeChars(key.length)
  if (typeof key === 'string' || key === null) return dict.get(key)
  if (Array.isArray(key) && !isTuple(key)) throw typeError("unhashable type: 'list'")
  if (key instanceof Map) throw typeError("unhashable type: 'dict'")
  const n = numeric(key)
  if (n !== undefined) {
    chargeItems(dict.size)
    for (const [candidate, item] of dict) if (pyEquals(candidate, key)) return item
    return undefined
  }
  return undefined
}

/** Python's `obj[key]`, or undefined when it raises a LookupError or TypeError. */
function pythonItem(obj: Value, key: Value): Value | undefined {
  if (obj instanceof Map) {
    try {
      return lookupKey(obj, key)
    } catch {
      return undefined
    }
  }
  if (Array.isArray(obj) || typeof obj === 'string' || obj instanceof PyRange) {
    if (typeof key !== 'number' && typeof key !== 'boolean') return undefined
    if (typeof obj === 'string' && !hasSurrogates(obj)) {
      const index = Number(key)
      return index < -obj.length || index >= obj.length ? undefined : obj.at(index)
    }
    const sequence = typeof obj === 'string' ? chars(obj) : obj instanceof PyRange ? null : obj
    const length = sequence ? sequence.length : (obj as PyRange).length
    let index = Number(key)
    if (index < 0) index += length
    if (index < 0 || index >= length) return undefined
    return sequence ? (sequence[index] as Value) : (obj as PyRange).at(index)
  }
  return undefined
}

/** `obj|attr(name)`: the Python attribute only, never an item. */
export function getPythonAttribute(target: Value, name: string, mutable = false): Value {
  const obj = plain(target)
  if (obj instanceof Undefined) obj.fail()
  return pythonAttribute(obj, name, mutable) ?? missing(obj, name)
}

/** `obj.name` in a template; `mutable` lets list and dict methods change their object (the llama.cpp dialect). */
export function getAttribute(target: Value, name: string, mutable = false): Value {
  const obj = plain(target)
  if (obj instanceof Undefined) obj.fail()
  const attribute = pythonAttribute(obj, name, mutable)
  if (attribute !== undefined) return attribute
  const item = pythonItem(obj, name)
  if (item !== undefined) return item
  return missing(obj, name)
}

/** `obj[key]` in a template; `mutable` as for getAttribute. */
export function getItem(target: Value, key: Value, mutable = false): Value {
  const obj = plain(target)
  if (obj instanceof Undefined) obj.fail()
  const item = pythonItem(obj, key)
  if (item !== undefined) return item
  if (typeof key === 'string') {
    const attribute = pythonAttribute(obj, key, mutable)
    if (attribute !== undefined) return attribute
  }
  return missing(obj, key)
}

/** `obj[start:stop:step]` with Python's clamping, on a list, tuple or string. */
export function getSlice(target: Value, start: Value, stop: Value, step: Value): Value {
  const obj = plain(target)
  if (obj instanceof Undefined) obj.fail()
  const by = step === null ? 1 : sliceIndex(step)
  if (by === 0) throw valueError('slice step cannot be zero')
  if (!(typeof obj === 'string' || Array.isArray(obj) || obj instanceof PyRange))
    throw typeError(`'${typeName(obj)}' object is not subscriptable`)
  // Text with one JS unit a character is sliced as it is; other text is split into its characters.
  const text = typeof obj === 'string' && by === 1 && !hasSurrogates(obj) ? obj : undefined
  const items: Value[] = text !== undefined ? [] : Array.isArray(obj) ? obj : toList(obj)
  const length = text === undefined ? items.length : text.length
  const clamp = (value: Value, fallback: number, low: number, high: number): number => {
    if (value === null) return fallback
    let index = sliceIndex(value)
    if (index < 0) index += length
    return Math.min(Math.max(index, low), high)
  }
  if (text !== undefined) {
    const part = text.slice(clamp(start, 0, 0, length), clamp(stop, length, 0, length))
    chargeChars(part.length)
    return part
  }
  let out: Value[] = []
  if (by === 1) out = items.slice(clamp(start, 0, 0, length), clamp(stop, length, 0, length))
  else if (by > 0) {
    const from = clamp(start, 0, 0, length)
    const to = clamp(stop, length, 0, length)
    for (let i = from; i < to; i += by) out.push(items[i] as Value)
  } else {
    const from = clamp(start, length - 1, -1, length - 1)
    const to = clamp(stop, -1, -1, length - 1)
    for (let i = from; i > to; i += by) out.push(items[i] as Value)
  }
  chargeItems(out.length)
  if (typeof obj === 'string') return out.join('')
  return isTuple(obj as Value[]) ? tuple(out) : out
}

function sliceIndex(value: Value): number {
  if (typeof value === 'number' || typeof value === 'boolean') return Number(value)
  throw typeError('slice indices must be integers or None or have an __index__ method')
}
