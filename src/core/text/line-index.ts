/**
 * Maps offsets to 1-based line and column. Text may arrive in pieces; newlines are recorded
 * as it does, so positions stay available after the text itself has been dropped.
 */
export class LineIndex {
  /** Offsets of every '\n' seen so far, ascending. */
  private readonly newlines: number[] = []
  private length = 0
  /** Pieces not yet scanned for newlines: most parses never ask for a position. */
  private pending: string[] = []

  append(piece: string): void {
    this.pending.push(piece)
    // Pieces wait until a position is asked for; many small ones are joined and scanned together.
    if (this.pending.length >= 256) this.flush()
  }

  private flush(): void {
    const piece = this.pending.length === 1 ? (this.pending[0] as string) : this.pending.join('')
    this.pending = []
    this.scan(piece)
  }

  private scan(piece: string): void {
    let at = piece.indexOf('\n')
    while (at !== -1) {
      this.newlines.push(this.length + at)
      at = piece.indexOf('\n', at + 1)
    }
    this.length += piece.length
  }

  position(offset: number): { line: number; column: number } {
    if (this.pending.length > 0) this.flush()
    // Binary search: number of newlines strictly before `offset`.
    let lo = 0
    let hi = this.newlines.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.newlines[mid] as number) < offset) lo = mid + 1
      else hi = mid
    }
    const lineStart = lo === 0 ? 0 : (this.newlines[lo - 1] as number) + 1
    return { line: lo + 1, column: offset - lineStart + 1 }
  }
}

export function positionIn(text: string, offset: number): { line: number; column: number } {
  const index = new LineIndex()
  index.append(text.slice(0, offset))
  return index.position(offset)
}
