/**
 * Evaluates the parsed template with jinja2's semantics: its scoping (a `for` body is a fresh scope
 * each iteration, an `if` is not a scope), Python's operators and values, the sandbox's attribute
 * rules, and transformers' filters and globals. Every evaluation is charged to the render's budget.
 */
import type * as Ast from './ast'
import { getAttribute, getItem, getSlice } from './attributes'
import type { Compiled } from './compile'
import { chargeChars, chargeItems, chargeValues } from './cost'
import { dialectResult, type TemplateDialect } from './dialect'
import { TemplateFailure, typeError, valueError } from './failure'
import { applyFilter, type FilterContext } from './filters'
import type { Budget } from './limits'
import { LoopContext, LoopState } from './loop'
import { defineMacro, type MacroHost } from './macros'
import { Scope } from './scope'
import { arithmetic, bounded, concat, contains, iterate, negate, pyCompare, pyEquals, toList } from './ops'
import { pyStr } from './repr'
import { TEST_MARK } from './grammar'
import { runTest, TEST_NAMES } from './tests'
import {
  Callable,
  Namespace,
  PyFloat,
  Undefined,
  truthy,
  tuple,
  typeName,
  type CallArgs,
  type DictKey,
  type Value,
} from './values'

/** What `{{ value }}` writes, charged by its length. */
function printed(value: Value): string {
  const text = pyStr(value)
  chargeChars(text.length)
  return text
}

/** `{% break %}` or `{% continue %}` on its way to its loop, with the output rendered before it. */
class LoopSignal {
  constructor(
    readonly kind: 'break' | 'continue',
    public output = '',
  ) {}
}

const CONSTANTS: Record<string, Value> = { true: true, True: true, false: false, False: false, none: null, None: null }
const COMPARISONS: Record<string, (order: number) => boolean> = {
  '<': (o) => o < 0,
  '<=': (o) => o <= 0,
  '>': (o) => o > 0,
  '>=': (o) => o >= 0,
}

export class Interpreter implements FilterContext, MacroHost {
  private readonly mutable: boolean

  constructor(
    private readonly compiled: Compiled,
    readonly budget: Budget,
    private readonly dialect: TemplateDialect = 'transformers',
  ) {
    this.mutable = dialect === 'llama.cpp'
  }

  get sizeLimit(): number {
    return this.budget.sizeLimit
  }

  tick(count = 1): void {
    this.budget.tick(count)
  }

  callFilter(name: string, value: Value, call: CallArgs): Value {
    return dialectResult(applyFilter(this, name, value, call), this.dialect)
  }

  callTest(name: string, value: Value, args: Value[]): boolean {
    // By name (select, reject), jinja2 words it without the "found" of a test missing from the template.
    if (!TEST_NAMES.has(name)) throw new TemplateFailure('TemplateRuntimeError', `No test named '${name}'.`)
    return runTest(name, value, args)
  }

  render(globals: Map<string, Value>, context: Map<string, Value>): string {
    const root = new Scope(new Scope())
    for (const [name, value] of globals) root.parent?.vars.set(name, value)
    for (const [name, value] of context) root.vars.set(name, value)
    // jinja2 starts these as missing: a macro or loop reading one before it is set sees it undefined.
    for (const name of this.compiled.missingAtStart) root.vars.set(name, new Undefined(`'${name}' is undefined`))
    return this.block(this.compiled.program.body, root)
  }

  block(nodes: Ast.Node[], scope: Scope): string {
    let out = ''
    for (const node of nodes) {
      try {
        out += this.statement(node, scope)
      } catch (error) {
        if (error instanceof LoopSignal) error.output = out + error.output
        else if (error instanceof TemplateFailure && error.offset === undefined)
          error.offset = this.compiled.offsets.get(node)
        throw error
      }
      if (out.length > this.budget.sizeLimit) bounded(out, this.budget.sizeLimit)
    }
    return out
  }

  /** The body of a `{% set %}` or `{% filter %}` block: a loop control leaving it drops what it rendered. */
  private captured(nodes: Ast.Node[], scope: Scope): string {
    try {
      return this.block(nodes, new Scope(scope))
    } catch (signal) {
      if (signal instanceof LoopSignal) signal.output = ''
      throw signal
    }
  }

  private statement(node: Ast.Node, scope: Scope): string {
    this.budget.tick()
    switch (node.type) {
      case 'StringLiteral':
        return node.value
      case 'Comment':
        return ''
      case 'If':
        return this.block(truthy(this.expr(node.test, scope)) ? node.body : node.alternate, scope)
      case 'For':
        return this.forLoop(node, scope)
      case 'Set':
        this.assign(node, scope)
        return ''
      case 'Macro':
        scope.vars.set(node.name.value, defineMacro(this, node, scope))
        return ''
      case 'CallStatement':
        return this.callBlock(node, scope)
      case 'FilterStatement':
        return printed(this.filter(this.captured(node.body, scope), node.filter, scope))
      case 'Break':
        throw new LoopSignal('break')
      case 'Continue':
        throw new LoopSignal('continue')
      case 'Program':
        return this.block(node.body, scope)
      default:
        return printed(this.expr(node, scope))
    }
  }

  private forLoop(node: Ast.For, scope: Scope): string {
    let source = node.iterable
    let condition: Ast.Expression | undefined
    if (source.type === 'SelectExpression') {
      condition = source.test
      source = source.lhs
    }
    let items = toList(this.expr(source, scope))
    if (condition) {
      const test = condition
      items = items.filter((item) => {
        const inner = new Scope(scope)
        this.bindTarget(node.loopvar, item, inner)
        return truthy(this.expr(test, inner))
      })
    }
    if (items.length === 0) return this.block(node.defaultBlock, new Scope(scope))
    const loop = new LoopState(items)
    let out = ''
    // jinja2 renders the else block unless some iteration ran to its end (break and continue skip that).
    let completed = false
    for (let index = 0; index < items.length; index++) {
      this.budget.tick()
      const inner = new Scope(scope)
      const item = items[index] as Value
      inner.vars.set('loop', new LoopContext(loop, index))
      this.bindTarget(node.loopvar, item, inner)
      try {
        out += this.block(node.body, inner)
        completed = true
      } catch (signal) {
        if (!(signal instanceof LoopSignal)) throw signal
        out += signal.output
        if (signal.kind === 'break') break
      }
      if (out.length > this.budget.sizeLimit) bounded(out, this.budget.sizeLimit)
    }
    if (completed) return out
    try {
      return out + this.block(node.defaultBlock, new Scope(scope))
    } catch (signal) {
      if (signal instanceof LoopSignal) signal.output = out + signal.output
      throw signal
    }
  }

  private bindTarget(target: Ast.Expression, value: Value, scope: Scope): void {
    if (target.type === 'Identifier') {
      scope.vars.set(target.value, value)
      return
    }
    if (target.type !== 'TupleLiteral')
      throw new TemplateFailure('TemplateSyntaxError', `cannot assign to ${target.type}`, 'syntax')
    const items = Array.from(iterate(value, `cannot unpack non-iterable ${typeName(value)} object`))
    chargeItems(items.length)
    const expected = target.value.length
    if (items.length > expected) throw valueError(`too many values to unpack (expected ${expected})`)
    if (items.length < expected)
      throw valueError(`not enough values to unpack (expected ${expected}, got ${items.length})`)
    target.value.forEach((part, i) => this.bindTarget(part, items[i] as Value, scope))
  }

  private assign(node: Ast.SetStatement, scope: Scope): void {
    const value = node.value ? this.expr(node.value, scope) : this.captured(node.body, scope)
    const target = node.assignee
    if (target.type === 'MemberExpression' && !target.computed && target.property.type === 'Identifier') {
      const owner = this.expr(target.object, scope)
      if (!(owner instanceof Namespace))
        throw new TemplateFailure('TemplateRuntimeError', 'cannot assign attribute on non-namespace object')
      owner.attrs.set(target.property.value, value)
      return
    }
    this.bindTarget(target, value, scope)
  }

  private callBlock(node: Ast.CallStatement, scope: Scope): string {
    const caller = defineMacro(this, node, scope)
    const callee = this.expr(node.call.callee, scope)
    const call = this.arguments(node.call.args, scope)
    call.keywords.set('caller', caller)
    return printed(this.invoke(callee, call))
  }

  private invoke(callee: Value, call: CallArgs): Value {
    if (callee instanceof Undefined) callee.fail()
    if (!(callee instanceof Callable)) throw typeError(`'${typeName(callee)}' object is not callable`)
    this.budget.tick()
    return callee.call(call)
  }

  private arguments(args: Ast.Expression[], scope: Scope): CallArgs {
    const positional: Value[] = []
    const keywords = new Map<string, Value>()
    const keyword = (key: string, value: Value): void => {
      if (keywords.has(key)) throw typeError(`got multiple values for keyword argument '${key}'`)
      keywords.set(key, value)
    }
    for (const arg of args) {
      if (arg.type === 'SpreadExpression') {
        for (const item of toList(this.expr(arg.argument, scope))) positional.push(item)
      } else if (arg.type !== 'KeywordArgumentExpression' && arg.type !== 'KeywordSpreadExpression')
        positional.push(this.expr(arg, scope))
    }
    for (const arg of args) {
      if (arg.type === 'KeywordArgumentExpression') keyword(arg.key.value, this.expr(arg.value, scope))
      else if (arg.type === 'KeywordSpreadExpression') {
        const mapping = this.expr(arg.argument, scope)
        if (!(mapping instanceof Map)) throw typeError(`argument after ** must be a mapping, not ${typeName(mapping)}`)
        chargeValues(mapping.size)
        for (const [key, value] of mapping) keyword(pyStr(key), value)
      }
    }
    return { positional, keywords }
  }

  private filter(operand: Value, filter: Ast.Identifier | Ast.CallExpression, scope: Scope): Value {
    if (filter.type === 'Identifier')
      return this.callFilter(filter.value, operand, { positional: [], keywords: new Map() })
    const name = filter.callee.type === 'Identifier' ? filter.callee.value : ''
    if (name.startsWith(TEST_MARK)) return this.testWithArguments(name.slice(TEST_MARK.length), operand, filter, scope)
    return this.callFilter(name, operand, this.arguments(filter.args, scope))
  }

  /** `x is name(args)` or `x is name arg`, which the grammar mending made a marked filter call. */
  private testWithArguments(name: string, operand: Value, call: Ast.CallExpression, scope: Scope): boolean {
    const negated = name.startsWith('not ')
    const result = runTest(negated ? name.slice(4) : name, operand, this.arguments(call.args, scope).positional)
    return negated ? !result : result
  }

  expr(node: Ast.Node, scope: Scope): Value {
    this.budget.tick()
    switch (node.type) {
      case 'StringLiteral':
        return node.value
      case 'IntegerLiteral':
        return node.value
      case 'FloatLiteral':
        return new PyFloat(node.value)
      case 'Identifier': {
        if (Object.hasOwn(CONSTANTS, node.value)) return CONSTANTS[node.value] as Value
        const value = scope.lookup(node.value)
        return value === undefined ? new Undefined(`'${node.value}' is undefined`) : value
      }
      case 'ArrayLiteral':
        return node.value.map((item) => this.expr(item, scope))
      case 'TupleLiteral':
        return tuple(node.value.map((item) => this.expr(item, scope)))
      case 'ObjectLiteral': {
        const dict = new Map<DictKey, Value>()
        for (const [key, value] of node.value) {
          const k = this.expr(key, scope)
          if (Array.isArray(k) || k instanceof Map) throw typeError(`unhashable type: '${typeName(k)}'`)
          if (typeof k === 'string') chargeChars(k.length)
          dict.set(k instanceof PyFloat ? k.value : (k as DictKey), this.expr(value, scope))
        }
        return dict
      }
      case 'MemberExpression':
        return this.member(node, scope)
      case 'CallExpression':
        return this.invoke(this.expr(node.callee, scope), this.arguments(node.args, scope))
      case 'FilterExpression':
        return this.filter(this.expr(node.operand, scope), node.filter, scope)
      case 'TestExpression': {
        const result = runTest(node.test.value, this.expr(node.operand, scope), [])
        return node.negate ? !result : result
      }
      case 'Ternary':
        return truthy(this.expr(node.condition, scope))
          ? this.expr(node.trueExpr, scope)
          : this.expr(node.falseExpr, scope)
      case 'SelectExpression':
        return truthy(this.expr(node.test, scope))
          ? this.expr(node.lhs, scope)
          : new Undefined('the inline if-expression evaluated to false and no else section was defined.')
      case 'UnaryExpression': {
        const value = this.expr(node.argument, scope)
        return node.operator.value === 'not' ? !truthy(value) : negate(node.operator.value, value)
      }
      case 'BinaryExpression':
        return this.binary(node, scope)
    }
    throw new TemplateFailure('TemplateSyntaxError', `unexpected ${node.type} in an expression`, 'syntax')
  }

  private member(node: Ast.MemberExpression, scope: Scope): Value {
    const object = this.expr(node.object, scope)
    const property = node.property
    if (!node.computed) {
      if (property.type === 'Identifier') return getAttribute(object, property.value, this.mutable)
      return getItem(object, (property as Ast.IntegerLiteral).value, this.mutable)
    }
    if (property.type === 'SliceExpression') {
      const part = (e: Ast.Expression | undefined): Value => (e ? this.expr(e, scope) : null)
      return getSlice(object, part(property.start), part(property.stop), part(property.step))
    }
    return getItem(object, this.expr(property, scope), this.mutable)
  }

  private binary(node: Ast.BinaryExpression, scope: Scope): Value {
    const operator = node.operator.value
    const left = this.expr(node.left, scope)
    if (operator === 'and') return truthy(left) ? this.expr(node.right, scope) : left
    if (operator === 'or') return truthy(left) ? left : this.expr(node.right, scope)
    const right = this.expr(node.right, scope)
    switch (operator) {
      case '==':
        return pyEquals(left, right)
      case '!=':
        return !pyEquals(left, right)
      case 'in':
        return contains(right, left)
      case 'not in':
        return !contains(right, left)
      case '~':
        return concat(left, right, this.budget.sizeLimit)
    }
    const comparison = COMPARISONS[operator]
    if (comparison) return comparison(pyCompare(left, right, operator))
    return arithmetic(operator, left, right, this.budget.sizeLimit)
  }
}
