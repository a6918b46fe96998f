/**
 * The progress a running call last reported, shown at most once per frame: a server may send
 * thousands of notifications a second, and a flood must not keep the page from drawing.
 */
import { getCurrentScope, onScopeDispose, shallowRef, type ShallowRef } from 'vue'
import type { CallProgress } from '../../core'

/** What {@link useFrameProgress} returns. */
export interface FrameProgressReturn {
  /** The latest report, applied at the next frame; null until the running call reports. */
  progress: ShallowRef<CallProgress | null>
  /** Takes a report; only the newest of a frame's reports is applied. */
  report(next: CallProgress): void
  /** Forgets what an earlier call reported (a new run starts with no progress). */
  reset(): void
}

/** Progress applied once per frame, and only while `isRunning()` (a late frame of a finished run is dropped). */
export function useFrameProgress(isRunning: () => boolean): FrameProgressReturn {
  const progress = shallowRef<CallProgress | null>(null)
  let latest: CallProgress | null = null
  let framePending = false
  let disposed = false

  function report(next: CallProgress): void {
    latest = next
    if (framePending) return
    framePending = true
    nextFrame(() => {
      framePending = false
      if (!disposed && isRunning()) progress.value = latest
    })
  }

  function reset(): void {
    progress.value = null
    latest = null
  }

  if (getCurrentScope()) onScopeDispose(() => (disposed = true))
  return { progress, report, reset }
}

function nextFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback())
  else setTimeout(callback, 16)
}
