/**
 * Tagged JSON formats whose markers name an action or a message rather than a tool call:
 *   InternLM2     <|action_start|><|plugin|>\n{"name": ..., "parameters": {...}}<|action_end|>
 *   Command R7B   <|START_ACTION|>[{"tool_call_id": "0", "tool_name": ..., "parameters": {...}}]<|END_ACTION|>
 *   GigaChat 3    function call<|role_sep|>\n{"name": ..., "arguments": {...}}       (or <|function_call|>; no closer)
 */
import type { NativeFormat, RenderableCall } from '../format'
import { skipSpace, spacedJson } from '../json-pieces'
import { readOpenEnded, readWrapped } from './json-tagged-blocks'
import { followedBy } from './json-tagged-read'
import { callJson, EXAMPLE_CALL, FAMILY } from './json-tagged-shared'
import { ref } from '../../../messages/say'

// ---- InternLM2 ------------------------------------------------------------------------------

const ACTION_START = '<|action_start|>'
const PLUGIN = '<|plugin|>'
const ACTION_END = '<|action_end|>'

/** After `<|action_start|>`, the payload of a `<|plugin|>` action; -1 for other actions (the code interpreter). */
function pluginPayload(text: string, afterOpener: number): number {
  const i = skipSpace(text, afterOpener, Math.min(text.length, afterOpener + 16))
  return text.startsWith(PLUGIN, i) ? i + PLUGIN.length : -1
}

/** InternLM2's `<|action_start|><|plugin|>` actions. */
export const internlm2Format: NativeFormat = {
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
      shape: { what: ref('native.json.what.action-json', { name: PLUGIN }) },
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

/** Command R7B's `<|START_ACTION|>[...]<|END_ACTION|>` list. */
export const commandR7bFormat: NativeFormat = {
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
      shape: {
        what: ref('native.json.what.list', { name: START_ACTION }),
        nameKeys: ['tool_name'],
        idKeys: ['tool_call_id'],
      },
    }),
  render: renderCommand,
}

// ---- GigaChat 3 -----------------------------------------------------------------------------

const GIGACHAT_OPENERS = ['function call<|role_sep|>', '<|function_call|>']

/** GigaChat 3's function call message, one JSON object with no closer. */
export const gigachat3Format: NativeFormat = {
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
  parse: (text) => readOpenEnded(text, GIGACHAT_OPENERS, { what: ref('native.json.what.function-call-json') }, '</s>'),
  render: (call) => `<|message_sep|>\n\n${GIGACHAT_OPENERS[0]}\n${callJson(call)}`,
}
