/**
 * A "model" that is a person: each request waits until someone writes the assistant's reply.
 * With it the whole loop (parse, approve, run, send results back) works with no endpoint at all.
 */
import { ChatRequestError } from './errors'
import type { CompletionRequest, ModelClient } from './types'

/** `provide` resolves with the reply text, or rejects when it is cancelled. */
export function createManualClient(
  provide: (request: CompletionRequest, signal: AbortSignal | undefined) => Promise<string>,
): ModelClient {
  return {
    async complete(request, callbacks = {}) {
      const { signal } = callbacks
      if (signal?.aborted) throw new ChatRequestError('aborted', 'The request was aborted before a reply was written.')
      const content = await new Promise<string>((resolve, reject) => {
        const onAbort = () =>
          reject(new ChatRequestError('aborted', 'The request was aborted while waiting for a reply to be written.'))
        signal?.addEventListener('abort', onAbort, { once: true })
        provide(request, signal).then(
          (text) => {
            signal?.removeEventListener('abort', onAbort)
            resolve(text)
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort)
            reject(error)
          },
        )
      })
      const reply = { content, toolCalls: [], finishReason: 'stop' }
      callbacks.onUpdate?.(reply, content)
      return reply
    },
  }
}
