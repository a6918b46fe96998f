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

type NameToken = Extract<Token, { kind: 'name' }>

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
  if (tokens.length === 0) throw new ExpressionError('The expression is empty.', 0)
  return new ExpressionParser(text, tokens).parse()
}

/** The grammar above, one method per rule, over the tokens of one expression. */
class ExpressionParser {
  /** The next token's index. */
  private k = 0
  private depth = 0

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  /** The whole expression's value; every token must be read. */
  parse(): number {
    const value = this.expr()
    if (this.k < this.tokens.length) this.fail('an operator was expected')
    return value
  }

  private peek(): Token | undefined {
    return this.tokens[this.k]
  }

  private isOp(value: string): boolean {
    const t = this.tokens[this.k]
    return t !== undefined && t.kind === 'op' && t.value === value
  }

  private fail(what: string): never {
    const t = this.tokens[this.k]
    if (!t) throw new ExpressionError(`The expression ends early: ${what}.`, this.text.length)
    throw new ExpressionError(`Unexpected "${String(t.value)}" at position ${t.at + 1}: ${what}.`, t.at)
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH)
      throw new ExpressionError(`The expression nests deeper than ${MAX_DEPTH} levels.`, this.peek()?.at ?? 0)
  }

  private expr(): number {
    this.enter()
    let value = this.term()
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.k++] as Token).value
      const right = this.term()
      value = op === '+' ? value + right : value - right
    }
    this.depth--
    return value
  }

  private term(): number {
    let value = this.unary()
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = (this.tokens[this.k++] as Token).value
      const right = this.unary()
      value = op === '*' ? value * right : op === '/' ? value / right : value % right
    }
    return value
  }

  private unary(): number {
    if (this.isOp('-') || this.isOp('+')) {
      const op = (this.tokens[this.k++] as Token).value
      this.enter()
      const value = this.unary()
      this.depth--
      return op === '-' ? -value : value
    }
    return this.power()
  }

  private power(): number {
    const base = this.call()
    if (!this.isOp('^')) return base
    this.k++
    return Math.pow(base, this.unary())
  }

  private call(): number {
    const t = this.peek()
    if (!t) return this.fail('a number, a name or "(" was expected')
    if (t.kind === 'number') {
      this.k++
      return t.value
    }
    if (t.kind === 'op' && t.value === '(') {
      this.k++
      const value = this.expr()
      if (!this.isOp(')')) this.fail('")" was expected')
      this.k++
      return value
    }
    if (t.kind !== 'name') return this.fail('a number, a name or "(" was expected')
    this.k++
    return this.isOp('(') ? this.functionCall(t) : constantValue(t)
  }

  /** `name(args)`, the name read and the "(" next. */
  private functionCall(t: NameToken): number {
    const name = t.value.toLowerCase()
    const fn = FUNCTIONS.get(name)
    if (!fn)
      throw new ExpressionError(
        `Unknown function "${t.value}" at position ${t.at + 1}. Known: ${[...FUNCTIONS.keys()].join(', ')}.`,
        t.at,
      )
    this.k++
    const args: number[] = []
    if (!this.isOp(')')) {
      args.push(this.expr())
      while (this.isOp(',')) {
        this.k++
        args.push(this.expr())
      }
    }
    if (!this.isOp(')')) this.fail('")" or "," was expected')
    this.k++
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
}

/** A named constant's value (names are case-insensitive). */
function constantValue(t: NameToken): number {
  const constant = CONSTANTS.get(t.value.toLowerCase())
  if (constant === undefined) {
    throw new ExpressionError(
      `Unknown name "${t.value}" at position ${t.at + 1}. Constants: ${[...CONSTANTS.keys()].join(', ')}.`,
      t.at,
    )
  }
  return constant
}
