/**
 * A run's own abort controller, which also aborts when the caller's signal does. The run stops
 * itself through it; the caller's signal is left alone.
 */

/** The run's abort signal and controls. */
export interface LinkedAbort {
  readonly signal: AbortSignal
  /** Aborts the run's signal (not the caller's). */
  abort(reason?: unknown): void
  /** Stops following the caller's signal: call it when the run ends. */
  release(): void
}

/** A signal that aborts with `outer` (at once when `outer` already has) or by `abort`. */
export function linkedAbort(outer?: AbortSignal): LinkedAbort {
  const controller = new AbortController()
  const forward = (): void => controller.abort(outer?.reason)
  if (outer?.aborted) forward()
  else outer?.addEventListener('abort', forward, { once: true })
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    release: () => outer?.removeEventListener('abort', forward),
  }
}
