/**
 * `vcp conform`'s progress on standard error, as `vcp eval` shows its own: on a terminal one line
 * redrawn in place, elsewhere (a CI log, a file) a line at every tenth of the way. Nothing is shown
 * until the server has answered once, so a run that cannot reach it ends with its one error line.
 */
import type { WireExchange } from '../core/conformance'
import type { EvalIo } from './eval-io'

const BAR_WIDTH = 10

/** What the run reports after each exchange. */
export interface ConformProgress {
  done: number
  total: number
  exchange: Pick<WireExchange, 'probe' | 'mode' | 'attempt' | 'status'>
}

/** `[=====     ] 21/42  50%  parallel-two stream #1`: the exchange just finished. */
export function conformProgressLine({ done, total, exchange }: ConformProgress): string {
  const fraction = total === 0 ? 1 : Math.min(1, done / total)
  const filled = Math.floor(fraction * BAR_WIDTH)
  const bar = `[${'='.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}]`
  return `${bar} ${done}/${total}  ${Math.floor(fraction * 100)}%  ${exchange.probe} ${exchange.mode} #${exchange.attempt}`
}

/** Reports progress as it comes, and ends the redrawn line when the run is over. */
export interface ConformProgressReporter {
  update(progress: ConformProgress): void
  finish(): void
}

/** A reporter for the io: redrawn in place when standard error is a terminal, in tenths otherwise. */
export function createConformProgressReporter(io: EvalIo & { err(line: string): void }): ConformProgressReporter {
  let answered = false
  const write = io.errRaw?.bind(io)
  const show = createShow(io, write)
  return {
    update(progress) {
      answered ||= progress.exchange.status !== undefined
      if (answered) show.update(progress)
    },
    finish: () => show.finish(),
  }
}

function createShow(io: EvalIo & { err(line: string): void }, write: ((text: string) => void) | undefined) {
  if (io.isTty === true && write) {
    let width = 0
    return {
      update(progress: ConformProgress) {
        const line = conformProgressLine(progress)
        // Spaces over what is left of a longer line drawn before.
        write(`\r${line}${' '.repeat(Math.max(0, width - line.length))}`)
        width = line.length
      },
      finish() {
        if (width > 0) write('\n')
        width = 0
      },
    }
  }
  let lastStep = -1
  return {
    update(progress: ConformProgress) {
      if (progress.total === 0) return
      const step = Math.floor((10 * progress.done) / progress.total)
      if (step <= lastStep) return
      lastStep = step
      io.err(conformProgressLine(progress))
    },
    finish() {},
  }
}
