/**
 * The `loop` object of a for loop: jinja2's LoopContext, with `cycle` and `changed`.
 */
import { typeError } from './failure'
import { pyEquals } from './ops'
import { Callable, PyObject, Undefined, tuple, type Value } from './values'

/** What the iterations of one loop share: its items and what `loop.changed()` saw last. */
export class LoopState {
  lastChanged: Value[] | undefined

  constructor(readonly items: Value[]) {}

  changed(now: Value[]): boolean {
    if (this.lastChanged !== undefined && pyEquals(this.lastChanged, now)) return false
    this.lastChanged = now
    return true
  }
}

export class LoopContext extends PyObject {
  readonly className = 'jinja2.runtime.LoopContext'

  constructor(
    private readonly state: LoopState,
    private readonly index: number,
  ) {
    super()
  }

  attribute(name: string): Value | undefined {
    const { items } = this.state
    const index = this.index
    const length = items.length
    switch (name) {
      case 'index':
        return index + 1
      case 'index0':
        return index
      case 'revindex':
        return length - index
      case 'revindex0':
        return length - index - 1
      case 'first':
        return index === 0
      case 'last':
        return index === length - 1
      case 'length':
        return length
      case 'depth':
        return 1
      case 'depth0':
        return 0
      case 'previtem':
        return index > 0 ? (items[index - 1] as Value) : new Undefined('there is no previous item')
      case 'nextitem':
        return index < length - 1 ? (items[index + 1] as Value) : new Undefined('there is no next item')
      case 'cycle':
        return new Callable('LoopContext.cycle', ({ positional }) => {
          if (positional.length === 0) throw typeError('no items for cycling given')
          return positional[index % positional.length] as Value
        })
      case 'changed':
        return new Callable('LoopContext.changed', ({ positional }) => this.state.changed(tuple(positional.slice())))
    }
    return undefined
  }

  repr(): string {
    return `<LoopContext ${this.index + 1}/${this.state.items.length}>`
  }
}
