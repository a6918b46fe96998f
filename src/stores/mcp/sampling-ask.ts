/** Asking the chosen model for a queued sampling request's reply, which then waits for approval. */
import { sampleWithModel } from '../../core/mcp'
import type { EndpointSettings } from '../../core'
import type { SamplingAsk, SamplingQueueReturn } from './sampling-queue'

/** Changes the request, if it is still queued (its server may have left meanwhile). */
export function updateAsk(queue: Pick<SamplingQueueReturn, 'find'>, id: number, patch: Partial<SamplingAsk>): void {
  const ask = queue.find(id)
  if (ask) Object.assign(ask, patch)
}

/**
 * Sends request `id` (with its edits) to the endpoint's model when it waits for approval; the reply
 * streams into `replyText` and then waits at stage `reply`. A failure (or Stop) goes back to stage
 * `request` with its reason in `error`. Never rejects.
 */
export async function askModel(
  queue: Pick<SamplingQueueReturn, 'find' | 'watchModel'>,
  id: number,
  endpoint: EndpointSettings,
): Promise<void> {
  const pending = queue.find(id)
  if (pending?.stage !== 'request') return
  const controller = new AbortController()
  queue.watchModel(id, controller)
  updateAsk(queue, id, { stage: 'asking', replyText: '', error: undefined, answeredBy: undefined })
  try {
    const result = await sampleWithModel(pending.request, endpoint, {
      signal: controller.signal,
      onText: (text) => updateAsk(queue, id, { replyText: text }),
    })
    const replyText = result.content.type === 'text' ? result.content.text : ''
    const answeredBy = { model: result.model, stopReason: result.stopReason }
    updateAsk(queue, id, { stage: 'reply', replyText, answeredBy })
  } catch (error) {
    updateAsk(queue, id, { stage: 'request', error: error instanceof Error ? error.message : String(error) })
  } finally {
    queue.watchModel(id, undefined)
  }
}
