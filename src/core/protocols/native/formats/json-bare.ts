/**
 * Calls written as JSON with little or no markup of their own:
 *   llama3-json      {"name": "get_weather", "parameters": {"city": "Paris"}}; {...}   or <|python_tag|>{...}
 *   xlam             [{"name": "get_weather", "arguments": {"city": "Paris"}}, ...]
 *   phi4-mini        functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
 *   firefunction-v2   functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
 *   functionary-v31  <function=get_weather>{"city": "Paris"}</function>
 *   granite-20b-fc   <function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}
 * The bare forms (llama3-json without its tag, xlam) have no marker: a JSON object or list is a
 * call only by its shape, and without trust only when it names a tool the model was given.
 */
import type { FormatContext, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { readJsonArguments, skipSpace, trimSpan, spacedJson } from '../json-pieces'
import { firstKey, looksLikeCall, readCallList, readObjectCall, scanObject, stringAt, toFound } from './json-bare-read'
import { ResumeMark } from './resume'

type Finding = { calls: FoundCall[]; problems: FormatProblem[]; resumeAt?: number }

const FAMILY = 'JSON (bare)'
const PYTHON_TAG = '<|python_tag|>'
/** How far `claims` looks into an object for its name and arguments. */
const CLAIM_WINDOW = 2048

/** indexOf that keeps its last answer, so a scan that only moves forward stays linear. */
function finder(text: string, needle: string): (from: number) => number {
  let at = -2
  return (from) => {
    if (at === -1 || at >= from) return at
    at = text.indexOf(needle, from)
    return at
  }
}

/** The name of the call object at `brace`, read within a bounded window; with whether its arguments key was seen. */
function peekCall(text: string, brace: number): { name: string; complete: boolean } | null {
  const limit = Math.min(text.length, brace + CLAIM_WINDOW)
  const scan = scanObject(text, brace, limit)
  const nameKey = scan.keys.find((k) => k.key === 'name')
  const named = nameKey ? stringAt(text, nameKey.valueStart, limit) : null
  if (!named || named.value.trim() === '') return null
  return { name: named.value.trim(), complete: looksLikeCall(scan) }
}

/** The bare-object claim: a call-shaped object, and (without trust) a tool the model was given. */
function claimsObject(text: string, brace: number, context: FormatContext): boolean {
  const call = peekCall(text, brace)
  if (!call) return false
  // Arguments not seen in the window: only a stream that has just begun the object may still bring them.
  if (!call.complete && brace + CLAIM_WINDOW < text.length) return false
  return context.trusted || context.tools.has(call.name)
}

// ---- Llama 3 JSON --------------------------------------------------------------

const BARE_FIRST_KEYS = new Set(['name', 'type', 'function'])

/**
 * An object's braces may hold text that reads as another opener, so a stream is put aside only up
 * to the start of a line after the last call (`ResumeMark.atLineAfter`); so in the formats below.
 */
function parseLlama3(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const nextTag = finder(text, PYTHON_TAG)
  const nextBrace = finder(text, '{')
  const mark = new ResumeMark()
  let i = 0
  while (i < text.length) {
    const tag = nextTag(i)
    const brace = nextBrace(i)
    if (tag === -1 && brace === -1) break
    if (tag !== -1 && (brace === -1 || tag < brace)) {
      const at = skipSpace(text, tag + PYTHON_TAG.length)
      if (text[at] === '{' || text[at] === '[') {
        const first = calls.length
        const read = readTagged(text, tag, at, calls, problems)
        // The tag is a marker of its own: these calls need no other evidence.
        for (let n = first; n < calls.length; n++) (calls[n] as FoundCall).marked = true
        mark.block(calls.slice(first), read.end, read.settled)
        i = read.end
      } else i = tag + PYTHON_TAG.length
      continue
    }
    const key = firstKey(text, brace)
    if (key === null || !BARE_FIRST_KEYS.has(key)) {
      i = brace + 1
      continue
    }
    const scan = scanObject(text, brace)
    if (scan.end === -1) {
      // Cut off: a call if it already names its tool. Either way nothing after it can start a call of its own.
      const call = readObjectCall(text, brace, text.length, scan)
      if (call.name !== '') calls.push(toFound(call, brace, text.length, false))
      break
    }
    const found: FoundCall[] = []
    if (looksLikeCall(scan)) {
      const call = readObjectCall(text, brace, text.length, scan)
      found.push(toFound(call, brace, scan.end, true))
    }
    calls.push(...found)
    mark.block(found, scan.end, true)
    i = scan.end
  }
  return { calls, problems, ...mark.atLineAfter(text, [PYTHON_TAG, '{']) }
}

/**
 * `<|python_tag|>` then calls separated by `;` (or one list of them): where reading stopped, and
 * whether that is settled (a `;` may still come after the last call).
 */
function readTagged(
  text: string,
  tag: number,
  at: number,
  calls: FoundCall[],
  problems: FormatProblem[],
): { end: number; settled: boolean } {
  if (text[at] === '[') {
    const list = readCallList(text, at, tag, 'the call list')
    calls.push(...list.calls)
    problems.push(...list.problems)
    return list.end === -1 ? { end: text.length, settled: false } : { end: list.end, settled: true }
  }
  let from = at
  for (let first = true; ; first = false) {
    const call = readObjectCall(text, from, text.length)
    if (call.objectEnd === -1) {
      calls.push(toFound(call, first ? tag : from, text.length, false))
      return { end: text.length, settled: false }
    }
    calls.push(toFound(call, first ? tag : from, call.objectEnd, true))
    const semi = skipSpace(text, call.objectEnd)
    if (text[semi] !== ';') return { end: call.objectEnd, settled: semi < text.length }
    const next = skipSpace(text, semi + 1)
    if (text[next] !== '{') return { end: next, settled: next < text.length }
    from = next
  }
}

export const llama3JsonFormat: NativeFormat = {
  id: 'llama3-json',
  label: 'Llama 3 JSON',
  family: FAMILY,
  models: ['Llama 3.1 Instruct', 'Llama 3.2 Instruct', 'Llama 3.3 Instruct', 'Llama 4 (JSON tool calling)'],
  openers: [PYTHON_TAG, '{'],
  delimited: false,
  pieces: [
    PYTHON_TAG,
    '{',
    '}',
    '"name"',
    '"parameters"',
    '"arguments"',
    '"type": "function"',
    ': ',
    ', ',
    '"get_weather"',
    '{"city": "Paris"}',
    '; ',
    ';',
    '"',
    '\\',
    '[',
    ']',
    '\n',
    ' ',
    '<|eom_id|>',
  ],
  example: renderLlama3({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser llama3_json (llama4_json for Llama 4)',
    sglang: '--tool-call-parser llama3',
    llamaCpp: 'Llama 3.x: detected from the chat template (--jinja)',
  },
  notes:
    'A call is a bare JSON object `{"name", "parameters"}` (or "arguments") anywhere in the reply, several separated by `;`; `<|python_tag|>` may come first. A bare object is a call by its shape, so without a model hint only calls of tools you give count.',
  claims(text, at, opener, context) {
    if (opener === PYTHON_TAG) {
      const after = at + PYTHON_TAG.length
      return text[skipSpace(text, after, after + 64)] === '{'
    }
    const key = firstKey(text, at)
    return key !== null && BARE_FIRST_KEYS.has(key) && claimsObject(text, at, context)
  },
  parse: (text) => parseLlama3(text),
  render: renderLlama3,
}

function renderLlama3(call: RenderableCall): string {
  return spacedJson({ name: call.toolName, parameters: call.arguments })
}

// ---- xLAM ----------------------------------------------------------------------

/** `[` then `{"name"`: the start of a call list (the bounded look every `[` gets). */
function listOfCallsAt(text: string, open: number): number {
  const brace = skipSpace(text, open + 1, open + 33)
  return text[brace] === '{' && firstKey(text, brace) === 'name' ? brace : -1
}

function parseXlam(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const nextBracket = finder(text, '[')
  const mark = new ResumeMark()
  let i = 0
  for (let open = nextBracket(i); open !== -1; open = nextBracket(i)) {
    if (listOfCallsAt(text, open) === -1) {
      i = open + 1
      continue
    }
    const list = readCallList(text, open, open, 'the call list')
    calls.push(...list.calls)
    problems.push(...list.problems)
    mark.block(list.calls, list.end, list.end !== -1)
    if (list.end === -1) break
    i = list.end
  }
  return { calls, problems, ...mark.atLineAfter(text, ['[']) }
}

export const xlamFormat: NativeFormat = {
  id: 'xlam',
  label: 'xLAM',
  family: FAMILY,
  models: ['Llama-xLAM-2-8B-fc-r', 'Llama-xLAM-2-70B-fc-r', 'xLAM-2-1B/3B/32B-fc-r'],
  openers: ['['],
  delimited: false,
  pieces: [
    '[',
    ']',
    '{',
    '}',
    '"name"',
    '"arguments"',
    ': ',
    ', ',
    '"get_weather"',
    '{"city": "Paris"}',
    '```json\n',
    '\n```',
    '<think>',
    '</think>',
    '"',
    '\\',
    '\n',
    ' ',
  ],
  example: renderXlam({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser xlam' },
  notes:
    'The reply is a bare JSON list of `{"name", "arguments"}`, sometimes inside a ```json fence or after </think>. With no marker, without a model hint only calls of tools you give count.',
  claims(text, at, _opener, context) {
    const brace = listOfCallsAt(text, at)
    return brace !== -1 && claimsObject(text, brace, context)
  },
  parse: (text) => parseXlam(text),
  render: renderXlam,
}

function renderXlam(call: RenderableCall): string {
  return spacedJson([{ name: call.toolName, arguments: call.arguments }])
}

// ---- functools[...] (Phi-4-mini, FireFunction v2) ------------------------------

const FUNCTOOLS = 'functools['

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
    const list = readCallList(text, open, at, 'the functools list')
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

// ---- Functionary v3.1 -------------------------------------------------------------

const FUNCTION_OPEN = '<function='
const FUNCTION_CLOSE = '</function>'
const NAME_WINDOW = 256
const PYTHON_END = ['<|eom_id|>', '<|eot_id|>']

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
        message: 'the text ends inside `<function=NAME>` before its `>`.',
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
      const where = following === -1 ? 'it runs to the end of the text' : 'it runs to the next <function=...>'
      callProblems.push({
        severity: 'warning',
        code: 'unclosed-call',
        message: `<function=${name}> is never closed with </function>; ${where}.`,
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
        for (const p of call.problems)
          if (p.code === 'invalid-json')
            p.message = 'the call cannot be read: its JSON object is not closed before the next <function_call>.'
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
            message: 'text between a call and the next <function_call> was ignored.',
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
            message: 'the text ends right after <function_call>.',
            offset: at,
            length: FUNCTION_CALL.length,
          },
        ]
      : [
          {
            severity: 'error',
            code: 'missing-tool-name',
            message: '<function_call> is followed by no JSON object naming the tool.',
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
        message: `<function_call> must be followed by one JSON object {"name": ..., "arguments": {...}}; found ${found}.`,
        offset: s,
        length: 1,
      },
    ],
  }
}

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

export const jsonBareFormats: NativeFormat[] = [
  llama3JsonFormat,
  xlamFormat,
  phi4MiniFormat,
  firefunctionV2Format,
  functionaryV31Format,
  granite20bFcFormat,
]
