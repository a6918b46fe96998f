/**
 * Macros and call blocks as jinja2 calls them: arguments bound by position then by name, defaults
 * evaluated in the macro's own scope, `varargs` and `kwargs` only when the body uses them, and
 * `caller` for the body of a `{% call %}`.
 */
import type * as Ast from './ast'
import { chargeItems } from './cost'
import { typeError } from './failure'
import type { Budget } from './limits'
import { Scope } from './scope'
import { Callable, Undefined, tuple, type Value } from './values'

const CALL_STEPS = 2

/** What a macro needs from the interpreter that calls it. */
export interface MacroHost {
  readonly budget: Budget
  block(nodes: Ast.Node[], scope: Scope): string
  expr(node: Ast.Node, scope: Scope): Value
}

const specialNamesCache = new WeakMap<Ast.Node, Set<string>>()

/** The names `varargs`, `kwargs` and `caller` a body refers to: jinja2 decides a macro's signature by them. */
function specialNames(node: Ast.Macro | Ast.CallStatement): Set<string> {
  let names = specialNamesCache.get(node)
  if (names) return names
  const found = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (value instanceof Map) value.forEach((item, key) => (visit(key), visit(item)))
    else if (value && typeof value === 'object') {
      const candidate = value as { type?: unknown; value?: unknown }
      if (candidate.type === 'Identifier' && typeof candidate.value === 'string') found.add(candidate.value)
      else Object.values(value).forEach(visit)
    }
  }
  visit(node.body)
  names = new Set(['varargs', 'kwargs', 'caller'].filter((name) => found.has(name)))
  specialNamesCache.set(node, names)
  return names
}

/** The callable a `{% macro %}` defines, or the `caller` of a `{% call %}` block. */
export function defineMacro(host: MacroHost, node: Ast.Macro | Ast.CallStatement, definedIn: Scope): Callable {
  const parameters = node.type === 'Macro' ? node.args : (node.callerArgs ?? [])
  const name = node.type === 'Macro' ? node.name.value : 'caller'
  const uses = specialNames(node)
  return new Callable(node.type === 'Macro' ? `macro '${name}'` : 'caller', ({ positional, keywords }) => {
    // A call builds a scope and binds its arguments: a few steps' work besides the body's.
    host.budget.tick(CALL_STEPS)
    host.budget.enter()
    try {
      const scope = new Scope(definedIn)
      const rest = new Map(keywords)
      const pending: [string, Ast.Expression][] = []
      parameters.forEach((parameter, i) => {
        const key = parameter.type === 'Identifier' ? parameter.value : parameter.key.value
        let value: Value | undefined = positional[i]
        if (value === undefined && rest.has(key)) value = rest.get(key)
        rest.delete(key)
        if (value === undefined && parameter.type === 'KeywordArgumentExpression') pending.push([key, parameter.value])
        scope.vars.set(key, value === undefined ? new Undefined(`parameter '${key}' was not provided`) : value)
      })
      if (rest.has('caller') && node.type === 'Macro') {
        scope.vars.set('caller', rest.get('caller') as Value)
        rest.delete('caller')
      }
      const extra = positional.slice(parameters.length)
      chargeItems(positional.length + keywords.size)
      if (uses.has('varargs')) scope.vars.set('varargs', tuple(extra))
      else if (extra.length > 0) throw typeError(`macro '${name}' takes not more than ${parameters.length} argument(s)`)
      if (uses.has('kwargs')) scope.vars.set('kwargs', new Map(rest))
      else if (rest.size > 0) throw typeError(`macro '${name}' takes no keyword argument '${rest.keys().next().value}'`)
      for (const [key, fallback] of pending) scope.vars.set(key, host.expr(fallback, scope))
      return host.block(node.body, scope)
    } finally {
      host.budget.leave()
    }
  })
}
