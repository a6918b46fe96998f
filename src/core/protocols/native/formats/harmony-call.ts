/**
 * A Harmony message that is a call: its body holds the arguments as JSON (or, for a built-in
 * tool, its plain input), and the token that ends it should be `<|call|>`.
 */
import type { FormatContext, FormatProblem, FoundCall } from '../format'
import { readJsonArguments, trimSpan } from '../json-pieces'
import type { MarkerScanner } from './token-scan'
import { CALL, FUNCTIONS, MESSAGE, isBuiltIn, isCallHeader, readHeader, toolName, type Header } from './harmony-header'

/**
 * The call of header `h` whose body is `text[bodyStart, bodyEnd)`; `end` is past the token that
 * ended it, `token` that token ('' when the text or the next message ended it first).
 */
export function readCall(
  text: string,
  h: Header,
  bodyStart: number,
  bodyEnd: number,
  end: number,
  token: string,
  context: FormatContext,
): FoundCall {
  const closed = token !== ''
  const problems = endProblems(text, h, bodyStart, bodyEnd, token)
  if (h.channel === 'analysis') {
    problems.push({
      severity: 'warning',
      code: 'call-in-analysis',
      message: `this call is written in the analysis channel (the model's reasoning); function calls belong in commentary.`,
      offset: h.start,
      length: end - h.start,
    })
  }
  const name = toolName(h.recipient, context)
  const builtIn = isBuiltIn(h.recipient) && !context.tools.has(h.recipient)
  if (builtIn)
    problems.push({
      severity: 'warning',
      code: 'builtin-tool',
      message: `the message goes to ${JSON.stringify(h.recipient)}, a built-in tool of gpt-oss, not to a \`functions.\` tool.`,
      offset: h.rs,
      length: h.re - h.rs,
    })
  if (h.recipient.startsWith(FUNCTIONS) && name === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      message: `the recipient ${FUNCTIONS} names no tool.`,
      offset: h.rs,
      length: h.re - h.rs,
    })
  const [s, e] = trimSpan(text, bodyStart, bodyEnd)
  const json = s === e || text[s] === '{' || text[s] === '[' || text[s] === '"' || !builtIn
  if (!json) {
    // A built-in tool's plain input (python code, a browser query).
    const key = h.recipient === 'python' ? 'code' : 'input'
    return { name, nameEnd: h.re, arguments: { [key]: text.slice(s, e) }, start: h.start, end, closed, problems }
  }
  const read = readJsonArguments(text, bodyStart, bodyEnd)
  problems.push(...read.problems)
  return {
    name,
    nameEnd: h.re,
    argumentsSpan: { start: bodyStart, end: bodyEnd },
    arguments: read.value,
    start: h.start,
    end,
    closed,
    problems,
  }
}

/** What is wrong with how the call ends: never closed, or closed with another token than `<|call|>`. */
function endProblems(text: string, h: Header, bodyStart: number, bodyEnd: number, token: string): FormatProblem[] {
  if (token === '') {
    const why = bodyEnd < text.length ? 'the next message begins' : 'the text ends'
    return [
      {
        severity: 'warning',
        code: 'unclosed-call',
        message: `the call to ${JSON.stringify(h.recipient)} is never closed with ${CALL}; ${why} first.`,
        offset: h.start,
        length: bodyStart - h.start,
      },
    ]
  }
  if (token === CALL) return []
  return [
    {
      severity: 'warning',
      code: 'call-end-token',
      message: `the call to ${JSON.stringify(h.recipient)} ends with ${token}; a call message ends with ${CALL}.`,
      offset: bodyEnd,
      length: token.length,
    },
  ]
}

/**
 * A header from `headerStart` cut off before its `<|message|>` by the end of the text at `end`:
 * a call with no arguments yet if it reads like one, else null.
 */
export function cutHeaderCall(
  text: string,
  scan: MarkerScanner,
  headerStart: number,
  end: number,
  context: FormatContext,
): FoundCall | null {
  const h = readHeader(text, scan, headerStart, end)
  if (
    !isCallHeader(h) ||
    !(h.rest === '' || /^(?:<\|constrain\|>\s*)?[\w-]{0,20}$/.test(h.rest)) ||
    text.indexOf('\n', headerStart) !== -1
  )
    return null
  const problems: FormatProblem[] = [
    {
      severity: 'warning',
      code: 'unclosed-call',
      message: `the call's header is cut off before ${MESSAGE}.`,
      offset: h.start,
      length: end - h.start,
    },
    {
      severity: 'error',
      code: 'missing-arguments',
      message: `the call of ${JSON.stringify(h.recipient)} has no ${MESSAGE} and no arguments.`,
      offset: h.start,
      length: end - h.start,
    },
  ]
  return {
    name: toolName(h.recipient, context),
    ...(h.re < end ? { nameEnd: h.re } : {}),
    arguments: null,
    start: h.start,
    end,
    closed: false,
    problems,
  }
}
