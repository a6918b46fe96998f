/**
 * The OpenAI chat-completions wire model, as far as the tool loop needs it, and the record a run
 * leaves behind. Plain data: a run's record can be stored, exported and shown as it is.
 */
import type { Diagnostic, ParsedRequest, ToolExecutionResult } from '../types'
import type { RawExchange } from './raw-exchange'

/** Who a chat message is from; `tool` messages carry native call results. */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool'

/** One entry of an assistant message's `tool_calls` (native function calling). */
export interface NativeToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** One chat-completions message, in the wire shape (snake_case), ready to send as it is. */
export interface ChatMessage {
  role: ChatRole
  /** null only on an assistant message that has `tool_calls` and no text. */
  content: string | null
  /** On assistant messages (native mode): the calls the reply made. */
  tool_calls?: NativeToolCall[]
  /** On `role: 'tool'` messages: the call this result answers. */
  tool_call_id?: string
}

/** Token counts as the endpoint reports them (a run's record sums its rounds'). */
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

/** What a model client is asked: the whole conversation, and in native mode the tools it may call. */
export interface CompletionRequest {
  /** System message first, then the history and what the run added. */
  messages: ChatMessage[]
  /** Native mode only; absent in text mode and for the final answer. */
  tools?: NativeToolDefinition[]
}

/** How a caller follows and stops one completion. */
export interface CompletionCallbacks {
  /** Stops the request; the built-in clients then reject with a `ChatRequestError` of kind `aborted`. */
  signal?: AbortSignal
  /** The reply so far, after each piece that arrived. */
  onUpdate?: (reply: Completion, delta: string) => void
  /**
   * The request's raw exchange (headers without the key, body, status, events as received), once
   * the request is over: answered, failed or stopped. Asked for, the built-in HTTP client captures it.
   */
  onExchange?: (exchange: RawExchange) => void
}

/** Anything that answers chat requests: an HTTP endpoint, or a person writing the replies. */
export interface ModelClient {
  complete(request: CompletionRequest, callbacks?: CompletionCallbacks): Promise<Completion>
}

/**
 * How a run ended: `completed` (a reply with no requests, or requests not to be run), `max_iterations`
 * (the tool-round limit was reached and the final answer came), `aborted` (the signal), `error`.
 */
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

/** What tool-call markup a native-mode reply's text held, and whether its calls were run. */
export interface ContentCallsNote {
  /** The formats the markup was read as. */
  formats: { id: string; label: string }[]
  /** How many well-formed calls were found. */
  calls: number
  /** True when they ran as the round's `tool_calls`. */
  taken: boolean
}

/** Everything one run of the tool loop did, round by round; plain data, safe to store and show. */
export interface RunRecord {
  status: RunStatus
  /** Why the run ended early: the error's message or the abort reason. */
  error?: string
  rounds: RoundRecord[]
  /** The sum of the rounds' usage (rounds the endpoint reported none for count as zero). */
  usage: TokenUsage
  /** Epoch milliseconds (`Date.now()`). */
  startedAt: number
  durationMs: number
  /** Native function calling or a text protocol. */
  calling: 'text' | 'native'
  /** The config's protocol id (the one that parsed replies in text mode). */
  protocol: string
}
