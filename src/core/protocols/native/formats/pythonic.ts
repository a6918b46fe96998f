/**
 * Formats whose calls are Python: `[get_weather(city='Paris'), get_time()]` bare (Llama 3.2,
 * Llama 4, ToolACE) or inside a model's own markers (Llama 4's `<|python_start|>`, OLMo 3's
 * `<function_calls>`, LFM2's `<|tool_call_start|>`, Gemma's ```tool_code fences), plus two cousins:
 * FunctionGemma's `call:NAME{key:<escape>text<escape>}` and Llama 3.1's built-in
 * `<|python_tag|>brave_search.call(query="...")`. The reading itself is in `pythonic-reader.ts`.
 * FunctionGemma and the Llama 3.1 built-ins have modules of their own; what the formats share is
 * in `pythonic-blocks.ts`.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { say } from '../../../messages/say'
import { readJsonCalls } from '../json-pieces'
import {
  atLineStart,
  bareListsBetween,
  example,
  FAMILY,
  listCallName,
  place,
  pythonicBody,
  readBareLists,
  readTagged,
  VALUE_PIECES,
  WINDOW,
} from './pythonic-blocks'
import { readCallBlock } from './pythonic-call-list'
import { functionGemmaFormat } from './pythonic-function-gemma'
import { llama3BuiltinFormat } from './pythonic-llama3-builtin'
import { isSpace, nameEnd, skipSpaces } from './pythonic-text'
import { pythonCall } from './pythonic-write'
import { ResumeMark } from './resume'
import { saidProblem } from './said-problem'

/** Findings that read the same wherever they are found, made once and shared (a text may hold many). */
const TOOL_CODE_UNCLOSED = say('native.pythonic.tool-code-unclosed')

export { functionGemmaFormat } from './pythonic-function-gemma'
export { llama3BuiltinFormat } from './pythonic-llama3-builtin'

// ---- pythonic (bare) ----------------------------------------------------------------

function renderPythonic(call: RenderableCall): string {
  return `[${pythonCall(call.toolName, call.arguments)}]`
}

/** A bare pythonic call list that opens a line. */
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

/** Llama 4's pythonic list in `<|python_start|>...<|python_end|>` (or bare, when chosen). */
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
      between: context.trusted ? bareListsBetween() : undefined,
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

/** OLMo 3's calls one per line in `<function_calls>...</function_calls>`. */
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

/** LFM2's pythonic (or JSON) list in `<|tool_call_start|>...<|tool_call_end|>`. */
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
      problems.push(saidProblem('warning', 'unclosed-section', TOOL_CODE_UNCLOSED, open, FENCE_OPEN.length))
    const read = readCallBlock(text, infoEnd, close === -1 ? text.length : close, context, { unwrapPrint: true })
    problems.push(...read.problems)
    const before = calls.length
    place(read.calls, { start: open, end, closed: close !== -1 }, calls)
    mark.block(calls.slice(before), end, close !== -1)
    from = end
  }
  return { calls, problems, ...mark.atLineAfter(text, [FENCE_OPEN]) }
}

/** Gemma 3's calls in a ```tool_code fence. */
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

/** The pythonic formats, in the order docs and the Parser pane list them. */
export const pythonicFormats: NativeFormat[] = [
  pythonicFormat,
  llama4PythonicFormat,
  olmo3Format,
  lfm2Format,
  gemmaFormat,
  functionGemmaFormat,
  llama3BuiltinFormat,
]
