/**
 * A level of template variables. jinja2's rules, which the interpreter follows: each iteration of a
 * `for` and each macro call gets a new scope, an `if` does not, and a name not found here is looked up
 * in the enclosing scopes.
 */
import type { Value } from './values'

export class Scope {
  readonly vars = new Map<string, Value>()

  constructor(readonly parent?: Scope) {}

  lookup(name: string): Value | undefined {
    const own = this.vars.get(name)
    return own === undefined ? this.parent?.lookup(name) : own
  }
}
