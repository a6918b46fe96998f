/**
 * jinja2's grammar where @huggingface/jinja's parser differs, mended in the token stream before it
 * parses: `()` and `(x,)`, tuples the parser does not read, become calls of a global that makes them; a
 * test with an argument (`x is divisibleby 3`, `x is sameas(y)`), which the parser does not
 * read, becomes a call of a marked filter the interpreter runs as that test (a test binds as a filter
 * does in jinja2); and `~`, which binds tighter than `+` and `-` in jinja2 but as tightly in the
 * parser, gets parentheses around its operands where a `+` or `-` is beside them; a chain of
 * comparisons, `a < b < c`, becomes `(a < b and b < c)` as Python reads it (the parser nests them);
 * and `{% set x | f %}...{% endset %}` sets x, then x to `x | f`.
 */
import { syntaxError, type LexedToken, type TokenType } from './lexer'

/** Marks a filter name that stands for a test with arguments: `<mark>name` or `<mark>not name`. */
export const TEST_MARK = '\u0000is '
/** The global that builds the tuples the parser cannot write: `()` and `(x,)` become calls of it. */
export const TUPLE_MAKER = '\u0000tuple'

export function mendGrammar(tokens: LexedToken[]): LexedToken[] {
  refuseLoopConditionals(tokens)
  return chainComparisons(groupConcatenations(tuples(testArguments(filteredBlockSets(tokens)))))
}

/**
 * In `{% for x in a if b %}` jinja2 reads the `if` as the loop's filter, so an `else` after it (an
 * unparenthesised `a if b else c` to loop over) is a syntax error there; the parser took it as a ternary.
 */
function refuseLoopConditionals(tokens: LexedToken[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]?.type !== 'OpenStatement' || !isWord(tokens[i + 1], 'for')) continue
    let depth = 0
    let sawIf = false
    for (let k = i + 2; k < tokens.length && tokens[k]?.type !== 'CloseStatement'; k++) {
      const t = tokens[k] as LexedToken
      if (OPENERS.has(t.type)) depth++
      else if (CLOSERS.has(t.type)) depth--
      else if (depth === 0 && isWord(t, 'if')) sawIf = true
      else if (depth === 0 && sawIf && isWord(t, 'else'))
        throw syntaxError("expected token 'end of statement block', got 'else'", t.start)
    }
  }
}

const OPENERS: ReadonlySet<TokenType> = new Set(['OpenParen', 'OpenSquareBracket', 'OpenCurlyBracket'])
const CLOSERS: ReadonlySet<TokenType> = new Set(['CloseParen', 'CloseSquareBracket', 'CloseCurlyBracket'])
// A name after a test's name that is not its argument (jinja2 leaves out else, or and and; the others
// are kept as the parser reads them).
const NOT_AN_ARGUMENT = new Set(['else', 'or', 'and', 'if', 'in', 'not', 'is'])

const token = (type: TokenType, value: string, start: number): LexedToken => ({ type, value, start })
const isWord = (t: LexedToken | undefined, ...words: string[]): boolean =>
  t?.type === 'Identifier' && words.includes(t.value)

/** The index of the bracket that closes the one at `open`. */
function closing(tokens: LexedToken[], open: number): number {
  let depth = 0
  for (let i = open; i < tokens.length; i++) {
    const type = (tokens[i] as LexedToken).type
    if (OPENERS.has(type)) depth++
    else if (CLOSERS.has(type) && --depth === 0) return i
  }
  return tokens.length - 1
}

/** The index of the bracket that opens the one at `close`. */
function opening(tokens: LexedToken[], close: number): number {
  let depth = 0
  for (let i = close; i >= 0; i--) {
    const type = (tokens[i] as LexedToken).type
    if (CLOSERS.has(type)) depth++
    else if (OPENERS.has(type) && --depth === 0) return i
  }
  return 0
}

/** Past the end of a primary and its postfixes (`.name`, `[...]`, `(...)`), as jinja2 reads a test's argument. */
function endOfArgument(tokens: LexedToken[], at: number): number {
  let i = at
  const first = tokens[i] as LexedToken
  if (OPENERS.has(first.type)) i = closing(tokens, i) + 1
  else if (first.type === 'StringLiteral') while (tokens[i]?.type === 'StringLiteral') i++
  else i++
  for (;;) {
    const next = tokens[i]
    if (next?.type === 'Dot' && ['Identifier', 'NumericLiteral'].includes(tokens[i + 1]?.type ?? '')) i += 2
    else if (next?.type === 'OpenSquareBracket' || next?.type === 'OpenParen') i = closing(tokens, i) + 1
    else return i
  }
}

function startsArgument(t: LexedToken | undefined): t is LexedToken {
  if (!t) return false
  if (t.type === 'Identifier') return !NOT_AN_ARGUMENT.has(t.value)
  return ['StringLiteral', 'NumericLiteral', 'OpenSquareBracket', 'OpenCurlyBracket'].includes(t.type)
}

function testArguments(tokens: LexedToken[]): LexedToken[] {
  const out: LexedToken[] = []
  for (let i = 0; i < tokens.length; i++) {
    const is = tokens[i] as LexedToken
    const negated = isWord(tokens[i + 1], 'not')
    const name = tokens[i + (negated ? 2 : 1)]
    const after = i + (negated ? 3 : 2)
    const next = tokens[after]
    if (!isWord(is, 'is') || name?.type !== 'Identifier' || !(next?.type === 'OpenParen' || startsArgument(next))) {
      out.push(is)
      continue
    }
    out.push(
      token('Pipe', '|', is.start),
      token('Identifier', TEST_MARK + (negated ? 'not ' : '') + name.value, name.start),
    )
    if (next.type === 'OpenParen') {
      i = after - 1
      continue
    }
    const end = endOfArgument(tokens, after)
    out.push(token('OpenParen', '(', next.start), ...tokens.slice(after, end), token('CloseParen', ')', next.start))
    i = end - 1
  }
  return out
}

// A name before `(` that does not call: the parenthesis groups.
const GROUPING_WORDS = ['and', 'or', 'not', 'in', 'is', 'if', 'else', 'elif', 'for', 'set', 'return']

/** Whether the `(` at `at` opens a call's arguments (after a name, a call or a subscript). */
function opensCall(tokens: LexedToken[], at: number): boolean {
  const before = tokens[at - 1]
  if (!before) return false
  if (before.type === 'Identifier') return !GROUPING_WORDS.includes(before.value)
  return before.type === 'CloseParen' || before.type === 'CloseSquareBracket'
}

function tuples(tokens: LexedToken[]): LexedToken[] {
  const makers = new Set<number>()
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]?.type !== 'OpenParen' || opensCall(tokens, i)) continue
    const close = closing(tokens, i)
    if (close === i + 1 || tokens[close - 1]?.type === 'Comma') makers.add(i)
  }
  if (makers.size === 0) return tokens
  return tokens.flatMap((t, i) => (makers.has(i) ? [token('Identifier', TUPLE_MAKER, t.start), t] : [t]))
}

const LEFT_WORDS = ['and', 'or', 'in', 'if', 'else', 'elif', 'set', 'for', 'not']
const RIGHT_WORDS = ['and', 'or', 'in', 'if', 'else', 'not', 'for', 'recursive']
const ENDS: ReadonlySet<TokenType> = new Set([
  'ComparisonBinaryOperator',
  'Equals',
  'Comma',
  'Colon',
  'OpenExpression',
  'OpenStatement',
  'CloseExpression',
  'CloseStatement',
  'Text',
  'Comment',
])

const isSign = (t: LexedToken | undefined): boolean =>
  t?.type === 'AdditiveBinaryOperator' && (t.value === '+' || t.value === '-')
const isTilde = (t: LexedToken | undefined): boolean => t?.type === 'AdditiveBinaryOperator' && t.value === '~'

/** Whether the token before an operand ends it on the left (a `-` or `+` there may be its own sign). */
function endsLeft(tokens: LexedToken[], at: number): boolean {
  const t = tokens[at]
  if (!t || ENDS.has(t.type) || OPENERS.has(t.type) || isTilde(t)) return true
  if (t.type === 'Identifier')
    return LEFT_WORDS.includes(t.value) && !(t.value === 'not' && isWord(tokens[at - 1], 'is'))
  if (isSign(t)) return !isUnary(tokens, at)
  return false
}

/** A `+` or `-` is a sign when nothing that ends an operand comes before it. */
function isUnary(tokens: LexedToken[], at: number): boolean {
  const before = tokens[at - 1]
  if (!before) return true
  if (CLOSERS.has(before.type)) return false
  if (['StringLiteral', 'NumericLiteral'].includes(before.type)) return false
  if (before.type === 'Identifier') return LEFT_WORDS.includes(before.value) || before.value === 'is'
  return true
}

function endsRight(t: LexedToken | undefined): boolean {
  if (!t || ENDS.has(t.type) || CLOSERS.has(t.type) || t.type === 'AdditiveBinaryOperator') return true
  return t.type === 'Identifier' && RIGHT_WORDS.includes(t.value)
}

function operandStart(tokens: LexedToken[], last: number): number {
  let i = last
  for (;;) {
    if (CLOSERS.has((tokens[i] as LexedToken).type)) i = opening(tokens, i)
    if (i <= 0 || endsLeft(tokens, i - 1)) return i
    i--
  }
}

function operandEnd(tokens: LexedToken[], first: number): number {
  let i = first
  while (isSign(tokens[i])) i++
  for (;;) {
    if (OPENERS.has((tokens[i] as LexedToken).type)) i = closing(tokens, i)
    if (i >= tokens.length - 1 || endsRight(tokens[i + 1])) return i
    i++
  }
}

function groupConcatenations(tokens: LexedToken[]): LexedToken[] {
  if (!tokens.some(isTilde)) return tokens
  const opens = new Map<number, number>()
  const closes = new Map<number, number>()
  const chained = new Set<number>()
  for (let i = 0; i < tokens.length; i++) {
    if (!isTilde(tokens[i]) || chained.has(i)) continue
    const start = operandStart(tokens, i - 1)
    let end = operandEnd(tokens, i + 1)
    while (isTilde(tokens[end + 1])) {
      chained.add(end + 1)
      end = operandEnd(tokens, end + 2)
    }
    if (isSign(tokens[start - 1]) || isSign(tokens[end + 1])) {
      opens.set(start, (opens.get(start) ?? 0) + 1)
      closes.set(end, (closes.get(end) ?? 0) + 1)
    }
  }
  const out: LexedToken[] = []
  tokens.forEach((t, i) => {
    for (let n = opens.get(i) ?? 0; n > 0; n--) out.push(token('OpenParen', '(', t.start))
    out.push(t)
    for (let n = closes.get(i) ?? 0; n > 0; n--) out.push(token('CloseParen', ')', t.start))
  })
  return out
}

const COMPARE_LEFT = ['and', 'or', 'not', 'in', 'if', 'else', 'elif', 'set', 'for']
const COMPARE_RIGHT = ['and', 'or', 'not', 'in', 'if', 'else', 'for', 'recursive']
const isComparison = (t: LexedToken | undefined): boolean => t?.type === 'ComparisonBinaryOperator'

function comparandStart(tokens: LexedToken[], last: number): number {
  let i = last
  for (;;) {
    if (CLOSERS.has((tokens[i] as LexedToken).type)) i = opening(tokens, i)
    const before = tokens[i - 1]
    if (!before || ENDS.has(before.type) || OPENERS.has(before.type)) return i
    const logicalNot = before.value === 'not' && !isWord(tokens[i - 2], 'is')
    if (before.type === 'Identifier' && COMPARE_LEFT.includes(before.value) && (before.value !== 'not' || logicalNot))
      return i
    i--
  }
}

function comparandEnd(tokens: LexedToken[], first: number): number {
  let i = first
  for (;;) {
    if (OPENERS.has((tokens[i] as LexedToken).type)) i = closing(tokens, i)
    const next = tokens[i + 1]
    if (!next || ENDS.has(next.type) || CLOSERS.has(next.type)) return i
    if (next.type === 'Identifier' && COMPARE_RIGHT.includes(next.value)) return i
    i++
  }
}

/** One chain at a time (a copied operand may hold another), until none is left. */
function chainComparisons(tokens: LexedToken[]): LexedToken[] {
  for (let i = 0; i < tokens.length; i++) {
    if (!isComparison(tokens[i])) continue
    const start = comparandStart(tokens, i - 1)
    const operands: [number, number][] = [[start, i - 1]]
    let op = i
    for (;;) {
      const end = comparandEnd(tokens, op + 1)
      operands.push([op + 1, end])
      if (!isComparison(tokens[end + 1])) break
      op = end + 1
    }
    if (operands.length < 3) {
      i = op
      continue
    }
    const at = (tokens[start] as LexedToken).start
    const slice = ([from, to]: [number, number]): LexedToken[] => tokens.slice(from, to + 1)
    const chain: LexedToken[] = [token('OpenParen', '(', at), ...slice(operands[0] as [number, number])]
    for (let k = 1; k < operands.length; k++) {
      if (k > 1) chain.push(token('Identifier', 'and', at), ...slice(operands[k - 1] as [number, number]))
      const [from, to] = operands[k] as [number, number]
      chain.push(tokens[from - 1] as LexedToken, ...slice([from, to]))
    }
    chain.push(token('CloseParen', ')', at))
    const last = (operands[operands.length - 1] as [number, number])[1]
    return chainComparisons([...tokens.slice(0, start), ...chain, ...tokens.slice(last + 1)])
  }
  return tokens
}

/** `{% set x | f %}body{% endset %}`: the filters move to a `{% set x = x | f %}` after the block. */
function filteredBlockSets(tokens: LexedToken[]): LexedToken[] {
  if (!tokens.some((t, i) => t.type === 'Pipe' && isWord(tokens[i - 2], 'set'))) return tokens
  const out: LexedToken[] = []
  const pending: LexedToken[][] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as LexedToken
    const opens = t.type === 'OpenStatement'
    const close = opens ? tokens.findIndex((u, k) => k > i && u.type === 'CloseStatement') : -1
    // An unclosed tag is left for the parser to report.
    if (opens && close < 0) return [...out, ...tokens.slice(i)]
    if (opens && isWord(tokens[i + 1], 'endset')) {
      out.push(...tokens.slice(i, close + 1), ...(pending.pop() ?? []))
      i = close
      continue
    }
    if (!opens || !isWord(tokens[i + 1], 'set')) {
      out.push(t)
      continue
    }
    const tag = tokens.slice(i, close + 1)
    if (tag.some((u) => u.type === 'Equals')) {
      out.push(...tag)
      i = close
      continue
    }
    const pipe = tag.findIndex((u) => u.type === 'Pipe')
    const target = tag.slice(2, pipe < 0 ? -1 : pipe)
    const at = t.start
    pending.push(
      pipe < 0
        ? []
        : [
            token('OpenStatement', '{%', at),
            token('Identifier', 'set', at),
            ...target,
            token('Equals', '=', at),
            ...target,
            ...tag.slice(pipe, -1),
            token('CloseStatement', '%}', at),
          ],
    )
    out.push(...(pipe < 0 ? tag : [...tag.slice(0, pipe), tag[tag.length - 1] as LexedToken]))
    i = close
  }
  return out
}
