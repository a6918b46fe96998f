/**
 * One DeepSeek call, after its `<｜tool▁call▁begin｜>`: what follows `<｜tool▁sep｜>` tells the
 * layout, a JSON `{` for V3.1 (`NAME<｜tool▁sep｜>{...}`), a name line for V3
 * (`function<｜tool▁sep｜>NAME` then the arguments in a ```json fence).
 */
import type { FormatProblem, FoundCall } from '../format'
import { readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { shortQuote, type MarkerScanner } from './token-scan'
import { CALL_CLOSE, CALL_OPEN, FENCE, SEP } from './deepseek-tokens'
import { say } from '../../../messages/say'

/** How the model is named in findings that say what it writes. */
const MODEL = 'DeepSeek'

/** The text being read, with its marker scanner. */
export interface CallText {
  text: string
  scan: MarkerScanner
}

/** Where a call lies: from `start` to `end` (after its end token, if `closed`); its body ends at `bodyEnd`. */
interface CallPlace {
  start: number
  bodyEnd: number
  end: number
  closed: boolean
}

/** The head before `<｜tool▁sep｜>`, trimmed: a V3 call's type or a V3.1 call's name. */
interface Head {
  text: string
  start: number
  end: number
}

/**
 * The call from `start` whose head begins at `headStart` and whose body ends at `bodyEnd`; `end`
 * is past its end token when it is `closed`.
 */
export function readCall(
  r: CallText,
  start: number,
  headStart: number,
  bodyEnd: number,
  end: number,
  closed: boolean,
): FoundCall {
  const { text, scan } = r
  const at: CallPlace = { start, bodyEnd, end, closed }
  const problems: FormatProblem[] = []
  if (!closed)
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      ...say('native.token.call-unclosed', { closer: CALL_CLOSE }),
      offset: start,
      length: text.startsWith(CALL_OPEN, start) ? CALL_OPEN.length : 0,
    })
  const sep = scan.next(SEP, headStart)
  if (sep === -1 || sep >= bodyEnd) return withoutSeparator(text, at, headStart, problems)
  const [hs, he] = trimSpan(text, headStart, sep)
  const head: Head = { text: text.slice(hs, he), start: hs, end: he }
  const afterSep = sep + SEP.length
  const p = skipSpace(text, afterSep, bodyEnd)
  const c = text[p]
  const v3 = p < bodyEnd ? c !== '{' && c !== '[' : head.text === 'function'
  return v3 ? readV3(r, at, head, afterSep, problems) : readV31(text, at, head, afterSep, problems)
}

/** A call with no `<｜tool▁sep｜>` in its body: its head, if any, is taken as its name. */
function withoutSeparator(text: string, at: CallPlace, headStart: number, problems: FormatProblem[]): FoundCall {
  const { start, end, closed } = at
  const [s, e] = trimSpan(text, headStart, at.bodyEnd)
  const head = text.slice(s, e)
  const name = head === 'function' ? '' : head
  problems.push({
    severity: 'error',
    code: 'missing-arguments',
    ...say('native.token.no-separator', { call: shortQuote(text, s, e), separator: SEP }),
    offset: start,
    length: end - start,
  })
  return { name, arguments: null, ...(name ? { nameEnd: e } : {}), start, end, closed, problems }
}

/** V3.1: NAME<｜tool▁sep｜>{arguments} */
function readV31(text: string, at: CallPlace, head: Head, afterSep: number, problems: FormatProblem[]): FoundCall {
  const { start, bodyEnd, end, closed } = at
  if (head.text === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      ...say('native.deepseek.no-name-before-separator', { separator: SEP }),
      offset: start,
      length: afterSep - start,
    })
  const read = readJsonArguments(text, afterSep, bodyEnd)
  problems.push(...read.problems)
  return {
    name: head.text,
    nameEnd: head.end,
    argumentsSpan: { start: afterSep, end: bodyEnd },
    arguments: read.value,
    start,
    end,
    closed,
    problems,
  }
}

/** V3: TYPE<｜tool▁sep｜>NAME\n```json\n{arguments}\n``` */
function readV3(r: CallText, at: CallPlace, head: Head, afterSep: number, problems: FormatProblem[]): FoundCall {
  const { text, scan } = r
  const { start, bodyEnd, end, closed } = at
  if (head.text !== 'function')
    problems.push({
      severity: 'warning',
      code: 'unexpected-call-type',
      ...say('native.deepseek.unexpected-type', {
        type: shortQuote(text, head.start, head.end),
        model: MODEL,
        separator: SEP,
      }),
      offset: head.start,
      length: head.end - head.start,
    })
  const newline = scan.next('\n', afterSep)
  const lineEnd = newline === -1 || newline > bodyEnd ? bodyEnd : newline
  const [ns, ne] = trimSpan(text, afterSep, lineEnd)
  const name = text.slice(ns, ne)
  if (name === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      ...say('native.deepseek.no-name-after-separator', { separator: SEP }),
      offset: afterSep,
      length: 0,
    })
  const a = skipSpace(text, lineEnd, bodyEnd)
  if (a >= bodyEnd) {
    problems.push({
      severity: 'error',
      code: 'missing-arguments',
      ...say('native.deepseek.no-arguments-after-name', { name: JSON.stringify(name) }),
      offset: start,
      length: end - start,
    })
    return {
      name,
      ...(lineEnd < bodyEnd || closed ? { nameEnd: ne } : {}),
      arguments: null,
      start,
      end,
      closed,
      problems,
    }
  }
  const [argsStart, argsEnd] = fencedArguments(r, a, at, problems)
  const read = readJsonArguments(text, argsStart, argsEnd)
  problems.push(...read.problems)
  return {
    name,
    nameEnd: ne,
    argumentsSpan: { start: argsStart, end: argsEnd },
    arguments: read.value,
    start,
    end,
    closed,
    problems,
  }
}

/** The arguments from `a` inside their ```json fence (or as they are, with a warning, when there is none). */
function fencedArguments(r: CallText, a: number, at: CallPlace, problems: FormatProblem[]): [number, number] {
  const { text, scan } = r
  const { bodyEnd, closed } = at
  let argsStart = a
  if (text.startsWith(FENCE, a)) {
    const fenceLine = scan.next('\n', a)
    argsStart = fenceLine === -1 || fenceLine > bodyEnd ? bodyEnd : fenceLine + 1
    const [is, ie] = trimSpan(text, a + FENCE.length, argsStart)
    const info = text.slice(is, ie)
    if (info !== '' && info !== 'json')
      problems.push({
        severity: 'warning',
        code: 'unexpected-fence-language',
        ...say('native.deepseek.fence-language', { language: info.slice(0, 20), model: MODEL }),
        offset: a,
        length: argsStart - a,
      })
  } else
    problems.push({
      severity: 'warning',
      code: 'missing-code-fence',
      ...say('native.deepseek.no-fence'),
      offset: a,
      length: 0,
    })
  const [, te] = trimSpan(text, argsStart, bodyEnd)
  let argsEnd = bodyEnd
  if (te - argsStart >= FENCE.length && text.startsWith(FENCE, te - FENCE.length)) argsEnd = te - FENCE.length
  else if (closed && text.startsWith(FENCE, a))
    problems.push({
      severity: 'warning',
      code: 'unclosed-code-fence',
      ...say('native.deepseek.fence-unclosed', { closer: CALL_CLOSE }),
      offset: a,
      length: FENCE.length,
    })
  return [argsStart, argsEnd]
}
