/**
 * Mistral's older form: one `[TOOL_CALLS]` and a JSON array of calls (or one call object), read
 * whole or, when the array is cut off, call by call as far as it goes.
 */
import type { FormatProblem, FoundCall } from '../format'
import { jsonValueEnd, readJsonCalls, skipSpace } from '../json-pieces'
import { checkId, OPEN } from './mistral-tokens'
import { TO_TEXT_END, toNext } from './runs-to'
import { ref, say } from '../../../messages/say'

// Built once and shared: a hostile text can repeat these at every marker.
const PAYLOAD_UNCLOSED = say('native.mistral.payload-unclosed', { marker: OPEN })
const CALL_CUT_OFF = say('native.mistral.call-cut-off', { marker: OPEN })
const THE_PAYLOAD = ref('native.mistral.what-payload', { marker: OPEN })
const A_CALL_IN_THE_ARRAY = ref('native.mistral.what-array-call', { marker: OPEN })

/**
 * The JSON form: an array of calls (or one call object) at `p`, right after the token at `open`,
 * read no further than `limit`. Adds what it finds to `calls` and `problems`; returns where it stopped.
 */
export function readPayload(
  text: string,
  open: number,
  p: number,
  limit: number,
  calls: FoundCall[],
  problems: FormatProblem[],
): number {
  const valueEnd = jsonValueEnd(text, p, limit)
  const closed = valueEnd !== -1
  const end = closed ? valueEnd : limit
  if (!closed && text[p] === '[' && readOpenArray(text, open, p, limit, calls, problems)) return limit
  const read = readJsonCalls(text, p, end, { what: THE_PAYLOAD, closed, block: { start: open, end } })
  problems.push(...read.problems)
  read.calls.forEach((call, n) => {
    // With several calls each span is its own object; the first keeps the token with it.
    if (n === 0) call.start = open
    if (!closed)
      call.problems.unshift({
        severity: 'warning',
        code: 'unclosed-call',
        ...PAYLOAD_UNCLOSED,
        offset: open,
        length: OPEN.length,
      })
    checkId(call)
    calls.push(call)
  })
  return end
}

/**
 * An array cut off (a stream, or a reply that stopped): its whole objects are calls, and the one
 * cut short is an unclosed call whose name shows once its string is whole. False when it holds no object.
 */
function readOpenArray(
  text: string,
  open: number,
  p: number,
  limit: number,
  calls: FoundCall[],
  problems: FormatProblem[],
): boolean {
  const found: FoundCall[] = []
  let at = p + 1
  for (;;) {
    at = skipSpace(text, at, limit)
    if (at < limit && text[at] === ',') at = skipSpace(text, at + 1, limit)
    if (at >= limit || text[at] !== '{') break
    const e = jsonValueEnd(text, at, limit)
    const whole = e !== -1
    const itemEnd = whole ? e : limit
    const read = readJsonCalls(text, at, itemEnd, {
      what: A_CALL_IN_THE_ARRAY,
      closed: whole,
      block: { start: at, end: itemEnd },
    })
    for (const call of read.calls) {
      if (!whole) {
        call.problems.unshift({
          severity: 'warning',
          code: 'unclosed-call',
          ...CALL_CUT_OFF,
          offset: at,
          length: 1,
        })
        const named = /"name"\s*:\s*"[^"\\]{1,200}"/.exec(text.slice(at, Math.min(itemEnd, at + 400)))
        if (named && call.name !== '') call.nameEnd = at + named.index + named[0].length
      }
      checkId(call)
      found.push(call)
    }
    problems.push(...read.problems)
    if (!whole) break
    at = itemEnd
  }
  if (found.length === 0) return false
  ;(found[0] as FoundCall).start = open
  problems.push({
    severity: 'warning',
    code: 'unclosed-section',
    ...say('native.mistral.array-unclosed', { marker: OPEN, runs: limit === text.length ? TO_TEXT_END : toNext(OPEN) }),
    offset: open,
    length: OPEN.length,
  })
  calls.push(...found)
  return true
}
