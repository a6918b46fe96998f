/**
 * Markdown code fences in the prose around calls, followed one character at a time: a run of three
 * or more ` or ~ after at most three spaces opens a fence (with an info string such as `json`) or
 * closes the open one.
 */

/** An open fence: its character, its run length and its info string. */
export interface OpenFence {
  char: string
  length: number
  info: string
}

/** The fence state of the prose, fed every character outside calls. */
export class FenceTracker {
  /** The fence the text is in, or null. */
  fence: OpenFence | null = null
  // The current line, as far as it can still open or close a fence.
  private atLineStart = true
  private indent = 0
  private runChar = ''
  private runLength = 0
  /** Nothing more on this line can open or close a fence. */
  private lineDone = false
  /** After an opening run: the info string so far. */
  private collectingInfo: string | null = null
  /** After a run that can close the open fence: only white space may follow. */
  private closingCandidate = false

  /** Nothing after a call on its line can open a fence. */
  endLine(): void {
    this.lineDone = true
  }

  /** Follows one character of prose. */
  step(c: string): void {
    if (c === '\n') {
      this.lineBreak()
      return
    }
    if (this.lineDone) return
    if (this.collectingInfo !== null) {
      if (this.collectingInfo.length < 64) this.collectingInfo += c
      return
    }
    if (this.closingCandidate) {
      if (c !== ' ' && c !== '\t' && c !== '\r') {
        this.closingCandidate = false
        this.lineDone = true
      }
      return
    }
    if (this.atLineStart && this.runLength === 0 && c === ' ' && this.indent < 3) {
      this.indent++
      return
    }
    if ((c === '`' || c === '~') && (this.runLength === 0 || c === this.runChar)) {
      this.runChar = c
      this.runLength++
      this.atLineStart = false
      return
    }
    this.atLineStart = false
    if (this.runLength >= 3) this.afterRun(c)
    else this.lineDone = true
  }

  /** The first character after a run of three or more: an info string, closing space, or plain text. */
  private afterRun(c: string): void {
    const fence = this.fence
    if (fence === null) {
      // A backtick fence's info string cannot hold a backtick.
      if (this.runChar === '`' && c === '`') this.lineDone = true
      else this.collectingInfo = c
      return
    }
    if (this.runChar === fence.char && this.runLength >= fence.length && (c === ' ' || c === '\t' || c === '\r')) {
      this.closingCandidate = true
      return
    }
    this.lineDone = true
  }

  /** The line was indentation and a run, perhaps with an info string or trailing spaces. */
  private lineBreak(): void {
    if (this.runLength >= 3 && (!this.lineDone || this.closingCandidate || this.collectingInfo !== null)) {
      const fence = this.fence
      if (fence === null)
        this.fence = { char: this.runChar, length: this.runLength, info: (this.collectingInfo ?? '').trim() }
      else if (this.runChar === fence.char && this.runLength >= fence.length && this.collectingInfo === null)
        this.fence = null
    }
    this.atLineStart = true
    this.indent = 0
    this.runChar = ''
    this.runLength = 0
    this.lineDone = false
    this.collectingInfo = null
    this.closingCandidate = false
  }
}
