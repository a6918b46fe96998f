/**
 * Bare JSON calls after a marker of their own that has no closer; the JSON's own end closes them:
 *   phi4-mini        functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
 *   firefunction-v2   functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
 *   granite-20b-fc   <function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}
 */
import type { FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { skipSpace, spacedJson, trimSpan } from '../json-pieces'
import { readCallList, readObjectCall, toFound } from './json-bare-read'
import { FAMILY, finder, type Finding } from './json-bare-shared'
import { ResumeMark } from './resume'
import { ref, say } from '../../../messages/say'

// ---- functools[...] (Phi-4-mini, FireFunction v2) ------------------------------

const FUNCTOOLS = 'functools['
const FUNCTOOLS_LIST = ref('native.json.what.list', { name: 'functools' })

function parseFunctools(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const mark = new ResumeMark()
  let i = 0
  for (let at = text.indexOf(FUNCTOOLS, i); at !== -1; at = text.indexOf(FUNCTOOLS, i)) {
    const open = at + FUNCTOOLS.length - 1
    const first = skipSpace(text, open + 1)
    // `functools[0]` in code is no call list.
    if (first < text.length && text[first] !== '{' && text[first] !== ']') {
      i = open + 1
      continue
    }
    const list = readCallList(text, open, at, FUNCTOOLS_LIST)
    calls.push(...list.calls)
    problems.push(...list.problems)
    mark.block(list.calls, list.end, list.end !== -1)
    if (list.end === -1) break
    i = list.end
  }
  return { calls, problems, ...mark.atLineAfter(text, [FUNCTOOLS]) }
}

const functoolsPieces = [
  FUNCTOOLS,
  ' functools[',
  ']',
  '{',
  '}',
  '"name"',
  '"arguments"',
  ': ',
  ', ',
  '"get_weather"',
  '{"city": "Paris"}',
  '"',
  '\\',
  '\n',
  ' ',
]

/** Phi-4-mini's `functools[...]` call list. */
export const phi4MiniFormat: NativeFormat = {
  id: 'phi4-mini',
  label: 'Phi-4-mini',
  family: FAMILY,
  models: ['Phi-4-mini-instruct'],
  openers: [FUNCTOOLS],
  delimited: true,
  pieces: functoolsPieces,
  example: renderPhi4({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser phi4_mini_json' },
  notes:
    '`functools` then one JSON list of `{"name", "arguments"}`; there is no closing marker, the list ends at its `]`.',
  claims(text, at) {
    const after = at + FUNCTOOLS.length
    const next = skipSpace(text, after, after + 64)
    return next >= text.length || text[next] === '{'
  },
  parse: (text) => parseFunctools(text),
  render: renderPhi4,
}

function renderPhi4(call: RenderableCall): string {
  return `functools${spacedJson([{ name: call.toolName, arguments: call.arguments }])}`
}

/** FireFunction v2's ` functools[...]` call list (Phi-4-mini's grammar). */
export const firefunctionV2Format: NativeFormat = {
  id: 'firefunction-v2',
  label: 'FireFunction v2',
  family: FAMILY,
  models: ['FireFunction v2 (llama-3-firefunction-v2)'],
  openers: [FUNCTOOLS],
  delimited: true,
  pieces: functoolsPieces,
  example: renderFirefunction({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { llamaCpp: 'FireFunction v2: detected from the chat template (--jinja)' },
  notes:
    'The token ` functools[` (with its space) opens one JSON list of `{"name", "arguments"}`; the grammar is Phi-4-mini\'s, so auto reads it as Phi-4-mini.',
  // Same grammar as Phi-4-mini, which claims `functools[` for auto.
  claims: () => false,
  parse: (text) => parseFunctools(text),
  render: renderFirefunction,
}

function renderFirefunction(call: RenderableCall): string {
  return ` functools${spacedJson([{ name: call.toolName, arguments: call.arguments }])}`
}

// ---- Granite 20B FunctionCalling -------------------------------------------------

const FUNCTION_CALL = '<function_call>'

/**
 * Each call's region runs to the next `<function_call>`, so a stream may put aside everything
 * before the last one once the calls before it are closed.
 */
function parseGranite20b(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const nextTag = finder(text, FUNCTION_CALL)
  const mark = new ResumeMark()
  for (let at = nextTag(0); at !== -1; ) {
    const next = nextTag(at + FUNCTION_CALL.length)
    const regionEnd = next === -1 ? text.length : next
    const body = skipSpace(text, at + FUNCTION_CALL.length, regionEnd)
    if (text[body] !== '{' || body >= regionEnd) {
      calls.push(notACall(text, at, body, regionEnd, next === -1))
    } else {
      const call = readObjectCall(text, body, regionEnd)
      if (call.objectEnd === -1 && next !== -1) {
        const cutByNext = say('native.json.object-cut-by-next-call')
        call.problems = call.problems.map((p) =>
          p.code === 'invalid-json'
            ? { severity: p.severity, code: p.code, ...cutByNext, offset: p.offset, length: p.length }
            : p,
        )
        const cut = call.problems.findIndex((p) => p.code === 'unclosed-call')
        if (cut !== -1) call.problems.splice(cut, 1)
      }
      const end = call.objectEnd === -1 ? trimSpan(text, body, regionEnd)[1] : call.objectEnd
      calls.push(toFound(call, at, end, call.objectEnd !== -1))
      if (call.objectEnd !== -1 && next !== -1) {
        const [s, e] = trimSpan(text, call.objectEnd, regionEnd)
        if (e > s)
          problems.push({
            severity: 'warning',
            code: 'text-between-calls',
            ...say('native.json.text-before-next-call'),
            offset: s,
            length: e - s,
          })
      }
    }
    mark.block(calls.slice(-1), regionEnd, next !== -1)
    at = next
  }
  return { calls, problems, ...mark.atEnd() }
}

/** `<function_call>` followed by something other than one JSON object. */
function notACall(text: string, at: number, body: number, regionEnd: number, last: boolean): FoundCall {
  const [s, e] = trimSpan(text, body, regionEnd)
  if (s === e) {
    const problems: FormatProblem[] = last
      ? [
          {
            severity: 'warning',
            code: 'unclosed-call',
            ...say('native.json.ends-after-function-call'),
            offset: at,
            length: FUNCTION_CALL.length,
          },
        ]
      : [
          {
            severity: 'error',
            code: 'missing-tool-name',
            ...say('native.json.function-call-without-object'),
            offset: at,
            length: FUNCTION_CALL.length,
          },
        ]
    return { name: '', arguments: null, start: at, end: at + FUNCTION_CALL.length, closed: !last, problems }
  }
  const found = JSON.stringify(text.slice(s, Math.min(e, s + 12)))
  return {
    name: '',
    arguments: null,
    start: at,
    end: e,
    closed: !last,
    problems: [
      {
        severity: 'error',
        code: 'invalid-call',
        ...say('native.json.function-call-not-object', { found }),
        offset: s,
        length: 1,
      },
    ],
  }
}

/** Granite 20B FunctionCalling's `<function_call> {...}` per call. */
export const granite20bFcFormat: NativeFormat = {
  id: 'granite-20b-fc',
  label: 'Granite 20B FC',
  family: FAMILY,
  models: ['granite-20b-functioncalling'],
  openers: [FUNCTION_CALL],
  delimited: true,
  pieces: [
    FUNCTION_CALL,
    ' ',
    '{',
    '}',
    '"name"',
    '"arguments"',
    ': ',
    ', ',
    '"get_weather"',
    '{"city": "Paris"}',
    '"',
    '\\',
    '[',
    ']',
    '\n',
  ],
  example: renderGranite20b({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser granite-20b-fc' },
  notes:
    'Each call is `<function_call>` then one JSON object `{"name", "arguments"}`; there is no closing tag, the object ends at its `}`.',
  claims(text, at) {
    const after = at + FUNCTION_CALL.length
    const next = skipSpace(text, after, after + 64)
    return next >= text.length || text[next] === '{'
  },
  parse: (text) => parseGranite20b(text),
  render: renderGranite20b,
}

function renderGranite20b(call: RenderableCall): string {
  return `${FUNCTION_CALL} ${spacedJson({ name: call.toolName, arguments: call.arguments })}`
}
