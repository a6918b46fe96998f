/**
 * The `loop` object of a for loop: jinja2's LoopContext, with `cycle` and `changed`.
 */
import { typeError } from './failure'
import { pyEquals } from './ops'
import { Callable, PyObject, Undefined, tuple, type Value } from './values'

/** A loop's `loop` object for each iteration; `changed()` remembers across iterations. */
export function loopContexts(items: Value[]): (index: number) => PyObject {
  let last: Value[] | undefined
  return (index) =>
    loopContext(items, index, (now) => {
      if (last !== undefined && pyEquals(last, now)) return false
      last = now
      return true
    })
}

function loopContext(items: Value[], index: number, changed: (now: Value[]) => boolean): PyObject {
  const length = items.length
  const attributes: Record<string, () => Value> = {
    index: () => index + 1,
    index0: () => index,
    revindex: () => length - index,
    revindex0: () => length - index - 1,
    first: () => index === 0,
    last: () => index === length - 1,
    length: () => length,
    depth: () => 1,
    depth0: () => 0,
    previtem: () => (index > 0 ? (items[index - 1] as Value) : new Undefined('there is no previous item')),
    nextitem: () => (index < length - 1 ? (items[index + 1] as Value) : new Undefined('there is no next item')),
    cycle: () =>
      new Callable('LoopContext.cycle', ({ positional }) => {
        if (positional.length === 0) throw typeError('no items for cycling given')
        return positional[index % positional.length] as Value
      }),
    changed: () => new Callable('LoopContext.changed', ({ positional }) => changed(tuple(positional.slice()))),
  }
  return new PyObject(
    'jinja2.runtime.LoopContext',
    (name) => (Object.hasOwn(attributes, name) ? attributes[name]?.() : undefined),
    () => `<LoopContext ${index + 1}/${length}>`,
  )
}
