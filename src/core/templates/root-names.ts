/**
 * jinja2 gives each name the template's top level assigns one variable, started by its first use at
 * the top level in the order jinja2 reads them: a read (in an expression, an `if`'s test or body, a
 * set's value) starts it from the caller's value; an assignment at the top level (not inside an `if`)
 * starts it as missing. A macro or loop body that reads a missing one before the assignment sees it
 * undefined, not the caller's value of the same name.
 */
import type * as Ast from './ast'

/** The names the top level assigns before it reads them. */
export function missingAtStart(body: Ast.Node[]): Set<string> {
  const declared = new Set<string>()
  const missing = new Set<string>()
  const load = (name: string): void => void declared.add(name)
  const store = (name: string, inIf: boolean): void => {
    if (declared.has(name)) return
    declared.add(name)
    if (!inIf) missing.add(name)
  }
  const statements = (nodes: Ast.Node[], inIf: boolean): void => nodes.forEach((node) => statement(node, inIf))
  const statement = (node: Ast.Node, inIf: boolean): void => {
    switch (node.type) {
      case 'Set':
        if (node.value) loads(node.value, load)
        if (node.assignee.type === 'MemberExpression') loads(node.assignee, load)
        else targets(node.assignee, (name) => store(name, inIf))
        return
      case 'If':
        loads(node.test, load)
        return statements([...node.body, ...node.alternate], true)
      case 'For':
        // The body is the loop's own frame; only what is looped over is read here.
        return loads(node.iterable.type === 'SelectExpression' ? node.iterable.lhs : node.iterable, load)
      case 'Macro':
        return store(node.name.value, inIf)
      case 'Break':
      case 'Continue':
      case 'Comment':
        return
      default:
        // Anything else counts as reads, which keeps the caller's values as before.
        return loads(node, load)
    }
  }
  statements(body, false)
  return missing
}

function targets(node: Ast.Node, each: (name: string) => void): void {
  if (node.type === 'Identifier') each(node.value)
  else if (node.type === 'TupleLiteral' || node.type === 'ArrayLiteral')
    node.value.forEach((item) => targets(item, each))
}

/** Every name an expression (or statement) reads, but attribute, filter, test and keyword names. */
function loads(node: unknown, each: (name: string) => void): void {
  if (Array.isArray(node)) return node.forEach((item) => loads(item, each))
  if (node instanceof Map) return node.forEach((value, key) => (loads(key, each), loads(value, each)))
  if (!node || typeof node !== 'object') return
  const n = node as Ast.Node
  switch (n.type) {
    case 'Identifier':
      return each(n.value)
    case 'MemberExpression':
      loads(n.object, each)
      if (n.computed) loads(n.property, each)
      return
    case 'FilterExpression':
      loads(n.operand, each)
      if (n.filter.type === 'CallExpression') loads(n.filter.args, each)
      return
    case 'TestExpression':
      return loads(n.operand, each)
    case 'KeywordArgumentExpression':
      return loads(n.value, each)
  }
  for (const value of Object.values(n)) if (value && typeof value === 'object') loads(value, each)
}
