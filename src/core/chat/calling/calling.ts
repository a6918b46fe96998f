/**
 * How a model calls tools, behind one small interface: in the text of its reply (a protocol such
 * as VCP, read as it streams) or as native function calls (`tools` and `tool_calls`). The loop
 * asks a round's reading what the reply asks for and gives the results back the way the mode
 * wants them; it does not know which mode it runs.
 */
import type { Diagnostic, ParsedRequest, ToolExecutionResult } from '../../types'
import type { ChatMessage, Completion, NativeToolCall, NativeToolDefinition, RoundRecord } from '../types'

/** What one reply asks for. */
export interface ReplyCalls {
  requests: ParsedRequest[]
  diagnostics: Diagnostic[]
  /** The reply's tool calls as they go back into the history (native mode; [] in text mode). */
  calls: NativeToolCall[]
  /** The reply's text as it goes back: markup read as calls is taken out of it. */
  said: string
  /** Requests answered without running (a native call the model got wrong), by request id. */
  rejected: Map<string, ToolExecutionResult>
  /** The messages that take the results (in request order) back to the model. */
  resultMessages(results: readonly ToolExecutionResult[]): ChatMessage[]
}

/** One round's reading of the reply. */
export interface RoundReading {
  /** A piece of the reply arrived. */
  onDelta(delta: string): void
  /** The whole reply: what it asks for; null when the run was stopped while a person was asked. */
  read(reply: Completion, round: RoundRecord): Promise<ReplyCalls | null>
  /** The reply broke off (stopped, or the stream failed): the requests that had begun. */
  readPartial(round: RoundRecord): ParsedRequest[]
}

/** Text or native function calling, set up for one run. */
export interface CallingMode {
  readonly kind: 'text' | 'native'
  /** The tools part of the system prompt. */
  readonly toolsPrompt: string
  /** Native mode: the `tools` a tool round sends. */
  readonly tools?: NativeToolDefinition[]
  /** The protocol of a cut result's ready-made ReadVar request. */
  readonly resultProtocol: string
  startRound(index: number, kind: RoundRecord['kind']): RoundReading
}
