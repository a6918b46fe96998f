/**
 * The VCP scanner inside a block, between fields: opening and closing blocks, finding the next
 * value marker or block marker, and a tight loop for the common run of plain fields.
 */
import type { Diagnostic } from '../../types'
import { ref, say } from '../../messages/say'
import { CORNER_CLOSE, CORNER_OPEN } from './chars'
import { findKeyBefore } from './key-before'
import {
  END_CHAR,
  isBraceMarker,
  isCanonicalMarker,
  isEndMarker,
  markerLength,
  matchValueMarker,
  NEED_MORE,
  NO_MATCH,
  START_CHAR,
  valueKindOf,
} from './markers'
import { KEY_LOOKBACK, minPositive, Mode, Needle, type OpenBlock, type Step } from './scan-window'
import type { ScannedBlock } from './scanner-types'
import { ValueReader } from './value-reader'

const NO_DIAGNOSTICS: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[]

/** The scanner's steps in a block between fields; it hands values to the value reader. */
export abstract class BlockReader extends ValueReader {
  private readonly closedScratch: ScannedBlock = {
    index: 0,
    start: 0,
    end: 0,
    rawBlock: '',
    diagnostics: [],
    inReasoning: false,
    fenced: false,
  }
  /** Blocks never overlap: one record is reused for all of them. */
  private readonly spareBlock: OpenBlock = {
    index: 0,
    start: 0,
    inReasoning: false,
    fenced: false,
    diagnostics: null,
    parts: [],
    captured: 0,
    regionStart: 0,
  }
  private blockCount = 0

  /** Opens a block at its start marker of `markerLength` at p. */
  protected openBlock(p: number, markerLength: number): void {
    const start = this.base + p
    const block = this.spareBlock
    block.index = this.blockCount++
    block.start = start
    block.inReasoning = this.reasoningOpen !== -1
    block.fenced = this.fence !== null
    block.diagnostics = null
    if (block.parts.length !== 0) block.parts = []
    block.captured = start
    block.regionStart = start + markerLength
    this.block = block
    this.mode = Mode.Block
    this.i = p + markerLength
    this.handlers.blockOpen(block.index, start, block.inReasoning, block.fenced)
  }

  /** One step between fields: to the next value, or to the marker (or text end) that ends the block. */
  protected stepBlock(final: boolean): Step {
    this.readPlainFields()
    const i = this.i
    const lt = this.next(Needle.Marker, i)
    const st = this.next(Needle.Start, i + 1)
    const p = minPositive(lt, st === -1 ? -1 : st - 1)
    if (p === -1) {
      if (final) {
        this.closeBlock(this.buf.length, 'end-of-text')
        return true
      }
      return this.park(1)
    }
    if (p === lt) {
      const marker = this.resolveMarker(lt, final)
      if (marker < 0) return marker === NO_MATCH
      const start = this.markerStart
      const length = markerLength(marker)
      if (!isCanonicalMarker(marker)) this.markerVariant(start, length)
      if (isEndMarker(marker)) {
        this.closeBlock(start + length, 'marker')
      } else {
        this.closeBlock(start, 'next-start')
        this.openBlock(start, length)
      }
      return true
    }
    const open = matchValueMarker(this.buf, p, START_CHAR, final)
    if (open === NEED_MORE) return this.hold(p)
    if (open === NO_MATCH) return this.skipTo(p + 2)
    this.startValue(p, valueKindOf(open), markerLength(open), isBraceMarker(open))
    return true
  }

  /**
   * The common case in one tight loop: `key:「始」value「末」` fields with an ASCII colon, one after
   * another, no '<[' among them. Anything else (and any doubt) is left to the general steps, which
   * give the same result, so this only decides how fast, never what.
   */
  private readPlainFields(): void {
    const block = this.block as OpenBlock
    const s = this.buf
    const base = this.base
    let i = this.i
    const lt = this.next(Needle.Marker, i)
    for (;;) {
      const st = this.next(Needle.Start, i + 1)
      if (st === -1) break
      const open = st - 1
      if (
        (lt !== -1 && lt < st) ||
        s.charCodeAt(open) !== CORNER_OPEN ||
        st + 1 >= s.length ||
        s.charCodeAt(st + 1) !== CORNER_CLOSE
      )
        break
      // The key before the marker, as startValue() finds it (full-width colons are left to it).
      const key = this.keySpan
      if (!findKeyBefore(s, open, Math.max(block.regionStart - base, open - KEY_LOOKBACK, 0), key) || key.fullwidth)
        break
      const en = s.indexOf(END_CHAR, st + 2)
      if (
        en === -1 ||
        en + 1 >= s.length ||
        s.charCodeAt(en - 1) !== CORNER_OPEN ||
        s.charCodeAt(en + 1) !== CORNER_CLOSE
      )
        break
      if (lt !== -1 && lt < en) break
      const valueStart = st + 2
      const valueEnd = en - 1
      i = en + 2
      this.i = i
      block.regionStart = base + i
      this.handlers.field(
        block.index,
        this.keys.intern(s.slice(key.start, key.end)),
        s.slice(valueStart, valueEnd).trim(),
        base + key.start,
        base + valueStart,
        base + valueEnd,
        false,
      )
    }
  }

  /** Closes the open block at buf position `endInBuf`; `how` says what ended it. */
  private closeBlock(endInBuf: number, how: 'marker' | 'next-start' | 'end-of-text'): void {
    const block = this.block as OpenBlock
    const end = this.base + endInBuf
    if (how !== 'marker') {
      const where = ref(how === 'next-start' ? 'vcp.where.next-start' : 'vcp.where.end-of-text')
      this.report(
        'warning',
        'missing-end-marker',
        say('vcp.missing-end-marker', { line: this.position(block.start).line, block: this.startMarkerName, where }),
        endInBuf,
        0,
        block,
      )
    }
    // Unless the block spans several windows (streaming), its text is one slice of the window.
    const rawBlock =
      block.parts.length === 0
        ? this.buf.slice(block.start - this.base, endInBuf)
        : block.parts.join('') + this.buf.slice(block.captured - this.base, endInBuf)
    this.block = null
    this.mode = Mode.Outside
    this.i = endInBuf
    const closed = this.closedScratch
    closed.index = block.index
    closed.start = block.start
    closed.end = end
    closed.rawBlock = rawBlock
    closed.diagnostics = block.diagnostics ?? NO_DIAGNOSTICS
    closed.inReasoning = block.inReasoning
    closed.fenced = block.fenced
    this.handlers.blockClose(closed)
  }
}
