/**
 * A format's finding from a message said by id (`say`), every field written out: each finding has
 * the same shape, and none pays for spreading the message into an object literal, a cost a text of
 * many findings (a hostile one) would pay per finding.
 */
import type { DiagnosticSeverity } from '../../../types'
import type { SaidMessage } from '../../../messages/say'
import type { FormatProblem } from '../format'

/** The finding at text[offset, offset + length), with the text, id and parameters of `said`. */
export function saidProblem(
  severity: DiagnosticSeverity,
  code: string,
  said: SaidMessage,
  offset: number,
  length: number,
): FormatProblem {
  return { severity, code, message: said.message, messageId: said.messageId, params: said.params, offset, length }
}
