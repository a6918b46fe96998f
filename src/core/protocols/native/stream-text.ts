/**
 * A native stream's text: the part still being read (`pending`, which starts at `base` in the
 * whole text), the parts put aside before it, and what a reader of `pending` must know of them:
 * whether a <think> is open where it starts, and the code fence open and the line's start where
 * its line begins, so reading the section alone sees what the whole text would.
 */
import { fenceSpans, mayBeFenceLine, reasoningOpenAfter, reasoningSpans, shiftSpans } from './reasoning'
import type { OpenFence, Spans } from './reasoning'

/** How far back on its line a format may look from an opener to decide what it is. */
const LOOK_BACK = 256

/** The text of one stream, put aside as it is read, with the state at the start of what is not. */
export class StreamText {
  /** The text not put aside yet. */
  pending = ''
  /** Where `pending` starts in the whole text. */
  base = 0
  /** Whether a <think> is open where `pending` starts. */
  private thinkOpen = false
  /** The code fence open where the line that `pending` starts in begins. */
  private fenceOpen: OpenFence | null = null
  /**
   * That line's part before `pending`, which formats may look back at: its last 255 characters,
   * after an 'x' when there was more (no fence line starts with one).
   */
  private lineHead = ''
  private readonly done: string[] = []

  append(chunk: string): void {
    this.pending += chunk
  }

  /** Puts the text before `to` (an offset in `pending`) aside. */
  putAside(to: number): void {
    const gone = this.pending.slice(0, to)
    this.thinkOpen = reasoningOpenAfter(gone, this.thinkOpen)
    this.followLines(gone)
    this.done.push(gone)
    this.base += to
    this.pending = this.pending.slice(to)
  }

  /** Carries the fence state and the look-back over `gone`. */
  private followLines(gone: string): void {
    const newline = gone.lastIndexOf('\n')
    if (newline === -1) {
      this.lineHead += gone
    } else {
      const state = { open: null as OpenFence | null }
      fenceSpans(this.lineHead + gone.slice(0, newline + 1) + 'x', this.fenceOpen, state)
      this.fenceOpen = state.open
      this.lineHead = gone.slice(newline + 1)
    }
    if (this.lineHead.length > LOOK_BACK && !mayBeFenceLine(this.lineHead))
      this.lineHead = 'x' + this.lineHead.slice(-(LOOK_BACK - 1))
  }

  /** `pending` with the start of its line before it, as the one-shot parse sees it; `lookBack` long. */
  withLineHead(): string {
    return this.lineHead + this.pending
  }

  /** How many characters `withLineHead()` puts before `pending`. */
  get lookBack(): number {
    return this.lineHead.length
  }

  /** Reasoning spans in `pending`, in its offsets. */
  reasoning(): Spans {
    return reasoningSpans(this.pending, this.thinkOpen)
  }

  /** Code fence spans in `pending`, in its offsets. */
  fences(): Spans {
    return shiftSpans(fenceSpans(this.lineHead + this.pending, this.fenceOpen), -this.lineHead.length)
  }

  /** The whole text: everything put aside, then `pending`. */
  whole(): string {
    return this.done.join('') + this.pending
  }
}
