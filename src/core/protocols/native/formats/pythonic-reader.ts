/**
 * A linear reader of Python call lists as models write them: `[get_weather(city='Paris', days=3),
 * get_time()]`, calls one per line, `print(call(...))`. Arguments are keyword arguments whose values
 * are literals: strings in either quote (triple quotes, escapes, r/u prefixes, adjacent strings
 * joined), numbers, True/False/None (and JSON's true/false/null), lists, tuples, sets and dicts.
 * A nested call or a name is no literal: the call is diagnosed, never evaluated.
 *
 * Every character is looked at a bounded number of times: a call's closing parenthesis is found by
 * one structural scan, then its arguments are read once inside it. Recursion is capped.
 */
import { setOwn } from '../../../own-record'
import type { FormatContext, FormatProblem, FoundCall } from '../format'
import { typeBySchema, type JsonSchema } from '../tool-hints'

const MAX_DEPTH = 128

export interface LiteralOptions {
  /** FunctionGemma: `<escape>text<escape>` is a string, and dict keys may be bare names. */
  escapeToken?: string
  bareKeys?: boolean
}

// ---- characters ---------------------------------------------------------------

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x0b || c === 0xfeff
}

function isNameStart(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    c === 0x5f ||
    (c > 0x7f && /\p{L}/u.test(String.fromCharCode(c)))
  )
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || (c > 0x7f && /\p{N}/u.test(String.fromCharCode(c)))
}

/** The end of a tool name at `at`: Python names joined by dots; hyphens too (MCP tool names). */
export function nameEnd(text: string, at: number, limit: number): number {
  if (at >= limit || !isNameStart(text.charCodeAt(at))) return at
  let i = at + 1
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (isNameChar(c)) i++
    else if ((c === 0x2e || c === 0x2d) && i + 1 < limit && isNameStart(text.charCodeAt(i + 1))) i += 2
    else break
  }
  return i
}

/** The end of a keyword name (a Python name, or hyphenated as some schemas name parameters). */
function keyEnd(text: string, at: number, limit: number): number {
  if (at >= limit || !isNameStart(text.charCodeAt(at))) return at
  let i = at + 1
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (isNameChar(c) || (c === 0x2d && i + 1 < limit && isNameChar(text.charCodeAt(i + 1)))) i++
    else break
  }
  return i
}

export function skipSpaces(text: string, at: number, limit: number): number {
  let i = at
  while (i < limit && isSpace(text.charCodeAt(i))) i++
  return i
}

/** Length of a string prefix and quote at `at` (`r'`, `u"`, `'''`...): [prefix length, quote] or null. */
function stringStart(text: string, at: number, limit: number): { prefix: string; quoteAt: number } | null {
  let i = at
  while (i < limit && i - at < 2 && /[rRbBuUfF]/.test(text[i] as string)) i++
  const c = text.charCodeAt(i)
  if (i < limit && (c === 0x22 || c === 0x27)) return { prefix: text.slice(at, i).toLowerCase(), quoteAt: i }
  return null
}

/**
 * Skips a string whose quote is at `at`; returns the offset after it, or -1 when it never closes
 * before `limit`. Backslashes escape the next character (in raw strings too, as Python reads them).
 */
function skipString(text: string, at: number, limit: number): number {
  const q = text.charCodeAt(at)
  const triple = at + 2 < limit && text.charCodeAt(at + 1) === q && text.charCodeAt(at + 2) === q
  let i = at + (triple ? 3 : 1)
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x5c) i += 2
    else if (c === q && (!triple || (i + 2 < limit && text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q)))
      return i + (triple ? 3 : 1)
    else i++
  }
  return -1
}

/**
 * The offset after the bracket that closes the one at `open` (`(`, `[` or `{`), by depth outside
 * strings (and `<escape>` strings); -1 when it is still open at `limit`. Linear.
 */
export function closerOf(text: string, open: number, limit: number, options: LiteralOptions = {}): number {
  let depth = 0
  const esc = options.escapeToken
  let i = open
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x22 || c === 0x27) {
      const end = skipString(text, i, limit)
      if (end === -1) return -1
      i = end
      continue
    }
    if (esc !== undefined && c === 0x3c && text.startsWith(esc, i)) {
      const close = text.indexOf(esc, i + esc.length)
      if (close === -1 || close + esc.length > limit) return -1
      i = close + esc.length
      continue
    }
    if (c === 0x28 || c === 0x5b || c === 0x7b) depth++
    else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      depth--
      if (depth === 0) return i + 1
    }
    i++
  }
  return -1
}

// ---- literals -----------------------------------------------------------------

export type ValueResult =
  | { ok: true; value: unknown; end: number }
  /** `truncated`: the text ended inside the value (a stream cut it), not a syntax error. */
  | { ok: false; code: string; message: string; at: number; length: number; truncated: boolean }

type Fail = Extract<ValueResult, { ok: false }>

function fail(code: string, message: string, at: number, length = 1, truncated = false): Fail {
  return { ok: false, code, message, at, length, truncated }
}

/** Reads one literal at `at` (after spaces) within `limit`. */
export function readLiteral(
  text: string,
  at: number,
  limit: number,
  options: LiteralOptions = {},
  depth = 0,
): ValueResult {
  const i = skipSpaces(text, at, limit)
  if (i >= limit) return fail('missing-value', 'a value was expected but the text ends.', i, 0, true)
  if (depth > MAX_DEPTH) return fail('too-deep', `values are nested more than ${MAX_DEPTH} deep.`, i)
  const c = text.charCodeAt(i)
  const esc = options.escapeToken
  if (esc !== undefined && c === 0x3c && text.startsWith(esc, i)) {
    const close = text.indexOf(esc, i + esc.length)
    if (close === -1 || close + esc.length > limit)
      return fail('unclosed-string', `the ${esc} string is never closed.`, i, esc.length, true)
    return { ok: true, value: text.slice(i + esc.length, close), end: close + esc.length }
  }
  const str = stringStart(text, i, limit)
  if (str) return readStrings(text, i, limit)
  if (c === 0x5b) return readSequence(text, i, limit, 0x5d, options, depth)
  if (c === 0x28) return readSequence(text, i, limit, 0x29, options, depth)
  if (c === 0x7b) return readBraces(text, i, limit, options, depth)
  if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) return readNumber(text, i, limit)
  if (isNameStart(c)) {
    const end = nameEnd(text, i, limit)
    const word = text.slice(i, end)
    if (word === 'True' || word === 'true') return { ok: true, value: true, end }
    if (word === 'False' || word === 'false') return { ok: true, value: false, end }
    if (word === 'None' || word === 'null') return { ok: true, value: null, end }
    const after = skipSpaces(text, end, limit)
    if (text.charCodeAt(after) === 0x28)
      return fail('nested-call', `arguments must be literals; \`${short(word)}(...)\` is a call.`, i, end - i)
    return fail(
      'not-a-literal',
      `\`${short(word)}\` is a name, not a literal value; strings need quotes.`,
      i,
      end - i,
      end >= limit,
    )
  }
  return fail('invalid-literal', `${describe(text, i)} cannot start a value.`, i)
}

/** One string, or several written next to each other (Python joins them). */
function readStrings(text: string, at: number, limit: number): ValueResult {
  const parts: string[] = []
  let i = at
  for (;;) {
    const one = readString(text, i, limit)
    if (!one.ok) return one
    parts.push(one.value as string)
    const next = skipSpaces(text, one.end, limit)
    if (next < limit && stringStart(text, next, limit)) {
      i = next
      continue
    }
    return { ok: true, value: parts.join(''), end: one.end }
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
}

function readString(text: string, at: number, limit: number): ValueResult {
  const start = stringStart(text, at, limit) as { prefix: string; quoteAt: number }
  const { prefix, quoteAt } = start
  if (prefix.includes('b')) return fail('invalid-literal', 'a bytes literal has no JSON form.', at, quoteAt - at + 1)
  const raw = prefix.includes('r')
  const end = skipString(text, quoteAt, limit)
  if (end === -1) return fail('unclosed-string', 'the string that starts here is never closed.', quoteAt, 1, true)
  const q = text.charCodeAt(quoteAt)
  const triple =
    quoteAt + 2 < limit &&
    text.charCodeAt(quoteAt + 1) === q &&
    text.charCodeAt(quoteAt + 2) === q &&
    end - quoteAt >= 6
  const bodyStart = quoteAt + (triple ? 3 : 1)
  const bodyEnd = end - (triple ? 3 : 1)
  if (prefix.includes('f') && text.indexOf('{', bodyStart) !== -1 && text.indexOf('{', bodyStart) < bodyEnd) {
    return fail('invalid-literal', 'an f-string with placeholders is not a literal.', at, quoteAt - at + 1)
  }
  if (raw) return { ok: true, value: text.slice(bodyStart, bodyEnd), end }
  const out: string[] = []
  let from = bodyStart
  let i = text.indexOf('\\', bodyStart)
  while (i !== -1 && i < bodyEnd) {
    out.push(text.slice(from, i))
    const e = text[i + 1] as string
    let next = i + 2
    const simple = SIMPLE_ESCAPES[e]
    if (simple !== undefined) out.push(simple)
    else if (e === '\n') out.push('')
    else if (e === '\r') next = text[i + 2] === '\n' ? i + 3 : i + 2
    else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8
      const hex = text.slice(i + 2, i + 2 + n)
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === n ? parseInt(hex, 16) : NaN
      if (!Number.isFinite(code) || code > 0x10ffff)
        return fail('invalid-literal', `\`\\${e}${hex}\` is not a valid escape.`, i, 2 + hex.length)
      out.push(String.fromCodePoint(code))
      next = i + 2 + n
    } else if (e >= '0' && e <= '7') {
      let j = i + 1
      while (j < i + 4 && j < bodyEnd && text[j]! >= '0' && text[j]! <= '7') j++
      out.push(String.fromCharCode(parseInt(text.slice(i + 1, j), 8)))
      next = j
    } else out.push('\\' + e) // Python keeps an unknown escape as written.
    from = next
    i = text.indexOf('\\', next)
  }
  out.push(text.slice(from, bodyEnd))
  return { ok: true, value: out.join(''), end }
}

function readNumber(text: string, at: number, limit: number): ValueResult {
  let i = at
  let sign = 1
  while (i < limit && (text[i] === '-' || text[i] === '+')) {
    if (text[i] === '-') sign = -sign
    i = skipSpaces(text, i + 1, limit)
  }
  const bodyStart = i
  const hex = /^0[xX]/.test(text.slice(i, i + 2))
  while (i < limit) {
    const ch = text[i] as string
    if (/[0-9a-zA-Z_.]/.test(ch)) i++
    else if ((ch === '+' || ch === '-') && !hex && /[eE]/.test(text[i - 1] as string) && i - 1 > bodyStart) i++
    else break
  }
  const token = text.slice(bodyStart, i).replace(/_/g, '')
  if (token === '') {
    if (i >= limit) return fail('missing-value', 'the text ends inside a value.', at, i - at, true)
    return fail('invalid-literal', `${describe(text, i)} cannot follow a sign.`, i)
  }
  let value: number
  if (/^0[xX][0-9a-fA-F]+$/.test(token)) value = parseInt(token.slice(2), 16)
  else if (/^0[oO][0-7]+$/.test(token)) value = parseInt(token.slice(2), 8)
  else if (/^0[bB][01]+$/.test(token)) value = parseInt(token.slice(2), 2)
  else if (/^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(token)) value = Number(token)
  else if (i >= limit && /^(\d+\.?\d*|\.\d+)([eE][-+]?)?$/.test(token))
    return fail('missing-value', 'the text ends inside a number.', at, i - at, true)
  else return fail('invalid-literal', `\`${short(text.slice(at, i))}\` is not a number JSON can hold.`, at, i - at)
  if (!Number.isFinite(value))
    return fail('invalid-literal', `\`${short(text.slice(at, i))}\` is not a finite number.`, at, i - at)
  return { ok: true, value: sign * value + 0, end: i }
}

/** A list `[...]` or a tuple `(...)`: both are JSON arrays. */
function readSequence(
  text: string,
  at: number,
  limit: number,
  closer: number,
  options: LiteralOptions,
  depth: number,
): ValueResult {
  const out: unknown[] = []
  let i = skipSpaces(text, at + 1, limit)
  for (;;) {
    if (i >= limit) return fail('unclosed-value', `the ${text[at]} that opens here is never closed.`, at, 1, true)
    if (text.charCodeAt(i) === closer) return { ok: true, value: out, end: i + 1 }
    const item = readLiteral(text, i, limit, options, depth + 1)
    if (!item.ok) return item
    out.push(item.value)
    i = skipSpaces(text, item.end, limit)
    if (i < limit && text.charCodeAt(i) === 0x2c) i = skipSpaces(text, i + 1, limit)
    else if (i < limit && text.charCodeAt(i) !== closer)
      return fail(
        'invalid-literal',
        `"," or "${String.fromCharCode(closer)}" was expected, found ${describe(text, i)}.`,
        i,
      )
  }
}

/** A dict `{k: v}` (keys made strings, as JSON needs), or a set `{a, b}` read as an array. */
function readBraces(text: string, at: number, limit: number, options: LiteralOptions, depth: number): ValueResult {
  const dict: Record<string, unknown> = {}
  const set: unknown[] = []
  let kind: 'dict' | 'set' | undefined
  let i = skipSpaces(text, at + 1, limit)
  for (;;) {
    if (i >= limit) return fail('unclosed-value', 'the { that opens here is never closed.', at, 1, true)
    if (text.charCodeAt(i) === 0x7d) return { ok: true, value: kind === 'set' ? set : dict, end: i + 1 }
    if (text.startsWith('**', i)) return fail('invalid-literal', '`**` unpacking is not a literal.', i, 2)
    let key: ValueResult
    const bare = options.bareKeys ? keyEnd(text, i, limit) : i
    if (bare > i && text.charCodeAt(skipSpaces(text, bare, limit)) === 0x3a)
      key = { ok: true, value: text.slice(i, bare), end: bare }
    else key = readLiteral(text, i, limit, options, depth + 1)
    if (!key.ok) return key
    let j = skipSpaces(text, key.end, limit)
    if (kind !== 'set' && j < limit && text.charCodeAt(j) === 0x3a) {
      kind = 'dict'
      if (key.value !== null && typeof key.value === 'object')
        return fail('invalid-literal', 'a dict key must be a string, number, boolean or None.', i, key.end - i)
      const value = readLiteral(text, j + 1, limit, options, depth + 1)
      if (!value.ok) return value
      setOwn(dict, keyText(key.value), value.value)
      j = skipSpaces(text, value.end, limit)
    } else if (kind !== 'dict' && (j >= limit || text.charCodeAt(j) === 0x2c || text.charCodeAt(j) === 0x7d)) {
      kind = 'set'
      set.push(key.value)
    } else if (j >= limit) {
      return fail('unclosed-value', 'the { that opens here is never closed.', at, 1, true)
    } else {
      return fail('invalid-literal', `${kind === 'set' ? '","' : '":"'} was expected, found ${describe(text, j)}.`, j)
    }
    if (j < limit && text.charCodeAt(j) === 0x2c) i = skipSpaces(text, j + 1, limit)
    else if (j < limit && text.charCodeAt(j) !== 0x7d)
      return fail('invalid-literal', `"," or "}" was expected, found ${describe(text, j)}.`, j)
    else i = j
  }
}

/** A dict key as JSON writes it: True is "true", None is "null", 1.0 is "1". */
function keyText(key: unknown): string {
  return typeof key === 'string' ? key : JSON.stringify(key)
}

function describe(text: string, at: number): string {
  if (at >= text.length) return 'the end of the text'
  const ch = text.codePointAt(at) as number
  if (ch === 0x0a) return 'a line break'
  return JSON.stringify(String.fromCodePoint(ch))
}

export function short(text: string, max = 40): string {
  return text.length > max ? text.slice(0, max - 3) + '...' : text
}

// ---- calls --------------------------------------------------------------------

export interface CallReading {
  call: FoundCall
  /** Where reading goes on: after the call, or `limit` when it never closes. */
  end: number
}

export interface CallOptions extends LiteralOptions {
  /** A `print(call(...))` wrapper (Gemma's tool_code) is read as the inner call. */
  unwrapPrint?: boolean
}

/**
 * The call `name(key=value, ...)` at `at` within `limit`, or null when no name followed by `(`
 * starts there. The call's arguments are typed by the tools' schemas.
 */
export function readPythonCall(
  text: string,
  at: number,
  limit: number,
  context: FormatContext,
  options: CallOptions = {},
): CallReading | null {
  const end = nameEnd(text, at, limit)
  if (end === at) return null
  const paren = skipSpaces(text, end, limit)
  if (paren >= limit || text.charCodeAt(paren) !== 0x28) return null
  const written = text.slice(at, end)
  const close = closerOf(text, paren, limit, options)
  const closed = close !== -1
  const callEnd = closed ? close : limit
  const argsEnd = closed ? close - 1 : limit
  if (options.unwrapPrint && written === 'print' && !context.tools.has('print')) {
    const innerAt = skipSpaces(text, paren + 1, argsEnd)
    const inner = readPythonCall(text, innerAt, argsEnd, context, { ...options, unwrapPrint: false })
    if (inner) {
      const rest = skipSpaces(text, inner.end, argsEnd)
      const call = inner.call
      if (rest < argsEnd)
        call.problems.push({
          severity: 'warning',
          code: 'text-between-calls',
          message: 'text after the call inside print(...) was ignored.',
          offset: rest,
          length: argsEnd - rest,
        })
      if (!closed && inner.call.closed) call.problems.push(unclosed(at, 'print(', ')'))
      return { call: { ...call, start: at, end: callEnd, closed: closed && call.closed }, end: callEnd }
    }
  }
  const problems: FormatProblem[] = []
  const name = resolveName(written, context)
  const args = readKeywordArguments(text, paren + 1, argsEnd, !closed, name, context, options, problems)
  if (!closed) problems.push(unclosed(at, `${short(written)}(`, ')'))
  return { call: { name, nameEnd: end, arguments: args, start: at, end: callEnd, closed, problems }, end: callEnd }
}

function unclosed(at: number, what: string, closer: string): FormatProblem {
  return {
    severity: 'warning',
    code: 'unclosed-call',
    message: `the call \`${what}\` is never closed with \`${closer}\`; it runs to the end of the text.`,
    offset: at,
    length: what.length,
  }
}

/**
 * A written name as the tool it means: a dotted name (`default_api.get_weather`, `functions.x`)
 * is its last part when only that part is a known tool.
 */
export function resolveName(written: string, context: FormatContext): string {
  if (context.tools.has(written) || written.indexOf('.') === -1) return written
  const last = written.slice(written.lastIndexOf('.') + 1)
  if (context.tools.has(last)) return last
  return written.startsWith('default_api.') || written.startsWith('functions.') ? last : written
}

/**
 * `key=value, ...` in text[start, end) (`key:value` with `separator: ':'`, keys bare or quoted).
 * Null when the arguments are not keyword literals (the problem says where); the pairs read so far
 * when the text ends inside a value (a stream cut it).
 */
export function readKeywordArguments(
  text: string,
  start: number,
  end: number,
  /** The text ends at `end` (a stream may go on), rather than a closing bracket. */
  open: boolean,
  toolName: string,
  context: FormatContext,
  options: LiteralOptions & { separator?: '=' | ':'; closer?: string },
  problems: FormatProblem[],
): Record<string, unknown> | null {
  const args: Record<string, unknown> = {}
  const sep = options.separator === ':' ? 0x3a : 0x3d
  const closer = options.closer ?? ')'
  const error = (code: string, message: string, offset: number, length: number): null => {
    problems.push({ severity: 'error', code, message, offset, length })
    return null
  }
  let i = skipSpaces(text, start, end)
  while (i < end) {
    let key: string
    let keyStop = keyEnd(text, i, end)
    if (keyStop === i && sep === 0x3a && stringStart(text, i, end)) {
      const quoted = readString(text, i, end)
      if (quoted.ok) {
        key = quoted.value as string
        keyStop = quoted.end
      } else key = ''
    } else key = text.slice(i, keyStop)
    const eq = skipSpaces(text, keyStop, end)
    if (
      keyStop === i ||
      eq >= end ||
      text.charCodeAt(eq) !== sep ||
      (sep === 0x3d && text.charCodeAt(eq + 1) === 0x3d)
    ) {
      if (text.startsWith('*', i))
        return error('invalid-arguments', '`*` / `**` unpacking is not a literal argument.', i, 1)
      if (open && keyStop > i && eq >= end) {
        problems.push({
          severity: 'error',
          code: 'missing-value',
          message: `the argument \`${short(key)}\` has no value; the text ends.`,
          offset: i,
          length: keyStop - i,
        })
        return args
      }
      const form = sep === 0x3d ? '`name=value`' : '`name:value`'
      return error(
        'positional-argument',
        `arguments must be written as ${form}; ${describe(text, keyStop === i ? i : eq)} was found instead.`,
        i,
        Math.max(1, keyStop - i),
      )
    }
    const value = readLiteral(text, eq + 1, end, options)
    if (!value.ok) {
      const cut = value.truncated && open
      const message = value.code === 'missing-value' && !open ? 'a value was expected.' : value.message
      problems.push({
        severity: 'error',
        code: value.code,
        message: `the argument \`${short(key)}\`: ${message}`,
        offset: value.at,
        length: value.length,
      })
      return cut ? args : null
    }
    const valueStart = skipSpaces(text, eq + 1, end)
    if (Object.prototype.hasOwnProperty.call(args, key)) {
      problems.push({
        severity: 'warning',
        code: 'duplicate-argument',
        message: `the argument \`${short(key)}\` is given twice; the last value is kept.`,
        offset: i,
        length: keyStop - i,
      })
    }
    setOwn(args, key, typed(value.value, toolName, key, context, valueStart, value.end, problems))
    i = skipSpaces(text, value.end, end)
    if (i >= end) break
    if (text.charCodeAt(i) !== 0x2c)
      return error(
        'invalid-arguments',
        `"," or "${closer}" was expected after the argument \`${short(key)}\`, found ${describe(text, i)}.`,
        i,
        1,
      )
    i = skipSpaces(text, i + 1, end)
  }
  return args
}

// ---- typing by schema ---------------------------------------------------------

/** A literal checked against its parameter's schema; a string for a typed parameter is read as that type. */
export function typed(
  value: unknown,
  toolName: string,
  key: string,
  context: FormatContext,
  start: number,
  end: number,
  problems: FormatProblem[],
): unknown {
  const schema = context.tools.parameter(toolName, key)
  if (!schema || value === null) return value
  const types = schemaTypes(schema)
  if (types.length === 0 || types.some((t) => fits(value, t))) return value
  if (typeof value === 'string') {
    const read = typeBySchema(value, schema)
    if (read.problem === undefined) return read.value
    problems.push({
      severity: 'warning',
      code: 'argument-type',
      message: `the argument \`${short(key)}\`: ${read.problem}; it was kept as text.`,
      offset: start,
      length: end - start,
    })
    return value
  }
  problems.push({
    severity: 'warning',
    code: 'argument-type',
    message: `the argument \`${short(key)}\` is ${kindOf(value)}, but the tool declares ${types.join(' or ')}.`,
    offset: start,
    length: end - start,
  })
  return value
}

function schemaTypes(schema: JsonSchema): string[] {
  const out = new Set<string>()
  const add = (type: unknown): void => {
    if (typeof type === 'string') out.add(canonicalType(type))
    else if (Array.isArray(type)) type.forEach(add)
  }
  add(schema.type)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key]
    if (Array.isArray(variants)) for (const v of variants) if (v && typeof v === 'object') add((v as JsonSchema).type)
  }
  return [...out]
}

function canonicalType(type: string): string {
  const t = type.toLowerCase()
  if (t === 'int' || t === 'long') return 'integer'
  if (t === 'float' || t === 'double') return 'number'
  if (t === 'bool') return 'boolean'
  if (t === 'dict' || t === 'map') return 'object'
  if (t === 'list' || t === 'tuple') return 'array'
  if (t === 'str') return 'string'
  return t
}

function fits(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value)
    case 'null':
      return value === null
    default:
      return true
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a dict'
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number'
  if (typeof value === 'boolean') return 'a boolean'
  return 'a string'
}

// ---- sequences of calls -----------------------------------------------------------

export interface SequenceReading {
  calls: FoundCall[]
  problems: FormatProblem[]
  /** After the list's `]` (or the last call); `limit` when the list never closes. */
  end: number
  /** The list's `]` was seen. */
  closed: boolean
}

/** The list `[call, call, ...]` whose `[` is at `open`. */
export function readCallList(
  text: string,
  open: number,
  limit: number,
  context: FormatContext,
  options: CallOptions = {},
): SequenceReading {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  let i = skipSpaces(text, open + 1, limit)
  for (;;) {
    if (i >= limit) return { calls, problems, end: limit, closed: false }
    const c = text.charCodeAt(i)
    if (c === 0x5d) {
      if (calls.length === 0)
        problems.push({
          severity: 'info',
          code: 'empty-call-list',
          message: 'the call list holds no calls.',
          offset: open,
          length: i + 1 - open,
        })
      return { calls, problems, end: i + 1, closed: true }
    }
    const reading = readPythonCall(text, i, limit, context, options)
    let next: number
    if (reading) {
      calls.push(reading.call)
      next = reading.end
    } else {
      next = elementEnd(text, i, limit, options)
      problems.push({
        severity: 'error',
        code: 'not-a-call',
        message: `the list holds \`${short(text.slice(i, next).trim())}\`, which is not a call \`name(key=value)\`.`,
        offset: i,
        length: next - i,
      })
    }
    i = skipSpaces(text, next, limit)
    if (i < limit && text.charCodeAt(i) === 0x2c) i = skipSpaces(text, i + 1, limit)
    else if (i < limit && text.charCodeAt(i) !== 0x5d) {
      const stop = elementEnd(text, i, limit, options)
      problems.push({
        severity: 'warning',
        code: 'text-between-calls',
        message: `text between the calls was ignored: \`${short(text.slice(i, stop).trim())}\`.`,
        offset: i,
        length: stop - i,
      })
      i = stop < limit && text.charCodeAt(stop) === 0x2c ? skipSpaces(text, stop + 1, limit) : stop
    }
  }
}

/** The end of a list element at `at`: the next `,` or `]` outside brackets and strings. */
function elementEnd(text: string, at: number, limit: number, options: LiteralOptions): number {
  let i = at
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x2c || c === 0x5d) return i
    if (c === 0x22 || c === 0x27) {
      const end = skipString(text, i, limit)
      if (end === -1) return limit
      i = end
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) {
      const end = closerOf(text, i, limit, options)
      if (end === -1) return limit
      i = end
    } else i++
  }
  return limit
}

/**
 * Calls in text[start, end) written one after another: a list, calls one per line (or separated by
 * `,` / `;`). Text that is no call is skipped to the end of its line, with a warning.
 */
export function readCallBlock(
  text: string,
  start: number,
  end: number,
  context: FormatContext,
  options: CallOptions = {},
): { calls: FoundCall[]; problems: FormatProblem[] } {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  let i = start
  for (;;) {
    while (i < end) {
      const c = text.charCodeAt(i)
      if (isSpace(c) || c === 0x2c || c === 0x3b) i++
      else break
    }
    if (i >= end) break
    if (text.charCodeAt(i) === 0x5b) {
      const list = readCallList(text, i, end, context, options)
      if (list.calls.length > 0 || list.closed) {
        calls.push(...list.calls)
        problems.push(...list.problems)
        if (!list.closed)
          problems.push({
            severity: 'warning',
            code: 'unclosed-list',
            message: 'the call list is never closed with `]`.',
            offset: i,
            length: 1,
          })
        i = list.end
        continue
      }
    }
    const reading = readPythonCall(text, i, end, context, options)
    if (reading) {
      calls.push(reading.call)
      i = reading.end
      continue
    }
    let stop = i
    while (stop < end && text.charCodeAt(stop) !== 0x0a) stop++
    const [s, e] = [i, trimEnd(text, i, stop)]
    problems.push({
      severity: 'warning',
      code: 'text-between-calls',
      message: `text that is no call \`name(key=value)\` was ignored: \`${short(text.slice(s, e))}\`.`,
      offset: s,
      length: e - s,
    })
    i = stop
  }
  return { calls, problems }
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--
  return e
}

// ---- writing ------------------------------------------------------------------

/** A JSON value as a Python literal (strings double-quoted, True/False/None). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None'
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`)
      .join(', ')}}`
  return JSON.stringify(String(value))
}

/** `name(key=value, ...)`; a key that is no Python name is still written as given. */
export function pythonCall(name: string, args: Record<string, unknown>): string {
  return `${name}(${Object.entries(args)
    .map(([k, v]) => `${k}=${pythonLiteral(v)}`)
    .join(', ')})`
}
