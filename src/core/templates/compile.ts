/**
 * From template text to a checked syntax tree: our lexer, @huggingface/jinja's parser, then what
 * jinja2 checks before rendering (a filter or test that does not exist, outside an `if`, is an error
 * up front). Every statement is mapped back to the tag it came from, for error positions.
 */
import { parse } from '@huggingface/jinja'
import type { Expression, Identifier, If, Node, Program } from './ast'
import { TemplateFailure } from './failure'
import { FILTER_NAMES } from './filters'
import { mendGrammar, TEST_MARK } from './grammar'
import { lex, syntaxError, type LexedToken, type Tag } from './lexer'
import { missingAtStart } from './root-names'
import { TEST_NAMES } from './tests'

export interface Compiled {
  program: Program
  /** Offset in `source` of the tag each statement-level node came from. */
  offsets: Map<Node, number>
  source: string
  /** Names the top level assigns before it reads them (root-names.ts). */
  missingAtStart: Set<string>
}

export function compile(template: string): Compiled {
  const { tokens, tags, source } = lex(template)
  const program = parseTokens(mendGrammar(tokens))
  const offsets = locate(program, tags)
  checkNames(program, offsets)
  checkLoopControls(program.body, false, offsets)
  return { program, offsets, source, missingAtStart: missingAtStart(program.body) }
}

function parseTokens(tokens: LexedToken[]): Program {
  try {
    return parse(tokens as Parameters<typeof parse>[0]) as unknown as Program
  } catch (error) {
    // Parse again, watching how far the parser read, to say where it stopped.
    let furthest = 0
    const watched = new Proxy(tokens, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) furthest = Math.max(furthest, Number(key))
        return Reflect.get(target, key, receiver)
      },
    })
    try {
      parse(watched as Parameters<typeof parse>[0])
    } catch {
      // the same error again
    }
    const atEnd = furthest >= tokens.length
    const token = tokens[Math.min(furthest, tokens.length - 1)]
    const message = atEnd ? 'unexpected end of template: a tag or block is not closed' : parserMessage(error, token)
    throw syntaxError(message, token?.start ?? 0)
  }
}

function parserMessage(error: unknown, token: LexedToken | undefined): string {
  const text = error instanceof Error ? error.message : String(error)
  if (error instanceof TypeError) return `unexpected ${describe(token)}`
  const detail = text.replace(/^Parser Error: /, '').replace(/\. \w+ !== \w+\.$/, '')
  return `${detail} (at ${describe(token)})`
}

function describe(token: LexedToken | undefined): string {
  if (!token) return 'end of template'
  if (token.type === 'Text') return 'text'
  return `'${token.value}'`
}

/** Pairs each statement-level node with its tag; the parser builds them in source order. */
function locate(program: Program, tags: Tag[]): Map<Node, number> {
  const offsets = new Map<Node, number>()
  let next = 0
  const nameAhead = (): string => (tags[next]?.kind === 'statement' ? (tags[next]?.name ?? '') : '')
  const close = (name: string): void => {
    if (nameAhead() !== name) throw new Error(`tags out of step: expected ${name}`)
    next++
  }
  const body = (nodes: Node[]): void => nodes.forEach(element)
  const branches = (node: If): void => {
    body(node.body)
    if (nameAhead() === 'elif') {
      const nested = node.alternate[0] as If
      offsets.set(nested, tags[next++]?.start ?? 0)
      branches(nested)
    } else if (nameAhead() === 'else') {
      next++
      body(node.alternate)
    }
  }
  function element(node: Node): void {
    const tag = tags[next++]
    if (!tag) throw new Error('tags out of step')
    offsets.set(node, tag.start)
    switch (node.type) {
      case 'If':
        branches(node)
        return close('endif')
      case 'For':
        body(node.body)
        if (nameAhead() === 'else') {
          next++
          body(node.defaultBlock)
        }
        return close('endfor')
      case 'Set':
        if (node.value !== null) return
        body(node.body)
        return close('endset')
      case 'Macro':
        body(node.body)
        return close('endmacro')
      case 'CallStatement':
        body(node.body)
        return close('endcall')
      case 'FilterStatement':
        body(node.body)
        return close('endfilter')
    }
  }
  try {
    body(program.body)
  } catch {
    // Positions are a help, never a reason to fail: keep what was paired.
  }
  return offsets
}

/**
 * jinja2 refuses an unknown filter or test when it compiles the template, unless the use sits inside
 * an `if` (or an `a if b else c`), where it raises only if reached.
 */
function checkNames(program: Program, offsets: Map<Node, number>): void {
  let offset = 0
  const fail = (kind: 'filter' | 'test', name: Identifier): never => {
    throw new TemplateFailure('TemplateAssertionError', `No ${kind} named '${name.value}'.`, 'syntax', offset)
  }
  const visit = (node: Node | Expression | null | undefined, soft: boolean): void => {
    if (!node || typeof node !== 'object') return
    const at = offsets.get(node as Node)
    if (at !== undefined) offset = at
    switch (node.type) {
      case 'If':
        return [node.test, ...node.body, ...node.alternate].forEach((child) => visit(child, true))
      case 'Ternary':
      case 'SelectExpression':
        return children(node).forEach((child) => visit(child, true))
      case 'For':
      case 'Macro':
      case 'CallStatement':
        return children(node).forEach((child) => visit(child, soft && node.type === 'For' && child === node.iterable))
      case 'FilterExpression':
      case 'FilterStatement': {
        const name = node.filter.type === 'Identifier' ? node.filter : node.filter.callee
        // The parser reads on past a filter's arguments (x|f(a).b); jinja2 stops there with a syntax error.
        const member = node.filter.type === 'CallExpression' ? node.filter.callee : node.filter
        if ((member as { type: string }).type === 'MemberExpression')
          throw new TemplateFailure(
            'TemplateSyntaxError',
            "expected the end of the expression after a filter's arguments",
            'syntax',
            offset,
          )
        if (name.type !== 'Identifier') break
        if (soft) break
        if (!name.value.startsWith(TEST_MARK)) {
          if (!FILTER_NAMES.has(name.value)) fail('filter', name)
          break
        }
        const test = name.value.slice(TEST_MARK.length).replace(/^not /, '')
        if (!TEST_NAMES.has(test)) fail('test', { ...name, value: test })
        break
      }
      case 'TestExpression':
        if (!soft && !TEST_NAMES.has(node.test.value)) fail('test', node.test)
        break
    }
    children(node).forEach((child) => visit(child, soft))
  }
  program.body.forEach((node) => visit(node, false))
}

/** `{% break %}` and `{% continue %}` belong in a loop body; a macro or call block body is not one. */
function checkLoopControls(nodes: Node[], inLoop: boolean, offsets: Map<Node, number>): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'Break':
      case 'Continue':
        if (!inLoop) {
          const word = node.type === 'Break' ? 'break' : 'continue'
          throw new TemplateFailure('SyntaxError', `'${word}' outside loop`, 'syntax', offsets.get(node))
        }
        break
      case 'For':
        checkLoopControls(node.body, true, offsets)
        checkLoopControls(node.defaultBlock, inLoop, offsets)
        break
      case 'If':
        checkLoopControls([...node.body, ...node.alternate], inLoop, offsets)
        break
      case 'Set':
      case 'FilterStatement':
        checkLoopControls(node.body, inLoop, offsets)
        break
      case 'Macro':
      case 'CallStatement':
        checkLoopControls(node.body, false, offsets)
        break
    }
  }
}

function children(node: Node | Expression): (Node | Expression)[] {
  const out: (Node | Expression)[] = []
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) out.push(...(value as (Node | Expression)[]))
    else if (value instanceof Map) for (const [key, item] of value) out.push(key as Expression, item as Expression)
    else if (value && typeof value === 'object' && 'type' in value) out.push(value as Node)
  }
  return out
}
