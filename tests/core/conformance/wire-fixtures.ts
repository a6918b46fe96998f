/**
 * Hand-written exchanges for the checks: a reply described once (content, reasoning, calls, finish)
 * and written the way a server writes it, streamed or whole, with knobs to break one part.
 */
import { PROBES, probeRequestBody } from '../../../src/core/conformance/probes'
import type { WireExchange, WireMode } from '../../../src/core/conformance'

export interface CallSpec {
  name: string
  /** The arguments text (or a non-string value, sent as it is). */
  args: unknown
  id?: string
  /** The index its deltas carry; the call's position by default. */
  index?: number
}

export interface ReplySpec {
  content?: string | null
  reasoning?: string
  calls?: CallSpec[]
  /** Default: "tool_calls" with calls, "stop" without. */
  finish?: string | null
  /** Streamed: send the usage chunk. @default true */
  usage?: boolean
  /** Streamed: end with [DONE]. @default true */
  done?: boolean
}

const envelope = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'm' }

/** A streamed reply's event data: role, reasoning and content in 4-character deltas, calls in 8-character fragments. */
export function streamChunks(reply: ReplySpec): string[] {
  const chunk = (delta: unknown, finish: string | null = null) =>
    JSON.stringify({ ...envelope, choices: [{ index: 0, delta, finish_reason: finish }] })
  const out = [chunk({ role: 'assistant', content: '' })]
  for (const piece of pieces(reply.reasoning ?? '', 4)) out.push(chunk({ reasoning_content: piece }))
  for (const piece of pieces(reply.content ?? '', 4)) out.push(chunk({ content: piece }))
  for (const [at, call] of (reply.calls ?? []).entries()) {
    const index = call.index ?? at
    const id = call.id ?? `call_${at}`
    if (typeof call.args !== 'string') {
      out.push(
        chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: call.args } }] }),
      )
      continue
    }
    out.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }))
    for (const piece of pieces(call.args, 8))
      out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }))
  }
  out.push(chunk({}, finishOf(reply)))
  if (reply.usage !== false)
    out.push(
      JSON.stringify({ ...envelope, choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }),
    )
  if (reply.done !== false) out.push('[DONE]')
  return out
}

/** A non-streamed reply's body. */
export function wholeBody(reply: ReplySpec): string {
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? null }
  if (reply.reasoning) message.reasoning_content = reply.reasoning
  if (reply.calls && reply.calls.length > 0)
    message.tool_calls = reply.calls.map((call, at) => ({
      id: call.id ?? `call_${at}`,
      type: 'function',
      function: { name: call.name, arguments: call.args },
    }))
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message, finish_reason: finishOf(reply) }],
    usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
  })
}

/** An exchange of one of the lab's probes, answered 200 with the given chunks or body. */
export function exchange(
  probe: string,
  mode: WireMode,
  answer: string[] | string,
  more: Partial<WireExchange> = {},
): WireExchange {
  const spec = PROBES.find((p) => p.id === probe)
  if (!spec) throw new Error(`no probe ${probe}`)
  return {
    probe,
    mode,
    attempt: 0,
    request: { url: 'http://127.0.0.1:1/v1/chat/completions', headers: {}, body: probeRequestBody(spec, 'm', mode) },
    status: 200,
    contentType: mode === 'stream' ? 'text/event-stream' : 'application/json',
    chunks: Array.isArray(answer) ? answer : [],
    ...(Array.isArray(answer) ? {} : { body: answer }),
    durationMs: 1,
    ...more,
  }
}

/** A probe answered the same way streamed and whole. */
export function pair(probe: string, reply: ReplySpec, attempt = 0): WireExchange[] {
  return [
    exchange(probe, 'stream', streamChunks(reply), { attempt }),
    exchange(probe, 'whole', wholeBody(reply), { attempt }),
  ]
}

/** The reference model's answers to every probe (as the lab's reference server gives them). */
export function referenceExchanges(attempt = 0): WireExchange[] {
  const weather: CallSpec = { name: 'get_weather', args: '{"location":{},"unit":"celsius"}' }
  const time: CallSpec = { name: 'get_time', args: '{}' }
  const translate: CallSpec = { name: 'translate_text', args: '{"text":"test","target":"中文"}' }
  const replies: Record<string, ReplySpec> = {
    single: { calls: [weather] },
    parallel: { calls: [weather, time, translate] },
    'parallel-off': { calls: [weather] },
    'no-params': { calls: [time] },
    unicode: { calls: [translate] },
    required: { calls: [weather] },
    none: { content: 'Done.' },
    named: { calls: [time] },
    'follow-up': { content: 'Done.' },
  }
  return PROBES.flatMap((probe) => pair(probe.id, replies[probe.id] as ReplySpec, attempt))
}

function finishOf(reply: ReplySpec): string | null {
  if (reply.finish !== undefined) return reply.finish
  return reply.calls && reply.calls.length > 0 ? 'tool_calls' : 'stop'
}

function pieces(text: string, size: number): string[] {
  const out: string[] = []
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size))
  return out
}
