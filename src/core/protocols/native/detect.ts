/**
 * Auto-detection of native formats: which formats a reply is written in, decided by what follows
 * each format's opener (never by parsing in every format and keeping what parses), plus the
 * formats a `model` hint names. Formats with no delimiter of their own count only with evidence.
 */
import type { DetectedFormatSummary } from '../../types'
import type { ParseOptions } from '../protocol'
import type { FormatContext, NativeFormat } from './format'
import { createNativeParser, type NativeFormatParser } from './protocol'
import { nativeFormats } from './registry'
import { formatsForModel } from './models'
import { toolHints } from './tool-hints'
import { ref } from '../../messages/say'

/** How many places of one opener are looked at before the format is taken to be absent. */
const MAX_LOOKS = 64
/** How far the reason's excerpt reaches past the opener. */
const EXCERPT = 24

/** A format auto found or the model hint named: why, and where. */
export type DetectedFormat = Omit<DetectedFormatSummary, 'requests'>

/**
 * Whether the text protocol of `id` has anything to read here: `<tool_call>` and `<tool_code>`
 * followed by JSON (or a fence, or the end of a text still streaming). Prose that names a tag is
 * no block; the protocol chosen by id still diagnoses it.
 */
export function textProtocolClaims(id: string, text: string): boolean {
  const tag = id === 'hermes' ? '<tool_call>' : id === 'xml' ? '<tool_code>' : null
  if (tag === null) return true
  let from = 0
  for (let looks = 0; looks < MAX_LOOKS; looks++) {
    const at = text.indexOf(tag, from)
    if (at === -1) return false
    let i = at + tag.length
    while (i < text.length && i < at + tag.length + 64 && /\s/.test(text[i] as string)) i++
    if (i >= text.length || text[i] === '{' || text[i] === '[' || text.startsWith('```', i)) return true
    from = at + 1
  }
  return false
}

export interface Detection {
  /** Parsers to run, in the order found. */
  parsers: NativeFormatParser[]
  detected: DetectedFormat[]
  /** A `<tool_call>` here belongs to a native format, so the Hermes text protocol must not read it. */
  hermesExcluded: boolean
}

export function detectNativeFormats(text: string, options: ParseOptions = {}): Detection {
  const hinted = formatsForModel(options.model)
  const tools = toolHints(options.tools)
  const context: FormatContext = { tools, trusted: false }
  const detection: Detection = { parsers: [], detected: [], hermesExcluded: false }
  for (const format of nativeFormats()) {
    if (hinted.includes(format.id)) {
      detection.parsers.push(createNativeParser(format, true))
      detection.detected.push({
        id: format.id,
        label: format.label,
        reason: `the model "${options.model}" writes ${format.label}`,
        reasonRef: ref('auto.reason.model-hint', { model: String(options.model), format: format.label }),
        offset: 0,
      })
      // Only a `<tool_call>` this format takes is kept from Hermes: the model may still write Hermes JSON.
      if (format.openers.includes('<tool_call>') && firstClaim(format, text, context)?.opener === '<tool_call>')
        detection.hermesExcluded = true
      continue
    }
    if (!format.delimited && tools.size > 0) {
      // Evidence is a call of a tool the model was given (or a marked call): the parser keeps only those.
      detection.parsers.push(createNativeParser(format, false))
      continue
    }
    const found = firstClaim(format, text, context)
    if (!found) continue
    detection.parsers.push(createNativeParser(format, false))
    const after = quote(excerpt(text, found.at + found.opener.length))
    detection.detected.push({
      id: format.id,
      label: format.label,
      reason: `${quote(found.opener)} followed by ${after}`,
      reasonRef: ref('auto.reason.opener', {
        opener: quote(found.opener),
        excerpt: after === 'the end of the text' ? ref('auto.reason.end-of-text') : after,
      }),
      offset: found.at,
    })
    if (found.opener === '<tool_call>') detection.hermesExcluded = true
  }
  return detection
}

function firstClaim(format: NativeFormat, text: string, context: FormatContext): { at: number; opener: string } | null {
  let best: { at: number; opener: string } | null = null
  for (const opener of format.openers) {
    let from = 0
    for (let looks = 0; looks < MAX_LOOKS; looks++) {
      const at = text.indexOf(opener, from)
      if (at === -1 || (best && at >= best.at)) break
      if (format.claims(text, at, opener, context)) {
        best = { at, opener }
        break
      }
      from = at + 1
    }
  }
  return best
}

function excerpt(text: string, from: number): string {
  const start = from + (text.slice(from, from + EXCERPT).length - text.slice(from, from + EXCERPT).trimStart().length)
  const piece = text.slice(start, start + EXCERPT).replace(/\s+/g, ' ')
  return piece === '' ? 'the end of the text' : piece + (start + EXCERPT < text.length ? '...' : '')
}

function quote(piece: string): string {
  return piece === 'the end of the text' ? piece : '`' + piece + '`'
}
