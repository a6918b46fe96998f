/**
 * The shared JSON call reader's findings, said with a lowercase first letter: in the bare JSON
 * formats they follow the format's label ("Llama 3 JSON: the call has no ..."). Each message that
 * reader writes has a lowercase twin in the table, so the finding's id still renders to its text.
 */
import type { CallProblem } from '../../json/calls'
import type { MessageId } from '../../../messages/english'
import type { FormatProblem } from '../format'

const LOWERCASE_TWINS: Partial<Record<MessageId, MessageId>> = {
  'json.call-not-object': 'native.json.lower.call-not-object',
  'json.function-without-name': 'native.json.lower.function-without-name',
  'json.call-without-name': 'native.json.lower.call-without-name',
  'json.name-not-string': 'native.json.lower.name-not-string',
  'json.empty-name': 'native.json.lower.empty-name',
  'json.arguments-as-string': 'native.json.lower.arguments-as-string',
  'json.arguments-not-json': 'native.json.lower.arguments-not-json',
  'json.in-arguments-string': 'native.json.lower.in-arguments-string',
  'json.arguments-not-object': 'native.json.lower.arguments-not-object',
}

/**
 * `p` with the first letter of its message in lowercase, said by the lowercase twin of its id; a
 * message with no twin keeps its English text and goes without an id.
 */
export function lowercased(p: CallProblem): FormatProblem {
  const out: FormatProblem = {
    severity: p.severity,
    code: p.code,
    message: p.message.charAt(0).toLowerCase() + p.message.slice(1),
    offset: p.offset,
    length: p.length,
  }
  const twin = LOWERCASE_TWINS[p.messageId]
  if (twin !== undefined) {
    out.messageId = twin
    if (p.params !== undefined) out.params = p.params
  }
  return out
}
