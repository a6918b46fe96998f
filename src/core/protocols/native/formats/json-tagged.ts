/**
 * Formats that carry their calls as JSON inside tags of their own:
 *   ERNIE 4.5     <tool_call>\n{"name": ..., "arguments": {...}}\n</tool_call>   (one call a block)
 *   LongCat       <longcat_tool_call>{"name": ..., "arguments": {...}}</longcat_tool_call>
 *   Granite 3.x   <|tool_call|>[{"name": ..., "arguments": {...}}, ...]            (no closer)
 *   Jamba         <tool_calls>[{"name": ..., "arguments": {...}}]</tool_calls>
 *   Hunyuan-A13B  the same as Jamba
 *   MiniMax-M1    <tool_calls>\n{...}\n{...}\n</tool_calls>                          (one object a line)
 *   InternLM2     <|action_start|><|plugin|>\n{"name": ..., "parameters": {...}}<|action_end|>
 *   Command R7B   <|START_ACTION|>[{"tool_call_id": "0", "tool_name": ..., "parameters": {...}}]<|END_ACTION|>
 *   GigaChat 3    function call<|role_sep|>\n{"name": ..., "arguments": {...}}       (or <|function_call|>; no closer)
 * Values are JSON, so they keep their JSON types; the tools' schemas are not needed to read them.
 */
import type { FoundCall, NativeFormat, RenderableCall } from '../format'
import { skipSpace, spacedJson } from '../json-pieces'
import { MarkerFinder, firstMarker } from '../marker-search'
import {
  followedBy,
  isWhole,
  readCallArray,
  readCallObject,
  readWrapped,
  type CallShape,
  type Reading,
} from './json-tagged-read'
import { ResumeMark } from './resume'

const FAMILY = 'JSON (tagged)'

function callJson(call: RenderableCall, argumentKey = 'arguments'): string {
  return spacedJson({ name: call.toolName, [argumentKey]: call.arguments })
}

const EXAMPLE_CALL: RenderableCall = { toolName: 'calc_evaluate', arguments: { expression: '6*7' } }

// ---- formats whose list has no closing tag: the JSON's own end closes it ----------------------

/**
 * Calls after openers that have no closer (Granite, GigaChat): a JSON array or one object. The
 * calls are closed once their JSON is whole. `swallow` is a closing tag some writers add anyway.
 * A block is read no further than the next opener, so none lies inside one: a stream may put aside
 * everything up to the end of the last settled block.
 */
function readOpenEnded(text: string, openers: readonly string[], shape: CallShape, swallow?: string): Reading {
  const out: Reading = { calls: [], problems: [] }
  const finders = openers.map((o) => new MarkerFinder(text, o))
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const [open, opener] = firstMarker(finders, from)
    if (open === -1) break
    const after = open + opener.length
    const [nextOpen] = firstMarker(finders, after)
    const limit = nextOpen === -1 ? text.length : nextOpen
    const i = skipSpace(text, after, limit)
    const c = text.charCodeAt(i)
    if (i >= limit || (c !== 0x5b && c !== 0x7b)) {
      if (i >= limit && limit === text.length)
        out.problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          message: `${opener} at the end of the text is followed by no call.`,
          offset: open,
          length: opener.length,
        })
      // Otherwise prose follows: a mention of the marker, not a call.
      from = after
      continue
    }
    const mine: Reading = { calls: [], problems: [] }
    let end: number
    if (c === 0x5b) {
      end = readCallArray(text, i, limit, shape, false, mine)
      if (end === -1 && !mine.problems.some((p) => p.severity === 'error') && mine.calls.every(isWhole)) {
        mine.problems.push({
          severity: 'warning',
          code: 'unclosed-section',
          message: `the list of calls after ${opener} is never closed with "]"; it runs to ${limit === text.length ? 'the end of the text' : `the next ${opener}`}.`,
          offset: open,
          length: opener.length,
        })
      }
    } else {
      const read = readCallObject(text, i, limit, shape, false)
      mine.calls.push(read.call)
      end = read.end
    }
    // Each call ends with its own "}": a stream can settle it before the list ends.
    for (const call of mine.calls) call.closed = isWhole(call)
    // Whether the block's end can still move (a swallowed tag may still be arriving).
    let settled = end !== -1
    if (end !== -1 && swallow !== undefined) {
      const j = skipSpace(text, end, limit)
      if (text.startsWith(swallow, j)) end = j + swallow.length
      else if (swallow.startsWith(text.slice(j, Math.min(limit, j + swallow.length)))) settled = false
    }
    if (mine.calls.length === 1) {
      // The only call spans the block, whose end is known only once the list has ended.
      const call = mine.calls[0] as FoundCall
      call.start = open
      call.end = end === -1 ? limit : Math.max(call.end, end)
      if (!settled) call.closed = false
    }
    out.calls.push(...mine.calls)
    out.problems.push(...mine.problems)
    mark.block(mine.calls, end === -1 ? limit : end, settled)
    from = end === -1 ? limit : end
  }
  return { ...out, ...mark.atEnd() }
}

// ---- ERNIE 4.5 ------------------------------------------------------------------------------

const ernie45Format: NativeFormat = {
  id: 'ernie45',
  label: 'ERNIE 4.5',
  family: FAMILY,
  models: ['ERNIE 4.5', 'ERNIE-4.5-21B-A3B-Thinking', 'ERNIE-4.5-300B-A47B'],
  openers: ['<tool_call>'],
  delimited: true,
  pieces: [
    '<tool_call>',
    '</tool_call>',
    '\n',
    '{"name": "get_weather", "arguments": {"city": "Paris"}}',
    '{',
    '}',
    '"name"',
    '"arguments"',
    ': ',
    ', ',
    '"',
    '</think>',
    '<response>',
  ],
  example: `<tool_call>\n${callJson(EXAMPLE_CALL)}\n</tool_call>\n`,
  serverFlags: { vllm: '--tool-call-parser ernie45' },
  notes:
    'One `<tool_call>` block per call, the JSON on its own line, after `</think>`. It reads like Hermes, so auto leaves `<tool_call>{` to the Hermes protocol; choose ERNIE 4.5 by id or model name.',
  claims: () => false,
  parse: (text) =>
    readWrapped(text, {
      openers: ['<tool_call>'],
      closer: '</tool_call>',
      kind: 'call',
      shape: { what: 'the <tool_call> JSON' },
    }),
  render: (call) => `<tool_call>\n${callJson(call)}\n</tool_call>\n`,
}

// ---- LongCat --------------------------------------------------------------------------------

const LONGCAT_OPEN = '<longcat_tool_call>'

const longcatFormat: NativeFormat = {
  id: 'longcat',
  label: 'LongCat',
  family: FAMILY,
  models: ['LongCat-Flash-Chat', 'LongCat-Flash-Thinking'],
  openers: [LONGCAT_OPEN],
  delimited: true,
  pieces: [
    LONGCAT_OPEN,
    '</longcat_tool_call>',
    '\n',
    '{"name": "get_weather", "arguments": {"city": "Tokyo"}}',
    '{',
    '}',
    '"name"',
    '"arguments"',
    ': ',
    ', ',
    '"',
  ],
  example: `${LONGCAT_OPEN}\n${callJson(EXAMPLE_CALL)}\n</longcat_tool_call>`,
  serverFlags: { vllm: '--tool-call-parser longcat' },
  notes: 'Hermes with its own tag: one `<longcat_tool_call>` block per call, blocks written back to back.',
  claims: (text, at, opener) => {
    const next = followedBy(text, at + opener.length, ['{'])
    return next.match || next.atEnd
  },
  parse: (text) =>
    readWrapped(text, {
      openers: [LONGCAT_OPEN],
      closer: '</longcat_tool_call>',
      kind: 'call',
      shape: { what: 'the <longcat_tool_call> JSON' },
    }),
  render: (call) => `${LONGCAT_OPEN}\n${callJson(call)}\n</longcat_tool_call>`,
}

// ---- Granite 3.x ----------------------------------------------------------------------------

const GRANITE_OPENERS = ['<|tool_call|>', '<tool_call>']

const graniteFormat: NativeFormat = {
  id: 'granite',
  label: 'Granite',
  family: FAMILY,
  models: ['Granite 3.0', 'Granite 3.1', 'Granite 3.2', 'Granite 3.3'],
  openers: GRANITE_OPENERS,
  delimited: true,
  pieces: [
    ...GRANITE_OPENERS,
    '[',
    ']',
    '{"name": "get_weather", "arguments": {"city": "Boston"}}',
    '{',
    '}',
    ', ',
    '"name"',
    '"arguments"',
    ': ',
    '"',
    '\n',
    '<|end_of_text|>',
  ],
  example: `<|tool_call|>[${callJson(EXAMPLE_CALL)}]`,
  serverFlags: { vllm: '--tool-call-parser granite', llamaCpp: 'native Granite handler (--jinja)' },
  notes:
    'Granite 3.0 writes the token `<|tool_call|>`, 3.1+ the text `<tool_call>`, then a JSON array of calls and no closing tag: the list ends with its `]`.',
  claims: (text, at, opener) => {
    const next = followedBy(text, at + opener.length, ['['])
    // `<tool_call>` is shared (Hermes, Qwen3-Coder, GLM): only a list makes it Granite's.
    return next.match || (next.atEnd && opener === '<|tool_call|>')
  },
  parse: (text) => readOpenEnded(text, GRANITE_OPENERS, { what: 'the Granite call list' }, '</tool_call>'),
  render: (call) => `<|tool_call|>[${callJson(call)}]`,
}

// ---- Jamba and Hunyuan: <tool_calls>[...]</tool_calls> ---------------------------------------

const TOOL_CALLS = '<tool_calls>'
const TOOL_CALLS_END = '</tool_calls>'

function readToolCallsList(text: string): Reading {
  return readWrapped(text, {
    openers: [TOOL_CALLS],
    closer: TOOL_CALLS_END,
    kind: 'section',
    shape: { what: 'the <tool_calls> list' },
  })
}

const jambaFormat: NativeFormat = {
  id: 'jamba',
  label: 'Jamba',
  family: FAMILY,
  models: ['Jamba 1.5 Mini', 'Jamba 1.5 Large', 'Jamba 1.6', 'Jamba 1.7'],
  openers: [TOOL_CALLS],
  delimited: true,
  pieces: [
    TOOL_CALLS,
    TOOL_CALLS_END,
    '[',
    ']',
    '{"name": "get_weather", "arguments": {"city": "Boston"}}',
    '{',
    '}',
    ', ',
    '"name"',
    '"arguments"',
    ': ',
    '"',
    '\n',
  ],
  example: `${TOOL_CALLS}[${callJson(EXAMPLE_CALL)}]${TOOL_CALLS_END}`,
  serverFlags: { vllm: '--tool-call-parser jamba' },
  notes: 'All calls in one JSON array between `<tool_calls>` and `</tool_calls>`.',
  claims: (text, at, opener) => followedBy(text, at + opener.length, ['[']).match,
  parse: readToolCallsList,
  render: (call) => `${TOOL_CALLS}[${callJson(call)}]${TOOL_CALLS_END}`,
}

const hunyuanFormat: NativeFormat = {
  id: 'hunyuan',
  label: 'Hunyuan',
  family: FAMILY,
  models: ['Hunyuan-A13B-Instruct'],
  openers: [TOOL_CALLS],
  delimited: true,
  pieces: [
    TOOL_CALLS,
    TOOL_CALLS_END,
    '[',
    ']',
    '{"name": "get_weather", "arguments": {"city": "Boston"}}',
    '{',
    '}',
    ', ',
    '"name"',
    '"arguments"',
    ': ',
    '"',
    '\n',
    '<answer>',
    '</answer>',
  ],
  example: `${TOOL_CALLS}[${callJson(EXAMPLE_CALL)}]${TOOL_CALLS_END}`,
  serverFlags: { vllm: '--tool-call-parser hunyuan_a13b' },
  notes:
    "Jamba's grammar (`<tool_calls>[...]</tool_calls>`), usually inside `<answer>`; auto reads it as Jamba, the same calls. Hunyuan's later models (HY3) write `<tool_call>NAME<tool_sep><arg_key>...`, which this format does not read.",
  claims: () => false,
  parse: readToolCallsList,
  render: (call) => `${TOOL_CALLS}[${callJson(call)}]${TOOL_CALLS_END}`,
}

// ---- MiniMax-M1: one call object a line -------------------------------------------------------

const minimaxM1Format: NativeFormat = {
  id: 'minimax-m1',
  label: 'MiniMax-M1',
  family: FAMILY,
  models: ['MiniMax-M1-40k', 'MiniMax-M1-80k', 'MiniMax-Text-01'],
  openers: [TOOL_CALLS],
  delimited: true,
  pieces: [
    TOOL_CALLS,
    TOOL_CALLS_END,
    '\n',
    '{"name": "get_weather", "arguments": {"city": "Dallas"}}',
    '{',
    '}',
    ', ',
    '"name"',
    '"arguments"',
    ': ',
    '"',
    '<think>',
    '</think>',
  ],
  example: `${TOOL_CALLS}\n${callJson(EXAMPLE_CALL)}\n${TOOL_CALLS_END}`,
  serverFlags: { vllm: '--tool-call-parser minimax' },
  notes:
    'One JSON object per line inside `<tool_calls>`; an object spread over several lines is read too (vLLM reads only one-line objects).',
  claims: (text, at, opener) => followedBy(text, at + opener.length, ['{']).match,
  parse: (text) =>
    readWrapped(text, {
      openers: [TOOL_CALLS],
      closer: TOOL_CALLS_END,
      kind: 'section',
      shape: { what: 'the <tool_calls> call' },
    }),
  render: (call) => `${TOOL_CALLS}\n${callJson(call)}\n${TOOL_CALLS_END}`,
}

// ---- InternLM2 ------------------------------------------------------------------------------

const ACTION_START = '<|action_start|>'
const PLUGIN = '<|plugin|>'
const ACTION_END = '<|action_end|>'

/** After `<|action_start|>`, the payload of a `<|plugin|>` action; -1 for other actions (the code interpreter). */
function pluginPayload(text: string, afterOpener: number): number {
  const i = skipSpace(text, afterOpener, Math.min(text.length, afterOpener + 16))
  return text.startsWith(PLUGIN, i) ? i + PLUGIN.length : -1
}

const internlm2Format: NativeFormat = {
  id: 'internlm2',
  label: 'InternLM2',
  family: FAMILY,
  models: ['InternLM2-Chat', 'InternLM2.5-Chat', 'Intern-S1'],
  openers: [ACTION_START],
  delimited: true,
  pieces: [
    ACTION_START,
    PLUGIN,
    ACTION_END,
    '<|interpreter|>',
    ' ',
    '\n',
    '{"name": "get_weather", "parameters": {"city": "Tokyo"}}',
    '{',
    '}',
    '"name"',
    '"parameters"',
    ': ',
    ', ',
    '"',
  ],
  example: `${ACTION_START}${PLUGIN}\n${callJson(EXAMPLE_CALL, 'parameters')}${ACTION_END}`,
  serverFlags: { vllm: '--tool-call-parser internlm' },
  notes:
    'A call is an action for `<|plugin|>`; its JSON holds the arguments under `parameters` (`arguments` is read too). `<|interpreter|>` actions are code, not tool calls, and are skipped.',
  claims: (text, at, opener) => {
    const i = skipSpace(text, at + opener.length, Math.min(text.length, at + opener.length + 16))
    const rest = text.slice(i, i + PLUGIN.length)
    return rest === PLUGIN || (i + rest.length >= text.length && PLUGIN.startsWith(rest))
  },
  parse: (text) =>
    readWrapped(text, {
      openers: [ACTION_START],
      closer: ACTION_END,
      kind: 'call',
      shape: { what: 'the <|plugin|> action JSON' },
      payloadStart: pluginPayload,
    }),
  render: (call) => `${ACTION_START}${PLUGIN}\n${callJson(call, 'parameters')}${ACTION_END}`,
}

// ---- Command R7B / Command A ----------------------------------------------------------------

const START_ACTION = '<|START_ACTION|>'
const END_ACTION = '<|END_ACTION|>'

function renderCommand(call: RenderableCall): string {
  const id = call.requestId ?? '0'
  return `${START_ACTION}\n[\n    ${spacedJson({ tool_call_id: id, tool_name: call.toolName, parameters: call.arguments })}\n]\n${END_ACTION}`
}

const commandR7bFormat: NativeFormat = {
  id: 'command-r7b',
  label: 'Command R7B',
  family: FAMILY,
  models: ['Command R7B', 'Command A', 'Command A Reasoning'],
  openers: [START_ACTION],
  delimited: true,
  pieces: [
    START_ACTION,
    END_ACTION,
    '<|START_THINKING|>',
    '<|END_THINKING|>',
    '[',
    ']',
    '{"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "q"}}',
    '{',
    '}',
    ', ',
    '"tool_name"',
    '"parameters"',
    '"tool_call_id"',
    ': ',
    '"',
    '\n',
  ],
  example: renderCommand(EXAMPLE_CALL),
  serverFlags: {
    vllm: '--tool-call-parser cohere_command3 (older releases: command)',
    sglang: '--tool-call-parser cohere_command4',
    llamaCpp: 'native Command R7B handler (--jinja)',
  },
  notes:
    'A JSON array between `<|START_ACTION|>` and `<|END_ACTION|>`; each call names its tool in `tool_name`, holds `parameters`, and carries its own id in `tool_call_id`.',
  claims: () => true,
  parse: (text) =>
    readWrapped(text, {
      openers: [START_ACTION],
      closer: END_ACTION,
      kind: 'section',
      shape: { what: 'the <|START_ACTION|> list', nameKeys: ['tool_name'], idKeys: ['tool_call_id'] },
    }),
  render: renderCommand,
}

// ---- GigaChat 3 -----------------------------------------------------------------------------

const GIGACHAT_OPENERS = ['function call<|role_sep|>', '<|function_call|>']

const gigachat3Format: NativeFormat = {
  id: 'gigachat3',
  label: 'GigaChat 3',
  family: FAMILY,
  models: ['GigaChat 3 Ultra', 'GigaChat 3 Lightning', 'GigaChat 3.1'],
  openers: GIGACHAT_OPENERS,
  delimited: true,
  pieces: [
    ...GIGACHAT_OPENERS,
    '<|message_sep|>',
    '\n\n',
    '\n',
    '</s>',
    '{"name": "manage_user_memory", "arguments": {"action": "create"}}',
    '{',
    '}',
    '"name"',
    '"arguments"',
    ': ',
    ', ',
    '"',
  ],
  example: `<|message_sep|>\n\n${GIGACHAT_OPENERS[0]}\n${callJson(EXAMPLE_CALL)}`,
  serverFlags: { vllm: '--tool-call-parser gigachat3', sglang: '--tool-call-parser gigachat3' },
  notes:
    'GigaChat 3 starts a "function call" message (`<|message_sep|>` then `function call<|role_sep|>`), GigaChat 3.1 the token `<|function_call|>`; one JSON object follows with no closing tag (`</s>` at most).',
  claims: (text, at, opener) => {
    const next = followedBy(text, at + opener.length, ['{'])
    return next.match || next.atEnd
  },
  parse: (text) => readOpenEnded(text, GIGACHAT_OPENERS, { what: 'the function call JSON' }, '</s>'),
  render: (call) => `<|message_sep|>\n\n${GIGACHAT_OPENERS[0]}\n${callJson(call)}`,
}

export const jsonTaggedFormats: NativeFormat[] = [
  ernie45Format,
  longcatFormat,
  graniteFormat,
  jambaFormat,
  hunyuanFormat,
  minimaxM1Format,
  internlm2Format,
  commandR7bFormat,
  gigachat3Format,
]
