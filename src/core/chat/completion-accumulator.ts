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
    /**
     * Goes up whenever the answer grows: content, reasoning, tool-call text or a new call. Usage
     * counts and finish reasons do not count, so a server repeating them cannot hold a dead stream open.
     */
    get progress(): number {
      return grown
    },
    /** Applies one parsed chunk; returns the text it added to the content. */
    apply(chunk: unknown): string {
      if (!chunk || typeof chunk !== 'object') throw new TypeError('the chunk is not a JSON object')
      const { choices, usage } = chunk as { choices?: unknown; usage?: unknown }
      if (isUsage(usage)) reply.usage = copyUsage(usage)
      if (!Array.isArray(choices)) return ''
      let added = ''
      for (const choice of choices as {
        delta?: { content?: unknown; tool_calls?: unknown; reasoning_content?: unknown; reasoning?: unknown }
        finish_reason?: unknown
      }[]) {
        const delta = choice?.delta
        if (delta && typeof delta.content === 'string') {
          reply.content += delta.content
          added += delta.content
          grown += delta.content.length
        }
        // Reasoning is not kept in the reply, but a model thinking aloud is making progress.
        if (delta) grown += textLength(delta.reasoning_content) + textLength(delta.reasoning)
        if (delta && Array.isArray(delta.tool_calls)) {
          for (const part of delta.tool_calls) {
            const merged = mergeToolCall(calls, part)
            if (merged.newIndex !== null)
              reply.toolCalls.splice(
                insertSorted(order, merged.newIndex),
                0,
                calls.get(merged.newIndex) as NativeToolCall,
              )
            grown += merged.appended + (merged.newIndex !== null ? 1 : 0)
          }
        }
        if (typeof choice?.finish_reason === 'string') reply.finishReason = choice.finish_reason
      }
      return added
    },
  }
}

/** The length of a value that should be text; 0 for anything else. */
function textLength(value: unknown): number {
  return typeof value === 'string' ? value.length : 0
}

/** Inserts `value` into the sorted list; returns where it went. */
function insertSorted(list: number[], value: number): number {
  const lo = countBelow(list, value)
  list.splice(lo, 0, value)
  return lo
}

/**
 * Merges one delta into its call: the call's index when the call is new (else null), and how much
 * name and argument text it appended (a rewritten id is not progress).
 */
function mergeToolCall(
  calls: Map<number, NativeToolCall>,
  part: unknown,
): { newIndex: number | null; appended: number } {
  if (!part || typeof part !== 'object') return { newIndex: null, appended: 0 }
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
  let appended = 0
  if (fn && typeof fn.name === 'string') {
    call.function.name += fn.name
    appended += fn.name.length
  }
  if (fn && typeof fn.arguments === 'string') {
    call.function.arguments += fn.arguments
    appended += fn.arguments.length
  }
  return { newIndex: isNew ? key : null, appended }
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
