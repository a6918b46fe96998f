/**
 * A chat round's conversation as its request carried it: the messages and tools of the OpenAI
 * request body the round sent, read back from its raw exchange.
 */
import type { RawExchange } from '../core'
import { isRecord } from '../core/internal'

export type RoundConversation =
  | { ok: true; messages: unknown[]; tools: unknown[] | null }
  | {
      ok: false
      /** `not-kept`: no exchange; `cut`: the body was past the capture's limit; `no-messages`: no `messages` list. */
      reason: 'not-kept' | 'cut' | 'no-messages'
    }

/** The messages and tools `exchange`'s request sent. */
export function roundConversation(exchange: RawExchange | undefined): RoundConversation {
  if (!exchange) return { ok: false, reason: 'not-kept' }
  let body: unknown
  try {
    body = JSON.parse(exchange.request.body)
  } catch {
    return { ok: false, reason: 'cut' }
  }
  if (!isRecord(body) || !Array.isArray(body.messages)) return { ok: false, reason: 'no-messages' }
  const tools = Array.isArray(body.tools) && body.tools.length > 0 ? body.tools : null
  return { ok: true, messages: body.messages, tools }
}
