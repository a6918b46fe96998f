/**
 * Native function calling: the tools go as OpenAI `tools`, the reply's `tool_calls` are the
 * requests, and each result goes back as a `role: "tool"` message. A reply without `tool_calls`
 * whose text holds tool-call markup (the server's tool parser failed or is off) can be taken as
 * its calls when the run's `onContentCalls` says so.
 */
import type { ParsedRequest, ToolExecutionResult } from '../../types'
import type { ToolSession } from '../../session/tool-session'
import { resolveNativeCall, toolResultMessage } from '../native'
import { findContentToolCalls, type ContentToolCalls } from '../content-calls'
import type { NativeToolCall, RoundRecord } from '../types'
import type { CallingMode, ReplyCalls } from './calling'

export interface NativeCallingOptions {
  /** false: calls are read but not run, so markup in the text is not offered either. */
  execute: boolean
  /** The endpoint's model name: a hint for reading markup left in the text. */
  model?: string
  signal?: AbortSignal
  onContentCalls?(found: ContentToolCalls, round: number): boolean | Promise<boolean>
  onToolCallsUpdate?(calls: readonly NativeToolCall[], round: number): void
}

export function createNativeCalling(session: ToolSession, options: NativeCallingOptions): CallingMode {
  const prompt = session.toolsPrompt({ calling: 'native' })
  const tools = prompt.definitions
  const resolve = (call: NativeToolCall) => resolveNativeCall(call, session.requestIds, prompt.nativeNames)

  /** Tool-call markup in the text of a reply without tool_calls: its calls when they are to run. */
  async function takeContentCalls(text: string, round: RoundRecord): Promise<ContentToolCalls | null> {
    const ask = options.onContentCalls
    const found = ask ? findContentToolCalls(text, { model: options.model, tools }) : null
    if (!ask || !found) return null
    round.contentCalls = {
      formats: found.formats.map(({ id, label }) => ({ id, label })),
      calls: found.calls.length,
      taken: false,
    }
    if (!(await ask(found, round.index))) return null
    round.contentCalls.taken = true
    return found
  }

  return {
    kind: 'native',
    toolsPrompt: prompt.text,
    tools,
    resultProtocol: 'native',
    startRound(index, kind) {
      return {
        onDelta: () => undefined,
        async read(reply, round): Promise<ReplyCalls | null> {
          const calls: NativeToolCall[] = reply.toolCalls.map((call) => ({ ...call, function: { ...call.function } }))
          const offered = calls.length === 0 && kind === 'tools' && tools !== undefined && options.execute
          const fromContent = offered ? await takeContentCalls(reply.content, round) : null
          // Stopped while the notice waited.
          if (round.contentCalls && options.signal?.aborted) return null
          if (fromContent) calls.push(...fromContent.calls)
          const requests: ParsedRequest[] = []
          const rejected = new Map<string, ToolExecutionResult>()
          for (const call of calls) {
            const resolved = resolve(call)
            // Ids of calls read from the text are ours to choose: the conversation's own.
            if (fromContent) call.id = resolved.request.requestId
            else call.id ||= resolved.request.requestId
            requests.push(resolved.request)
            if (!resolved.ok) rejected.set(resolved.request.requestId, resolved.result)
          }
          if (fromContent) options.onToolCallsUpdate?.(calls, index)
          return {
            requests,
            diagnostics: [],
            calls,
            // Markup read as calls leaves the text: the calls go back as tool_calls, not twice.
            said: fromContent ? fromContent.prose : reply.content,
            rejected,
            resultMessages: (results) =>
              calls.flatMap((call, n) => {
                const result = results[n]
                return result ? [toolResultMessage(call, result)] : []
              }),
          }
        },
        readPartial: (round) => round.toolCalls.map((call) => resolve(call).request),
      }
    },
  }
}
