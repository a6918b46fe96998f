/**
 * What a conversation sends as history, and the message a result run by hand goes back as.
 * A turn is what a chat keeps: a user's text, or an assistant's reply with the run that made it.
 */
import { compactTranscript } from './compact'
import type { ChatMessage, RunRecord } from './types'

/** One turn a chat keeps (plain data): a user's text, or an assistant's reply with the run behind it. */
export interface ChatTurn {
  role: 'user' | 'assistant'
  /** The user's text; for an assistant turn, the last reply's text. */
  content: string
  /** The record of the run that made an assistant turn. */
  run?: RunRecord
  /** The wire messages that run added (replies and tool results). */
  wire?: ChatMessage[]
}

/**
 * The history for the next request: user messages as written, and for each assistant turn the
 * wire messages its run added ('native': the model sees its own calls and their results) or the
 * run as one compact message ('compact': shorter, and the full results stay in variables).
 */
export function conversationHistory(turns: readonly ChatTurn[], mode: 'native' | 'compact' = 'native'): ChatMessage[] {
  const history: ChatMessage[] = []
  for (const turn of turns) {
    if (turn.role === 'user') history.push({ role: 'user', content: turn.content })
    else if (mode === 'compact' && turn.run && turn.run.rounds.some((r) => r.requests.length > 0))
      history.push({ role: 'assistant', content: compactTranscript(turn.run) })
    else if (turn.wire && turn.wire.length > 0) history.push(...turn.wire)
    else if (turn.content) history.push({ role: 'assistant', content: turn.content })
  }
  return history
}

/** Semi-automatic mode: a result run by hand goes back as a user message the model reads as the tool's answer. */
export function toolCallResultMessage(requestId: string, result: string): string {
  return JSON.stringify({ tool_call_result: { toolCallId: requestId, result } })
}
