/**
 * Scripted models for the chat's everyday actions: a reply that fails once and works when tried
 * again, and replies that differ each time they are made (so a regenerated reply can be told apart).
 */
import type { ChatMessage } from '../../src/core'
import type { ChatRequestBody } from './server'
import type { Scenario } from './scenarios'

function lastUser(messages: ChatMessage[]): string {
  const users = messages.filter((m) => m.role === 'user')
  return users[users.length - 1]?.content ?? ''
}

/** Fresh scenarios, each with its own memory of what it was asked. */
export function createDailyScenarios(): Record<string, Scenario> {
  const failed = new Set<string>()
  let takes = 0
  return {
    /** The first request for a message answers 503; asked again, it answers. */
    'fail-once': (body: ChatRequestBody) => {
      const text = lastUser(body.messages)
      if (!failed.has(text)) {
        failed.add(text)
        return {
          type: 'status',
          status: 503,
          body: JSON.stringify({ error: { message: 'The model is overloaded, try again.', code: 'overloaded' } }),
        }
      }
      return { type: 'reply', content: `Second try worked. You said: ${text}` }
    },
    /** Each reply is numbered: "Take 3: you said …". */
    numbered: (body: ChatRequestBody) => ({
      type: 'reply',
      content: `Take ${++takes}: you said "${lastUser(body.messages)}".`,
    }),
  }
}
