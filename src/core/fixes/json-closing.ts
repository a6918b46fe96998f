/**
 * What closes an unfinished JSON value: the string, then the brackets still open, innermost first.
 * Read leniently (single-quoted strings count as strings), since the parsers read it so.
 */
import type { TextEdit } from './types'

/** How a JSON text between two offsets ends: still-open brackets, an open string, a dangling `:` or `,`. */
interface JsonTail {
  open: string[]
  quote: string | null
  /** The last character outside strings that is not white space, and where it is. */
  last: string
  lastAt: number
}

function readTail(text: string, start: number, end: number): JsonTail {
  const open: string[] = []
  let quote: string | null = null
  let last = ''
  let lastAt = -1
  for (let i = start; i < end; i++) {
    const c = text[i] as string
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) {
        quote = null
        last = c
        lastAt = i
      }
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (c === '{' || c === '[') open.push(c === '{' ? '}' : ']')
    else if ((c === '}' || c === ']') && open[open.length - 1] === c) open.pop()
    if (!/\s/.test(c)) {
      last = c
      lastAt = i
    }
  }
  return { open, quote, last, lastAt }
}

/**
 * The edits that close the JSON opened between `start` and `end`, inserted at `end`: the open
 * string's quote, `null` after a dangling `:`, a dangling `,` removed, then the open brackets.
 * Empty when nothing is open.
 */
export function closeJsonEdits(text: string, start: number, end: number): TextEdit[] {
  const tail = readTail(text, start, end)
  if (tail.open.length === 0) return []
  let closing = tail.quote ?? ''
  const edits: TextEdit[] = []
  if (!tail.quote && tail.last === ':') closing += 'null'
  if (!tail.quote && tail.last === ',' && tail.lastAt >= 0)
    edits.push({ offset: tail.lastAt, length: 1, replacement: '' })
  closing += [...tail.open].reverse().join('')
  if (edits[0] && edits[0].offset === end - 1 && end - 1 === tail.lastAt) {
    // The comma sits right at the insertion point: one edit replaces it with the closing.
    return [{ offset: tail.lastAt, length: 1, replacement: closing }]
  }
  edits.push({ offset: end, length: 0, replacement: closing })
  return edits
}

/** The closing text alone, for a title (`}}`, `"}]`). */
export function closingText(edits: readonly TextEdit[]): string {
  return edits.map((e) => e.replacement).join('')
}
