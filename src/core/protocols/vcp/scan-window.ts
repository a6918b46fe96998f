/**
 * The VCP scanner's window and the state its reading steps share: the short stretch of unsettled
 * text it keeps, the open block and value, and the helpers every step uses (needle search, block
 * markers, moves of the scan position, diagnostics with their line and column).
 *
 * Cost stays linear: the machine keeps only a short window of unsettled text; values and raw
 * blocks are collected as pieces and joined once.
 */
import type { Diagnostic, DiagnosticSeverity } from '../../types'
import { say, type SaidMessage } from '../../messages/say'
import { LineIndex } from '../../text/line-index'
import { NeedleCache } from './needle-cache'
import {
  blockNames,
  END_CHAR,
  markerRunStart,
  matchBlockMarker,
  NEED_MORE,
  NO_MATCH,
  START_CHAR,
  type BlockNames,
  type ValueKind,
} from './markers'
import type { ScannerHandlers, ScannerOptions } from './scanner-types'

/** How far back from a value marker the key and colon are looked for. */
export const KEY_LOOKBACK = 256
/** Characters kept behind the scan position (line-start checks, split markers). */
const KEEP_BEHIND = 4
/** Outside blocks, a field list is recognised looking back from its 始: `tool_name`, white space, colon. */
const KEEP_BEHIND_OUTSIDE = 48
/** The window is trimmed once this many settled characters lead it. */
const COMPACT_AT = 64

/** The strings the scanner searches its window for, by index into NEEDLES. */
export const enum Needle {
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

/** Where the scan position stands: in the text around blocks, in a block between fields, in a value. */
export const enum Mode {
  Outside,
  Block,
  Value,
}

/** The block being read. */
export interface OpenBlock {
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

/** The value being read. */
export interface OpenValue {
  kind: ValueKind
  key: string
  keyOffset: number
  start: number
  parts: string[]
  captured: number
  /** Escaped values that never close: the first plain close marker they keep, for the error hint. */
  firstPlainClose: number
}

/** An open Markdown fence: its character and the length of its run. */
export interface Fence {
  char: number
  length: number
}

/** What a step answers: true when progress was made (run again), false to stop. */
export type Step = boolean

/** The smaller of two search results, where -1 means "not found". */
export function minPositive(a: number, b: number): number {
  if (a === -1) return b
  if (b === -1) return a
  return a < b ? a : b
}

/** Offsets named "absolute" count from the start of the text; the others index `buf`. */
export abstract class ScanWindow {
  protected buf = ''
  /** Absolute offset of buf[0]. */
  protected base = 0
  /** Scan position in buf: every candidate before it has been handled. */
  protected i = 0
  protected mode = Mode.Outside
  protected block: OpenBlock | null = null
  protected value: OpenValue | null = null
  /** Absolute offset of the `<think>` still open around the scan position, or -1. */
  protected reasoningOpen = -1
  protected fence: Fence | null = null
  private readonly lines = new LineIndex()
  private readonly needles = new NeedleCache(NEEDLES)
  /** Where the marker found by markerAt() starts (its first '<'). */
  protected markerStart = 0
  /** A token at the scan position is incomplete: the next chunk must be scanned. */
  protected waiting = false
  protected readonly startMarkerName: string
  protected readonly names: BlockNames
  protected readonly proseDiagnostics: boolean

  constructor(
    protected readonly handlers: ScannerHandlers,
    options: ScannerOptions,
  ) {
    this.startMarkerName = options.blockName
    this.names = blockNames(options.blockName)
    this.proseDiagnostics = options.proseDiagnostics ?? true
  }

  // ---- window management -------------------------------------------------

  /** Drops settled text from the window, after moving it into the open block and value. */
  protected compact(): void {
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

  /** The open value's raw text up to `upTo` (absolute). */
  protected takeValueText(upTo: number): string {
    const value = this.value as OpenValue
    const head = value.parts.length === 0 ? '' : value.parts.join('')
    return head + this.buf.slice(value.captured - this.base, upTo - this.base)
  }

  /** Next occurrence of needle `id` at or after `from` in the window, or -1. */
  protected next(id: Needle, from: number): number {
    return this.needles.next(id, from, this.buf, this.base)
  }

  /** Gives the line index the window's text up to `upTo` (absolute), once. */
  protected handOverLines(upTo: number): void {
    const from = this.lines.end
    if (upTo > from) this.lines.append(this.buf.slice(from - this.base, upTo - this.base))
  }

  // ---- block markers -----------------------------------------------------

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
  protected resolveMarker(x: number, final: boolean): number {
    const marker = this.markerAt(x, final)
    if (marker === NEED_MORE) this.wait(this.markerStart)
    else if (marker === NO_MATCH) this.skipTo(x + 2)
    return marker
  }

  // ---- moving the scan position ------------------------------------------

  /** No candidate left in the window: park the scan position so split tokens are seen again. */
  protected park(tail: number): false {
    this.i = Math.max(this.i, this.buf.length - tail)
    this.waiting = false
    return false
  }

  /** The token at p is cut off and its end raises an event: scan the very next chunk, whatever it holds. */
  protected wait(p: number): false {
    this.i = p
    this.waiting = true
    return false
  }

  /**
   * The token at p is cut off, but finishing it raises no event by itself (a fence, a reasoning
   * tag, a run of '<', a value opening): scan again with the next chunk that matters. Such tokens
   * can be runs of any length, and waiting on each chunk would walk the whole run every time.
   */
  protected hold(p: number): false {
    this.i = p
    this.waiting = false
    return false
  }

  protected skipTo(p: number): true {
    this.i = p
    return true
  }

  // ---- diagnostics -------------------------------------------------------

  /** The block kind in prose, e.g. "tool request". */
  protected blockLabel(): string {
    return this.startMarkerName.toLowerCase().replace('_', ' ')
  }

  protected markerVariant(p: number, length: number): void {
    const written = this.buf.slice(p, p + length)
    const block = this.mode === Mode.Outside ? undefined : (this.block ?? undefined)
    this.report('warning', 'marker-variant', say('vcp.marker-variant', { marker: written }), p, length, block)
  }

  /** Reports a diagnostic saying `said` at buf position `p` (may be negative only for block-relative offsets). */
  protected report(
    severity: DiagnosticSeverity,
    code: string,
    said: SaidMessage,
    p: number,
    length: number,
    block?: OpenBlock,
  ): void {
    const offset = this.base + p
    const { line, column } = this.position(offset)
    const diagnostic: Diagnostic = { severity, code, ...said, offset, length, line, column }
    if (block) (block.diagnostics ??= []).push(diagnostic)
    this.handlers.diagnostic(diagnostic)
  }

  /** Position of an absolute offset, for callers that report after the scan. */
  position(offset: number): { line: number; column: number } {
    this.handOverLines(Math.min(offset + 1, this.base + this.buf.length))
    return this.lines.position(offset)
  }
}
