import { englishMessages, type MessageId } from './english'
import { renderMessage } from './render'
import type { MessageParams, MessageRef } from './types'

/** A message's English text with its id and parameters, to spread into a diagnostic or a finding. */
export interface SaidMessage {
  message: string
  messageId: MessageId
  params?: MessageParams
}

/**
 * The English text of message `id` with its id and parameters kept beside it, so a user interface
 * can render it in another language. Parameters are written text (names, markers, counts), never
 * English words: a phrase that changes with the case is a nested message (`ref`).
 */
export function say(id: MessageId, params?: MessageParams): SaidMessage {
  const ref: MessageRef = params ? { id, params } : { id }
  return params
    ? { message: renderMessage(ref, englishMessages), messageId: id, params }
    : { message: renderMessage(ref, englishMessages), messageId: id }
}

/** A message to nest as another message's parameter (a phrase that changes with the case). */
export function ref(id: MessageId, params?: MessageParams): MessageRef {
  return params ? { id, params } : { id }
}
