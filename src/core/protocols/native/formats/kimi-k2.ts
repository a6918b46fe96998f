/**
 * Kimi K2 (moonshotai/Kimi-K2-Instruct, K2-Thinking):
 *   <|tool_calls_section_begin|>
 *   <|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>
 *   <|tool_calls_section_end|>
 * The call id is `functions.NAME:INDEX`; the name is what lies between `functions.` and the last
 * `:`. Some checkpoints write `<|tool_call_section_begin|>` (no s); both open a section.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { markerScanner, type MarkerScanner } from './token-scan'
import { RUNS_TO_TEXT_END } from './runs-to'
import { say } from '../../../messages/say'

const SECTION_OPEN = ['<|tool_calls_section_begin|>', '<|tool_call_section_begin|>']
const SECTION_CLOSE = ['<|tool_calls_section_end|>', '<|tool_call_section_end|>']
const CALL_OPEN = '<|tool_call_begin|>'
const ARGS_OPEN = '<|tool_call_argument_begin|>'
const CALL_CLOSE = '<|tool_call_end|>'

/** `functions.get_weather:0` -> `get_weather`; a bare `get_weather:0` or `get_weather` too. */
export function kimiToolName(id: string, context: FormatContext): string {
  if (context.tools.has(id)) return id
  const colon = id.lastIndexOf(':')
  const head = colon !== -1 && /^\d+$/.test(id.slice(colon + 1)) ? id.slice(0, colon) : id
  if (context.tools.has(head)) return head
  const name = head.startsWith('functions.') ? head.slice('functions.'.length) : head
  if (context.tools.has(name) || name.indexOf('.') === -1) return name
  // A dotted name that is no known tool: its last part is the tool (vLLM's reading).
  const last = name.slice(name.lastIndexOf('.') + 1)
  return context.tools.has(last) || context.tools.size === 0 ? last : name
}

function parse(text: string, context: FormatContext): FormatFinding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  // Remembered marker places: a spelling that never comes is searched for once, not per section.
  const scan = markerScanner(text)
  let resumeAt: number | undefined
  let from = 0
  for (;;) {
    const [open, opener] = scan.first(SECTION_OPEN, from)
    if (open === -1) break
    const bodyStart = open + opener.length
    const [close, closer] = scan.first(SECTION_CLOSE, bodyStart)
    const bodyEnd = close === -1 ? text.length : close
    if (close === -1)
      problems.push({
        severity: 'warning',
        code: 'unclosed-section',
        ...say('native.token.section-unclosed', {
          opener,
          closer: '<|tool_calls_section_end|>',
          where: RUNS_TO_TEXT_END,
        }),
        offset: open,
        length: opener.length,
      })
    readSection(text, bodyStart, bodyEnd, context, calls, problems, scan)
    from = close === -1 ? text.length : close + closer.length
    if (close !== -1) resumeAt = from
  }
  return { calls, problems, ...(resumeAt !== undefined ? { resumeAt } : {}) }
}

function readSection(
  text: string,
  start: number,
  end: number,
  context: FormatContext,
  calls: FoundCall[],
  problems: FormatProblem[],
  scan: MarkerScanner,
): void {
  const stray = (from: number, to: number): void => {
    const [s, e] = trimSpan(text, from, to)
    if (e > s)
      problems.push({
        severity: 'warning',
        code: 'text-between-calls',
        ...say('native.token.text-outside-calls', { opener: CALL_OPEN }),
        offset: s,
        length: e - s,
      })
  }
  let at = start
  for (;;) {
    const open = scan.next(CALL_OPEN, at)
    if (open === -1 || open >= end) return stray(at, end)
    stray(at, open)
    const close = scan.next(CALL_CLOSE, open)
    const closed = close !== -1 && close < end
    const callEnd = closed ? close + CALL_CLOSE.length : end
    const bodyEnd = closed ? close : end
    calls.push(readCall(text, open, open + CALL_OPEN.length, bodyEnd, callEnd, closed, context, scan))
    at = callEnd
  }
}

function readCall(
  text: string,
  start: number,
  bodyStart: number,
  bodyEnd: number,
  end: number,
  closed: boolean,
  context: FormatContext,
  scan: MarkerScanner,
): FoundCall {
  const args = scan.next(ARGS_OPEN, bodyStart)
  const problems: FormatProblem[] = []
  if (!closed)
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      ...say('native.token.call-unclosed', { closer: CALL_CLOSE }),
      offset: start,
      length: CALL_OPEN.length,
    })
  if (args === -1 || args >= bodyEnd) {
    const [s, e] = trimSpan(text, bodyStart, bodyEnd)
    const id = text.slice(s, e)
    problems.push({
      severity: 'error',
      code: 'missing-arguments',
      ...say('native.token.no-separator', { call: JSON.stringify(id.slice(0, 60)), separator: ARGS_OPEN }),
      offset: start,
      length: end - start,
    })
    return {
      name: id ? kimiToolName(id, context) : '',
      arguments: null,
      ...(id ? { id } : {}),
      start,
      end,
      closed,
      problems,
    }
  }
  const [s, e] = trimSpan(text, bodyStart, args)
  const id = text.slice(s, e)
  if (id === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      ...say('native.kimi.no-call-id'),
      offset: start,
      length: CALL_OPEN.length,
    })
  const read = readJsonArguments(text, args + ARGS_OPEN.length, bodyEnd)
  problems.push(...read.problems)
  const argumentsSpan = { start: args + ARGS_OPEN.length, end: bodyEnd }
  return {
    name: id ? kimiToolName(id, context) : '',
    nameEnd: e,
    argumentsSpan,
    arguments: read.value,
    ...(id ? { id } : {}),
    start,
    end,
    closed,
    problems,
  }
}

function render(call: RenderableCall): string {
  const id =
    call.requestId && /^functions\..+:\d+$/.test(call.requestId) ? call.requestId : `functions.${call.toolName}:0`
  return `<|tool_calls_section_begin|><|tool_call_begin|>${id}<|tool_call_argument_begin|>${JSON.stringify(call.arguments)}<|tool_call_end|><|tool_calls_section_end|>`
}

/** Kimi K2: sections of calls, each named by its id `functions.NAME:INDEX`. */
export const kimiK2Format: NativeFormat = {
  id: 'kimi-k2',
  label: 'Kimi K2',
  family: 'Token-delimited',
  models: ['Kimi K2 Instruct', 'Kimi K2 Thinking', 'Kimi K2.5'],
  openers: SECTION_OPEN,
  delimited: true,
  pieces: [
    ...SECTION_OPEN,
    ...SECTION_CLOSE,
    CALL_OPEN,
    ARGS_OPEN,
    CALL_CLOSE,
    'functions.',
    'get_weather',
    ':0',
    ':1',
    '{"city": "Paris"}',
    '{',
    '}',
    '"',
    '\n',
    ' ',
  ],
  example: render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser kimi_k2', sglang: '--tool-call-parser kimi_k2' },
  notes: 'The id `functions.NAME:INDEX` names the tool; with `tools` a bare or dotted id resolves to a known tool.',
  claims: (text, at, opener) =>
    text.startsWith(CALL_OPEN, skipSpace(text, at + opener.length, at + opener.length + 64)) ||
    at + opener.length >= text.length,
  parse,
  render,
}
