/**
 * The conversation the template analyses render: tools, messages and calls with sentinel names and
 * values that no chat template contains, so that whatever of them appears in a render came from the
 * conversation and can be found again.
 */
import type { TemplateCall } from './calls'
import { isRecord, setOwn } from '../own-record'

/** How an assistant message carries its calls' arguments. */
export type ArgumentsAs = 'object' | 'json-string'

/** The tools offered in every probe, OpenAI-style. */
export const PROBE_TOOLS: readonly unknown[] = [
  {
    type: 'function',
    function: {
      name: 'probe_tool_a',
      description: 'Looks up Zzyzx-style places (probe description Wugwug).',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'A city name' },
          n: { type: 'integer', description: 'How many' },
        },
        required: ['city'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'probe_tool_b',
      description: 'Searches the probe archive.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'Search terms' } },
        required: ['query'],
      },
    },
  },
]

export const PROBE_TOOL_NAMES = ['probe_tool_a', 'probe_tool_b'] as const
/** A word of the first tool's description, to see whether descriptions reach the prompt. */
export const PROBE_DESCRIPTION_WORD = 'Wugwug'

export const PROBE_USER_TEXT = 'Probe question Plugh: what about Zzyzx?'
/** An earlier exchange, for checks that need a conversation of several turns. */
export const FIRST_USER_TEXT = 'First probe question Alpha.'
export const FIRST_ANSWER_TEXT = 'First probe answer Beta.'
export const PROBE_SYSTEM_TEXT = 'Probe system rule Fnord.'
export const PROBE_REPLY_TEXT = 'Plain probe answer Xyzzy.'
export const PROBE_REASONING_TEXT = 'Probe reasoning Frobnicate.'
/** What the two calls' tools return. */
export const PROBE_RESULT_TEXTS = ['Probe result Wombat.', 'Probe result Numbat.'] as const

/** One call with distinctive values: a string and an integer. */
export const ONE_CALL: readonly TemplateCall[] = [{ name: 'probe_tool_a', arguments: { city: 'Zzyzx', n: 7 } }]
/** Two calls of different tools in one turn. */
export const TWO_CALLS: readonly TemplateCall[] = [
  { name: 'probe_tool_a', arguments: { city: 'Zzyzx', n: 7 } },
  { name: 'probe_tool_b', arguments: { query: 'Quokka' } },
]

/**
 * Call ids as Mistral's templates require them (nine letters and digits), and as the other
 * templates accept them.
 */
export const PROBE_CALL_IDS = ['probe0001', 'probe0002', 'probe0003', 'probe0004'] as const

export function userMessage(content = PROBE_USER_TEXT): Record<string, unknown> {
  return { role: 'user', content }
}

export function systemMessage(content = PROBE_SYSTEM_TEXT): Record<string, unknown> {
  return { role: 'system', content }
}

/** An assistant message with `calls`, or with `text` only when there are none. */
export function assistantMessage(
  calls: readonly TemplateCall[],
  argumentsAs: ArgumentsAs,
  options: { text?: string; ids?: readonly string[]; reasoning?: string } = {},
): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: options.text ?? '' }
  if (options.reasoning !== undefined) message.reasoning_content = options.reasoning
  if (calls.length === 0) return message
  const ids = options.ids ?? PROBE_CALL_IDS
  message.tool_calls = calls.map((call, index) => ({
    id: ids[index] ?? `probe${String(index + 1).padStart(4, '0')}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: argumentsAs === 'object' ? call.arguments : JSON.stringify(call.arguments),
    },
  }))
  return message
}

/** A tool result answering the call `id` of tool `name`. */
export function toolMessage(id: string, name: string, content: string): Record<string, unknown> {
  return { role: 'tool', tool_call_id: id, name, content }
}

/**
 * Tools that describe `calls`' arguments, typed from the values (what a reader types text values
 * by), every property described and required, as templates that print them expect.
 */
export function toolsForCalls(calls: readonly TemplateCall[]): unknown[] {
  const byName = new Map<string, Record<string, unknown>>()
  for (const call of calls) {
    const properties = byName.get(call.name) ?? {}
    for (const [key, value] of Object.entries(call.arguments)) setOwn(properties, key, schemaOf(value, key))
    byName.set(call.name, properties)
  }
  return [...byName].map(([name, properties]) => ({
    type: 'function',
    function: {
      name,
      description: `The tool ${name}.`,
      parameters: { type: 'object', properties, required: Object.keys(properties) },
    },
  }))
}

function schemaOf(value: unknown, key: string): Record<string, unknown> {
  const description = `The ${key}.`
  if (typeof value === 'string') return { type: 'string', description }
  if (typeof value === 'boolean') return { type: 'boolean', description }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number', description }
  if (Array.isArray(value))
    return { type: 'array', items: value.length > 0 ? schemaOf(value[0], key) : {}, description }
  if (isRecord(value)) {
    const properties: Record<string, unknown> = {}
    for (const [inner, item] of Object.entries(value)) setOwn(properties, inner, schemaOf(item, inner))
    return { type: 'object', properties, description }
  }
  return { description }
}
