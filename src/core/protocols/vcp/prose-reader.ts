/**
 * The VCP scanner outside blocks: the prose around them, where it looks for start markers and
 * keeps track of what changes how a block is read (an open `<think>`, an open Markdown fence).
 * It also notices stray end markers and field lists written outside any block.
 */
import { say } from '../../messages/say'
import { BRACE_OPEN, CORNER_OPEN, LBRACKET, LOWER_T, LT, SLASH } from './chars'
import { isCanonicalMarker, isEndMarker, markerLength, NEED_MORE, NO_MATCH } from './markers'
import { FIELD_LIST_KEY, fieldListKeyStart, isAtLineStart, reasoningTagEnd, restOfLineIsBlank, thinkAt } from './prose'
import { minPositive, Needle, type Step } from './scan-window'
import { BlockReader } from './block-reader'

/** The scanner's steps outside blocks; a start marker hands the scan to the block reader. */
export abstract class ProseReader extends BlockReader {
  /** One step outside blocks: to the next '<', fence run or field list, or to the end of the window. */
  protected stepOutside(final: boolean): Step {
    const i = this.i
    const lt = this.next(Needle.Angle, i)
    const tick = this.next(Needle.Tick, i)
    const tilde = this.next(Needle.Tilde, i)
    // Field lists outside blocks are found at their 始 (shared with the block's first field).
    const st = this.proseDiagnostics ? this.next(Needle.Start, i + 1) : -1
    const tn = st === -1 ? -1 : st - 1
    const p = minPositive(minPositive(lt, tick), minPositive(tilde, tn))
    if (p === -1) {
      if (final) return this.finishOutside()
      return this.park(4)
    }
    if (p === lt) return this.outsideAngle(p, final)
    if (p === tn) return this.outsideFieldList(p)
    return this.outsideFence(p, final)
  }

  /** A '<' outside blocks: a reasoning tag, the first '<' of a block marker, or neither. */
  private outsideAngle(q: number, final: boolean): Step {
    const s = this.buf
    if (q + 1 >= s.length) return final ? this.skipTo(q + 1) : this.hold(q)
    const after = s.charCodeAt(q + 1)
    if (after === LOWER_T || after === SLASH) {
      // Reasoning tags count only in prose, not inside a fence; '<t' and '</' start no marker.
      if (!this.proseDiagnostics || this.fence !== null) return this.skipTo(q + 1)
      const t = after === LOWER_T ? q + 1 : q + 2
      const word = thinkAt(s, t, final)
      if (word === NEED_MORE) return this.hold(q)
      if (word === NO_MATCH) return this.skipTo(q + 1)
      return this.outsideReasoningTag(q, t, final)
    }
    // A marker's '<' run ends in '['; markerAt() then checks the run's length.
    let r = q + 1
    while (r < s.length && s.charCodeAt(r) === LT) r++
    if (r >= s.length) return final ? this.skipTo(r) : this.hold(q)
    if (s.charCodeAt(r) !== LBRACKET) return this.skipTo(r)
    return this.outsideMarker(r - 1, final)
  }

  /** A block marker's `<[` at x outside blocks: a start marker opens a block; an end marker is stray. */
  private outsideMarker(x: number, final: boolean): Step {
    const marker = this.resolveMarker(x, final)
    if (marker < 0) return marker === NO_MATCH
    const p = this.markerStart
    const length = markerLength(marker)
    if (!isCanonicalMarker(marker)) this.markerVariant(p, length)
    if (!isEndMarker(marker)) {
      this.openBlock(p, length)
    } else {
      this.report(
        'warning',
        'stray-end-marker',
        say('vcp.stray-end-marker', { marker: this.buf.slice(p, p + length) }),
        p,
        length,
      )
      this.i = p + length
    }
    return true
  }

  /** `<` at start and `think` at t (after `<` or `</`): a whole `<think>`, `</think>`, `<thinking>` or `</thinking>`? */
  private outsideReasoningTag(start: number, t: number, final: boolean): Step {
    const end = reasoningTagEnd(this.buf, t, final)
    if (end === NEED_MORE) return this.hold(start)
    if (end === NO_MATCH) return this.skipTo(t + 5)
    const closing = start === t - 2
    if (!closing && this.reasoningOpen === -1) this.reasoningOpen = this.base + start
    else if (closing && this.reasoningOpen !== -1) this.reasoningOpen = -1
    return this.skipTo(end)
  }

  /** A value marker outside any block (p holds its bracket): a field list copied from a prompt? */
  private outsideFieldList(p: number): Step {
    const opener = this.buf.charCodeAt(p)
    const keyStart = opener === CORNER_OPEN || opener === BRACE_OPEN ? fieldListKeyStart(this.buf, p) : -1
    if (keyStart !== -1) {
      this.report(
        'warning',
        'field-list-outside-block',
        say('vcp.field-list-outside-block', { label: this.blockLabel(), block: this.startMarkerName }),
        keyStart,
        FIELD_LIST_KEY.length,
      )
    }
    return this.skipTo(p + 2)
  }

  /** A run of '`' or '~' at p: it opens or closes a Markdown fence when it stands on a line of its own. */
  private outsideFence(p: number, final: boolean): Step {
    const s = this.buf
    const ch = s.charCodeAt(p)
    let run = 0
    while (p + run < s.length && s.charCodeAt(p + run) === ch) run++
    if (p + run >= s.length && !final) return this.hold(p)
    if (run < 3 || !isAtLineStart(s, p, this.base === 0)) return this.skipTo(p + run)
    const fence = this.fence
    if (fence === null) {
      this.fence = { char: ch, length: run }
      return this.skipTo(p + run)
    }
    if (fence.char !== ch || run < fence.length) return this.skipTo(p + run)
    const closes = restOfLineIsBlank(s, p + run, final)
    if (closes === NEED_MORE) return this.hold(p)
    if (closes === 1) this.fence = null
    return this.skipTo(p + run)
  }

  /** The text ended outside blocks: a `<think>` still open is reported. */
  private finishOutside(): false {
    if (this.reasoningOpen !== -1 && this.proseDiagnostics) {
      const at = this.reasoningOpen - this.base
      this.report('warning', 'unclosed-reasoning', say('vcp.unclosed-reasoning'), at, 0)
      this.reasoningOpen = -1
    }
    this.i = this.buf.length
    return false
  }
}
