/** How a finished chat run is kept in its saved reply. */
import type { ChatRunResult, ToolExecutionResult } from '../../core'
import type { StoredMessage } from '../../saved-chats/model'

/**
 * Writes the run's record, wire messages, answer and status into `message` (the saved, reactive
 * reply), and the requests a semi-automatic run left waiting. Images stay out of saved chats:
 * localStorage is small, and the model read their description.
 */
export function saveRunOutcome(message: StoredMessage, result: ChatRunResult): void {
  const { record } = result
  message.run = {
    ...record,
    rounds: record.rounds.map((round) => ({ ...round, results: round.results.map(withoutImages) })),
  }
  message.wire = result.messages
  message.content = result.content
  message.status = record.status
  if (record.error) message.error = record.error
  if (result.awaiting.length > 0) message.semi = { requests: result.awaiting, results: {}, continued: false }
}

/** Marks the reply as failed with the error's message. */
export function saveRunError(message: StoredMessage, error: unknown): void {
  message.status = 'error'
  message.error = error instanceof Error ? error.message : String(error)
}

/** The result without its images; the same object when it has none. */
export function withoutImages(result: ToolExecutionResult): ToolExecutionResult {
  if (!result.images) return result
  const copy = { ...result }
  delete copy.images
  return copy
}
