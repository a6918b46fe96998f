/**
 * Functionary v3.1: `<function=NAME>{...json arguments...}</function>` per call, and
 * `<|python_tag|>` then raw code for its built-in `python` tool.
 */
import type { FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { readJsonArguments, skipSpace, spacedJson, trimSpan } from '../json-pieces'
import { FAMILY, finder, PYTHON_TAG, type Finding } from './json-bare-shared'
import { ResumeMark } from './resume'
import { TO_TEXT_END, toNext } from './runs-to'
import { say } from '../../../messages/say'

const FUNCTION_OPEN = '<function='
const FUNCTION_CLOSE = '</function>'
const NAME_WINDOW = 256
const PYTHON_END = ['<|eom_id|>', '<|eot_id|>']
const TO_NEXT_FUNCTION = toNext('<function=...>')

/** The `>` that ends the name after `<function=`; -1 when the name is cut by the end of the text, -2 when this is no name. */
function nameEndAt(text: string, from: number): number {
  const limit = Math.min(text.length, from + NAME_WINDOW)
  for (let k = from; k < limit; k++) {
    const c = text[k]
    if (c === '>') return k
    if (c === '<' || c === '\n' || c === '"' || c === '{') return -2
  }
  return limit === text.length ? -1 : -2
}

/**
 * A call ends at its `</function>` or at the next `<function=`, so none lies inside one: a stream
 * may put aside everything up to the end of the last closed call. Only the first `<|python_tag|>`
 * of the text counts, so not past it.
 */
function parseFunctionary(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const nextOpen = finder(text, FUNCTION_OPEN)
  const nextClose = finder(text, FUNCTION_CLOSE)
  const tag = text.indexOf(PYTHON_TAG)
  const mark = new ResumeMark()
  let i = 0
  for (;;) {
    const open = nextOpen(i)
    if (tag !== -1 && tag >= i && (open === -1 || tag < open)) {
      calls.push(pythonCall(text, tag))
      break
    }
    if (open === -1) break
    const nameStart = open + FUNCTION_OPEN.length
    const gt = nameEndAt(text, nameStart)
    if (gt === -1) {
      problems.push({
        severity: 'warning',
        code: 'unclosed-call',
        ...say('native.json.function-name-cut'),
        offset: open,
        length: text.length - open,
      })
      break
    }
    const [ns, ne] = gt === -2 ? [0, 0] : trimSpan(text, nameStart, gt)
    if (ne === ns) {
      i = nameStart
      continue
    }
    const bodyStart = gt + 1
    // `<function=NAME><parameter=...>` is Qwen3-Coder's, not this format.
    if (text.startsWith('<parameter=', skipSpace(text, bodyStart))) {
      i = bodyStart
      continue
    }
    const close = nextClose(bodyStart)
    const following = nextOpen(bodyStart)
    const closed = close !== -1 && (following === -1 || close < following)
    const bodyEnd = closed ? close : following === -1 ? text.length : following
    const end = closed ? close + FUNCTION_CLOSE.length : trimSpan(text, bodyStart, bodyEnd)[1]
    const name = text.slice(ns, ne)
    const read = readJsonArguments(text, bodyStart, bodyEnd)
    const callProblems: FormatProblem[] = []
    if (!closed) {
      const runs = following === -1 ? TO_TEXT_END : TO_NEXT_FUNCTION
      callProblems.push({
        severity: 'warning',
        code: 'unclosed-call',
        ...say('native.json.function-unclosed', { name, runs }),
        offset: open,
        length: bodyStart - open,
      })
    }
    callProblems.push(...read.problems)
    const call: FoundCall = {
      name,
      nameEnd: ne,
      arguments: read.value,
      argumentsSpan: { start: bodyStart, end: bodyEnd },
      start: open,
      end: Math.max(end, bodyStart),
      closed,
      problems: callProblems,
    }
    calls.push(call)
    mark.block([call], call.end, closed)
    i = Math.max(end, bodyStart)
  }
  if (tag !== -1 && tag < mark.at) return { calls, problems }
  return { calls, problems, ...mark.atEnd() }
}

/** `<|python_tag|>` then raw code: Functionary's call of its built-in `python` tool. */
function pythonCall(text: string, tag: number): FoundCall {
  const from = tag + PYTHON_TAG.length
  let stop = -1
  let marker = ''
  for (const m of PYTHON_END) {
    const at = text.indexOf(m, from)
    if (at !== -1 && (stop === -1 || at < stop)) {
      stop = at
      marker = m
    }
  }
  const codeEnd = stop === -1 ? text.length : stop
  const [s, e] = trimSpan(text, from, codeEnd)
  // No end marker is written before the end of the reply, so a missing one is no slip.
  return {
    name: 'python',
    nameEnd: from,
    arguments: { code: text.slice(s, e) },
    start: tag,
    end: stop === -1 ? text.length : stop + marker.length,
    closed: stop !== -1,
    problems: [],
  }
}

/** Functionary v3.1's `<function=NAME>{...}</function>` and `<|python_tag|>` code. */
export const functionaryV31Format: NativeFormat = {
  id: 'functionary-v31',
  label: 'Functionary v3.1',
  family: FAMILY,
  models: ['functionary-small-v3.1', 'functionary-medium-v3.1'],
  openers: [FUNCTION_OPEN, PYTHON_TAG],
  delimited: true,
  pieces: [
    FUNCTION_OPEN,
    '>',
    FUNCTION_CLOSE,
    'get_weather',
    'python',
    '{"city": "Paris"}',
    '{',
    '}',
    '"',
    '\\',
    PYTHON_TAG,
    '<|eom_id|>',
    '\n',
    ' ',
  ],
  example: renderFunctionary({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { llamaCpp: 'Functionary v3.1 (Llama 3.1): detected from the chat template (--jinja)' },
  notes:
    'Each call is `<function=NAME>` then the arguments as one JSON object, then `</function>`. `<|python_tag|>` then raw code is a call of the built-in `python` tool, its code as `code`.',
  claims(text, at, opener) {
    if (opener !== FUNCTION_OPEN) return false
    const gt = nameEndAt(text, at + FUNCTION_OPEN.length)
    return gt >= 0 && text[skipSpace(text, gt + 1, gt + 65)] === '{'
  },
  parse: (text) => parseFunctionary(text),
  render: renderFunctionary,
}

function renderFunctionary(call: RenderableCall): string {
  return `<function=${call.toolName}>${spacedJson(call.arguments)}</function>`
}
