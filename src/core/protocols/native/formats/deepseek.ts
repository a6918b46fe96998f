/**
 * DeepSeek's tool-call tokens (U+FF5C `｜` and U+2581 `▁`, not ASCII `|` and `_`):
 *   V3 / R1:  <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
 *             ```json
 *             {"city": "Paris"}
 *             ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 *   V3.1:     <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 * One reader serves both: what follows `<｜tool▁sep｜>` tells the layout (a JSON `{` is V3.1, a
 * name line is V3), so a reply read with the other id still yields its calls.
 */
import type { FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { markerScanner } from './token-scan'
import { ResumeMark } from './resume'
import { readCall, type CallText } from './deepseek-call'
import {
  CALL_CLOSE,
  CALL_OPEN,
  FENCE,
  SECTION_CLOSE,
  SECTION_OPEN,
  SECTION_OPEN_VARIANTS,
  SEP,
  V3_HEAD,
} from './deepseek-tokens'
import { ANOTHER_SECTION_OPENS, RUNS_TO_TEXT_END } from './runs-to'
import { say, type SaidMessage } from '../../../messages/say'
import type { MessageRef } from '../../../messages/types'

/** A call whose `<｜tool▁call▁begin｜>` is missing: the head before `<｜tool▁sep｜>` is at most this long. */
const MAX_HEAD = 200

interface Reader extends CallText {
  calls: FoundCall[]
  problems: FormatProblem[]
}

/**
 * A section ends at its closer or at the next opener, so none lies inside one: a stream may put
 * aside everything up to the end of the last section whose calls are all closed.
 */
function parseWith(openers: readonly string[]) {
  return (text: string): { calls: FoundCall[]; problems: FormatProblem[]; resumeAt?: number } => {
    const r: Reader = { text, scan: markerScanner(text), calls: [], problems: [] }
    const mark = new ResumeMark()
    // Said once per opener spelling and shared: a text of openers with no closer has one per opener.
    const cutByNext = new Map<string, SaidMessage>()
    let from = 0
    for (;;) {
      const [open, opener] = r.scan.first(openers, from)
      if (open === -1) break
      const bodyStart = open + opener.length
      const close = r.scan.next(SECTION_CLOSE, bodyStart)
      const [reopen] = r.scan.first(openers, bodyStart)
      // A second opener before any closer ends the first section there.
      const closed = close !== -1 && (reopen === -1 || close < reopen)
      const bodyEnd = closed ? close : reopen === -1 ? text.length : reopen
      if (!closed) {
        r.problems.push({
          severity: 'warning',
          code: 'unclosed-section',
          ...(reopen === -1 ? sectionUnclosed(opener, RUNS_TO_TEXT_END) : sharedCutByNext(cutByNext, opener)),
          offset: open,
          length: opener.length,
        })
      }
      const before = r.calls.length
      readSection(r, bodyStart, bodyEnd)
      from = closed ? close + SECTION_CLOSE.length : bodyEnd
      mark.block(r.calls.slice(before), from, closed || reopen !== -1)
    }
    return { calls: r.calls, problems: r.problems, ...mark.atEnd() }
  }
}

/** "the OPENER section is never closed with ...; WHERE." */
function sectionUnclosed(opener: string, where: MessageRef): SaidMessage {
  return say('native.token.section-unclosed', { opener, closer: SECTION_CLOSE, where })
}

/** The finding of a section that the next opener ends, said once per opener spelling in `cache`. */
function sharedCutByNext(cache: Map<string, SaidMessage>, opener: string): SaidMessage {
  let said = cache.get(opener)
  if (said === undefined) {
    said = sectionUnclosed(opener, ANOTHER_SECTION_OPENS)
    cache.set(opener, said)
  }
  return said
}

function readSection(r: Reader, start: number, end: number): void {
  const { text, scan } = r
  let at = start
  for (;;) {
    const s = skipSpace(text, at, end)
    if (s >= end) return
    const nextOpen = scan.next(CALL_OPEN, s)
    const limit = nextOpen === -1 || nextOpen > end ? end : nextOpen
    let headStart: number
    let missingBegin = false
    if (nextOpen === s) headStart = s + CALL_OPEN.length
    else {
      const sep = scan.next(SEP, s)
      const newline = scan.next('\n', s)
      if (sep !== -1 && sep < limit && sep - s <= MAX_HEAD && (newline === -1 || newline > sep)) {
        headStart = s
        missingBegin = true
      } else {
        const [ts, te] = trimSpan(text, s, limit)
        r.problems.push({
          severity: 'warning',
          code: 'text-between-calls',
          ...say('native.token.text-outside-calls', { opener: CALL_OPEN }),
          offset: ts,
          length: te - ts,
        })
        if (limit >= end) return
        at = limit
        continue
      }
    }
    const close = scan.next(CALL_CLOSE, headStart)
    const following = scan.next(CALL_OPEN, headStart)
    const closed = close !== -1 && close < end && (following === -1 || close < following)
    const bodyEnd = closed ? close : following !== -1 && following < end ? following : end
    const callEnd = closed ? close + CALL_CLOSE.length : bodyEnd
    const call = readCall(r, s, headStart, bodyEnd, callEnd, closed)
    if (missingBegin)
      call.problems.unshift({
        severity: 'warning',
        code: 'missing-call-begin',
        ...say('native.deepseek.missing-call-begin', { opener: CALL_OPEN }),
        offset: s,
        length: 0,
      })
    r.calls.push(call)
    at = callEnd
  }
}

function renderV3(call: RenderableCall): string {
  return `${SECTION_OPEN}${CALL_OPEN}function${SEP}${call.toolName}\n${FENCE}json\n${JSON.stringify(call.arguments)}\n${FENCE}${CALL_CLOSE}${SECTION_CLOSE}`
}

function renderV31(call: RenderableCall): string {
  return `${SECTION_OPEN}${CALL_OPEN}${call.toolName}${SEP}${JSON.stringify(call.arguments)}${CALL_CLOSE}${SECTION_CLOSE}`
}

/** Where the first call's head begins after a section opener (its `<｜tool▁call▁begin｜>` is optional). */
function headAt(text: string, at: number, opener: string): number {
  const after = skipSpace(text, at + opener.length, at + opener.length + 64)
  return text.startsWith(CALL_OPEN, after)
    ? skipSpace(text, after + CALL_OPEN.length, after + CALL_OPEN.length + 64)
    : after
}

/** V3 owns the place when the head reads `function<｜tool▁sep｜>` (or is cut inside it). */
function claimsV3(text: string, at: number, opener: string): boolean {
  if (opener !== SECTION_OPEN) return true
  const head = headAt(text, at, opener)
  if (head >= text.length) return false
  if (text.startsWith(V3_HEAD, head)) return true
  return text.length - head < V3_HEAD.length && V3_HEAD.startsWith(text.slice(head))
}

const PIECES = [
  SECTION_OPEN,
  SECTION_CLOSE,
  CALL_OPEN,
  SEP,
  CALL_CLOSE,
  'function',
  'get_weather',
  '\n',
  '```json\n',
  '\n```',
  '{"city": "Paris"}',
  '{',
  '}',
  '"',
  ' ',
]

/** DeepSeek V3 and R1: `function<｜tool▁sep｜>NAME`, then the arguments in a ```json fence. */
export const deepseekV3Format: NativeFormat = {
  id: 'deepseek-v3',
  label: 'DeepSeek V3',
  family: 'Token-delimited',
  models: ['DeepSeek V3', 'DeepSeek V3-0324', 'DeepSeek R1', 'DeepSeek R1-0528'],
  openers: [SECTION_OPEN, ...SECTION_OPEN_VARIANTS],
  delimited: true,
  pieces: [...PIECES, ...SECTION_OPEN_VARIANTS],
  example: renderV3({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser deepseek_v3',
    sglang: '--tool-call-parser deepseekv3',
    llamaCpp: 'DeepSeek R1 chat template (format detected by llama-server --jinja)',
  },
  notes:
    'Each call is `function<｜tool▁sep｜>NAME` on a line, then its arguments in a ```json fence; the tokens use fullwidth `｜` and `▁`. R1 misspellings of the section opener are accepted.',
  claims: (text, at, opener) => claimsV3(text, at, opener),
  parse: parseWith([SECTION_OPEN, ...SECTION_OPEN_VARIANTS]),
  render: renderV3,
}

/** DeepSeek V3.1: `NAME<｜tool▁sep｜>{json}`, with no type and no fence. */
export const deepseekV31Format: NativeFormat = {
  id: 'deepseek-v31',
  label: 'DeepSeek V3.1',
  family: 'Token-delimited',
  models: ['DeepSeek V3.1', 'DeepSeek V3.1-Terminus', 'DeepSeek V3.2-Exp'],
  openers: [SECTION_OPEN],
  delimited: true,
  pieces: PIECES,
  example: renderV31({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser deepseek_v31',
    sglang: '--tool-call-parser deepseekv31',
    llamaCpp: 'DeepSeek V3.1 chat template (format detected by llama-server --jinja)',
  },
  notes: 'Each call is `NAME<｜tool▁sep｜>{json}` with no type and no fence; the tokens use fullwidth `｜` and `▁`.',
  claims: (text, at, opener) => headAt(text, at, opener) < text.length && !claimsV3(text, at, opener),
  parse: parseWith([SECTION_OPEN]),
  render: renderV31,
}
