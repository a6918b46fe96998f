/**
 * The VCP block scanner: one resumable state machine behind both the one-shot parse and the
 * streaming parser. The one-shot parse is "feed the whole text, then end", so any chunking
 * reaches the same result as long as every decision waits (NEED_MORE) until the text that
 * decides it has arrived.
 *
 * Its steps are layered by where the scan position stands, each layer in a module of its own:
 * scan-window.ts (the window and shared state), value-reader.ts (inside a value),
 * block-reader.ts (in a block, between fields), prose-reader.ts (outside blocks). This module
 * drives them.
 */
import { Mode } from './scan-window'
import { ProseReader } from './prose-reader'

export type { ScannedBlock, ScannerHandlers, ScannerOptions } from './scanner-types'

/**
 * Characters that complete something a listener hears about, per mode: a block marker ends in
 * '>', a field ends with a close marker holding 末, and a field list outside blocks is found at
 * its 始. A chunk without one changes nothing anyone can see yet, so it is scanned later, together
 * with the next chunk that has one (fences and value openings raise no events of their own).
 */
const OUTSIDE_TRIGGERS = /[>始]/
const BLOCK_TRIGGERS = /[>末]/
const VALUE_TRIGGERS = /[>末]/

/**
 * Reads the blocks named in its options from text fed in chunks of any size, calling its handlers
 * as each event is decided; the events are the same however the text is cut.
 */
export class VcpScanner extends ProseReader {
  private finished = false

  /** Reads the next piece of text. Throws after end(). */
  feed(chunk: string): void {
    if (this.finished) throw new Error('VcpScanner: feed() after end()')
    if (chunk.length === 0) return
    if (!this.waiting && !this.mayMatter(chunk)) {
      // Nothing in this chunk can open, fill or close anything: defer the work. The next
      // chunk that matters resumes from the same scan position, so the result is unchanged.
      this.buf += chunk
      return
    }
    this.compact()
    this.buf = this.buf.length === 0 ? chunk : this.buf + chunk
    this.run(false)
  }

  /** The chunk holds a character that starts or completes a token in the current mode. */
  private mayMatter(chunk: string): boolean {
    return (
      this.mode === Mode.Value ? VALUE_TRIGGERS : this.mode === Mode.Block ? BLOCK_TRIGGERS : OUTSIDE_TRIGGERS
    ).test(chunk)
  }

  /** The text is complete: everything still open is decided and reported. Later calls do nothing. */
  end(): void {
    if (this.finished) return
    this.run(true)
    this.finished = true
  }

  private run(final: boolean): void {
    // Every step moves the scan position or changes mode. Should a defect ever break that, the
    // parse fails with a diagnostic (the parser entry points catch it) instead of hanging the page.
    let lastAt = -1
    let lastMode = -1
    let still = 0
    for (;;) {
      let progressed: boolean
      if (this.mode === Mode.Outside) progressed = this.stepOutside(final)
      else if (this.mode === Mode.Block) progressed = this.stepBlock(final)
      else progressed = this.stepValue(final)
      if (!progressed) return
      const at = this.base + this.i
      if (at === lastAt && this.mode === lastMode) {
        if (++still > 2) throw new Error(`the VCP scanner stopped advancing at offset ${at}`)
      } else {
        still = 0
        lastAt = at
        lastMode = this.mode
      }
    }
  }
}
