/**
 * The VCP block scanner: one resumable state machine behind both the one-shot parse and the
 * streaming parser. The one-shot parse is "feed the whole text, then end", so any chunking
 * reaches the same result as long as every decision waits (NEED_MORE) until the text that
 * decides it has arrived.
 *
 * Cost stays linear: the machine keeps only a short window of unsettled text; values and raw
 * blocks are collected as pieces and joined once.
 */
import type { Diagnostic, DiagnosticSeverity } from '../../types'
import { LineIndex } from '../../text/line-index'
import { NeedleCache } from './needle-cache'
import { findKeyBefore, type KeySpan } from './key-before'
import { FIELD_LIST_KEY, fieldListKeyStart, isAtLineStart, reasoningTagEnd, restOfLineIsBlank, thinkAt } from './prose'
import {
  END_CHAR,
  isBraceMarker,
  isCanonicalMarker,
  isEndMarker,
  markerLength,
  valueKindOf,
  blockNames,
  firstEndMarker,
  markerRunStart,
  matchBlockMarker,
  type BlockNames,
  matchValueMarker,
  NEED_MORE,
  NO_MATCH,
  START_CHAR,
  type ValueKind,
} from './markers'

/** How far back from a value marker the key and colon are looked for. */
const KEY_LOOKBACK = 256
/** Characters kept behind the scan position (line-start checks, split markers). */
const KEEP_BEHIND = 4
/** Outside blocks, a field list is recognised looking back from its 始: `tool_name`, white space, colon. */
const KEEP_BEHIND_OUTSIDE = 48
/** The window is trimmed once this many settled characters lead it. */
const COMPACT_AT = 64
/**
 * Characters that complete something a listener hears about, per mode: a block marker ends in
 * '>', a field ends with a close marker holding 末, and a field list outside blocks is found at
 * its 始. A chunk without one changes nothing anyone can see yet, so it is scanned later, together
 * with the next chunk that has one (fences and value openings raise no events of their own).
 */
const OUTSIDE_TRIGGERS = /[>始]/
const BLOCK_TRIGGERS = /[>末]/
const VALUE_TRIGGERS = /[>末]/
const NO_DIAGNOSTICS: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[]
const CORNER_OPEN = 0x300c // 「
const CORNER_CLOSE = 0x300d // 」

export interface ScannedBlock {
  index: number
  start: number
  end: number
  rawBlock: string
  /** Block-level diagnostics in the order they were found (a shared empty array when none). */
  diagnostics: Diagnostic[]
  inReasoning: boolean
  fenced: boolean
}

export interface ScannerHandlers {
  blockOpen(index: number, offset: number, inReasoning: boolean, fenced: boolean): void
  /** A value closed: its key, trimmed value, and the offsets of the key and of the raw value. */
  field(
    index: number,
    key: string,
    value: string,
    offset: number,
    valueStart: number,
    valueEnd: number,
    escaped: boolean,
  ): void
  /** `block` is reused for the next block: copy what you keep. */
  blockClose(block: Readonly<ScannedBlock>): void
  diagnostic(diagnostic: Diagnostic): void
}

export interface ScannerOptions {
  /** Upper-case block name, e.g. 'TOOL_REQUEST' or 'TOOL_RESULT'. */
  blockName: string
  /** Report `tool_name` field lists outside blocks and reasoning tags. @default true */
  proseDiagnostics?: boolean
}

const BRACE_OPEN = 0x7b // {
const LT = 0x3c // <
const LBRACKET = 0x5b // [
const SLASH = 0x2f // /
const LOWER_T = 0x74 // t
const enum Needle {
  /** `<[`: every block marker has it just before its name, whatever its number of '<'. */
  Marker,
  Tick,
  Tilde,
  Start,
  End,
  /**
   * Outside blocks, any '<': block markers and reasoning tags (`<think>`, `</think>`,
   * `<thinking>`, `</thinking>`) both begin with one, so one pass over the prose finds both.
   */
  Angle,
}
// Multi-character needles let indexOf skip ahead: fences need three characters, markers `<[`.
const NEEDLES = ['<[', '```', '~~~', START_CHAR, END_CHAR, '<']

const enum Mode {
  Outside,
  Block,
  Value,
}

interface OpenBlock {
  index: number
  start: number
  inReasoning: boolean
  fenced: boolean
  diagnostics: Diagnostic[] | null
  parts: string[]
  /** Raw text up to this offset is in `parts`. */
  captured: number
  /** Where the text between fields begins (after the last value or the start marker). */
  regionStart: number
}

interface OpenValue {
  kind: ValueKind
  key: string
  keyOffset: number
  start: number
  parts: string[]
  captured: number
  /** Escaped values that never close: the first plain close marker they keep, for the error hint. */
  firstPlainClose: number
}

interface Fence {
  char: number
  length: number
}

type Step = boolean // true: progress made, run again; false: stop

export class VcpScanner {
  private buf = ''
  /** Absolute offset of buf[0]. */
  private base = 0
  /** Scan position in buf: every candidate before it has been handled. */
  private i = 0
  private mode = Mode.Outside
  private block: OpenBlock | null = null
  private value: OpenValue | null = null
  private readonly closedScratch: ScannedBlock = {
    index: 0,
    start: 0,
    end: 0,
    rawBlock: '',
    diagnostics: [],
    inReasoning: false,
    fenced: false,
  }
  /** Blocks never overlap, nor do values: one record of each is reused for all of them. */
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
  private readonly spareValue: OpenValue = {
    kind: 'plain',
    key: '',
    keyOffset: 0,
    start: 0,
    parts: [],
    captured: 0,
    firstPlainClose: -1,
  }
  private blockCount = 0
  private reasoningOpen = -1
  private fence: Fence | null = null
  private finished = false
  /** At the end: no 「末ESCAPE」 (index 0) or 「末exp」 (index 1) follows this absolute offset. */
  private readonly noCloserAfter = [Infinity, Infinity]
  private readonly lines = new LineIndex()
  private readonly needles = new NeedleCache(NEEDLES)
  private readonly keys: string[] = new Array<string>(256).fill('')
  private readonly keySpan: KeySpan = { start: 0, end: 0, colon: 0, fullwidth: false }
  /** Where the marker found by markerAt() starts (its first '<'). */
  private markerStart = 0
  /** A token at the scan position is incomplete: the next chunk must be scanned. */
  private waiting = false
  private readonly startMarkerName: string
  private readonly names: BlockNames
  private readonly proseDiagnostics: boolean

  constructor(
    private readonly handlers: ScannerHandlers,
    options: ScannerOptions,
  ) {
    this.startMarkerName = options.blockName
    this.names = blockNames(options.blockName)
    this.proseDiagnostics = options.proseDiagnostics ?? true
  }

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

  end(): void {
    if (this.finished) return
    this.run(true)
    this.finished = true
  }

  // ---- window management -------------------------------------------------

  /** Drops settled text from the window, after moving it into the open block and value. */
  private compact(): void {
    const scanAbs = this.base + this.i
    let keepFrom = scanAbs - (this.mode === Mode.Outside ? KEEP_BEHIND_OUTSIDE : KEEP_BEHIND)
    if (this.mode === Mode.Block && this.block) {
      keepFrom = Math.min(keepFrom, Math.max(this.block.regionStart, scanAbs - KEY_LOOKBACK))
    }
    // Dropping a few characters at a time costs more than it saves: wait for a real prefix.
    if (keepFrom - this.base < COMPACT_AT) return
    this.handOverLines(keepFrom)
    this.capture(keepFrom)
    this.buf = this.buf.slice(keepFrom - this.base)
    this.i -= keepFrom - this.base
    this.base = keepFrom
  }

  /** Moves raw text up to `upTo` (absolute) into the open block's and value's pieces. */
  private capture(upTo: number): void {
    const block = this.block
    if (block && upTo > block.captured) {
      block.parts.push(this.buf.slice(block.captured - this.base, upTo - this.base))
      block.captured = upTo
    }
    const value = this.value
    if (value && upTo > value.captured) {
      value.parts.push(this.buf.slice(value.captured - this.base, upTo - this.base))
      value.captured = upTo
    }
  }

  private takeValueText(upTo: number): string {
    const value = this.value as OpenValue
    const head = value.parts.length === 0 ? '' : value.parts.join('')
    return head + this.buf.slice(value.captured - this.base, upTo - this.base)
  }

  /** Next occurrence of needle `id` at or after `from` in the window, or -1. */
  private next(id: Needle, from: number): number {
    return this.needles.next(id, from, this.buf, this.base)
  }

  /**
   * The block marker whose `<[` is at x: its '<' run is walked back (two to four '<'; five or more
   * start nothing) and matched from its first '<', which markerStart then holds.
   */
  private markerAt(x: number, final: boolean): number {
    const p = markerRunStart(this.buf, x)
    this.markerStart = p === -1 ? x : p
    return p === -1 ? NO_MATCH : matchBlockMarker(this.buf, p, this.names, final, x - p + 1)
  }

  /**
   * The block marker at `<[` x, as markerAt(). When there is none the scan moves past it, and
   * when the text ends too early to tell the scan waits at the marker: callers then stop
   * (NEED_MORE) or go on (NO_MATCH).
   */
  private resolveMarker(x: number, final: boolean): number {
    const marker = this.markerAt(x, final)
    if (marker === NEED_MORE) this.wait(this.markerStart)
    else if (marker === NO_MATCH) this.skipTo(x + 2)
    return marker
  }

  // ---- driver ------------------------------------------------------------

  private run(final: boolean): void {
    // Every step moves the scan position or changes mode. Should a defect ever break that, the
    // parse fails with a diagnostic (the parser entry points catch it) instead of hanging the page.
    let lastAt = -1
    let lastMode = -1
    let still = 0
    for (;;) {
      let progressed: Step
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

  /** No candidate left in the window: park the scan position so split tokens are seen again. */
  private park(tail: number): false {
    this.i = Math.max(this.i, this.buf.length - tail)
    this.waiting = false
    return false
  }

  // ---- outside blocks ----------------------------------------------------

  private stepOutside(final: boolean): Step {
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
        `End marker "${this.buf.slice(p, p + length)}" has no matching start marker; it was ignored.`,
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
        `A "tool_name" field list stands outside any ${this.blockLabel()} block; it is not a request. ` +
          `Wrap it in <<<[${this.startMarkerName}]>>> ... <<<[END_${this.startMarkerName}]>>> to call the tool.`,
        keyStart,
        FIELD_LIST_KEY.length,
      )
    }
    return this.skipTo(p + 2)
  }

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

  private finishOutside(): false {
    if (this.reasoningOpen !== -1 && this.proseDiagnostics) {
      const at = this.reasoningOpen - this.base
      this.report(
        'warning',
        'unclosed-reasoning',
        'A <think> block is never closed; the rest of the text counts as reasoning.',
        at,
        0,
      )
      this.reasoningOpen = -1
    }
    this.i = this.buf.length
    return false
  }

  // ---- inside a block, between fields ---------------------------------------

  private openBlock(p: number, markerLength: number): void {
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

  private stepBlock(final: boolean): Step {
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
        this.internKey(s.slice(key.start, key.end)),
        s.slice(valueStart, valueEnd).trim(),
        base + key.start,
        base + valueStart,
        base + valueEnd,
        false,
      )
    }
  }

  private startValue(p: number, kind: ValueKind, markerLength: number, brace: boolean): void {
    const block = this.block as OpenBlock
    const s = this.buf
    const floor = Math.max(block.regionStart - this.base, p - KEY_LOOKBACK, 0)
    const span = this.keySpan
    if (!findKeyBefore(s, p, floor, span)) {
      if (!this.inLineComment(p, floor)) {
        this.report(
          'warning',
          'value-without-key',
          `A value marker "${s.slice(p, p + markerLength)}" is not preceded by "key:"; its text was skipped.`,
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
        `Field "${s.slice(keyStart, keyEnd)}" uses a full-width colon "："; read as ":".`,
        span.colon,
        1,
        block,
      )
    }
    if (brace && kind === 'plain') {
      this.report('warning', 'brace-marker', 'Value opened with "{始}"; read as "「始」".', p, markerLength, block)
    }
    const key = this.internKey(s.slice(keyStart, keyEnd))
    const start = this.base + p + markerLength
    const value = this.spareValue
    value.kind = kind
    value.key = key
    value.keyOffset = this.base + keyStart
    value.start = start
    if (value.parts.length !== 0) value.parts = []
    value.captured = start
    value.firstPlainClose = -1
    this.value = value
    this.mode = Mode.Value
    this.i = p + markerLength
  }

  /**
   * Keys repeat from block to block (`path`, `command`): handing back the string already held for
   * a key keeps a long reply's result small, which the garbage collector feels while it is built.
   */
  private internKey(written: string): string {
    // A small direct-mapped table: no hashing, one comparison of two short strings.
    const slot = (written.length * 31 + written.charCodeAt(0) + written.charCodeAt(written.length - 1) * 7) & 255
    const known = this.keys[slot] as string
    if (known === written) return known
    this.keys[slot] = written
    return written
  }

  /** The marker sits after `//` on its own line: a comment, not a field. Looks no further back than `floor`. */
  private inLineComment(p: number, floor: number): boolean {
    const before = this.buf.slice(floor, p)
    return before.indexOf('//', before.lastIndexOf('\n') + 1) !== -1
  }

  private closeBlock(endInBuf: number, how: 'marker' | 'next-start' | 'end-of-text'): void {
    const block = this.block as OpenBlock
    const end = this.base + endInBuf
    if (how !== 'marker') {
      const where = how === 'next-start' ? 'the next start marker' : 'the end of the text'
      this.report(
        'warning',
        'missing-end-marker',
        `The block opened at line ${this.position(block.start).line} has no <<<[END_${this.startMarkerName}]>>>; it ends at ${where}.`,
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

  // ---- inside a value ----------------------------------------------------

  private stepValue(final: boolean): Step {
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
    const close = matchValueMarker(this.buf, p, END_CHAR, final)
    if (close === NEED_MORE) return this.wait(p)
    if (close === NO_MATCH) return this.skipTo(p + 2)
    const closeKind = valueKindOf(close)
    const closeLength = markerLength(close)
    if (closeKind !== value.kind) return this.skipTo(p + closeLength)
    if (isBraceMarker(close) && closeKind === 'plain') {
      this.report(
        'warning',
        'brace-marker',
        'Value closed with "{末}"; read as "「末」".',
        p,
        closeLength,
        this.block as OpenBlock,
      )
    }
    this.finishValue(p, closeLength, false)
    return true
  }

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

  private finishValue(endInBuf: number, closeLength: number, unterminated: boolean): void {
    const block = this.block as OpenBlock
    const value = this.value as OpenValue
    const end = this.base + endInBuf
    let text = this.takeValueText(end).trim()
    if (value.kind !== 'plain') text = unescapeMarkers(text, this.startMarkerName)
    if (unterminated) {
      const closer = value.kind === 'plain' ? '「末」' : value.kind === 'escape' ? '「末ESCAPE」' : '「末exp」'
      let hint = ''
      if (value.firstPlainClose !== -1) {
        hint = ` A plain "「末」" appears at line ${this.position(value.firstPlainClose).line}; an escaped value must end with ${closer}.`
      }
      this.report(
        'error',
        'unterminated-value',
        `The value of "${value.key}" is never closed with ${closer}; it was cut at the end of the block and the request cannot run.${hint}`,
        value.keyOffset - this.base,
        value.start - value.keyOffset,
        block,
      )
    }
    this.value = null
    this.mode = Mode.Block
    this.i = endInBuf + closeLength
    block.regionStart = end + closeLength
    this.handlers.field(block.index, value.key, text, value.keyOffset, value.start, end, value.kind !== 'plain')
  }

  // ---- helpers -----------------------------------------------------------

  /** The token at p is cut off and its end raises an event: scan the very next chunk, whatever it holds. */
  private wait(p: number): false {
    this.i = p
    this.waiting = true
    return false
  }

  /**
   * The token at p is cut off, but finishing it raises no event by itself (a fence, a reasoning
   * tag, a run of '<', a value opening): scan again with the next chunk that matters. Such tokens
   * can be runs of any length, and waiting on each chunk would walk the whole run every time.
   */
  private hold(p: number): false {
    this.i = p
    this.waiting = false
    return false
  }

  private skipTo(p: number): true {
    this.i = p
    return true
  }

  private blockLabel(): string {
    return this.startMarkerName.toLowerCase().replace('_', ' ')
  }

  private markerVariant(p: number, length: number): void {
    const written = this.buf.slice(p, p + length)
    const block = this.mode === Mode.Outside ? undefined : (this.block ?? undefined)
    this.report('warning', 'marker-variant', `Non-standard marker "${written}" was accepted.`, p, length, block)
  }

  /** Reports a diagnostic at buf position `p` (may be negative only for block-relative offsets). */
  private report(
    severity: DiagnosticSeverity,
    code: string,
    message: string,
    p: number,
    length: number,
    block?: OpenBlock,
  ): void {
    const offset = this.base + p
    const { line, column } = this.position(offset)
    const diagnostic: Diagnostic = { severity, code, message, offset, length, line, column }
    if (block) (block.diagnostics ??= []).push(diagnostic)
    this.handlers.diagnostic(diagnostic)
  }

  /** Position of an absolute offset, for callers that report after the scan. */
  position(offset: number): { line: number; column: number } {
    this.handOverLines(Math.min(offset + 1, this.base + this.buf.length))
    return this.lines.position(offset)
  }

  /** Gives the line index the window's text up to `upTo` (absolute), once. */
  private handOverLines(upTo: number): void {
    const from = this.lines.end
    if (upTo > from) this.lines.append(this.buf.slice(from - this.base, upTo - this.base))
  }
}

/** Where noCloserAfter keeps an escaped kind. */
function closerSlot(kind: ValueKind): number {
  return kind === 'escape' ? 0 : 1
}

function minPositive(a: number, b: number): number {
  if (a === -1) return b
  if (b === -1) return a
  return a < b ? a : b
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
