/**
 * Helpers for the plan's messages said by id: the English text of a message, a list of messages as
 * one, and a text that has no id of its own (a thrown error's message, a validator's words) nested
 * as written.
 */
import type { MessageRef } from '../messages/types'
import { englishMessages } from '../messages/english'
import { renderMessage } from '../messages/render'
import { ref, type SaidMessage } from '../messages/say'
import type { ArgumentCheck } from './arguments'

/** The English text of `message`: what `reason` and `problem` fields hold. */
export function english(message: MessageRef): string {
  return renderMessage(message, englishMessages)
}

/** `message` with its English text, to spread into a diagnostic. */
export function said(message: MessageRef): SaidMessage {
  const text = english(message)
  return message.params
    ? { message: text, messageId: message.id as SaidMessage['messageId'], params: message.params }
    : { message: text, messageId: message.id as SaidMessage['messageId'] }
}

/** A text with no message id of its own, nested as written. */
export function asWritten(text: string): MessageRef {
  return ref('plan.as-written', { text })
}

/** A finding's message as a reference: its id and parameters, or its English text as written. */
export function refOf(found: { message: string; messageId?: string; params?: MessageRef['params'] }): MessageRef {
  if (found.messageId === undefined) return asWritten(found.message)
  return found.params ? { id: found.messageId, params: found.params } : { id: found.messageId }
}

/** Messages joined by '; ' into one (nested pairs, so any language can render the list). */
export function joinedBySemicolons(items: readonly MessageRef[]): MessageRef {
  let out = items[items.length - 1] ?? ref('common.empty')
  for (let i = items.length - 2; i >= 0; i--)
    out = ref('plan.list-semicolon', { first: items[i] as MessageRef, rest: out })
  return out
}

/** A check's problem as a message (its id when it has one, else its text, or its state, as written). */
export function problemRefOf(check: ArgumentCheck): MessageRef {
  return refOf({ message: check.problem ?? check.state, messageId: check.messageId, params: check.params })
}
