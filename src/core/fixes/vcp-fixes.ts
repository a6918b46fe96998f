/** Repairs for VCP blocks: the missing end marker, a value missing its closer. */
import { say } from '../messages'
import type { Candidate, CandidateSource } from './candidate'
import { trimBack } from './edits'
import { nextVcpMarkers } from './openers'
import type { TextEdit } from './types'

const END_MARKER = '<<<[END_TOOL_REQUEST]>>>'
const VALUE_OPENER = /(「始(?:escape|exp)?」|\{始(?:escape)?\})$/iu

/** `marker` inserted at `at` on a line of its own. */
export function insertOnOwnLine(text: string, at: number, marker: string): TextEdit {
  const before = at > 0 && text[at - 1] !== '\n' ? '\n' : ''
  const after = at < text.length && !/\s/.test(text[at] ?? '') ? '\n' : ''
  return { offset: at, length: 0, replacement: before + marker + after }
}

/** `missing-end-marker`: the end marker where the block ended (before the white space there). */
export const missingEndMarker: CandidateSource = ({ text }, diagnostic, request) => {
  const at = trimBack(text, diagnostic.offset, request?.start ?? 0)
  return [
    { title: say('fix.insert-end-marker', { marker: END_MARKER }), edits: [insertOnOwnLine(text, at, END_MARKER)] },
  ]
}

/**
 * `unterminated-value`: the value's own closer (「末」, 「末ESCAPE」, ...) before the next start
 * marker (a swallowed block), else where the parser cut the value (the next marker, or the end).
 */
export const unterminatedValue: CandidateSource = ({ text }, diagnostic) => {
  const span = text.slice(diagnostic.offset, diagnostic.offset + diagnostic.length)
  const opener = VALUE_OPENER.exec(span)?.[1]
  if (!opener) return []
  const closer = opener.replace('始', '末')
  const key = /^[^\s:：]+/u.exec(span)?.[0] ?? ''
  const valueStart = diagnostic.offset + diagnostic.length
  const markers = nextVcpMarkers(text, valueStart)
  const places = [markers.start, markers.any < 0 ? text.length : markers.any]
    .filter((at) => at >= 0)
    .map((at) => trimBack(text, at, valueStart))
  return [...new Set(places)].map(
    (at): Candidate => ({
      title: say('fix.close-value', { key, closer }),
      edits: [{ offset: at, length: 0, replacement: closer }],
    }),
  )
}
