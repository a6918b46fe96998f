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
 * The formats whose markers name an action or a message are in `json-tagged-actions.ts`.
 */
import type { NativeFormat } from '../format'
import { readOpenEnded, readWrapped } from './json-tagged-blocks'
import { followedBy, type Reading } from './json-tagged-read'
import { commandR7bFormat, gigachat3Format, internlm2Format } from './json-tagged-actions'
import { callJson, EXAMPLE_CALL, FAMILY } from './json-tagged-shared'
import { ref } from '../../../messages/say'

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
      shape: { what: ref('native.json.what.json', { name: '<tool_call>' }) },
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
      shape: { what: ref('native.json.what.json', { name: '<longcat_tool_call>' }) },
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
  parse: (text) =>
    readOpenEnded(
      text,
      GRANITE_OPENERS,
      { what: ref('native.json.what.model-call-list', { model: 'Granite' }) },
      '</tool_call>',
    ),
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
    shape: { what: ref('native.json.what.list', { name: TOOL_CALLS }) },
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
      shape: { what: ref('native.json.what.call', { name: TOOL_CALLS }) },
    }),
  render: (call) => `${TOOL_CALLS}\n${callJson(call)}\n${TOOL_CALLS_END}`,
}

/** The tagged JSON formats, in the order docs and the Parser pane list them. */
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
