/**
 * Harmony's tokens and a message's header (`<|start|>assistant<|channel|>commentary
 * to=functions.get_weather <|constrain|>json`): its role, its channel, and its recipient, which
 * makes the message a call.
 */
import type { FormatContext } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import type { MarkerScanner } from './token-scan'

/** Opens a message: its role follows. */
export const START = '<|start|>'
/** Opens the channel part of a header. */
export const CHANNEL = '<|channel|>'
/** Ends the header: the body follows. */
export const MESSAGE = '<|message|>'
/** Before the content type of a call's arguments (`<|constrain|>json`). */
export const CONSTRAIN = '<|constrain|>'
/** Ends a message. */
export const END = '<|end|>'
/** Ends a call's message. */
export const CALL = '<|call|>'
/** Ends the final answer. */
export const RETURN = '<|return|>'
/** Every token the reader acts on. */
export const TOKENS = [START, CHANNEL, MESSAGE, CONSTRAIN, END, CALL, RETURN]
/** Begins the recipient in a header. */
export const RECIPIENT = 'to='
/** The namespace of the functions the model was given. */
export const FUNCTIONS = 'functions.'

/** A message's header, from its first token (or role-part recipient) to its `<|message|>`. */
export interface Header {
  start: number
  end: number
  role: string
  channel: string
  recipient: string
  /** The recipient's text span, -1 when there is none. */
  rs: number
  re: number
  /** What follows the recipient in the header, trimmed (a content type, `<|constrain|>json`). */
  rest: string
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

/** A word at `from`: up to white space or a `<|` token, bounded by `limit`. */
function wordEnd(text: string, from: number, limit: number): number {
  let i = from
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (isSpace(c) || (c === 0x3c && text.charCodeAt(i + 1) === 0x7c)) break
    i++
  }
  return i
}

/** The header in `text[start, end)`. */
export function readHeader(text: string, scan: MarkerScanner, start: number, end: number): Header {
  const header: Header = { start, end, role: '', channel: '', recipient: '', rs: -1, re: -1, rest: '' }
  if (text.startsWith(START, start)) {
    const rs = skipSpace(text, start + START.length, end)
    header.role = text.slice(rs, wordEnd(text, rs, end))
  }
  const channel = scan.next(CHANNEL, start)
  if (channel !== -1 && channel < end) {
    const cs = skipSpace(text, channel + CHANNEL.length, end)
    header.channel = text.slice(cs, wordEnd(text, cs, end))
  }
  // The recipient is a `to=` that begins a word (or follows a token).
  let at = start
  for (;;) {
    const to = scan.next(RECIPIENT, at)
    if (to === -1 || to >= end) break
    const before = to > start ? text.charCodeAt(to - 1) : 0x20
    if (isSpace(before) || before === 0x3e /* the `>` of a token */ || to === start) {
      header.rs = to + RECIPIENT.length
      header.re = wordEnd(text, header.rs, end)
      header.recipient = text.slice(header.rs, header.re)
      const [s, e] = trimSpan(text, header.re, end)
      // The rest of the header that follows, up to the next token that is not the constraint.
      const next = channel !== -1 && channel >= header.re && channel < e ? channel : e
      header.rest = text.slice(s, Math.max(s, next)).trim()
      break
    }
    at = to + RECIPIENT.length
  }
  return header
}

/** Built-in tools of gpt-oss, which the model addresses without `functions.`. */
export function isBuiltIn(recipient: string): boolean {
  return recipient === 'python' || recipient.startsWith('browser.') || recipient.startsWith('container.')
}

/** The tool a recipient names: a known tool as written, else without the `functions.` namespace. */
export function toolName(recipient: string, context: FormatContext): string {
  if (context.tools.has(recipient)) return recipient
  return recipient.startsWith(FUNCTIONS) ? recipient.slice(FUNCTIONS.length) : recipient
}

/** A header that can be a call: an assistant (or unnamed) role and a recipient that is no reply address. */
export function isCallHeader(h: Header): boolean {
  return h.recipient !== '' && h.recipient !== 'assistant' && (h.role === '' || h.role === 'assistant')
}
