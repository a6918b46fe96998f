/**
 * Mistral's `[TOOL_CALLS]` token, in the two shapes its tokenizers produce:
 *   before v11:  [TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "a1B2c3D4e"}]
 *   v11 and on:  [TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_time[ARGS]{}
 * Some decoders drop `[ARGS]` (`[TOOL_CALLS]get_weather{"city": "Paris"}`); v13 tokenizers put the
 * call id between the name and the arguments (`get_weather[CALL_ID]a1B2c3D4e[ARGS]{...}`).
 */
import type { FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { jsonValueEnd, readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { markerScanner, nameEnd, shortQuote, type MarkerScanner } from './token-scan'
import { ResumeMark } from './resume'
import { ARGS, CALL_ID, checkId, MISTRAL_ID, OPEN } from './mistral-tokens'
import { readPayload } from './mistral-payload'
import { TO_TEXT_END, toNext } from './runs-to'
import { say } from '../../../messages/say'

/** Built once: a hostile text can have a nameless call at every marker. */
const NO_TOOL_NAME = say('native.mistral.no-tool-name', { marker: OPEN })

/**
 * A call is read no further than the next `[TOOL_CALLS]`, so none lies inside one: a stream may put
 * aside everything up to the end of the last call whose JSON closed.
 */
function parse(text: string): { calls: FoundCall[]; problems: FormatProblem[]; resumeAt?: number } {
  const scan = markerScanner(text)
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const open = scan.next(OPEN, from)
    if (open === -1) break
    const bodyStart = open + OPEN.length
    const nextOpen = scan.next(OPEN, bodyStart)
    const limit = nextOpen === -1 ? text.length : nextOpen
    const p = skipSpace(text, bodyStart, limit)
    const c = text[p]
    const before = calls.length
    if (p < limit && (c === '{' || (c === '[' && !text.startsWith(ARGS, p) && !text.startsWith(CALL_ID, p))))
      from = readPayload(text, open, p, limit, calls, problems)
    else from = readNamed(text, scan, open, bodyStart, limit, calls)
    mark.block(calls.slice(before), from, from < limit || nextOpen !== -1)
  }
  return { calls, problems, ...mark.atEnd() }
}

/** The v11 form: NAME, optionally [CALL_ID]ID, [ARGS] (or nothing), then a JSON object. */
function readNamed(
  text: string,
  scan: MarkerScanner,
  open: number,
  bodyStart: number,
  limit: number,
  calls: FoundCall[],
): number {
  const problems: FormatProblem[] = []
  const ns = skipSpace(text, bodyStart, limit)
  const ne = nameEnd(text, ns, limit)
  const name = text.slice(ns, ne)
  const { id, at } = readCallId(text, scan, ne, limit)
  const hasArgsToken = text.startsWith(ARGS, at)
  const argsStart = hasArgsToken ? at + ARGS.length : at
  const a = skipSpace(text, argsStart, limit)
  const valueEnd = text[a] === '{' ? jsonValueEnd(text, a, limit) : -1
  const closed = valueEnd !== -1
  const end = closed ? valueEnd : limit
  if (name === '') {
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      ...NO_TOOL_NAME,
      offset: open,
      length: OPEN.length,
    })
  }
  if (!closed && text[a] === '{')
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      ...say('native.token.arguments-unclosed', {
        name: JSON.stringify(name),
        runs: limit === text.length ? TO_TEXT_END : toNext(OPEN),
      }),
      offset: open,
      length: OPEN.length,
    })
  let call: FoundCall
  if (a >= limit || text[a] !== '{') {
    missingArguments(text, name, open, argsStart, a, limit, problems)
    // A name known to be whole: text follows it (the stream shows it only then).
    const nameWhole = ne < limit
    call = {
      name,
      arguments: null,
      ...(nameWhole && name ? { nameEnd: ne } : {}),
      ...(id ? { id } : {}),
      start: open,
      end: limit,
      closed: false,
      problems,
    }
  } else {
    const read = readJsonArguments(text, a, end)
    problems.push(...read.problems)
    call = {
      name,
      nameEnd: ne,
      argumentsSpan: { start: a, end },
      arguments: read.value,
      ...(id ? { id } : {}),
      start: open,
      end,
      closed,
      problems,
    }
  }
  checkId(call)
  calls.push(call)
  return call.end
}

/** v13's `[CALL_ID]ID` at `at`, if there: the id ('' taken as none) and where the arguments may begin. */
function readCallId(
  text: string,
  scan: MarkerScanner,
  at: number,
  limit: number,
): { id: string | undefined; at: number } {
  if (!text.startsWith(CALL_ID, at)) return { id: undefined, at }
  const is = at + CALL_ID.length
  const args = scan.next(ARGS, is)
  const ie = args !== -1 && args < limit ? args : nameEnd(text, is, limit)
  return { id: text.slice(is, ie).trim() || undefined, at: ie }
}

/** A call with no JSON object of arguments at `a`: an error, unless the text holds nothing after the token yet. */
function missingArguments(
  text: string,
  name: string,
  open: number,
  argsStart: number,
  a: number,
  limit: number,
  problems: FormatProblem[],
): void {
  if (name === '' && a >= limit) return
  const [s, e] = trimSpan(text, argsStart, limit)
  const said =
    s < e
      ? say('native.mistral.arguments-not-object', { name: JSON.stringify(name), found: shortQuote(text, s, e, 30) })
      : say('native.mistral.no-arguments', { name: JSON.stringify(name) })
  problems.push({ severity: 'error', code: 'missing-arguments', ...said, offset: open, length: limit - open })
}

function render(call: RenderableCall): string {
  const id = call.requestId && MISTRAL_ID.test(call.requestId) ? `${CALL_ID}${call.requestId}` : ''
  return `${OPEN}${call.toolName}${id}${ARGS}${JSON.stringify(call.arguments)}`
}

/** Mistral's `[TOOL_CALLS]`, as a JSON array of calls or as `NAME[ARGS]{json}` per call. */
export const mistralFormat: NativeFormat = {
  id: 'mistral',
  label: 'Mistral',
  family: 'Token-delimited',
  models: [
    'Mistral 7B Instruct v0.3',
    'Mistral Nemo',
    'Mistral Small 3.1 / 3.2',
    'Mistral Large 2',
    'Ministral',
    'Magistral',
    'Devstral',
    'Codestral',
  ],
  openers: [OPEN],
  delimited: true,
  pieces: [
    OPEN,
    ARGS,
    CALL_ID,
    'get_weather',
    'a1B2c3D4e',
    '[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    '{"city": "Paris"}',
    '"id": ',
    '[',
    ']',
    '{',
    '}',
    '"',
    ',',
    ' ',
    '\n',
  ],
  example: render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser mistral',
    sglang: '--tool-call-parser mistral',
    llamaCpp: 'Mistral Nemo / Magistral / Ministral 3 chat templates (format detected by llama-server --jinja)',
  },
  notes:
    'Older tokenizers write one `[TOOL_CALLS]` and a JSON array of calls with 9-character ids; v11+ write `[TOOL_CALLS]NAME[ARGS]{json}` once per call, v13 with `[CALL_ID]ID` before `[ARGS]`.',
  // The token is Mistral's own; what follows must still be calls: an array or object, or a
  // name right before `[ARGS]`, `[CALL_ID]` or `{` (or the end of a text still streaming).
  claims(text, at, opener) {
    const i = skipSpace(text, at + opener.length)
    if (i >= text.length || text[i] === '[' || text[i] === '{') return true
    let j = i
    while (j < text.length && j - i < 128 && /[\w.-]/.test(text[j] as string)) j++
    return j > i && (j >= text.length || text[j] === '[' || text[j] === '{')
  },
  parse,
  render,
}
