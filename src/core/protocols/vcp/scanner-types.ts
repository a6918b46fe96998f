/**
 * What the VCP block scanner hands its user: the closed blocks, and the events it raises while
 * it reads (block open, field, block close, diagnostic).
 */
import type { Diagnostic } from '../../types'

/** A block as it closes: where it stands, its raw text and what was found wrong with it. */
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

/** Listeners the scanner calls, in text order, as soon as the text decides each event. */
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

/** Which blocks the scanner reads and how much it says about the text around them. */
export interface ScannerOptions {
  /** Upper-case block name, e.g. 'TOOL_REQUEST' or 'TOOL_RESULT'. */
  blockName: string
  /** Report `tool_name` field lists outside blocks and reasoning tags. @default true */
  proseDiagnostics?: boolean
}
