/**
 * How the run changes its state: streamed pieces are applied once per frame (see frame-batch.ts),
 * and everything else first applies what is waiting, so it never lands before an older piece.
 * Each applied change is announced.
 */
import { createFrameBatch, type FrameScheduler } from '../frame-batch'

/** Applies changes to the state, batched or at once, announcing each. */
export interface StateUpdates {
  /**
   * Applies `job` with the next frame. Under a key, a later job replaces this one while it waits
   * (only the latest full text matters); with `null`, jobs are applied in order.
   */
  later(key: string | null, job: () => void): void
  /** Applies what is waiting, then `job`, now. */
  now(job: () => void): void
  /** Applies what is waiting, now. */
  flush(): void
}

/** Updates announced through `changed`, batched by `schedule` (default: the next animation frame). */
export function createStateUpdates(changed: () => void, schedule?: FrameScheduler): StateUpdates {
  const frames = createFrameBatch(schedule)
  return {
    later(key, job) {
      const apply = (): void => {
        job()
        changed()
      }
      if (key) frames.latest(key, apply)
      else frames.queue(apply)
    },
    now(job) {
      frames.flush()
      job()
      changed()
    },
    flush: () => frames.flush(),
  }
}
