/**
 * Repairs for the models' own formats: a call, section or list that is never closed gets its
 * closer (`</tool_call>`, `</function>`, `<|tool_call_end|>`, `]`, ...), after closing its JSON
 * when that was cut off too. The closers come from the format's grammar pieces.
 */
import { say } from '../messages'
import type { NativeFormat } from '../protocols/native/format'
import type { Diagnostic, ParsedRequest } from '../types'
import { shownMarker, type Candidate, type CandidateSource } from './candidate'
import { trimBack } from './edits'
import { closeJsonEdits, closingText } from './json-closing'

const CLOSER_PIECE = /^(?:<\/[^>]+>|<[|｜][^|｜]*(?:end|END)[^|｜]*[|｜]>|<\|call\|>|```|\]|\))$/

/** The closer an opener asks for: `<tool_call>` → `</tool_call>`, `<|x_begin|>` → `<|x_end|>`. */
function closerOf(opener: string): string | null {
  const tag = /^<([A-Za-z][\w:-]*)(?:=[^>]*)?>$/.exec(opener)
  if (tag) return `</${tag[1]}>`
  const token = /^(<[|｜])([^|｜]*?)(start|begin|START|BEGIN)([^|｜]*)([|｜]>)$/.exec(opener)
  if (!token) return null
  const end = { start: 'end', begin: 'end', START: 'END', BEGIN: 'END' }[token[3] as 'start']
  return `${token[1]}${token[2]}${end}${token[4]}${token[5]}`
}

/**
 * The closers to try for a diagnostic: the one its opener asks for, then the formats' own, those
 * their example writes first (in its order), then the rest.
 */
function closersFor(text: string, diagnostic: Diagnostic, formats: readonly NativeFormat[]): string[] {
  const opener = text.slice(diagnostic.offset, diagnostic.offset + Math.min(diagnostic.length, 200))
  const own = closerOf(opener)
  const pieces = formats.flatMap((f) => {
    const closers = f.pieces.filter((p) => CLOSER_PIECE.test(p))
    const shown = closers
      .filter((p) => f.example.includes(p))
      .sort((a, b) => f.example.indexOf(a) - f.example.indexOf(b))
    return [...shown, ...closers.filter((p) => !f.example.includes(p))]
  })
  return [...new Set([...(own ? [own] : []), ...pieces])]
}

/** `closer` at `at`, on a line of its own when the format writes it so. */
function closerEdit(text: string, at: number, closer: string, formats: readonly NativeFormat[]): string {
  const ownLine = formats.some((f) => f.example.includes(`\n${closer}`))
  return (ownLine && at > 0 && text[at - 1] !== '\n' ? '\n' : '') + closer
}

/** Where a closer may go: after the request's last character, and after the text's. */
function closingPlaces(text: string, request: ParsedRequest | undefined): number[] {
  const places = [request ? trimBack(text, request.end, request.start) : -1, trimBack(text, text.length)]
  return [...new Set(places.filter((at) => at >= 0))]
}

/** Unclosed calls, sections, lists and JSON in a model's own format. */
export const unclosedNative: CandidateSource = ({ text, formats }, diagnostic, request) => {
  const closers = closersFor(text, diagnostic, formats)
  // JSON cut off is closed first: a closer after open JSON would only hide it.
  const candidates: Candidate[] = request ? closeJsonThenCloser(text, request, closers, formats) : []
  for (const closer of closers) {
    for (const at of closingPlaces(text, request)) {
      const replacement = closerEdit(text, at, closer, formats)
      candidates.push({
        title: say('fix.insert-end-marker', { marker: shownMarker(closer) }),
        edits: [{ offset: at, length: 0, replacement }],
      })
    }
  }
  return candidates
}

/** The request's open JSON closed at its end, alone and then with each closer after it. */
function closeJsonThenCloser(
  text: string,
  request: ParsedRequest,
  closers: readonly string[],
  formats: readonly NativeFormat[],
): Candidate[] {
  const end = trimBack(text, request.end, request.start)
  const json = closeJsonEdits(text, request.start, end)
  if (json.length === 0) return []
  const closing = closingText(json)
  const candidates: Candidate[] = [{ title: say('fix.close-json', { closing }), edits: json }]
  for (const closer of closers) {
    const last = json[json.length - 1] as (typeof json)[number]
    const edits = [
      ...json.slice(0, -1),
      { ...last, replacement: last.replacement + closerEdit(text, end, closer, formats) },
    ]
    candidates.push({ title: say('fix.close-json-and-insert', { closing, marker: shownMarker(closer) }), edits })
  }
  return candidates
}
