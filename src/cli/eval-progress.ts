/**
 * The live lane's progress on standard error: on a terminal one line redrawn in place, elsewhere
 * (a CI log, a file) a line at every tenth of the way, so logs stay short.
 */
import type { LiveProgress } from '../core/eval'
import type { EvalIo } from './eval-io'

const BAR_WIDTH = 10

/** `[=====     ] 42/120  35%  ETA 1m 12s`: skipped jobs count as done. */
export function progressLine(progress: LiveProgress): string {
  const done = progress.skipped + progress.done
  const fraction = progress.total === 0 ? 1 : done / progress.total
  const filled = Math.floor(fraction * BAR_WIDTH)
  const bar = `[${'='.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}]`
  const eta =
    done >= progress.total ? 'done' : progress.etaMs === undefined ? 'ETA --' : `ETA ${duration(progress.etaMs)}`
  const failed = progress.failedRequests > 0 ? `  ${progress.failedRequests} requests failed` : ''
  return `${bar} ${done}/${progress.total}  ${Math.floor(fraction * 100)}%  ${eta}${failed}`
}

/** A duration as a person reads it: `45s`, `1m 12s`, `2h 5m`. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}

/** Reports progress as it comes, and ends the redrawn line when the run is over. */
export interface ProgressReporter {
  update(progress: LiveProgress): void
  finish(): void
}

/** A reporter for the io: redrawn in place when standard error is a terminal, in tenths otherwise. */
export function createProgressReporter(io: EvalIo & { err(line: string): void }): ProgressReporter {
  const write = io.errRaw?.bind(io)
  if (io.isTty === true && write) {
    let drawn = false
    let width = 0
    return {
      update(progress) {
        const line = progressLine(progress)
        // Spaces over what is left of a longer line drawn before.
        write(`\r${line}${' '.repeat(Math.max(0, width - line.length))}`)
        width = line.length
        drawn = true
      },
      finish() {
        if (drawn) write('\n')
        drawn = false
      },
    }
  }
  let lastStep = -1
  return {
    update(progress) {
      if (progress.total === 0) return
      const step = Math.floor((10 * (progress.skipped + progress.done)) / progress.total)
      if (step <= lastStep) return
      lastStep = step
      io.err(progressLine(progress))
    },
    finish() {},
  }
}
