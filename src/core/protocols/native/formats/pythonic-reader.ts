/**
 * A linear reader of one Python call as models write it: `get_weather(city='Paris', days=3)`, a
 * dotted name (`default_api.get_weather`), `print(call(...))`. Arguments are keyword arguments
 * whose values are literals (`pythonic-literals.ts`), typed by the tools' schemas
 * (`pythonic-typing.ts`). A nested call or a name is no literal: the call is diagnosed, never
 * evaluated. Lists and blocks of calls are read in `pythonic-call-list.ts`.
 *
 * Every character is looked at a bounded number of times: a call's closing parenthesis is found by
 * one structural scan, then its arguments are read once inside it. Recursion is capped.
 */
import { setOwn } from '../../../own-record'
import type { FormatContext, FormatProblem, FoundCall } from '../format'
import { ref, say, type SaidMessage } from '../../../messages/say'
import { readLiteral, readString, type ValueResult } from './pythonic-literals'
import { typed } from './pythonic-typing'
import {
  closerOf,
  describe,
  keyEnd,
  nameEnd,
  short,
  skipSpaces,
  stringStart,
  type LiteralOptions,
} from './pythonic-text'
import { saidProblem } from './said-problem'

/** Findings that read the same wherever they are found, made once and shared (a text may hold many). */
const TEXT_AFTER_PRINT_CALL = say('native.pythonic.text-after-print-call')
const UNPACKING_ARGUMENT = say('native.pythonic.unpacking-argument')
const VALUE_EXPECTED = ref('native.pythonic.value-expected')

/** One call read, and where reading goes on. */
export interface CallReading {
  call: FoundCall
  /** Where reading goes on: after the call, or `limit` when it never closes. */
  end: number
}

/** How calls are written: their literals, and whether `print(...)` wraps them. */
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
        call.problems.push(saidProblem('warning', 'text-between-calls', TEXT_AFTER_PRINT_CALL, rest, argsEnd - rest))
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

/** A call the text ends inside; `what` is the call as written up to its opening bracket. */
function unclosed(at: number, what: string, closer: string): FormatProblem {
  return saidProblem(
    'warning',
    'unclosed-call',
    say('native.pythonic.call-unclosed-to-end', { call: what, closer }),
    at,
    what.length,
  )
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

/** How keyword arguments are written: `key=value` (Python) or `key:value` (FunctionGemma). */
export interface ArgumentOptions extends LiteralOptions {
  separator?: '=' | ':'
  /** The bracket that closes the arguments, as messages name it. */
  closer?: string
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
  options: ArgumentOptions,
  problems: FormatProblem[],
): Record<string, unknown> | null {
  const args: Record<string, unknown> = {}
  const sep = options.separator === ':' ? 0x3a : 0x3d
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
    if (keyStop === i || eq >= end || text.charCodeAt(eq) !== sep || (sep === 0x3d && text.charCodeAt(eq + 1) === 0x3d))
      return notKeyword(text, { at: i, keyStop, eq, key }, end, open, sep, args, problems)
    const value = readLiteral(text, eq + 1, end, options)
    if (!value.ok) return valueFailed(value, key, open, args, problems)
    const valueStart = skipSpaces(text, eq + 1, end)
    if (Object.prototype.hasOwnProperty.call(args, key)) {
      problems.push(
        saidProblem(
          'warning',
          'duplicate-argument',
          say('native.pythonic.duplicate-argument', { key: short(key) }),
          i,
          keyStop - i,
        ),
      )
    }
    setOwn(args, key, typed(value.value, toolName, key, context, valueStart, value.end, problems))
    i = skipSpaces(text, value.end, end)
    if (i >= end) break
    if (text.charCodeAt(i) !== 0x2c)
      return argumentError(
        problems,
        'invalid-arguments',
        say('native.pythonic.separator-expected', {
          closer: options.closer ?? ')',
          key: short(key),
          found: describe(text, i),
        }),
        i,
        1,
      )
    i = skipSpaces(text, i + 1, end)
  }
  return args
}

/** Where a keyword argument was expected: its key's span, the offset after it, and its text. */
interface KeySpot {
  at: number
  keyStop: number
  /** The first offset after the key that is not white space (where the separator should be). */
  eq: number
  key: string
}

/**
 * No `key=value` at `spot.at`: an unpacking or a positional argument (null), or a key the text
 * cuts before its value while a stream goes on (the pairs read so far).
 */
function notKeyword(
  text: string,
  spot: KeySpot,
  end: number,
  open: boolean,
  sep: number,
  args: Record<string, unknown>,
  problems: FormatProblem[],
): Record<string, unknown> | null {
  const { at, keyStop, eq } = spot
  if (text.startsWith('*', at)) return argumentError(problems, 'invalid-arguments', UNPACKING_ARGUMENT, at, 1)
  if (open && keyStop > at && eq >= end) {
    problems.push(
      saidProblem(
        'error',
        'missing-value',
        say('native.pythonic.argument-without-value', { key: short(spot.key) }),
        at,
        keyStop - at,
      ),
    )
    return args
  }
  const form = sep === 0x3d ? 'name=value' : 'name:value'
  return argumentError(
    problems,
    'positional-argument',
    say('native.pythonic.positional-argument', { form, found: describe(text, keyStop === at ? at : eq) }),
    at,
    Math.max(1, keyStop - at),
  )
}

/** A value that could not be read: the pairs so far when a stream cut it, else null. */
function valueFailed(
  value: Extract<ValueResult, { ok: false }>,
  key: string,
  open: boolean,
  args: Record<string, unknown>,
  problems: FormatProblem[],
): Record<string, unknown> | null {
  const problem = value.code === 'missing-value' && !open ? VALUE_EXPECTED : value.problem
  problems.push(
    saidProblem(
      'error',
      value.code,
      say('native.pythonic.argument-value', { key: short(key), problem }),
      value.at,
      value.length,
    ),
  )
  return value.truncated && open ? args : null
}

/** Reports an error that stops the reading of the arguments: they cannot be read (null). */
function argumentError(
  problems: FormatProblem[],
  code: string,
  said: SaidMessage,
  offset: number,
  length: number,
): null {
  problems.push(saidProblem('error', code, said, offset, length))
  return null
}
