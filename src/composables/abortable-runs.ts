/**
 * The runs one caller of a composable has going, each with an abort controller of its own: so
 * `abort()` (or the caller's scope ending) stops them all, and `running` says whether any is left.
 */
import { shallowRef, type ShallowRef } from 'vue'

/** A caller's runs. */
export interface AbortableRuns {
  /** True while at least one run is going. */
  readonly running: Readonly<ShallowRef<boolean>>
  /**
   * Runs `task` with a signal of its own, aborted by `abort()` and, when given, by `outer`.
   * `running` is true from the call (synchronously) until the task settles.
   */
  run<T>(task: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T>
  /** Aborts every run going now with an AbortError of this reason; later runs are not affected. */
  abort(reason: string): void
}

/** No runs yet. */
export function createAbortableRuns(): AbortableRuns {
  const controllers = new Set<AbortController>()
  const running = shallowRef(false)

  async function run<T>(task: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
    const controller = new AbortController()
    const forward = () => controller.abort(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    controllers.add(controller)
    running.value = true
    try {
      return await task(controller.signal)
    } finally {
      outer?.removeEventListener('abort', forward)
      controllers.delete(controller)
      running.value = controllers.size > 0
    }
  }

  function abort(reason: string): void {
    for (const controller of controllers) controller.abort(new DOMException(reason, 'AbortError'))
  }

  return { running, run, abort }
}
