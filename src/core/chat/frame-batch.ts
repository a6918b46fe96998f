/**
 * Streaming updates, applied at most once per animation frame. A model sends a delta every few
 * milliseconds; each applied delta re-renders the reply's Markdown, which grows with the reply,
 * so applying every delta makes a long answer quadratic and the page stops drawing.
 * Jobs keep their order; a job queued under a key replaces the one waiting under the same key
 * (the latest full text of a round is all that needs drawing).
 */
export interface FrameBatch {
  /** Runs `job` with the next frame; a later job under the same key replaces this one. */
  latest(key: string, job: () => void): void
  /** Runs `job` with the next frame, after the jobs queued before it. */
  queue(job: () => void): void
  /** Runs every waiting job now, in order: before anything that must see them applied. */
  flush(): void
}

/**
 * Runs `callback` once, later: when streamed updates are drawn. The default is the next animation
 * frame (a 16 ms timer where there is none); tests pass one that runs at once or by hand.
 */
export type FrameScheduler = (callback: () => void) => void

const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback())
  else setTimeout(callback, 16)
}

export function createFrameBatch(schedule: FrameScheduler = nextFrame): FrameBatch {
  // A Map keeps insertion order; queued jobs get keys of their own.
  let jobs = new Map<string, () => void>()
  let queued = 0
  let scheduled = false

  function flush(): void {
    scheduled = false
    if (jobs.size === 0) return
    const due = jobs
    jobs = new Map()
    for (const job of due.values()) job()
  }

  function add(key: string, job: () => void): void {
    // Re-inserting moves a replaced job to the end, after what was queued meanwhile.
    jobs.delete(key)
    jobs.set(key, job)
    if (!scheduled) {
      scheduled = true
      schedule(flush)
    }
  }

  return {
    latest: add,
    queue: (job) => add(`\u0000${queued++}`, job),
    flush,
  }
}
