/**
 * Splits a template into the tokens @huggingface/jinja's parser reads, the way jinja2's lexer does
 * with transformers' settings (trim_blocks, lstrip_blocks, newlines normalised, one trailing newline
 * dropped), and remembers where each token and tag starts so errors can say where.
 *
 * Besides positions, this follows jinja2 where the package's own lexer approximates it: `{%+` and
 * `+%}`, `{% raw %}`, `\r\n` sources, Python string escapes, and number forms like `1_000` or `1e3`.
 * `{% generation %}` tags (transformers' marker of assistant text) leave no token, as their body
 * renders unchanged.
 */
import type { parse } from '@huggingface/jinja'
import { TemplateFailure } from './failure'

type PackageToken = Parameters<typeof parse>[0][number]
export type TokenType = PackageToken['type']

export interface LexedToken {
  value: string
  type: TokenType
  /** Offset in the normalised source. */
  start: number
}

/** One piece of the template at the level the parser builds statements from. */
export interface Tag {
  kind: 'text' | 'comment' | 'expression' | 'statement'
  /** For a statement, its first word (`if`, `endfor`, `set`...). */
  name: string
  start: number
}

export interface Lexed {
  tokens: LexedToken[]
  tags: Tag[]
  /** The source as lexed: `\r\n` and `\r` made `\n`, one trailing newline dropped. */
  source: string
}

const SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
const SPACES = new RegExp(`[${SPACE}]*`, 'y')
const ALL_SPACE = new RegExp(`^[${SPACE}]+$`)
const TRAILING_SPACE = new RegExp(`[${SPACE}]+$`)
const RAW_BEGIN = new RegExp(`\\{%([-+]?)[${SPACE}]*raw[${SPACE}]*(?:-%\\}[${SPACE}]*|%\\})`, 'y')
const RAW_END = new RegExp(`\\{%([-+]?)[${SPACE}]*endraw[${SPACE}]*(?:\\+%\\}|-%\\}[${SPACE}]*|%\\}\\n?)`, 'g')
const GENERATION = new RegExp(`[${SPACE}]*(?:end)?generation[${SPACE}]*(?=[-+]?%\\})`, 'y')
const FLOAT = /(?<!\.)(?:\d+_)*\d+(?:(?:\.(?:\d+_)*\d+)?e[+-]?(?:\d+_)*\d+|\.(?:\d+_)*\d+)/iy
const INTEGER = /(?:0b(?:_?[01])+|0o(?:_?[0-7])+|0x(?:_?[\da-f])+|[1-9](?:_?\d)*|0(?:_?0)*)/iy
const NAME = /[\p{L}_][\p{L}\p{N}_]*/uy
const STRING = /'([^'\\]*(?:\\.[^'\\]*)*)'|"([^"\\]*(?:\\.[^"\\]*)*)"/sy

const OPERATORS: [string, TokenType][] = [
  ['//', 'MultiplicativeBinaryOperator'],
  ['**', 'ExponentiationBinaryOperator'],
  ['==', 'ComparisonBinaryOperator'],
  ['!=', 'ComparisonBinaryOperator'],
  ['>=', 'ComparisonBinaryOperator'],
  ['<=', 'ComparisonBinaryOperator'],
  ['+', 'AdditiveBinaryOperator'],
  ['-', 'AdditiveBinaryOperator'],
  ['~', 'AdditiveBinaryOperator'],
  ['/', 'MultiplicativeBinaryOperator'],
  ['*', 'MultiplicativeBinaryOperator'],
  ['%', 'MultiplicativeBinaryOperator'],
  ['>', 'ComparisonBinaryOperator'],
  ['<', 'ComparisonBinaryOperator'],
  ['=', 'Equals'],
  ['.', 'Dot'],
  [':', 'Colon'],
  ['|', 'Pipe'],
  [',', 'Comma'],
  ['(', 'OpenParen'],
  [')', 'CloseParen'],
  ['[', 'OpenSquareBracket'],
  [']', 'CloseSquareBracket'],
  ['{', 'OpenCurlyBracket'],
  ['}', 'CloseCurlyBracket'],
]
const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' }

export function syntaxError(message: string, offset: number): TemplateFailure {
  return new TemplateFailure('TemplateSyntaxError', message, 'syntax', offset)
}

export function normalizeSource(template: string): string {
  const source = template.replace(/\r\n?/g, '\n')
  return source.endsWith('\n') ? source.slice(0, -1) : source
}

export function lex(template: string): Lexed {
  const source = normalizeSource(template)
  const tokens: LexedToken[] = []
  const tags: Tag[] = []
  let pos = 0
  let lineStarting = true

  const text = (value: string, start: number): void => {
    if (value === '') return
    tokens.push({ value, type: 'Text', start })
    tags.push({ kind: 'text', name: '', start })
  }

  while (pos < source.length) {
    const open = nextOpener(source, pos)
    if (open < 0) {
      text(source.slice(pos), pos)
      break
    }
    const kind = source[open + 1] as '{' | '%' | '#'
    RAW_BEGIN.lastIndex = open
    const raw = kind === '%' ? RAW_BEGIN.exec(source) : null
    const sign = raw ? (raw[1] ?? '') : signAt(source, open + 2)
    text(leftStrip(source.slice(pos, open), sign, kind !== '{', lineStarting), pos)
    if (raw) pos = lexRaw(source, open + raw[0].length, tokens, tags, text)
    else if (kind === '#') pos = lexComment(source, open, open + 2 + sign.length, tokens, tags)
    else pos = lexTag(source, open, open + 2 + sign.length, kind, tokens, tags)
    lineStarting = source[pos - 1] === '\n'
  }
  return { tokens, tags, source }
}

function nextOpener(source: string, from: number): number {
  for (let i = source.indexOf('{', from); i >= 0; i = source.indexOf('{', i + 1)) {
    const next = source[i + 1]
    if (next === '{' || next === '%' || next === '#') return i
  }
  return -1
}

function signAt(source: string, at: number): string {
  const char = source[at]
  return char === '-' || char === '+' ? char : ''
}

/** jinja2's OptionalLStrip: `-` strips all whitespace before a tag; lstrip_blocks strips a line's indent. */
function leftStrip(text: string, sign: string, isBlock: boolean, lineStarting: boolean): string {
  if (sign === '-') return text.replace(TRAILING_SPACE, '')
  if (sign === '+' || !isBlock) return text
  const lineStart = text.lastIndexOf('\n') + 1
  if ((lineStart > 0 || lineStarting) && ALL_SPACE.test(text.slice(lineStart))) return text.slice(0, lineStart)
  return text
}

function skipSpaces(source: string, at: number): number {
  SPACES.lastIndex = at
  SPACES.exec(source)
  return SPACES.lastIndex
}

function lexRaw(
  source: string,
  bodyStart: number,
  tokens: LexedToken[],
  tags: Tag[],
  text: (value: string, start: number) => void,
): number {
  RAW_END.lastIndex = bodyStart
  const end = RAW_END.exec(source)
  if (!end) throw syntaxError('Missing end of raw directive', bodyStart)
  const lineStarting = source[bodyStart - 1] === '\n'
  text(leftStrip(source.slice(bodyStart, end.index), end[1] ?? '', true, lineStarting), bodyStart)
  return end.index + end[0].length
}

function lexComment(source: string, open: number, from: number, tokens: LexedToken[], tags: Tag[]): number {
  for (let i = from; i < source.length; i++) {
    let end = -1
    if ((source[i] === '+' || source[i] === '-') && source.startsWith('#}', i + 1)) {
      end = i + 3
      if (source[i] === '-') end = skipSpaces(source, end)
    } else if (source.startsWith('#}', i)) {
      end = i + 2
      if (source[end] === '\n') end++
    }
    if (end >= 0) {
      tokens.push({ value: source.slice(from, i), type: 'Comment', start: open })
      tags.push({ kind: 'comment', name: '', start: open })
      return end
    }
  }
  throw syntaxError('Missing end of comment tag', open)
}

/** The end of a `{% %}` or `{{ }}` tag at `at`, with its whitespace control, or -1. */
function tagEnd(source: string, at: number, kind: '{' | '%'): number {
  if (kind === '%') {
    if (source.startsWith('+%}', at)) return at + 3
    if (source.startsWith('-%}', at)) return skipSpaces(source, at + 3)
    if (source.startsWith('%}', at)) return source[at + 2] === '\n' ? at + 3 : at + 2
    return -1
  }
  if (source.startsWith('-}}', at)) return skipSpaces(source, at + 3)
  if (source.startsWith('}}', at)) return at + 2
  return -1
}

function lexTag(
  source: string,
  open: number,
  from: number,
  kind: '{' | '%',
  tokens: LexedToken[],
  tags: Tag[],
): number {
  if (kind === '%') {
    GENERATION.lastIndex = from
    if (GENERATION.exec(source)) {
      const end = tagEnd(source, skipSpaces(source, GENERATION.lastIndex), kind)
      if (end >= 0) return end
    }
  }
  const first = tokens.length
  tokens.push({
    value: kind === '%' ? '{%' : '{{',
    type: kind === '%' ? 'OpenStatement' : 'OpenExpression',
    start: open,
  })
  const balancing: string[] = []
  let pos = from
  for (;;) {
    pos = skipSpaces(source, pos)
    if (pos >= source.length)
      throw syntaxError(
        `unexpected end of template, expected '${kind === '%' ? 'end of statement block' : 'end of print statement'}'`,
        open,
      )
    if (balancing.length === 0) {
      const end = tagEnd(source, pos, kind)
      if (end >= 0) {
        tokens.push({
          value: kind === '%' ? '%}' : '}}',
          type: kind === '%' ? 'CloseStatement' : 'CloseExpression',
          start: pos,
        })
        const name = tokens[first + 1]?.type === 'Identifier' ? (tokens[first + 1]?.value ?? '') : ''
        tags.push({ kind: kind === '%' ? 'statement' : 'expression', name, start: open })
        return end
      }
    }
    pos = lexToken(source, pos, tokens, balancing)
  }
}

function lexToken(source: string, pos: number, tokens: LexedToken[], balancing: string[]): number {
  const char = source[pos] as string
  const literal = literalAt(source, pos, char)
  if (literal) {
    tokens.push({ value: literal.value, type: literal.type, start: pos })
    return literal.end
  }
  for (const [operator, type] of OPERATORS) {
    if (!source.startsWith(operator, pos)) continue
    if (operator in CLOSING) balancing.push(CLOSING[operator] as string)
    else if (operator === ')' || operator === ']' || operator === '}') {
      const expected = balancing.pop()
      if (expected === undefined) throw syntaxError(`unexpected '${operator}'`, pos)
      if (expected !== operator) throw syntaxError(`unexpected '${operator}', expected '${expected}'`, pos)
    }
    tokens.push({ value: operator, type, start: pos })
    return pos + operator.length
  }
  throw syntaxError(`unexpected char ${JSON.stringify(char)} at ${pos}`, pos)
}

/** A number, name or string starting at `pos`, tried in jinja2's order. */
function literalAt(
  source: string,
  pos: number,
  char: string,
): { value: string; type: TokenType; end: number } | undefined {
  const sticky = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = pos
    return pattern.exec(source)
  }
  if (char >= '0' && char <= '9') {
    const float = sticky(FLOAT)
    if (float) return { value: floatText(float[0]), type: 'NumericLiteral', end: FLOAT.lastIndex }
    const integer = sticky(INTEGER)
    if (integer) return { value: integer[0].replace(/_/g, ''), type: 'NumericLiteral', end: INTEGER.lastIndex }
  }
  const name = sticky(NAME)
  if (name) return { value: name[0], type: 'Identifier', end: NAME.lastIndex }
  if (char === "'" || char === '"') {
    const string = sticky(STRING)
    if (string)
      return { value: unescape(string[1] ?? string[2] ?? '', pos), type: 'StringLiteral', end: STRING.lastIndex }
  }
  return undefined
}

/** The package's parser reads a literal with a `.` as a float: `1e3` is written `1.0e3`. */
function floatText(text: string): string {
  const clean = text.replace(/_/g, '')
  return clean.includes('.') ? clean : clean.replace(/e/i, '.0e')
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '',
}

/** Python's "unicode-escape" decoding, as jinja2 applies it to string literals. */
function unescape(body: string, at: number): string {
  if (!body.includes('\\')) return body
  return body.replace(
    /\\(x[\da-fA-F]{0,2}|u[\da-fA-F]{0,4}|U[\da-fA-F]{0,8}|[0-7]{1,3}|[\s\S])/g,
    (whole, code: string) => {
      const simple = SIMPLE_ESCAPES[code]
      if (simple !== undefined) return simple
      const head = code[0] as string
      if (/[0-7]/.test(head)) return String.fromCodePoint(parseInt(code, 8))
      const width = head === 'x' ? 2 : head === 'u' ? 4 : head === 'U' ? 8 : 0
      if (width === 0) return whole
      if (code.length !== width + 1) throw syntaxError(`truncated \\${head} escape in a string`, at)
      const point = parseInt(code.slice(1), 16)
      if (point > 0x10ffff) throw syntaxError('illegal Unicode character in a string', at)
      return String.fromCodePoint(point)
    },
  )
}
