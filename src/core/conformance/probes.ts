/**
 * The requests the lab sends. Each names the tools it wants in the user's words, so a model that
 * follows instructions calls them, and each isolates one part of the contract; the checks then read
 * what came back. Every probe is sent streamed and not, with the same body otherwise.
 */
import { CONFORMANCE_TOOLS } from './suite-tools'
import type { WireMode } from './types'

export interface Probe {
  /** Stable: captures and reports name probes by it. */
  id: string
  /** What it asks, and what a conforming server answers. */
  description: string
  messages: readonly Record<string, unknown>[]
  /** Sent as `tool_choice` when set. */
  toolChoice?: 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } }
  /** Sent as `parallel_tool_calls` when set. */
  parallelToolCalls?: boolean
  /** The user asks for several calls at once (fewer is the model's choice, not a fault). */
  asksParallel: boolean
}

const WEATHER_ASK = 'What is the weather in Paris? Call get_weather to find out.'
const THREE_ASKS =
  'Do three things at once: call get_weather for Paris, call get_time for the current time, and call translate_text to translate hello into Chinese.'

/** A finished tool round: the assistant's call (arguments as a JSON string, as the API has them) and its result. */
const WEATHER_ROUND: readonly Record<string, unknown>[] = [
  { role: 'user', content: WEATHER_ASK },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_weather_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"location":{"city":"Paris"},"unit":"celsius"}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_weather_1', content: '{"temperature": 18, "sky": "clear"}' },
]

export const PROBES: readonly Probe[] = [
  {
    id: 'single',
    description: 'One call asked for (tool_choice auto): one get_weather call.',
    messages: [{ role: 'user', content: WEATHER_ASK }],
    toolChoice: 'auto',
    asksParallel: false,
  },
  {
    id: 'parallel',
    description: 'Three calls asked for in one turn: get_weather, get_time and translate_text, indexes 0, 1, 2.',
    messages: [{ role: 'user', content: THREE_ASKS }],
    toolChoice: 'auto',
    asksParallel: true,
  },
  {
    id: 'parallel-off',
    description: 'The same three asks with parallel_tool_calls false: at most one call.',
    messages: [{ role: 'user', content: THREE_ASKS }],
    toolChoice: 'auto',
    parallelToolCalls: false,
    asksParallel: false,
  },
  {
    id: 'no-params',
    description: 'A tool without parameters: get_time with arguments "{}".',
    messages: [{ role: 'user', content: 'What time is it? Call get_time to find out.' }],
    toolChoice: 'auto',
    asksParallel: false,
  },
  {
    id: 'unicode',
    description: 'A Chinese request for translate_text, whose description and enum values are not ASCII.',
    messages: [{ role: 'user', content: '请调用 translate_text 把 “你好，世界” 翻译成日语。' }],
    toolChoice: 'auto',
    asksParallel: false,
  },
  {
    id: 'required',
    description: 'tool_choice "required" after a finished tool round: a call all the same, never text.',
    messages: WEATHER_ROUND,
    toolChoice: 'required',
    asksParallel: false,
  },
  {
    id: 'none',
    description: 'tool_choice "none" while the user names get_weather: text, no call.',
    messages: [{ role: 'user', content: WEATHER_ASK }],
    toolChoice: 'none',
    asksParallel: false,
  },
  {
    id: 'named',
    description: 'tool_choice names get_time while the user names get_weather: exactly one get_time call.',
    messages: [{ role: 'user', content: WEATHER_ASK }],
    toolChoice: { type: 'function', function: { name: 'get_time' } },
    asksParallel: false,
  },
  {
    id: 'follow-up',
    description:
      'A finished tool round sent back (assistant tool_calls, then the tool result): the turn is accepted and answered.',
    messages: WEATHER_ROUND,
    toolChoice: 'auto',
    asksParallel: false,
  },
]

/** The probe with this id, if the lab has one (a replayed capture may hold others). */
export function probeById(id: string): Probe | undefined {
  return PROBES.find((probe) => probe.id === id)
}

/** The JSON body of a probe's request; streamed requests ask for usage at the end. */
export function probeRequestBody(probe: Probe, model: string, mode: WireMode): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    // Copies: a capture's bodies belong to the caller, who may change them.
    messages: structuredClone(probe.messages),
    tools: structuredClone(CONFORMANCE_TOOLS),
    temperature: 0,
    stream: mode === 'stream',
  }
  if (mode === 'stream') body.stream_options = { include_usage: true }
  if (probe.toolChoice !== undefined) body.tool_choice = probe.toolChoice
  if (probe.parallelToolCalls !== undefined) body.parallel_tool_calls = probe.parallelToolCalls
  return body
}
