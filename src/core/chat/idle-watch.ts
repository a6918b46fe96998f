/**
 * The idle timeout of a request to a model endpoint: one signal that aborts on the caller's abort
 * and when nothing that adds to the answer arrived for too long, and the error that says so.
 */
import { ChatRequestError } from './errors'
import type { Completion } from './types'

/** A request's idle clock and the signal it aborts. */
export interface IdleWatch {
  /** Aborts on the caller's signal and when the idle timeout fires. */
  signal: AbortSignal
  /** Something arrived: the idle clock starts again. */
  touch(): void
  fired(): boolean
  error(url: string, partial: Completion): ChatRequestError
  stop(): void
}

/** Starts the idle clock (`timeoutMs` of 0 or less never fires); `stop()` it when the request ends. */
export function idleWatch(timeoutMs: number, outer: AbortSignal | undefined): IdleWatch {
  const controller = new AbortController()
  let fired = false
  let timer: ReturnType<typeof setTimeout> | null = null
  const onOuter = (): void => controller.abort(outer?.reason)
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  const arm = (): void => {
    if (timeoutMs <= 0) return
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => {
      fired = true
      controller.abort(new Error(`nothing arrived for ${timeoutMs} ms`))
    }, timeoutMs)
  }
  arm()
  return {
    signal: controller.signal,
    touch: arm,
    fired: () => fired,
    error: (url, partial) =>
      new ChatRequestError(
        'idle',
        `${partial.content || partial.toolCalls.length ? 'No part of the answer arrived' : 'Nothing arrived'} from ${url} for ${Math.round(timeoutMs / 1000)} s (keep-alive comments, usage counts and unfinished events do not count), so the request was stopped; ${partial.content.length} characters were received and kept. ` +
          'A slow local model may need a longer idle timeout (endpoint settings).',
        partial,
      ),
    stop() {
      if (timer !== null) clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
    },
  }
}
