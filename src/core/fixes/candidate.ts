/** A fix before it is checked, and what the sources of fixes are told. */
import type { SaidMessage } from '../messages'
import type { NativeFormat } from '../protocols/native/format'
import type { Diagnostic, ParsedRequest, ParseResult } from '../types'
import type { TextEdit } from './types'

/** A repair to try: it is offered only if parsing the edited text shows it works. */
export interface Candidate {
  title: SaidMessage
  edits: TextEdit[]
}

/** The reply and its parse, as every source of candidates sees them. */
export interface FixContext {
  text: string
  result: ParseResult
  /** The models' own formats the text was read in (one chosen by id, or those auto found). */
  formats: readonly NativeFormat[]
}

/** The candidates for one diagnostic, best first; `request` is the request it belongs to, if any. */
export type CandidateSource = (
  context: FixContext,
  diagnostic: Diagnostic,
  request: ParsedRequest | undefined,
) => Candidate[]

/** A marker as a title shows it: on one line, without surrounding white space. */
export function shownMarker(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
