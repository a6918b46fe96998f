/**
 * Repairs for the JSON protocols (and the models' JSON formats): a missing closing tag, JSON cut
 * off, single quotes, unquoted keys, trailing commas.
 */
import { say } from '../messages'
import type { ParsedRequest } from '../types'
import type { Candidate, CandidateSource } from './candidate'
import { lineAt, trimBack } from './edits'
import { closeJsonEdits, closingText } from './json-closing'
import { doubleQuoteEdits, quoteKeyEdits, trailingCommaEdits } from './json-repairs'
import { callOpeners } from './openers'
import { insertOnOwnLine } from './vcp-fixes'

/** The request's opening tag (`<tool_call>`) and the tag that closes it; null when it has none. */
export function requestTags(request: ParsedRequest): { open: string; close: string } | null {
  const name = /^<([A-Za-z][\w:-]*)>/.exec(request.rawBlock)?.[1]
  return name ? { open: `<${name}>`, close: `</${name}>` } : null
}

/** The first call opener inside the request after its own opening: a call it swallowed. */
export function swallowedOpener(text: string, request: ParsedRequest): number {
  return callOpeners(text, request.start + 1, request.end)[0]?.offset ?? -1
}

/** The closing tag before the first call the request swallowed. */
function closeBeforeSwallowed(text: string, request: ParsedRequest, close: string): Candidate[] {
  const next = swallowedOpener(text, request)
  if (next < 0) return []
  const at = trimBack(text, next, request.start)
  const edit = insertOnOwnLine(text, at, close)
  return [{ title: say('fix.insert-before-next', { marker: close, line: lineAt(text, next) }), edits: [edit] }]
}

/** `missing-closing-tag`: the closing tag before a swallowed call, else where the block ended. */
export const missingClosingTag: CandidateSource = ({ text }, diagnostic, request) => {
  const tags = request && requestTags(request)
  if (!request || !tags) return []
  const at = trimBack(text, diagnostic.offset, request.start)
  return [
    ...closeBeforeSwallowed(text, request, tags.close),
    { title: say('fix.insert-end-marker', { marker: tags.close }), edits: [insertOnOwnLine(text, at, tags.close)] },
  ]
}

/** The JSON closed where the payload ends: before the closing tag, or at the end of the request. */
export function closeJsonAtEnd(text: string, request: ParsedRequest): Candidate[] {
  const tags = requestTags(request)
  const closeAt = tags ? request.rawBlock.lastIndexOf(tags.close) : -1
  const start = request.start + (tags ? tags.open.length : 0)
  const end = trimBack(text, closeAt > 0 ? request.start + closeAt : request.end, start)
  const edits = closeJsonEdits(text, start, end)
  return edits.length > 0 ? [{ title: say('fix.close-json', { closing: closingText(edits) }), edits }] : []
}

/** `invalid-json`: close the tag before a swallowed call, or close the JSON at the payload's end. */
export const invalidJson: CandidateSource = ({ text }, _diagnostic, request) => {
  if (!request) return []
  const tags = requestTags(request)
  const before = tags ? closeBeforeSwallowed(text, request, tags.close) : closeJsonBeforeSwallowed(text, request)
  return [...before, ...closeJsonAtEnd(text, request)]
}

/** A `{"tool_calls"` object that swallowed the next one: its JSON closed before that one. */
function closeJsonBeforeSwallowed(text: string, request: ParsedRequest): Candidate[] {
  const next = swallowedOpener(text, request)
  if (next < 0) return []
  const edits = closeJsonEdits(text, request.start, trimBack(text, next, request.start))
  return edits.length > 0 ? [{ title: say('fix.close-json', { closing: closingText(edits) }), edits }] : []
}

/** `single-quotes`: every single-quoted string of the call in double quotes. */
export const singleQuotes: CandidateSource = ({ text }, diagnostic) => {
  const edits = doubleQuoteEdits(text, diagnostic.offset)
  return edits.length > 0 ? [{ title: say('fix.double-quotes', { count: edits.length }), edits }] : []
}

/** `unquoted-key`: the key in double quotes. */
export const unquotedKey: CandidateSource = ({ text }, diagnostic) => {
  const edits = quoteKeyEdits(text, diagnostic.offset, diagnostic.length)
  const key = text.slice(diagnostic.offset, diagnostic.offset + diagnostic.length)
  return edits.length > 0 ? [{ title: say('fix.quote-key', { key }), edits }] : []
}

/** `trailing-comma`: the comma removed. */
export const trailingComma: CandidateSource = ({ text }, diagnostic) => {
  const edits = trailingCommaEdits(text, diagnostic.offset)
  return edits.length > 0 ? [{ title: say('fix.remove-trailing-comma'), edits }] : []
}
