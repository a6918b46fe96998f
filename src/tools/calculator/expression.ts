/**
 * A real arithmetic expression parser (precedence climbing over a tokenizer), never `eval`.
 * Names are looked up in Maps, so nothing like `constructor` or `__proto__` can reach an object.
 *
 *   expr   := term (('+' | '-') term)*
 *   term   := unary (('*' | '/' | '%') unary)*
 *   unary  := ('+' | '-') unary | power
 *   power  := call ('^' unary)?          right-associative; -2^2 = -4
 *   call   := number | name | name '(' args ')' | '(' expr ')'
 */

export class ExpressionError extends Error {
  constructor(
    message: string,
    /** 0-based position in the expression. */
    readonly position: number,
  ) {
    super(message)
    this.name = 'ExpressionError'
  }
}

const CONSTANTS = new Map<string, number>([
  ['pi', Math.PI],
  ['e', Math.E],
  ['tau', 2 * Math.PI],
  ['phi', (1 + Math.sqrt(5)) / 2],
])

type Fn = { arity: [number, number]; apply: (...args: number[]) => number }
const unary = (apply: (x: number) => number): Fn => ({ arity: [1, 1], apply })
const FUNCTIONS = new Map<string, Fn>([
  ['sqrt', unary(Math.sqrt)],
  ['cbrt', unary(Math.cbrt)],
  ['abs', unary(Math.abs)],
  ['sin', unary(Math.sin)],
  ['cos', unary(Math.cos)],
  ['tan', unary(Math.tan)],
  ['asin', unary(Math.asin)],
  ['acos', unary(Math.acos)],
  ['atan', unary(Math.atan)],
  ['ln', unary(Math.log)],
  ['log', { arity: [1, 2], apply: (x, base) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)) }],
  ['log2', unary(Math.log2)],
  ['exp', unary(Math.exp)],
  ['floor', unary(Math.floor)],
  ['ceil', unary(Math.ceil)],
  ['round', unary(Math.round)],
  ['trunc', unary(Math.trunc)],
  ['sign', unary(Math.sign)],
  ['atan2', { arity: [2, 2], apply: Math.atan2 }],
  ['pow', { arity: [2, 2], apply: Math.pow }],
  ['min', { arity: [1, Infinity], apply: Math.min }],
  ['max', { arity: [1, Infinity], apply: Math.max }],
  ['hypot', { arity: [1, Infinity], apply: Math.hypot }],
])

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'op'; value: string; at: number }

const MAX_LENGTH = 10_000
const MAX_DEPTH = 200

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const number = (/^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i)) as RegExpExecArray)[0]
      tokens.push({ kind: 'number', value: Number(number), at: i })
      i += number.length
    } else if (/[A-Za-z_]/.test(c)) {
      const name = (/^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i)) as RegExpExecArray)[0]
      tokens.push({ kind: 'name', value: name, at: i })
      i += name.length
    } else {
      // Anything else is an operator token, known or not: the parser reports the first problem
      // in reading order, so "a.b" fails at "a", not at ".".
      const code = text.codePointAt(i) as number
      const char = String.fromCodePoint(code)
      tokens.push({ kind: 'op', value: char === '×' ? '*' : char === '÷' ? '/' : char, at: i })
      i += char.length
    }
  }
  return tokens
}

/** Evaluates an arithmetic expression; throws ExpressionError with the position of the problem. */
export function evaluateExpression(text: string): number {
  if (text.length > MAX_LENGTH)
    throw new ExpressionError(`The expression is longer than ${MAX_LENGTH} characters.`, MAX_LENGTH)
  const tokens = tokenize(text)
  let k = 0
  let depth = 0
  const peek = (): Token | undefined => tokens[k]
  const isOp = (value: string): boolean => {
    const t = tokens[k]
    return t !== undefined && t.kind === 'op' && t.value === value
  }
  const fail = (what: string): never => {
    const t = tokens[k]
    if (!t) throw new ExpressionError(`The expression ends early: ${what}.`, text.length)
    throw new ExpressionError(`Unexpected "${String(t.value)}" at position ${t.at + 1}: ${what}.`, t.at)
  }

  function expr(): number {
    if (++depth > MAX_DEPTH)
      throw new ExpressionError(`The expression nests deeper than ${MAX_DEPTH} levels.`, peek()?.at ?? 0)
    let value = term()
    while (isOp('+') || isOp('-')) {
      const op = (tokens[k++] as Token).value
      const right = term()
      value = op === '+' ? value + right : value - right
    }
    depth--
    return value
  }
  function term(): number {
    let value = unaryExpr()
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = (tokens[k++] as Token).value
      const right = unaryExpr()
      value = op === '*' ? value * right : op === '/' ? value / right : value % right
    }
    return value
  }
  function unaryExpr(): number {
    if (isOp('-') || isOp('+')) {
      const op = (tokens[k++] as Token).value
      if (++depth > MAX_DEPTH)
        throw new ExpressionError(`The expression nests deeper than ${MAX_DEPTH} levels.`, peek()?.at ?? 0)
      const value = unaryExpr()
      depth--
      return op === '-' ? -value : value
    }
    return power()
  }
  function power(): number {
    const base = call()
    if (!isOp('^')) return base
    k++
    return Math.pow(base, unaryExpr())
  }
  function call(): number {
    const t = peek()
    if (!t) return fail('a number, a name or "(" was expected')
    if (t.kind === 'number') {
      k++
      return t.value
    }
    if (t.kind === 'op' && t.value === '(') {
      k++
      const value = expr()
      if (!isOp(')')) fail('")" was expected')
      k++
      return value
    }
    if (t.kind !== 'name') return fail('a number, a name or "(" was expected')
    k++
    const name = t.value.toLowerCase()
    if (isOp('(')) {
      const fn = FUNCTIONS.get(name)
      if (!fn)
        throw new ExpressionError(
          `Unknown function "${t.value}" at position ${t.at + 1}. Known: ${[...FUNCTIONS.keys()].join(', ')}.`,
          t.at,
        )
      k++
      const args: number[] = []
      if (!isOp(')')) {
        args.push(expr())
        while (isOp(',')) {
          k++
          args.push(expr())
        }
      }
      if (!isOp(')')) fail('")" or "," was expected')
      k++
      const [least, most] = fn.arity
      if (args.length < least || args.length > most) {
        const wanted = least === most ? `${least}` : most === Infinity ? `at least ${least}` : `${least} to ${most}`
        throw new ExpressionError(
          `${name}() takes ${wanted} argument${wanted === '1' ? '' : 's'}, got ${args.length}.`,
          t.at,
        )
      }
      return fn.apply(...args)
    }
    const constant = CONSTANTS.get(name)
    if (constant === undefined) {
      throw new ExpressionError(
        `Unknown name "${t.value}" at position ${t.at + 1}. Constants: ${[...CONSTANTS.keys()].join(', ')}.`,
        t.at,
      )
    }
    return constant
  }

  if (tokens.length === 0) throw new ExpressionError('The expression is empty.', 0)
  const value = expr()
  if (k < tokens.length) fail('an operator was expected')
  return value
}
