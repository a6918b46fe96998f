/**
 * Writes a reference-model reply the way an OpenAI-compatible server does, whole
 * (`chat.completion`) or streamed (`chat.completion.chunk` events), optionally breaking one part of
 * the tool-calling contract on purpose so the conformance lab can be seen to catch it.
 */
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { ReferenceReply } from './reference-model'

/** Each fault breaks one thing; `category` is the conformance check category that should catch it. */
export const REFERENCE_FAULTS = [
  { name: 'index-zero', category: 'delta-index', description: 'Streamed: every call delta has index 0.' },
  { name: 'index-from-one', category: 'delta-index', description: 'Streamed: call indexes start at 1.' },
  { name: 'ids-unstable', category: 'call-ids', description: 'Streamed: argument deltas carry a different id.' },
  { name: 'ids-duplicate', category: 'call-ids', description: 'All calls of a reply share one id.' },
  { name: 'type-missing', category: 'call-ids', description: 'Calls have no `type: "function"`.' },
  { name: 'name-repeated', category: 'wire-shape', description: 'Streamed: argument deltas resend the name.' },
  { name: 'usage-ignored', category: 'wire-shape', description: 'No usage chunk despite include_usage.' },
  { name: 'finish-stop', category: 'finish-reason', description: 'finish_reason "stop" on a reply with calls.' },
  { name: 'args-python', category: 'arguments-json', description: 'Arguments as a Python dict literal.' },
  { name: 'args-object', category: 'arguments-json', description: 'Arguments as a JSON object, not a string.' },
  { name: 'required-ignored', category: 'tool-choice', description: 'tool_choice "required" treated as "auto".' },
  { name: 'none-ignored', category: 'tool-choice', description: 'tool_choice "none" treated as "auto".' },
  { name: 'named-ignored', category: 'tool-choice', description: 'A named tool_choice treated as "auto".' },
  { name: 'markup-in-content', category: 'leaked-markup', description: 'Calls left as Hermes markup in content.' },
  { name: 'reasoning-swallow', category: 'reasoning', description: 'Calls left as markup in reasoning_content.' },
  {
    name: 'stream-drops-last',
    category: 'stream-final-agreement',
    description: 'Streamed: the last of 2+ calls is not sent.',
  },
  {
    name: 'stream-args-garbled',
    category: 'stream-final-agreement',
    description: 'Streamed: every "test" argument arrives as "tst".',
  },
  { name: 'reject-tool-messages', category: 'multi-turn', description: 'HTTP 400 on tool results in the history.' },
] as const

export type ReferenceFault = (typeof REFERENCE_FAULTS)[number]['name']

export function isReferenceFault(name: string): name is ReferenceFault {
  return REFERENCE_FAULTS.some((fault) => fault.name === name)
}

/** What a reasoning model thinks before it answers. */
export const REFERENCE_REASONING = 'The user asked; I will answer.'

export interface ReferenceWireOptions {
  /** Echoed as the reply's `model`. */
  model: string
  stream: boolean
  /** `stream_options.include_usage` of the request. */
  includeUsage: boolean
  /** Send `reasoning_content` before the answer, as reasoning models do. */
  thinking: boolean
  fault?: ReferenceFault
  promptTokens: number
}

interface WireCall {
  id: string
  name: string
  arguments: Record<string, unknown>
}

/** The reply as the server means to send it, before either wire format. */
interface Plan {
  reasoning: string
  /** null for a reply made of calls. */
  content: string | null
  calls: WireCall[]
  finish: 'stop' | 'tool_calls'
}

type Delta = Record<string, unknown>

export function writeReferenceReply(res: ServerResponse, reply: ReferenceReply, options: ReferenceWireOptions): void {
  const plan = planOf(reply, options)
  const id = `chatcmpl-ref-${randomBytes(6).toString('hex')}`
  const envelope = { id, created: Math.floor(Date.now() / 1000), model: options.model }
  const completionTokens = Math.max(1, Math.ceil(JSON.stringify(reply).length / 4))
  const usage = {
    prompt_tokens: options.promptTokens,
    completion_tokens: completionTokens,
    total_tokens: options.promptTokens + completionTokens,
  }

  if (!options.stream) {
    const message: Delta = { role: 'assistant', content: plan.content }
    if (plan.reasoning) message.reasoning_content = plan.reasoning
    if (plan.calls.length > 0) message.tool_calls = plan.calls.map((call) => wholeCall(call, options.fault))
    const choice = { index: 0, message, finish_reason: plan.finish }
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ ...envelope, object: 'chat.completion', choices: [choice], usage }))
    return
  }

  const chunk = (choices: unknown[], extra: Delta = {}) =>
    `data: ${JSON.stringify({ ...envelope, object: 'chat.completion.chunk', choices, ...extra })}\n\n`
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' })
  for (const delta of streamDeltas(plan, options.fault)) res.write(chunk([{ index: 0, delta, finish_reason: null }]))
  res.write(chunk([{ index: 0, delta: {}, finish_reason: plan.finish }]))
  if (options.includeUsage && options.fault !== 'usage-ignored') res.write(chunk([], { usage }))
  res.end('data: [DONE]\n\n')
}

function planOf(reply: ReferenceReply, { thinking, fault }: ReferenceWireOptions): Plan {
  const reasoning = thinking || fault === 'reasoning-swallow' ? REFERENCE_REASONING : ''
  if ('text' in reply) return { reasoning, content: reply.text, calls: [], finish: 'stop' }
  const suffix = randomBytes(4).toString('hex')
  const calls = reply.calls.map((call, i) => ({
    ...call,
    id: `call_${suffix}_${fault === 'ids-duplicate' ? 0 : i}`,
  }))
  // The server's parser "missed" the calls: the model's raw markup is all that is left of them.
  if (fault === 'markup-in-content') return { reasoning, content: hermesMarkup(calls), calls: [], finish: 'stop' }
  if (fault === 'reasoning-swallow')
    return { reasoning: `${reasoning}\n${hermesMarkup(calls)}`, content: '', calls: [], finish: 'stop' }
  return { reasoning, content: null, calls, finish: fault === 'finish-stop' ? 'stop' : 'tool_calls' }
}

function wholeCall(call: WireCall, fault: ReferenceFault | undefined): Delta {
  const args = fault === 'args-object' ? call.arguments : argumentsText(call, fault, false)
  return { id: call.id, ...typeField(fault), function: { name: call.name, arguments: args } }
}

function streamDeltas(plan: Plan, fault: ReferenceFault | undefined): Delta[] {
  const deltas: Delta[] = [{ role: 'assistant', content: '' }]
  for (const piece of pieces(plan.reasoning, 4)) deltas.push({ reasoning_content: piece })
  for (const piece of pieces(plan.content ?? '', 4)) deltas.push({ content: piece })
  const calls = fault === 'stream-drops-last' && plan.calls.length >= 2 ? plan.calls.slice(0, -1) : plan.calls
  calls.forEach((call, i) => {
    for (const callDelta of streamedCall(call, i, fault)) deltas.push({ tool_calls: [callDelta] })
  })
  return deltas
}

/** One call's deltas: the first names it, the argument text follows in 8-character fragments. */
function streamedCall(call: WireCall, i: number, fault: ReferenceFault | undefined): Delta[] {
  const index = fault === 'index-zero' ? 0 : fault === 'index-from-one' ? i + 1 : i
  const first = {
    index,
    id: call.id,
    ...typeField(fault),
    function: { name: call.name, arguments: fault === 'args-object' ? call.arguments : '' },
  }
  if (fault === 'args-object') return [first]
  const fragments = pieces(argumentsText(call, fault, true), 8).map((fragment) => ({
    index,
    ...(fault === 'ids-unstable' ? { id: `${call.id}_x` } : {}),
    function: { ...(fault === 'name-repeated' ? { name: call.name } : {}), arguments: fragment },
  }))
  return [first, ...fragments]
}

function typeField(fault: ReferenceFault | undefined): Delta {
  return fault === 'type-missing' ? {} : { type: 'function' }
}

function argumentsText(call: WireCall, fault: ReferenceFault | undefined, streamed: boolean): string {
  if (fault === 'args-python') return pythonLiteral(call.arguments)
  // A lost character that still leaves valid, schema-valid JSON: only the two texts disagree.
  if (fault === 'stream-args-garbled' && streamed)
    return JSON.stringify(call.arguments, (_key, value: unknown) => (value === 'test' ? 'tst' : value))
  return JSON.stringify(call.arguments)
}

/** Calls as a Hermes-style model writes them when nothing parses them out. */
export function hermesMarkup(calls: readonly { name: string; arguments: Record<string, unknown> }[]): string {
  return calls
    .map(
      (call) =>
        `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${JSON.stringify(call.arguments)}}\n</tool_call>`,
    )
    .join('\n')
}

/** A JSON value as Python would print it: `{'city': 'test', 'days': 1, 'metric': True}`. */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return `{${entries.map(([key, item]) => `${pythonLiteral(key)}: ${pythonLiteral(item)}`).join(', ')}}`
}

function pieces(text: string, size: number): string[] {
  const cut: string[] = []
  for (let at = 0; at < text.length; at += size) cut.push(text.slice(at, at + size))
  return cut
}
