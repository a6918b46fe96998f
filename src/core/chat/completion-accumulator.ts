/**
 * Streamed chat-completion chunks merged into one reply: content appended, tool calls joined by
 * their index, finish reason and token usage kept.
 */
import { countBelow } from '../text/sorted'
import { emptyCompletion } from './errors'
import type { Completion, NativeToolCall, TokenUsage } from './types'

/** Merges streamed chunks into one reply: content appended, tool calls joined by index. */
export function createCompletionAccumulator() {
  const reply: Completion = emptyCompletion()
  const calls = new Map<number, NativeToolCall>()
  // Indexes in order, kept sorted as new ones arrive (a sort per chunk was quadratic).
  const order: number[] = []
  let grown = 0
  return {
    reply,
    /** Goes up whenever the reply gains something: text, tool-call text, a finish reason, usage. */
    get progress(): number {
      return grown
    },
    /** Applies one parsed chunk; returns the text it added to the content. */
    apply(chunk: unknown): string {
      if (!chunk || typeof chunk !== 'object') throw new TypeError('the chunk is not a JSON object')
      const { choices, usage } = chunk as { choices?: unknown; usage?: unknown }
      if (isUsage(usage)) {
        reply.usage = copyUsage(usage)
        grown++
      }
      if (!Array.isArray(choices)) return ''
      let added = ''
      for (const choice of choices as {
        delta?: { content?: unknown; tool_calls?: unknown }
        finish_reason?: unknown
      }[]) {
        const delta = choice?.delta
        if (delta && typeof delta.content === 'string') {
          reply.content += delta.content
          added += delta.content
          grown += delta.content.length
        }
        if (delta && Array.isArray(delta.tool_calls)) {
          for (const part of delta.tool_calls) {
            const before = toolCallSize(calls)
            const added = mergeToolCall(calls, part)
            if (added !== null)
              reply.toolCalls.splice(insertSorted(order, added), 0, calls.get(added) as NativeToolCall)
            grown += toolCallSize(calls) - before + (added !== null ? 1 : 0)
          }
        }
        if (typeof choice?.finish_reason === 'string' && reply.finishReason !== choice.finish_reason) {
          reply.finishReason = choice.finish_reason
          grown++
        }
      }
      return added
    },
  }
}

/** How much tool-call text the calls hold (names and arguments). */
function toolCallSize(calls: Map<number, NativeToolCall>): number {
  let size = 0
  for (const call of calls.values()) size += call.function.name.length + call.function.arguments.length + call.id.length
  return size
}

/** Inserts `value` into the sorted list; returns where it went. */
function insertSorted(list: number[], value: number): number {
  const lo = countBelow(list, value)
  list.splice(lo, 0, value)
  return lo
}

/** Merges one delta into its call; returns the call's index when the call is new, else null. */
function mergeToolCall(calls: Map<number, NativeToolCall>, part: unknown): number | null {
  if (!part || typeof part !== 'object') return null
  const {
    index,
    id,
    function: fn,
  } = part as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }
  let key = typeof index === 'number' && Number.isFinite(index) ? index : calls.size
  while (typeof index !== 'number' && calls.has(key)) key++
  let call = calls.get(key)
  const isNew = !call
  if (!call) calls.set(key, (call = { id: '', type: 'function', function: { name: '', arguments: '' } }))
  if (typeof id === 'string' && id) call.id = id
  if (fn && typeof fn.name === 'string') call.function.name += fn.name
  if (fn && typeof fn.arguments === 'string') call.function.arguments += fn.arguments
  return isNew ? key : null
}

/** The three counts only, whatever else a server put beside them. */
export function copyUsage(usage: TokenUsage): TokenUsage {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
  }
}

/** Whether a value holds the three token counts as numbers. */
export function isUsage(value: unknown): value is TokenUsage {
  if (!value || typeof value !== 'object') return false
  const usage = value as Record<string, unknown>
  return (
    typeof usage.prompt_tokens === 'number' &&
    typeof usage.completion_tokens === 'number' &&
    typeof usage.total_tokens === 'number'
  )
}
