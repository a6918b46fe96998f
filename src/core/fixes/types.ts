/**
 * The shapes of suggested fixes and reading hints: plain data, said by message id so any language
 * can show them.
 */
import type { SaidMessage } from '../messages'
import type { Diagnostic } from '../types'

/** One change to the text: replace `length` characters at `offset` (UTF-16 code units) with `replacement`. */
export interface TextEdit {
  offset: number
  length: number
  replacement: string
}

/**
 * A repair for one diagnostic. Applying `edits` (in range, not overlapping, in text order) and
 * parsing again removes `diagnostic`, or turns its invalid request valid: every fix offered was
 * checked that way.
 */
export interface SuggestedFix {
  /** What the fix does, for a button ("Insert <<<[END_TOOL_REQUEST]>>>"). */
  title: SaidMessage
  /** The diagnostic it repairs, as the parse of the text gave it. */
  diagnostic: Diagnostic
  edits: TextEdit[]
}

/** What a reading hint is about. */
export type ReadingHintKind = 'swallowed' | 'batch' | 'batch-gap' | 'batch-duplicate'

/**
 * A note on how a request was read (a broken block that swallowed later calls, a numbered batch),
 * said by message id (`message`, `messageId`, `params`), with the request it concerns.
 */
export interface ReadingHint extends SaidMessage {
  kind: ReadingHintKind
  /** The `start` of the request the hint is about. */
  requestStart: number
  /** The place in the text the hint points at (the first swallowed call, a duplicate key). */
  offset: number
  length: number
}
