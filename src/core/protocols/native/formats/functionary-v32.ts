/**
 * Functionary v3.2 (meetkai/functionary-small-v3.2, -medium-v3.2): every turn starts with
 * `>>>RECIPIENT\n`; `all` is the user (plain text), any other recipient is a call:
 *   >>>all
 *   Let me check.>>>get_weather
 *   {"city": "Paris"}>>>get_time
 *   {"zone": "Europe/Paris"}
 * The template puts the first `>>>` in the prompt, so a reply may begin with `get_weather\n{...}`.
 * `python` takes raw code as well as JSON.
 */
import type { FormatContext, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { jsonValueEnd, readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { markerScanner, nameEnd, type MarkerScanner } from './token-scan'
import { TO_TEXT_END, toNext } from './runs-to'
import { say, type SaidMessage } from '../../../messages/say'

const OPEN = '>>>'
/** Llama 3 tokens that end the turn, when a server leaves them in the text. */
const TURN_END = ['<|eot_id|>', '<|start_header_id|>']
const MAX_NAME = 128
const TO_NEXT_CALL = toNext(OPEN)

/** A recipient line at `at`: its name and the offset after its newline, or null when it is none. */
function recipientAt(text: string, at: number): { ns: number; ne: number; next: number } | null {
  const ne = nameEnd(text, at, Math.min(text.length, at + MAX_NAME + 1))
  if (ne === at || ne - at > MAX_NAME) return null
  let i = ne
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i++
  if (i < text.length && text[i] !== '\n') return null
  return { ns: at, ne, next: i < text.length ? i + 1 : i }
}

/**
 * No `resumeAt`: `>>>` may begin at the `>` of a `<think>` or `</think>`, and a stream that looked
 * for it after put-aside text would cut that tag and lose whether the call is in reasoning.
 */
function parse(text: string, context: FormatContext): { calls: FoundCall[]; problems: FormatProblem[] } {
  const scan = markerScanner(text)
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  // The first call may come without its `>>>` (it was in the prompt).
  const s = skipSpace(text, 0)
  const first = recipientAt(text, s)
  if (first && !text.startsWith(OPEN, s)) {
    const name = text.slice(first.ns, first.ne)
    const a = skipSpace(text, first.next, Math.min(text.length, first.next + 64))
    if (
      name !== 'all' &&
      first.next < text.length &&
      (text[a] === '{' || name === 'python') &&
      (context.trusted || context.tools.has(name))
    ) {
      calls.push(readCall(text, scan, s, first.ns, first.ne, first.next))
    }
  }
  let from = calls.length > 0 ? (calls[0] as FoundCall).end : 0
  for (;;) {
    const open = scan.next(OPEN, from)
    if (open === -1) break
    const r = recipientAt(text, open + OPEN.length)
    if (!r || text.slice(r.ns, r.ne) === 'all') {
      from = open + OPEN.length
      continue
    }
    const call = readCall(text, scan, open, r.ns, r.ne, r.next)
    calls.push(call)
    from = Math.max(call.end, open + OPEN.length)
  }
  return { calls, problems }
}

function readCall(
  text: string,
  scan: MarkerScanner,
  start: number,
  ns: number,
  ne: number,
  bodyStart: number,
): FoundCall {
  const name = text.slice(ns, ne)
  const problems: FormatProblem[] = []
  const nextOpen = scan.next(OPEN, bodyStart)
  const [turnEnd] = scan.first(TURN_END, bodyStart)
  const limit = Math.min(nextOpen === -1 ? text.length : nextOpen, turnEnd === -1 ? text.length : turnEnd)
  // The name is whole once its newline is seen.
  const nameKnown = bodyStart > ne
  const a = skipSpace(text, bodyStart, limit)
  if (a < limit && text[a] === '{') {
    const valueEnd = jsonValueEnd(text, a, limit)
    const closed = valueEnd !== -1
    const end = closed ? valueEnd : limit
    if (!closed)
      problems.push({
        severity: 'warning',
        code: 'unclosed-call',
        ...say('native.token.arguments-unclosed', {
          name: JSON.stringify(name),
          runs: limit === text.length ? TO_TEXT_END : TO_NEXT_CALL,
        }),
        offset: start,
        length: ne - start,
      })
    const read = readJsonArguments(text, a, end)
    problems.push(...read.problems)
    return {
      name,
      ...(nameKnown ? { nameEnd: ne } : {}),
      argumentsSpan: { start: a, end },
      arguments: read.value,
      start,
      end,
      closed,
      problems,
    }
  }
  const closed = limit < text.length
  if (name === 'python' && a < limit) {
    // Raw code up to the next turn: what llama.cpp hands on as {"code": ...}.
    const [, ce] = trimSpan(text, bodyStart, limit)
    return {
      name,
      ...(nameKnown ? { nameEnd: ne } : {}),
      arguments: { code: text.slice(bodyStart, ce) },
      start,
      end: limit,
      closed,
      problems,
    }
  }
  if (!nameKnown) {
    // Cut off right after the name: no arguments yet.
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      ...say('native.functionary.cut-after-name', { name: JSON.stringify(name) }),
      offset: start,
      length: ne - start,
    })
  }
  problems.push({
    severity: 'error',
    code: 'missing-arguments',
    ...noArguments(text, name, bodyStart, limit),
    offset: start,
    length: limit - start,
  })
  return { name, ...(nameKnown ? { nameEnd: ne } : {}), arguments: null, start, end: limit, closed, problems }
}

/** Why the call of `name` has no arguments: what stands on the line after its name, if anything. */
function noArguments(text: string, name: string, bodyStart: number, limit: number): SaidMessage {
  const [es, ee] = trimSpan(text, bodyStart, limit)
  if (es === ee) return say('native.functionary.no-arguments', { name: JSON.stringify(name) })
  return say('native.functionary.no-arguments-found', {
    name: JSON.stringify(name),
    found: JSON.stringify(text.slice(es, Math.min(ee, es + 30)) + (ee - es > 30 ? '...' : '')),
  })
}

function render(call: RenderableCall): string {
  return `${OPEN}${call.toolName}\n${JSON.stringify(call.arguments)}`
}

/** Functionary v3.2: `>>>NAME` on its own line, then the call's JSON arguments. */
export const functionaryV32Format: NativeFormat = {
  id: 'functionary-v32',
  label: 'Functionary v3.2',
  family: 'Token-delimited',
  models: ['Functionary Small v3.2', 'Functionary Medium v3.2'],
  openers: [OPEN],
  delimited: true,
  opensAtTextStart: true,
  pieces: [OPEN, 'all\n', 'get_weather\n', 'python\n', '{"city": "Paris"}', '{', '}', '"', '\n', ' ', '<|eot_id|>'],
  example: render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { llamaCpp: 'Functionary v3.2 chat template (format detected by llama-server --jinja)' },
  notes:
    '`>>>all` opens plain text; `>>>NAME` on its own line opens a call whose JSON arguments follow on the next line. The first `>>>` may be missing (the template writes it into the prompt).',
  claims: (text, at, opener) => {
    const r = recipientAt(text, at + opener.length)
    if (!r || text.slice(r.ns, r.ne) === 'all' || r.next >= text.length) return false
    const a = skipSpace(text, r.next, Math.min(text.length, r.next + 64))
    return text[a] === '{' || (text.slice(r.ns, r.ne) === 'python' && a < text.length)
  },
  parse,
  render,
}
