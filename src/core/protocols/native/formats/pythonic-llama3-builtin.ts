/**
 * Llama 3.1's built-in tools: `<|python_tag|>brave_search.call(query="...")` ended by `<|eom_id|>`;
 * plain code after the tag is a call of the code interpreter.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { say } from '../../../messages/say'
import { readCallList } from './pythonic-call-list'
import { example, FAMILY, markerFinder, place, WINDOW } from './pythonic-blocks'
import { readKeywordArguments, readPythonCall, resolveName } from './pythonic-reader'
import { closerOf, nameEnd, short, skipSpaces } from './pythonic-text'
import { pythonCall } from './pythonic-write'
import { ResumeMark } from './resume'
import { saidProblem } from './said-problem'

/** Findings that read the same wherever they are found, made once and shared (a text may hold many). */
const CODE_UNENDED = say('native.pythonic.llama3.code-unended')

const PY_TAG = '<|python_tag|>'
const END_TOKENS = ['<|eom_id|>', '<|eot_id|>']

function renderBuiltin(call: RenderableCall): string {
  return `${PY_TAG}${pythonCall(`${call.toolName}.call`, call.arguments)}<|eom_id|>`
}

/** The first end token (or next tag) at or after `from`: its offset and length, or the end of the text. */
function endToken(find: (marker: string, from: number) => number, text: string, from: number): [number, number] {
  let best = text.length
  let length = 0
  for (const token of [...END_TOKENS, PY_TAG]) {
    const at = find(token, from)
    if (at !== -1 && at < best) {
      best = at
      length = token === PY_TAG ? 0 : token.length
    }
  }
  return [best, length]
}

function readBuiltin(text: string, context: FormatContext): FormatFinding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const find = markerFinder(text)
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const tag = find(PY_TAG, from)
    if (tag === -1) break
    const bodyStart = tag + PY_TAG.length
    const i = skipSpaces(text, bodyStart, text.length)
    from = bodyStart
    if (i >= text.length || text.charCodeAt(i) === 0x7b) continue // JSON after the tag is Llama 3 JSON's.
    if (text.charCodeAt(i) === 0x5b) {
      const list = readCallList(text, i, text.length, context)
      problems.push(...list.problems)
      const before = calls.length
      place(list.calls, { start: tag, end: list.end, closed: list.closed }, calls)
      mark.block(calls.slice(before), list.end, list.closed)
      from = list.end
      continue
    }
    const e = nameEnd(text, i, text.length)
    const paren = skipSpaces(text, e, text.length)
    const written = text.slice(i, e)
    const isCall = e > i && text.charCodeAt(paren) === 0x28
    let settled: boolean
    if (isCall && written.endsWith('.call') && written.length > 5) {
      calls.push(readBuiltinCall(text, tag, i, e - '.call'.length, paren, context))
      settled = (calls[calls.length - 1] as FoundCall).closed
    } else if (isCall && context.tools.has(resolveName(written, context))) {
      const reading = readPythonCall(text, i, text.length, context) as NonNullable<ReturnType<typeof readPythonCall>>
      calls.push({ ...reading.call, start: tag, end: withEndToken(text, reading.end) })
      // An end token may still follow and lengthen the call.
      settled = reading.call.closed && endTokenDecided(text, reading.end)
    } else {
      calls.push(readRawCode(text, tag, bodyStart, context, find))
      settled = (calls[calls.length - 1] as FoundCall).closed
    }
    const call = calls[calls.length - 1] as FoundCall
    mark.block([call], call.end, settled)
    from = call.end
  }
  return { calls, problems, ...mark.atLineAfter(text, [PY_TAG]) }
}

/** The call's end, taking an end token that follows it at once. */
function withEndToken(text: string, end: number): number {
  const i = skipSpaces(text, end, Math.min(text.length, end + 8))
  for (const token of END_TOKENS) if (text.startsWith(token, i)) return i + token.length
  return end
}

/** Whether the text after a call's `)` already tells if an end token follows (a stream may be cut inside it). */
function endTokenDecided(text: string, end: number): boolean {
  const i = skipSpaces(text, end, Math.min(text.length, end + 8))
  if (i >= text.length) return i >= end + 8
  const rest = text.slice(i, i + 10)
  return !END_TOKENS.some((token) => token.startsWith(rest) && rest.length < token.length)
}

function readBuiltinCall(
  text: string,
  tag: number,
  nameStart: number,
  nameStop: number,
  paren: number,
  context: FormatContext,
): FoundCall {
  const name = resolveName(text.slice(nameStart, nameStop), context)
  const problems: FormatProblem[] = []
  const close = closerOf(text, paren, text.length)
  const closed = close !== -1
  const args = readKeywordArguments(
    text,
    paren + 1,
    closed ? close - 1 : text.length,
    !closed,
    name,
    context,
    {},
    problems,
  )
  if (!closed)
    problems.push(
      saidProblem(
        'warning',
        'unclosed-call',
        say('native.pythonic.call-unclosed-to-end', { call: `${short(name)}.call(`, closer: ')' }),
        nameStart,
        paren + 1 - nameStart,
      ),
    )
  return {
    name,
    nameEnd: nameStop,
    arguments: args,
    start: tag,
    end: closed ? withEndToken(text, close) : text.length,
    closed: closed && endTokenDecided(text, close),
    problems,
  }
}

/** Code after the tag is a call of the code interpreter, up to `<|eom_id|>`. */
function readRawCode(
  text: string,
  tag: number,
  bodyStart: number,
  context: FormatContext,
  find: (marker: string, from: number) => number,
): FoundCall {
  const [stop, length] = endToken(find, text, bodyStart)
  const closed = length > 0
  const name = context.tools.has('code_interpreter') || !context.tools.has('python') ? 'code_interpreter' : 'python'
  const problems: FormatProblem[] = []
  if (!closed) problems.push(saidProblem('warning', 'unclosed-call', CODE_UNENDED, tag, PY_TAG.length))
  return {
    name,
    nameEnd: bodyStart,
    arguments: { code: text.slice(bodyStart, stop).trim() },
    start: tag,
    end: stop + length,
    closed,
    problems,
  }
}

/** Llama 3.1's built-in tool calls and code after `<|python_tag|>`. */
export const llama3BuiltinFormat: NativeFormat = {
  id: 'llama3-builtin',
  label: 'Llama 3.1 built-in',
  family: FAMILY,
  models: ['Llama 3.1', 'Llama 3.3'],
  openers: [PY_TAG],
  delimited: true,
  pieces: [
    PY_TAG,
    ...END_TOKENS,
    'brave_search.call',
    'wolfram_alpha.call',
    '.call',
    'query=',
    '"weather in Paris"',
    '(',
    ')',
    ', ',
    '=',
    '"',
    "'",
    'import math\n',
    'print(1)',
    '\n',
    ' ',
  ],
  example: example(renderBuiltin),
  serverFlags: { llamaCpp: 'Llama 3.x with built-in tools (chosen from the chat template)' },
  notes:
    'A built-in tool is called as `<|python_tag|>brave_search.call(query="...")` and the turn ends with `<|eom_id|>`; plain code after the tag is a call of `code_interpreter` with `{code}`. JSON after the tag is Llama 3 JSON (`llama3-json`).',
  claims(text, at, opener) {
    const i = skipSpaces(text, at + opener.length, Math.min(text.length, at + opener.length + WINDOW))
    return i < text.length && nameEnd(text, i, text.length) > i
  },
  parse: readBuiltin,
  render: renderBuiltin,
}
