/**
 * Formats whose calls are Python: `[get_weather(city='Paris'), get_time()]` bare (Llama 3.2,
 * Llama 4, ToolACE) or inside a model's own markers (Llama 4's `<|python_start|>`, OLMo 3's
 * `<function_calls>`, LFM2's `<|tool_call_start|>`, Gemma's ```tool_code fences), plus two cousins:
 * FunctionGemma's `call:NAME{key:<escape>text<escape>}` and Llama 3.1's built-in
 * `<|python_tag|>brave_search.call(query="...")`. The reading itself is in `pythonic-reader.ts`.
 */
import { markerFinders } from '../marker-search'
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { readJsonCalls } from '../json-pieces'
import {
  closerOf,
  isSpace,
  nameEnd,
  pythonCall,
  readCallBlock,
  readCallList,
  readKeywordArguments,
  readPythonCall,
  resolveName,
  short,
  skipSpaces,
  type CallOptions,
  type LiteralOptions,
} from './pythonic-reader'
import { ResumeMark } from './resume'

const FAMILY = 'Pythonic'
const WINDOW = 256

// ---- shared -------------------------------------------------------------------

/** A marker search that remembers its places (see marker-search.ts). */
function markerFinder(text: string): (marker: string, from: number) => number {
  const finder = markerFinders(text)
  return (marker, from) => finder(marker).next(from)
}

/** Whether only spaces or tabs stand between the start of the line and `at`. */
function atLineStart(text: string, at: number): boolean {
  let i = at - 1
  while (i >= 0) {
    const c = text.charCodeAt(i)
    if (c === 0x0a) return true
    if (c !== 0x20 && c !== 0x09) return false
    i--
  }
  return true
}

/** The call name that follows `[` at `at` (spaces allowed), if `name(` follows within a short look. */
function listCallName(text: string, at: number, context: FormatContext): string | null {
  const limit = Math.min(text.length, at + WINDOW)
  const s = skipSpaces(text, at + 1, limit)
  const e = nameEnd(text, s, limit)
  if (e === s) return null
  const paren = skipSpaces(text, e, limit)
  if (paren >= limit || text.charCodeAt(paren) !== 0x28) return null
  return resolveName(text.slice(s, e), context)
}

/**
 * Calls of one block `[start, end)` placed in the finding: a block that holds one call gives it the
 * whole block as its span (closed only when the block's end was seen); several keep their own.
 */
function place(calls: FoundCall[], block: { start: number; end: number; closed: boolean }, out: FoundCall[]): void {
  if (calls.length === 1) {
    const call = calls[0] as FoundCall
    out.push({ ...call, start: block.start, end: block.end, closed: block.closed && call.closed })
  } else out.push(...calls)
}

/** Bare lists `[name(...), ...]` that open a line, in text[from, to). */
function readBareLists(
  text: string,
  from: number,
  to: number,
  context: FormatContext,
  calls: FoundCall[],
  problems: FormatProblem[],
  mark?: ResumeMark,
): void {
  let at = text.indexOf('[', from)
  while (at !== -1 && at < to) {
    if (!atLineStart(text, at) || listCallName(text, at, context) === null) {
      at = text.indexOf('[', at + 1)
      continue
    }
    const list = readCallList(text, at, to, context)
    problems.push(...list.problems)
    if (!list.closed)
      problems.push({
        severity: 'warning',
        code: 'unclosed-list',
        message: 'the call list is never closed with `]`; it runs to the end of the text.',
        offset: at,
        length: 1,
      })
    const before = calls.length
    place(list.calls, { start: at, end: list.end, closed: list.closed }, calls)
    mark?.block(calls.slice(before), list.end, list.closed)
    at = list.end >= to ? -1 : text.indexOf('[', list.end)
  }
}

interface TagOptions {
  open: string
  close: string
  /** Reads the calls of one block's body. */
  body: (
    text: string,
    start: number,
    end: number,
    context: FormatContext,
  ) => { calls: FoundCall[]; problems: FormatProblem[] }
  /** Reads text between blocks (Llama 4 without its markers). */
  between?: (
    text: string,
    from: number,
    to: number,
    context: FormatContext,
    calls: FoundCall[],
    problems: FormatProblem[],
    mark?: ResumeMark,
  ) => void
  /** The openers a stream looks for: the block's, and the bare list's `[` when `between` reads them. */
  openers: readonly string[]
}

/**
 * Every `open ... close` block; a block left open runs to the end of the text. A block's calls may
 * hold text that reads as an opener, and bare lists are known by the start of their line, so a
 * stream is put aside only up to the start of a line after the last closed block
 * (`ResumeMark.atLineAfter`); so in the other readers below.
 */
function readTagged(text: string, context: FormatContext, options: TagOptions): FormatFinding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const open = text.indexOf(options.open, from)
    options.between?.(text, from, open === -1 ? text.length : open, context, calls, problems, mark)
    if (open === -1) break
    const bodyStart = open + options.open.length
    const close = text.indexOf(options.close, bodyStart)
    const bodyEnd = close === -1 ? text.length : close
    const end = close === -1 ? text.length : close + options.close.length
    if (close === -1)
      problems.push({
        severity: 'warning',
        code: 'unclosed-section',
        message: `${options.open} is never closed with ${options.close}; it runs to the end of the text.`,
        offset: open,
        length: options.open.length,
      })
    const read = options.body(text, bodyStart, bodyEnd, context)
    problems.push(...read.problems)
    if (read.calls.length === 0 && read.problems.length === 0) {
      const [s, e] = [skipSpaces(text, bodyStart, bodyEnd), bodyEnd]
      if (s >= e && close !== -1)
        problems.push({
          severity: 'info',
          code: 'empty-call-list',
          message: `${options.open} holds no calls.`,
          offset: open,
          length: end - open,
        })
    }
    const before = calls.length
    place(read.calls, { start: open, end, closed: close !== -1 }, calls)
    mark.block(calls.slice(before), end, close !== -1)
    from = end
  }
  return { calls, problems, ...mark.atLineAfter(text, options.openers) }
}

function pythonicBody(options: CallOptions = {}) {
  return (text: string, start: number, end: number, context: FormatContext) =>
    readCallBlock(text, start, end, context, options)
}

function example(render: (call: RenderableCall) => string): string {
  return render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } })
}

const VALUE_PIECES = [
  'get_weather',
  'city=',
  "'Paris'",
  '"Paris"',
  'days=3',
  'True',
  'None',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  ', ',
  '=',
  "'",
  '"',
  '\\',
  '"""',
  '\n',
  ' ',
]

// ---- pythonic (bare) ----------------------------------------------------------------

function renderPythonic(call: RenderableCall): string {
  return `[${pythonCall(call.toolName, call.arguments)}]`
}

export const pythonicFormat: NativeFormat = {
  id: 'pythonic',
  label: 'Pythonic',
  family: FAMILY,
  models: ['Llama 3.2', 'Llama 3.3 (pythonic prompt)', 'Llama 4 (without its markers)', 'ToolACE'],
  openers: ['['],
  delimited: false,
  pieces: VALUE_PIECES,
  example: example(renderPythonic),
  serverFlags: { vllm: '--tool-call-parser pythonic', sglang: '--tool-call-parser pythonic' },
  notes:
    'A Python list of keyword-argument calls that opens a line: `[get_weather(city="Paris"), get_time()]`. Values are Python literals (True/False/None; JSON\'s true/false/null are read too); a nested call or a bare name is an error.',
  claims(text, at, _opener, context) {
    if (!atLineStart(text, at)) return false
    const name = listCallName(text, at, context)
    return name !== null && (context.trusted || context.tools.has(name))
  },
  parse(text, context) {
    const calls: FoundCall[] = []
    const problems: FormatProblem[] = []
    const mark = new ResumeMark()
    readBareLists(text, 0, text.length, context, calls, problems, mark)
    return { calls, problems, ...mark.atLineAfter(text, ['[']) }
  },
  render: renderPythonic,
}

// ---- Llama 4 ------------------------------------------------------------------------

const PY_START = '<|python_start|>'
const PY_END = '<|python_end|>'

function renderLlama4(call: RenderableCall): string {
  return `${PY_START}[${pythonCall(call.toolName, call.arguments)}]${PY_END}`
}

export const llama4PythonicFormat: NativeFormat = {
  id: 'llama4-pythonic',
  label: 'Llama 4',
  family: FAMILY,
  models: ['Llama 4 Scout', 'Llama 4 Maverick'],
  // `[` opens the bare list, read only when the format is chosen (auto never claims it).
  openers: [PY_START, '['],
  delimited: true,
  pieces: [PY_START, PY_END, ...VALUE_PIECES],
  example: example(renderLlama4),
  serverFlags: { vllm: '--tool-call-parser llama4_pythonic', sglang: '--tool-call-parser pythonic' },
  notes:
    'A pythonic call list, often inside `<|python_start|>...<|python_end|>`. Llama 4 also writes the bare list: chosen by id or model hint, a list that opens a line is read too.',
  claims(text, at, opener) {
    if (opener !== PY_START) return false
    const i = skipSpaces(text, at + opener.length, Math.min(text.length, at + opener.length + WINDOW))
    return i >= text.length || text.charCodeAt(i) === 0x5b || nameEnd(text, i, text.length) > i
  },
  parse(text, context) {
    return readTagged(text, context, {
      open: PY_START,
      close: PY_END,
      body: pythonicBody(),
      between: context.trusted ? readBareLists : undefined,
      openers: context.trusted ? [PY_START, '['] : [PY_START],
    })
  },
  render: renderLlama4,
}

// ---- OLMo 3 -------------------------------------------------------------------------

const FC_OPEN = '<function_calls>'
const FC_CLOSE = '</function_calls>'

function renderOlmo3(call: RenderableCall): string {
  return `${FC_OPEN}\n${pythonCall(call.toolName, call.arguments)}\n${FC_CLOSE}`
}

export const olmo3Format: NativeFormat = {
  id: 'olmo3',
  label: 'OLMo 3',
  family: FAMILY,
  models: ['OLMo 3 Instruct', 'OLMo 3 Think'],
  openers: [FC_OPEN],
  delimited: true,
  pieces: [FC_OPEN, FC_CLOSE, 'true', 'null', ...VALUE_PIECES],
  example: example(renderOlmo3),
  serverFlags: { vllm: '--tool-call-parser olmo3' },
  notes:
    "Calls one per line inside `<function_calls>...</function_calls>`, without list brackets (a list is read too); values may be written with JSON's true/false/null.",
  claims(text, at, opener) {
    const limit = Math.min(text.length, at + opener.length + WINDOW)
    const i = skipSpaces(text, at + opener.length, limit)
    if (i >= text.length) return true
    if (text.charCodeAt(i) === 0x5b) return true
    const e = nameEnd(text, i, limit)
    return e > i && text.charCodeAt(skipSpaces(text, e, limit)) === 0x28
  },
  parse: (text, context) =>
    readTagged(text, context, { open: FC_OPEN, close: FC_CLOSE, body: pythonicBody(), openers: [FC_OPEN] }),
  render: renderOlmo3,
}

// ---- LFM2 ---------------------------------------------------------------------------

const LFM_OPEN = '<|tool_call_start|>'
const LFM_CLOSE = '<|tool_call_end|>'

function renderLfm2(call: RenderableCall): string {
  return `${LFM_OPEN}[${pythonCall(call.toolName, call.arguments)}]${LFM_CLOSE}`
}

/** LFM2 writes a pythonic list, or (prompted for JSON) a JSON array of `{name, arguments}`. */
function lfm2Body(
  text: string,
  start: number,
  end: number,
  context: FormatContext,
): { calls: FoundCall[]; problems: FormatProblem[] } {
  const s = skipSpaces(text, start, end)
  const json =
    text.charCodeAt(s) === 0x7b ||
    (text.charCodeAt(s) === 0x5b && text.charCodeAt(skipSpaces(text, s + 1, end)) === 0x7b)
  if (!json) return readCallBlock(text, start, end, context)
  const closed = end < text.length
  return readJsonCalls(text, start, end, { what: 'the LFM2 call list', closed })
}

export const lfm2Format: NativeFormat = {
  id: 'lfm2',
  label: 'LFM2',
  family: FAMILY,
  models: ['LFM2', 'LFM2.5'],
  openers: [LFM_OPEN],
  delimited: true,
  pieces: [LFM_OPEN, LFM_CLOSE, '{"name": "get_weather", "arguments": {"city": "Paris"}}', ...VALUE_PIECES],
  example: example(renderLfm2),
  serverFlags: {
    vllm: '--tool-call-parser lfm2',
    sglang: '--tool-call-parser lfm2',
    llamaCpp: 'LFM2 template (JSON calls when the system prompt says "force json schema.")',
  },
  notes:
    'A pythonic list between `<|tool_call_start|>` and `<|tool_call_end|>`; a JSON array of `{name, arguments}` there is read too.',
  claims(text, at, opener) {
    const i = skipSpaces(text, at + opener.length, Math.min(text.length, at + opener.length + WINDOW))
    const c = text.charCodeAt(i)
    return i >= text.length || c === 0x5b || c === 0x7b || nameEnd(text, i, text.length) > i
  },
  parse: (text, context) =>
    readTagged(text, context, { open: LFM_OPEN, close: LFM_CLOSE, body: lfm2Body, openers: [LFM_OPEN] }),
  render: renderLfm2,
}

// ---- Gemma tool_code ----------------------------------------------------------------

const FENCE_OPEN = '```tool_code'
const FENCE = '```'

function renderGemma(call: RenderableCall): string {
  return `${FENCE_OPEN}\n${pythonCall(call.toolName, call.arguments)}\n${FENCE}`
}

function readGemma(text: string, context: FormatContext): FormatFinding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const open = text.indexOf(FENCE_OPEN, from)
    if (open === -1) break
    const infoEnd = open + FENCE_OPEN.length
    // ```tool_codex is another language; the info string ends with the line.
    if (infoEnd < text.length && !isSpace(text.charCodeAt(infoEnd))) {
      from = infoEnd
      continue
    }
    const close = text.indexOf(FENCE, infoEnd)
    const end = close === -1 ? text.length : close + FENCE.length
    if (close === -1)
      problems.push({
        severity: 'warning',
        code: 'unclosed-section',
        message: 'the ```tool_code fence is never closed with ```; it runs to the end of the text.',
        offset: open,
        length: FENCE_OPEN.length,
      })
    const read = readCallBlock(text, infoEnd, close === -1 ? text.length : close, context, { unwrapPrint: true })
    problems.push(...read.problems)
    const before = calls.length
    place(read.calls, { start: open, end, closed: close !== -1 }, calls)
    mark.block(calls.slice(before), end, close !== -1)
    from = end
  }
  return { calls, problems, ...mark.atLineAfter(text, [FENCE_OPEN]) }
}

export const gemmaFormat: NativeFormat = {
  id: 'gemma',
  label: 'Gemma',
  family: FAMILY,
  models: ['Gemma 2 (prompted)', 'Gemma 3', 'Gemma 3n'],
  openers: [FENCE_OPEN],
  delimited: true,
  pieces: [FENCE_OPEN, FENCE, 'print(', 'default_api.', '```tool_output', ...VALUE_PIECES],
  example: example(renderGemma),
  notes:
    'Gemma 3 has no tool tokens; its function-calling prompt asks for calls in a ```tool_code fence, one per line, sometimes as `print(default_api.NAME(...))`. The wrapper and the `default_api.` prefix are read through.',
  claims: () => true,
  parse: readGemma,
  render: renderGemma,
}

// ---- FunctionGemma ------------------------------------------------------------------

const FG_OPEN = '<start_function_call>'
const FG_CLOSE = '<end_function_call>'
const ESCAPE = '<escape>'
const FG_VALUES: LiteralOptions = { escapeToken: ESCAPE, bareKeys: true }

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
  if (!closed)
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      message: `the call is never closed with ${FG_CLOSE}.`,
      offset: start,
      length: FG_OPEN.length,
    })
  let i = skipSpaces(text, bodyStart, bodyEnd)
  if (text.startsWith('call:', i)) i += 'call:'.length
  else if (i < bodyEnd || !open)
    problems.push({
      severity: 'warning',
      code: 'missing-call-prefix',
      message: 'the call does not start with `call:`; it was read without it.',
      offset: i,
      length: 0,
    })
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
    if (!(open && i >= bodyEnd))
      problems.push({
        severity: 'error',
        code: 'missing-tool-name',
        message: 'the call has no name after `call:`.',
        offset: i,
        length: 0,
      })
    return call
  }
  call.nameEnd = e
  const brace = skipSpaces(text, e, bodyEnd)
  if (brace >= bodyEnd || text.charCodeAt(brace) !== 0x7b) {
    if (!(open && brace >= bodyEnd))
      problems.push({
        severity: 'error',
        code: 'missing-arguments',
        message: `the call \`${short(call.name)}\` has no \`{...}\` arguments.`,
        offset: brace,
        length: 0,
      })
    return call
  }
  const after = closerOf(text, brace, bodyEnd, FG_VALUES)
  const argsEnd = after === -1 ? bodyEnd : after - 1
  call.arguments = readKeywordArguments(
    text,
    brace + 1,
    argsEnd,
    after === -1 && open,
    call.name,
    context,
    { ...FG_VALUES, separator: ':', closer: '}' },
    problems,
  )
  if (after === -1 && !open)
    problems.push({
      severity: 'error',
      code: 'invalid-arguments',
      message: 'the arguments are never closed with `}`.',
      offset: brace,
      length: 1,
    })
  else if (after !== -1) {
    const rest = skipSpaces(text, after, bodyEnd)
    if (rest < bodyEnd)
      problems.push({
        severity: 'warning',
        code: 'text-between-calls',
        message: `text after the arguments was ignored: \`${short(text.slice(rest, bodyEnd).trim())}\`.`,
        offset: rest,
        length: bodyEnd - rest,
      })
  }
  return call
}

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

// ---- Llama 3.1 built-in tools -------------------------------------------------------

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
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      message: `the call \`${short(name)}.call(\` is never closed with \`)\`; it runs to the end of the text.`,
      offset: nameStart,
      length: paren + 1 - nameStart,
    })
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
  if (!closed)
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      message: 'the code after <|python_tag|> is never ended with <|eom_id|>; it runs to the end of the text.',
      offset: tag,
      length: PY_TAG.length,
    })
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

export const pythonicFormats: NativeFormat[] = [
  pythonicFormat,
  llama4PythonicFormat,
  olmo3Format,
  lfm2Format,
  gemmaFormat,
  functionGemmaFormat,
  llama3BuiltinFormat,
]
