/**
 * A few jobs at a time, and a request tried again after a pause that doubles each time, for the
 * failures that are worth retrying (the network, a busy or failing server, a broken stream).
 */
import { ChatRequestError } from '../chat/errors'

/** How a failed request is tried again. */
export interface RetryOptions {
  /** Further attempts after the first. @default 2 */
  retries: number
  /** The pause before the first retry; each next one doubles. @default 500 */
  backoffMs: number
  /** How a pause is waited out. @default a timer that the signal cuts short */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * Runs `work` over the items with at most `limit` in flight, started in order (a limit below 1 or
 * not a number runs them one at a time). Resolves true when every item is done, false when the
 * signal stopped it (items not started are left). A throw from `work` rejects.
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<boolean> {
  let next = 0
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++] as T)
  }
  // A limit that is not a positive number (NaN from a cleared field) still runs the items, one at a time.
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length))
  await Promise.all(Array.from({ length: width }, worker))
  return !signal?.aborted
}

/** The longest pause between two attempts, however many retries are allowed. */
export const MAX_BACKOFF_MS = 60_000

/** Whether a failed request may succeed when sent again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ChatRequestError)) return false
  switch (error.kind) {
    case 'network':
    case 'stream-broken':
    case 'no-done':
    case 'idle':
      return true
    case 'http':
      return error.status === 429 || (error.status ?? 0) >= 500
    default:
      return false
  }
}

/**
 * Calls `attempt` until it succeeds, the error is not retryable, the retries are used up, or the
 * signal is aborted (checked before and after each pause); then the last error is thrown.
 */
export async function retrying<T>(attempt: () => Promise<T>, options: RetryOptions, signal?: AbortSignal): Promise<T> {
  const sleep = options.sleep ?? abortableSleep
  // NaN (a cleared settings field) would never be reached: it means no retry.
  const retries = Number.isNaN(options.retries) ? 0 : options.retries
  for (let tried = 0; ; tried++) {
    try {
      return await attempt()
    } catch (error) {
      if (tried >= retries || !isRetryable(error) || signal?.aborted) throw error
      await sleep(Math.min(options.backoffMs * 2 ** tried, MAX_BACKOFF_MS), signal)
      // Stopped during the pause: the run is over, so no further request is sent.
      if (signal?.aborted) throw error
    }
  }
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
  })
}
