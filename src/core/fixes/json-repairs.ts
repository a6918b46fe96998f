/**
 * Edits for the JSON slips the parsers repair with a warning: single quotes, unquoted keys,
 * trailing commas. Each says the same as the parser read it, in strict JSON.
 */
import type { TextEdit } from './types'

/** A single-quoted string's body as the body of a double-quoted one: `\'` unescaped, `"` escaped. */
function doubleQuotedBody(body: string): string {
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string
    if (c === '\\' && body[i + 1] === "'") {
      out += "'"
      i++
    } else if (c === '\\') {
      out += c + (body[i + 1] ?? '')
      i++
    } else out += c === '"' ? '\\"' : c
  }
  return out
}

/**
 * Edits that rewrite every single-quoted string from `from` to the end of the JSON value that
 * holds it (the first bracket that closes more than was opened) in double quotes. Empty when
 * there is none, or when a string never closes.
 */
export function doubleQuoteEdits(text: string, from: number): TextEdit[] {
  const edits: TextEdit[] = []
  let depth = 0
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"' || c === "'") {
      const close = stringEnd(text, i, c)
      if (close < 0) return []
      if (c === "'") {
        const body = doubleQuotedBody(text.slice(i + 1, close))
        edits.push({ offset: i, length: close + 1 - i, replacement: `"${body}"` })
      }
      i = close
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      if (--depth < 0) break
    }
  }
  return edits
}

/** The index of the quote that closes the string opened at `open`; -1 when it never closes. */
function stringEnd(text: string, open: number, quote: string): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === quote) return i
    else if (c === '\n' && quote === "'") return -1
  }
  return -1
}

/** The key at `offset` (`length` characters) in double quotes; none when it is not a bare name. */
export function quoteKeyEdits(text: string, offset: number, length: number): TextEdit[] {
  const key = text.slice(offset, offset + length)
  if (!/^[\p{L}\p{N}_$-]+$/u.test(key)) return []
  return [{ offset, length, replacement: JSON.stringify(key) }]
}

/** The comma at `offset` removed; none when there is no comma there. */
export function trailingCommaEdits(text: string, offset: number): TextEdit[] {
  return text[offset] === ',' ? [{ offset, length: 1, replacement: '' }] : []
}
