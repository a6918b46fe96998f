/**
 * The characters of Python source as the pythonic reader meets them: white space, names (tool
 * names, keyword names), where a string or a bracketed group ends, and how a spot of text is
 * named in a message. Every scan here is linear and allocates nothing per character.
 */
import { ref } from '../../../messages/say'
import type { MessageParam } from '../../../messages/types'

/** How literals are written beyond plain Python. */
export interface LiteralOptions {
  /** FunctionGemma: `<escape>text<escape>` is a string, and dict keys may be bare names. */
  escapeToken?: string
  bareKeys?: boolean
}

/** Python's white space, and the byte order mark some writers leave in. */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x0b || c === 0xfeff
}

/** Whether `c` may start a Python name (a letter or `_`, any script). */
export function isNameStart(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    c === 0x5f ||
    (c > 0x7f && /\p{L}/u.test(String.fromCharCode(c)))
  )
}

/** Whether `c` may go on a Python name (a name start or a digit). */
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || (c > 0x7f && /\p{N}/u.test(String.fromCharCode(c)))
}

/** The end of a tool name at `at`: Python names joined by dots; hyphens too (MCP tool names). */
export function nameEnd(text: string, at: number, limit: number): number {
  if (at >= limit || !isNameStart(text.charCodeAt(at))) return at
  let i = at + 1
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (isNameChar(c)) i++
    else if ((c === 0x2e || c === 0x2d) && i + 1 < limit && isNameStart(text.charCodeAt(i + 1))) i += 2
    else break
  }
  return i
}

/** The end of a keyword name (a Python name, or hyphenated as some schemas name parameters). */
export function keyEnd(text: string, at: number, limit: number): number {
  if (at >= limit || !isNameStart(text.charCodeAt(at))) return at
  let i = at + 1
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (isNameChar(c) || (c === 0x2d && i + 1 < limit && isNameChar(text.charCodeAt(i + 1)))) i++
    else break
  }
  return i
}

/** The first offset at or after `at` (below `limit`) that is not white space. */
export function skipSpaces(text: string, at: number, limit: number): number {
  let i = at
  while (i < limit && isSpace(text.charCodeAt(i))) i++
  return i
}

/** Length of a string prefix and quote at `at` (`r'`, `u"`, `'''`...): [prefix length, quote] or null. */
export function stringStart(text: string, at: number, limit: number): { prefix: string; quoteAt: number } | null {
  let i = at
  while (i < limit && i - at < 2 && /[rRbBuUfF]/.test(text[i] as string)) i++
  const c = text.charCodeAt(i)
  if (i < limit && (c === 0x22 || c === 0x27)) return { prefix: text.slice(at, i).toLowerCase(), quoteAt: i }
  return null
}

/**
 * Skips a string whose quote is at `at`; returns the offset after it, or -1 when it never closes
 * before `limit`. Backslashes escape the next character (in raw strings too, as Python reads them).
 */
export function skipString(text: string, at: number, limit: number): number {
  const q = text.charCodeAt(at)
  const triple = at + 2 < limit && text.charCodeAt(at + 1) === q && text.charCodeAt(at + 2) === q
  let i = at + (triple ? 3 : 1)
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x5c) i += 2
    else if (c === q && (!triple || (i + 2 < limit && text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q)))
      return i + (triple ? 3 : 1)
    else i++
  }
  return -1
}

/**
 * The offset after the bracket that closes the one at `open` (`(`, `[` or `{`), by depth outside
 * strings (and `<escape>` strings); -1 when it is still open at `limit`. Linear.
 */
export function closerOf(text: string, open: number, limit: number, options: LiteralOptions = {}): number {
  let depth = 0
  const esc = options.escapeToken
  let i = open
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x22 || c === 0x27) {
      const end = skipString(text, i, limit)
      if (end === -1) return -1
      i = end
      continue
    }
    if (esc !== undefined && c === 0x3c && text.startsWith(esc, i)) {
      const close = text.indexOf(esc, i + esc.length)
      if (close === -1 || close + esc.length > limit) return -1
      i = close + esc.length
      continue
    }
    if (c === 0x28 || c === 0x5b || c === 0x7b) depth++
    else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      depth--
      if (depth === 0) return i + 1
    }
    i++
  }
  return -1
}

const END_OF_TEXT = ref('native.pythonic.at.end-of-text')
const LINE_BREAK = ref('native.pythonic.at.line-break')

/**
 * The character at `at` as a message names it, to fill a message's parameter: `"x"` as written, or
 * a nested phrase for a line break and for the end of the text.
 */
export function describe(text: string, at: number): MessageParam {
  if (at >= text.length) return END_OF_TEXT
  const ch = text.codePointAt(at) as number
  if (ch === 0x0a) return LINE_BREAK
  return JSON.stringify(String.fromCodePoint(ch))
}

/** `text` cut to `max` characters with an ellipsis, for quoting in a message. */
export function short(text: string, max = 40): string {
  return text.length > max ? text.slice(0, max - 3) + '...' : text
}
