/**
 * FunctionGemma: one call per `<start_function_call>call:NAME{key:value,...}<end_function_call>`,
 * strings wrapped in `<escape>` tokens, nested dicts with bare keys.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { say } from '../../../messages/say'
import { example, FAMILY, markerFinder } from './pythonic-blocks'
import { readKeywordArguments, resolveName, type ArgumentOptions } from './pythonic-reader'
import { closerOf, nameEnd, short, skipSpaces, type LiteralOptions } from './pythonic-text'
import { ResumeMark } from './resume'
import { saidProblem } from './said-problem'

const FG_OPEN = '<start_function_call>'
const FG_CLOSE = '<end_function_call>'
const ESCAPE = '<escape>'
const FG_VALUES: LiteralOptions = { escapeToken: ESCAPE, bareKeys: true }
/** Findings that read the same wherever they are found, made once and shared (a text may hold many). */
const CALL_UNCLOSED = say('native.pythonic.fg.call-unclosed', { closer: FG_CLOSE })
const MISSING_CALL_PREFIX = say('native.pythonic.fg.missing-call-prefix')
const MISSING_NAME = say('native.pythonic.fg.missing-name')
const ARGUMENTS_UNCLOSED = say('native.pythonic.fg.arguments-unclosed')
const FG_ARGUMENTS: ArgumentOptions = { ...FG_VALUES, separator: ':', closer: '}' }

function functionGemmaValue(value: unknown): string {
  if (typeof value === 'string') return `${ESCAPE}${value}${ESCAPE}`
  if (Array.isArray(value)) return `[${value.map(functionGemmaValue).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}:${functionGemmaValue(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

function renderFunctionGemma(call: RenderableCall): string {
  const args = Object.entries(call.arguments)
    .map(([k, v]) => `${k}:${functionGemmaValue(v)}`)
    .join(',')
  return `${FG_OPEN}call:${call.toolName}{${args}}${FG_CLOSE}`
}

/**
 * A call is read no further than the next opener, so none lies inside one: a stream may put aside
 * everything up to the end of the last closed call.
 */
function readFunctionGemma(text: string, context: FormatContext): FormatFinding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const find = markerFinder(text)
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const open = find(FG_OPEN, from)
    if (open === -1) break
    const bodyStart = open + FG_OPEN.length
    const close = find(FG_CLOSE, bodyStart)
    const next = find(FG_OPEN, bodyStart)
    // A call never closed ends where the next one opens.
    const bodyEnd = close !== -1 && (next === -1 || close < next) ? close : next !== -1 ? next : text.length
    const closed = bodyEnd === close
    const end = closed ? close + FG_CLOSE.length : bodyEnd
    const call = readFunctionGemmaCall(text, open, bodyStart, bodyEnd, end, closed, context)
    calls.push(call)
    mark.block([call], end, closed)
    from = end
  }
  return { calls, problems, ...mark.atEnd() }
}

/** The call `call:NAME{...}` in text[bodyStart, bodyEnd), spanning [start, end). */
function readFunctionGemmaCall(
  text: string,
  start: number,
  bodyStart: number,
  bodyEnd: number,
  end: number,
  closed: boolean,
  context: FormatContext,
): FoundCall {
  const problems: FormatProblem[] = []
  const open = bodyEnd === text.length
  if (!closed) problems.push(saidProblem('warning', 'unclosed-call', CALL_UNCLOSED, start, FG_OPEN.length))
  let i = skipSpaces(text, bodyStart, bodyEnd)
  if (text.startsWith('call:', i)) i += 'call:'.length
  else if (i < bodyEnd || !open) problems.push(saidProblem('warning', 'missing-call-prefix', MISSING_CALL_PREFIX, i, 0))
  const e = nameEnd(text, i, bodyEnd)
  const call: FoundCall = {
    name: resolveName(text.slice(i, e), context),
    arguments: null,
    start,
    end,
    closed,
    problems,
  }
  if (e === i) {
    if (!(open && i >= bodyEnd)) problems.push(saidProblem('error', 'missing-tool-name', MISSING_NAME, i, 0))
    return call
  }
  call.nameEnd = e
  const brace = skipSpaces(text, e, bodyEnd)
  if (brace >= bodyEnd || text.charCodeAt(brace) !== 0x7b) {
    if (!(open && brace >= bodyEnd))
      problems.push(
        saidProblem(
          'error',
          'missing-arguments',
          say('native.pythonic.fg.missing-arguments', { name: short(call.name) }),
          brace,
          0,
        ),
      )
    return call
  }
  readBraceArguments(text, call, brace, bodyEnd, context)
  return call
}

/**
 * The `{key:value,...}` whose `{` is at `brace`, read into `call`; text after its `}` and before
 * the call's end is reported and ignored.
 */
function readBraceArguments(
  text: string,
  call: FoundCall,
  brace: number,
  bodyEnd: number,
  context: FormatContext,
): void {
  const open = bodyEnd === text.length
  const after = closerOf(text, brace, bodyEnd, FG_VALUES)
  const argsEnd = after === -1 ? bodyEnd : after - 1
  const problems = call.problems
  call.arguments = readKeywordArguments(
    text,
    brace + 1,
    argsEnd,
    after === -1 && open,
    call.name,
    context,
    FG_ARGUMENTS,
    problems,
  )
  if (after === -1 && !open) problems.push(saidProblem('error', 'invalid-arguments', ARGUMENTS_UNCLOSED, brace, 1))
  else if (after !== -1) {
    const rest = skipSpaces(text, after, bodyEnd)
    if (rest < bodyEnd)
      problems.push(
        saidProblem(
          'warning',
          'text-between-calls',
          say('native.pythonic.fg.text-after-arguments', { text: short(text.slice(rest, bodyEnd).trim()) }),
          rest,
          bodyEnd - rest,
        ),
      )
  }
}

/** FunctionGemma's `<start_function_call>call:NAME{...}<end_function_call>`. */
export const functionGemmaFormat: NativeFormat = {
  id: 'functiongemma',
  label: 'FunctionGemma',
  family: FAMILY,
  models: ['FunctionGemma 270M'],
  openers: [FG_OPEN],
  delimited: true,
  pieces: [
    FG_OPEN,
    FG_CLOSE,
    ESCAPE,
    'call:',
    'get_weather',
    '{',
    '}',
    'city:',
    ':',
    ',',
    '25',
    'true',
    '[',
    ']',
    'Paris',
    '\n',
    ' ',
  ],
  example: example(renderFunctionGemma),
  serverFlags: { vllm: '--tool-call-parser functiongemma', llamaCpp: 'FunctionGemma (chosen from the chat template)' },
  notes:
    'One call per `<start_function_call>call:NAME{key:value,...}<end_function_call>`; strings are wrapped in `<escape>` tokens, other values written raw; nested dicts use bare keys.',
  claims: () => true,
  parse: readFunctionGemma,
  render: renderFunctionGemma,
}
