/**
 * The OpenAI chat-completions wire model, as far as the tool loop needs it, and the record a run
 * leaves behind. Plain data: a run's record can be stored, exported and shown as it is.
 */
import type { Diagnostic, ParsedRequest, ToolExecutionResult } from '../types'

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool'

/** One entry of an assistant message's `tool_calls` (native function calling). */
export interface NativeToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export interface ChatMessage {
  role: ChatRole
  content: string | null
  tool_calls?: NativeToolCall[]
  /** On `role: 'tool'` messages: the call this result answers. */
  tool_call_id?: string
}

export interface TokenUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** An OpenAI `tools` entry. */
export interface NativeToolDefinition {
  type: 'function'
  function: { name: string; description: string; parameters: object }
}

/** One model reply, complete or (inside an error) as far as it got. */
export interface Completion {
  content: string
  toolCalls: NativeToolCall[]
  usage?: TokenUsage
  finishReason?: string
}

export interface CompletionRequest {
  messages: ChatMessage[]
  tools?: NativeToolDefinition[]
}

export interface CompletionCallbacks {
  signal?: AbortSignal
  /** The reply so far, after each piece that arrived. */
  onUpdate?: (reply: Completion, delta: string) => void
}

/** Anything that answers chat requests: an HTTP endpoint, or a person writing the replies. */
export interface ModelClient {
  complete(request: CompletionRequest, callbacks?: CompletionCallbacks): Promise<Completion>
}

export type RunStatus = 'completed' | 'aborted' | 'error' | 'max_iterations'

/** One request to the model and what the loop did with the reply. */
export interface RoundRecord {
  index: number
  /** 'final-answer': the request after the tool-round limit, sent without tools. */
  kind: 'tools' | 'final-answer'
  content: string
  /** Native mode: the calls as the model sent them, arguments verbatim. */
  toolCalls: NativeToolCall[]
  requests: ParsedRequest[]
  diagnostics: Diagnostic[]
  results: ToolExecutionResult[]
  usage?: TokenUsage
  finishReason?: string
  /** Milliseconds: from the request to the first piece of the reply, to its end, and running the tools. */
  timings: { firstTokenMs?: number; modelMs: number; toolsMs: number }
  /** Set when this round ended the run with an error. */
  error?: string
  /** Native mode: tool-call markup found in a reply without tool_calls; `taken` when its calls ran as the round's. */
  contentCalls?: ContentCallsNote
}

export interface ContentCallsNote {
  formats: { id: string; label: string }[]
  calls: number
  taken: boolean
}

export interface RunRecord {
  status: RunStatus
  /** Why the run ended early: the error's message or the abort reason. */
  error?: string
  rounds: RoundRecord[]
  usage: TokenUsage
  startedAt: number
  durationMs: number
  calling: 'text' | 'native'
  protocol: string
}
