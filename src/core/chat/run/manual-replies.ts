/**
 * The manual model's side of a run: a request waits in `state.manualRequest` until a person
 * writes its reply, or until the run stops.
 */
import { createManualClient } from '../manual-client'
import type { ModelClient } from '../types'
import type { ChatRunState } from './types'

/** The waiting manual request, if any, and how it is answered or dropped. */
export interface ManualReplies {
  /** A model that is a person: each request waits in `state.manualRequest` until `submit`. */
  client(): ModelClient
  /** Answers the waiting request; false when none is waiting. */
  submit(text: string): boolean
  /** Fails the waiting request with `reason` (its round ends with that error). */
  cancel(reason: string): void
  /** Drops the waiting request unanswered: the run that asked has ended. */
  forget(): void
}

/** Manual replies shown in `state`, each change announced through `changed`. */
export function createManualReplies(state: ChatRunState, changed: () => void): ManualReplies {
  let waiting: { resolve(text: string): void; reject(error: unknown): void } | null = null
  return {
    client: () =>
      createManualClient(
        (request) =>
          new Promise<string>((resolve, reject) => {
            waiting = { resolve, reject }
            state.manualRequest = request
            changed()
          }),
      ),
    submit(text) {
      if (!waiting) return false
      const reply = waiting
      waiting = null
      state.manualRequest = null
      changed()
      reply.resolve(text)
      return true
    },
    cancel(reason) {
      waiting?.reject(new Error(reason))
      waiting = null
    },
    forget() {
      waiting = null
    },
  }
}
