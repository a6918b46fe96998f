/**
 * Where each argument's value sits in the reply, so a problem with an argument can be
 * underlined on the value itself. VCP blocks are read field by field; the JSON paradigms are
 * searched for the quoted key.
 */
import type { ParsedRequest } from '../types'
import { requestFields } from '../protocols/vcp/fields'

/** A range of the reply's text: UTF-16 offset and length (at least 1, so it can be underlined). */
export interface TextSpan {
  offset: number
  length: number
}

/** Argument name (as written, e.g. `path2`) to the span of its value in the text. */
export function argumentSpans(request: Pick<ParsedRequest, 'rawBlock' | 'start'>): Map<string, TextSpan> {
  const spans = new Map<string, TextSpan>()
  if (request.rawBlock === '') return spans
  const fields = requestFields(request)
  if (fields.length > 0) {
    for (const field of fields)
      spans.set(field.key, { offset: field.valueStart, length: Math.max(1, field.valueEnd - field.valueStart) })
    return spans
  }
  // JSON: `"key"` followed by a colon; the span covers the key (the value may be any JSON).
  const block = request.rawBlock
  const key = /"((?:[^"\\\n]|\\.){1,200})"\s*:/g
  for (let match = key.exec(block); match !== null; match = key.exec(block)) {
    const name = match[1] as string
    if (!spans.has(name)) spans.set(name, { offset: request.start + match.index, length: match[0].length })
  }
  return spans
}
