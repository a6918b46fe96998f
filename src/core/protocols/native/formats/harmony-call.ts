/**
 * A Harmony message that is a call: its body holds the arguments as JSON (or, for a built-in
 * tool, its plain input), and the token that ends it should be `<|call|>`.
 */
import type { FormatContext, FormatProblem, FoundCall } from '../format'
import { readJsonArguments, trimSpan } from '../json-pieces'
import type { MarkerScanner } from './token-scan'
import { CALL, FUNCTIONS, MESSAGE, isBuiltIn, isCallHeader, readHeader, toolName, type Header } from './harmony-header'
import { ref, say } from '../../../messages/say'

const NEXT_MESSAGE_BEGINS = ref('native.harmony.next-message-begins')
const TEXT_ENDS = ref('native.harmony.text-ends')

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
      ...say('native.harmony.call-in-analysis'),
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
      ...say('native.harmony.builtin-tool', { recipient: JSON.stringify(h.recipient), model: 'gpt-oss' }),
      offset: h.rs,
      length: h.re - h.rs,
    })
  if (h.recipient.startsWith(FUNCTIONS) && name === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      ...say('native.harmony.no-tool-name', { recipient: FUNCTIONS }),
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
    const why = bodyEnd < text.length ? NEXT_MESSAGE_BEGINS : TEXT_ENDS
    return [
      {
        severity: 'warning',
        code: 'unclosed-call',
        ...say('native.harmony.call-unclosed', { recipient: JSON.stringify(h.recipient), closer: CALL, why }),
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
      ...say('native.harmony.call-end-token', { recipient: JSON.stringify(h.recipient), token, closer: CALL }),
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
      ...say('native.harmony.header-cut', { marker: MESSAGE }),
      offset: h.start,
      length: end - h.start,
    },
    {
      severity: 'error',
      code: 'missing-arguments',
      ...say('native.harmony.no-message', { recipient: JSON.stringify(h.recipient), marker: MESSAGE }),
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
