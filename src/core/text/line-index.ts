/**
 * Maps offsets to 1-based line and column. Text is handed over as it leaves the parser's window;
 * a large piece (a one-shot parse) is scanned for newlines only when a position is asked for.
 */
import { countBelow } from './sorted'
export class LineIndex {
  /** Offsets of every '\n' before `scannedTo`, ascending. */
  private readonly newlines: number[] = []
  private scannedTo = 0
  /** Text from `scannedTo` on, not yet scanned. */
  private pending: string[] = []
  private pendingEnd = 0

  /** Hands over the text that follows everything handed over so far. */
  append(piece: string): void {
    if (piece.length === 0) return
    this.pendingEnd += piece.length
    if (this.pending.length === 0 && piece.length < 4096) {
      // Short pieces are slices of a parser window: holding them would keep every window alive.
      this.record(piece)
      return
    }
    this.pending.push(piece)
  }

  private record(text: string): void {
    let at = text.indexOf('\n')
    while (at !== -1) {
      this.newlines.push(this.scannedTo + at)
      at = text.indexOf('\n', at + 1)
    }
    this.scannedTo += text.length
  }

  /** Up to where text has been handed over. */
  get end(): number {
    return this.pendingEnd
  }

  private flush(): void {
    const text = this.pending.length === 1 ? (this.pending[0] as string) : this.pending.join('')
    this.pending = []
    this.record(text)
  }

  /** Line and column of an offset below `end`. */
  position(offset: number): { line: number; column: number } {
    if (this.pending.length > 0) this.flush()
    // The number of newlines strictly before `offset`.
    const lo = countBelow(this.newlines, offset)
    const lineStart = lo === 0 ? 0 : (this.newlines[lo - 1] as number) + 1
    return { line: lo + 1, column: offset - lineStart + 1 }
  }
}
