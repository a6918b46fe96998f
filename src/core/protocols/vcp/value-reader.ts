/**
 * The VCP scanner inside a value: the key before a value marker, the value up to its close
 * marker, and values that never close (cut where their block must end, with an error that says
 * so). Escaped values (`「始ESCAPE」`, `「始exp」`) may hold block markers; plain ones may not.
 */
import { ref, say } from '../../messages/say'
import { CORNER_CLOSE, CORNER_OPEN } from './chars'
import { findKeyBefore, type KeySpan } from './key-before'
import { KeyInterner } from './key-interner'
import {
  END_CHAR,
  firstEndMarker,
  isBraceMarker,
  markerLength,
  matchValueMarker,
  NEED_MORE,
  NO_MATCH,
  valueKindOf,
  type ValueKind,
} from './markers'
import {
  KEY_LOOKBACK,
  minPositive,
  Mode,
  Needle,
  ScanWindow,
  type OpenBlock,
  type OpenValue,
  type Step,
} from './scan-window'

// The same two warnings for every brace marker: built once.
const BRACE_OPEN_WARNING = say('vcp.brace-open')
const BRACE_CLOSE_WARNING = say('vcp.brace-close')

/** The scanner's steps inside a value; its keys are read here for the block reader's fast loop too. */
export abstract class ValueReader extends ScanWindow {
  /** Values never overlap: one record is reused for all of them. */
  private readonly spareValue: OpenValue = {
    kind: 'plain',
    key: '',
    keyOffset: 0,
    start: 0,
    parts: [],
    captured: 0,
    firstPlainClose: -1,
  }
  /** At the end: no 「末ESCAPE」 (index 0) or 「末exp」 (index 1) follows this absolute offset. */
  private readonly noCloserAfter = [Infinity, Infinity]
  protected readonly keys = new KeyInterner()
  protected readonly keySpan: KeySpan = { start: 0, end: 0, colon: 0, fullwidth: false }

  /** Opens the value whose open marker of `markerLength` is at p, once its `key:` is found before it. */
  protected startValue(p: number, kind: ValueKind, markerLength: number, brace: boolean): void {
    const block = this.block as OpenBlock
    const s = this.buf
    const floor = Math.max(block.regionStart - this.base, p - KEY_LOOKBACK, 0)
    const span = this.keySpan
    if (!findKeyBefore(s, p, floor, span)) {
      if (!this.inLineComment(p, floor)) {
        this.report(
          'warning',
          'value-without-key',
          say('vcp.value-without-key', { marker: s.slice(p, p + markerLength) }),
          p,
          markerLength,
          block,
        )
      }
      this.i = p + markerLength
      return
    }
    const keyStart = span.start
    const keyEnd = span.end
    if (span.fullwidth) {
      this.report(
        'warning',
        'fullwidth-colon',
        say('vcp.fullwidth-colon', { key: s.slice(keyStart, keyEnd) }),
        span.colon,
        1,
        block,
      )
    }
    if (brace && kind === 'plain') {
      this.report('warning', 'brace-marker', BRACE_OPEN_WARNING, p, markerLength, block)
    }
    const start = this.base + p + markerLength
    const value = this.spareValue
    value.kind = kind
    value.key = this.keys.intern(s.slice(keyStart, keyEnd))
    value.keyOffset = this.base + keyStart
    value.start = start
    if (value.parts.length !== 0) value.parts = []
    value.captured = start
    value.firstPlainClose = -1
    this.value = value
    this.mode = Mode.Value
    this.i = p + markerLength
  }

  /** The marker sits after `//` on its own line: a comment, not a field. Looks no further back than `floor`. */
  private inLineComment(p: number, floor: number): boolean {
    const before = this.buf.slice(floor, p)
    return before.indexOf('//', before.lastIndexOf('\n') + 1) !== -1
  }

  /** One step inside the open value: toward its close marker, or to where it must be cut. */
  protected stepValue(final: boolean): Step {
    const value = this.value as OpenValue
    // At the end, an escaped value is known to be unclosed once an earlier one of its kind was:
    // it is cut at once instead of walking every 「末」 to the end again (linear, however many).
    if (final && value.kind !== 'plain' && value.start >= (this.noCloserAfter[closerSlot(value.kind)] as number)) {
      return this.unterminatedAtEnd()
    }
    const i = this.i
    // Escaped values may hold markers: only a value that never closes looks for one (at the end).
    const lt = value.kind === 'plain' ? this.next(Needle.Marker, i) : -1
    const s = this.buf
    const en = s.indexOf(END_CHAR, i + 1)
    const p = minPositive(lt, en === -1 ? -1 : en - 1)
    // Fast path: a plain value closed by a canonical 「末」 with no '<' before it.
    if (
      value.kind === 'plain' &&
      p !== -1 &&
      p !== lt &&
      s.charCodeAt(p) === CORNER_OPEN &&
      en + 1 < s.length &&
      s.charCodeAt(en + 1) === CORNER_CLOSE
    ) {
      this.finishValue(p, 3, false)
      return true
    }
    if (p === -1) {
      if (final) return this.unterminatedAtEnd()
      return this.park(1)
    }
    if (p === lt) {
      const marker = this.resolveMarker(lt, final)
      if (marker < 0) return marker === NO_MATCH
      // A plain value cannot hold a block marker: the value was never closed.
      this.finishValue(this.markerStart, 0, true)
      return true
    }
    return this.valueCloseAt(p, final)
  }

  /** A possible close marker at p (its bracket): the open value ends there if the kinds agree. */
  private valueCloseAt(p: number, final: boolean): Step {
    const close = matchValueMarker(this.buf, p, END_CHAR, final)
    if (close === NEED_MORE) return this.wait(p)
    if (close === NO_MATCH) return this.skipTo(p + 2)
    const closeKind = valueKindOf(close)
    const closeLength = markerLength(close)
    if (closeKind !== (this.value as OpenValue).kind) return this.skipTo(p + closeLength)
    if (isBraceMarker(close) && closeKind === 'plain') {
      this.report('warning', 'brace-marker', BRACE_CLOSE_WARNING, p, closeLength, this.block as OpenBlock)
    }
    this.finishValue(p, closeLength, false)
    return true
  }

  /** The text ended inside the open value: where it is cut, and the scan goes on from there. */
  private unterminatedAtEnd(): Step {
    const value = this.value as OpenValue
    if (value.kind !== 'plain') {
      // No closer of this kind follows the value's start, so none follows any later start either.
      const slot = closerSlot(value.kind)
      this.noCloserAfter[slot] = Math.min(this.noCloserAfter[slot] as number, value.start)
      // Cut the escaped value at the first end marker inside it and scan on from there.
      const cut = this.firstEndMarkerInValue()
      // The hint names a plain close inside what the value keeps, found the same way whether or
      // not the value was scanned before (a later unclosed value is cut without a scan).
      value.firstPlainClose = this.firstPlainCloseInValue(cut === -1 ? this.base + this.buf.length : cut)
      if (cut !== -1) {
        if (cut < this.base) this.rewindTo(cut)
        this.finishValue(cut - this.base, 0, true)
        return true
      }
    }
    this.finishValue(this.buf.length, 0, true)
    return true
  }

  /** Absolute offset of the first block end marker inside the open value, or -1. */
  private firstEndMarkerInValue(): number {
    const value = this.value as OpenValue
    if (value.parts.length === 0 && value.start >= this.base) {
      // The whole value is in the window: search it there, from the value's start only.
      const at = firstEndMarker(this.buf, value.start - this.base, this.names)
      return at === -1 ? -1 : this.base + at
    }
    const inside = firstEndMarker(this.takeValueText(this.base + this.buf.length), 0, this.names)
    return inside === -1 ? -1 : value.start + inside
  }

  /** Absolute offset of the first plain close marker in the open value before `end`, or -1. */
  private firstPlainCloseInValue(end: number): number {
    const value = this.value as OpenValue
    const inWindow = value.parts.length === 0 && value.start >= this.base
    const text = inWindow ? this.buf : this.takeValueText(this.base + this.buf.length)
    const origin = inWindow ? this.base : value.start
    for (
      let en = text.indexOf(END_CHAR, value.start - origin + 1);
      en !== -1 && origin + en - 1 < end;
      en = text.indexOf(END_CHAR, en + 1)
    ) {
      const close = matchValueMarker(text, en - 1, END_CHAR, true)
      if (close >= 0 && valueKindOf(close) === 'plain') return origin + en - 1
    }
    return -1
  }

  /**
   * Makes the window start at `abs` again (text after it is scanned anew). Only needed when the
   * window was already trimmed past `abs` (streaming); afterwards the window holds all the rest.
   */
  private rewindTo(abs: number): void {
    const block = this.block as OpenBlock
    const value = this.value as OpenValue
    this.handOverLines(this.base + this.buf.length)
    const valueText = this.takeValueText(this.base + this.buf.length)
    const blockText = block.parts.join('') + this.buf.slice(block.captured - this.base)
    block.parts = [blockText.slice(0, abs - block.start)]
    block.captured = abs
    value.parts = [valueText.slice(0, abs - value.start)]
    value.captured = abs
    this.buf = valueText.slice(abs - value.start)
    this.base = abs
    this.i = 0
  }

  /** Closes the open value at buf position `endInBuf`, its close marker of `closeLength` after it. */
  private finishValue(endInBuf: number, closeLength: number, unterminated: boolean): void {
    const block = this.block as OpenBlock
    const value = this.value as OpenValue
    const end = this.base + endInBuf
    let text = this.takeValueText(end).trim()
    if (value.kind !== 'plain') text = unescapeMarkers(text, this.startMarkerName)
    if (unterminated) this.reportUnterminated(value, block)
    this.value = null
    this.mode = Mode.Block
    this.i = endInBuf + closeLength
    block.regionStart = end + closeLength
    this.handlers.field(block.index, value.key, text, value.keyOffset, value.start, end, value.kind !== 'plain')
  }

  private reportUnterminated(value: OpenValue, block: OpenBlock): void {
    const closer = value.kind === 'plain' ? '「末」' : value.kind === 'escape' ? '「末ESCAPE」' : '「末exp」'
    const hint =
      value.firstPlainClose === -1
        ? ref('common.empty')
        : ref('vcp.plain-close-hint', { line: this.position(value.firstPlainClose).line, closer })
    this.report(
      'error',
      'unterminated-value',
      say('vcp.unterminated-value', { key: value.key, closer, hint }),
      value.keyOffset - this.base,
      value.start - value.keyOffset,
      block,
    )
  }
}

/** Where noCloserAfter keeps an escaped kind. */
function closerSlot(kind: ValueKind): number {
  return kind === 'escape' ? 0 : 1
}

/** Inside escaped values, the `_ESCAPE` block markers stand for the plain ones. */
function unescapeMarkers(text: string, blockName: string): string {
  if (text.indexOf('_ESCAPE]') === -1) return text
  return text
    .split(`<<<[${blockName}_ESCAPE]>>>`)
    .join(`<<<[${blockName}]>>>`)
    .split(`<<<[END_${blockName}_ESCAPE]>>>`)
    .join(`<<<[END_${blockName}]>>>`)
}
