/**
 * The template line an error is on, cut around its column when long, with the character at the
 * column apart so the view can mark it. The line is read from the template as the renderer reads
 * it (line breaks made `\n`); the error's own excerpt stands in when the line is not there.
 */
import type { TemplateError } from '../../core/templates'

/** Characters shown before and after the column on a long line. */
const AROUND = 80

export interface ErrorLine {
  before: string
  /** The character at the column ('' past the line's end). */
  at: string
  after: string
}

export function errorLine(template: string, error: TemplateError): ErrorLine | null {
  if (error.line === undefined) return null
  const line = template.replace(/\r\n?/g, '\n').split('\n')[error.line - 1] ?? error.excerpt
  if (line === undefined) return null
  const column = Math.max(0, Math.min((error.column ?? 1) - 1, line.length))
  const from = Math.max(0, column - AROUND)
  const to = Math.min(line.length, column + AROUND)
  return {
    before: (from > 0 ? '…' : '') + line.slice(from, column),
    at: line.slice(column, column + 1),
    after: line.slice(column + 1, to) + (to < line.length ? '…' : ''),
  }
}

/** The offset in `template` of a line and column (1-based), for an editor marker. */
export function offsetOf(template: string, line: number, column = 1): number {
  let offset = 0
  for (let n = 1; n < line; n++) {
    const next = template.indexOf('\n', offset)
    if (next < 0) return template.length
    offset = next + 1
  }
  return Math.min(template.length, offset + column - 1)
}
