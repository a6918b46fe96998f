/** Text edits: checking them and applying them. */
import type { TextEdit } from './types'

/**
 * True when every edit lies inside a text of `textLength` characters and no two edits overlap
 * (two insertions at one place overlap: their order would be ambiguous).
 */
export function editsFit(edits: readonly TextEdit[], textLength: number): boolean {
  const sorted = [...edits].sort(byPlace)
  let end = -1
  for (const edit of sorted) {
    if (!Number.isInteger(edit.offset) || !Number.isInteger(edit.length)) return false
    if (edit.offset < 0 || edit.length < 0 || edit.offset + edit.length > textLength) return false
    if (edit.offset < end || (edit.offset === end && edit.length === 0)) return false
    end = edit.offset + edit.length
  }
  return true
}

/**
 * `text` with `edits` applied. The edits must fit (see {@link editsFit}); ones that do not are a
 * caller's bug, and the text comes back unchanged rather than garbled.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (!editsFit(edits, text.length)) return text
  const sorted = [...edits].sort(byPlace)
  let out = ''
  let at = 0
  for (const edit of sorted) {
    out += text.slice(at, edit.offset) + edit.replacement
    at = edit.offset + edit.length
  }
  return out + text.slice(at)
}

/** The offset just after the last non-white-space character before `offset`, not going below `floor`. */
export function trimBack(text: string, offset: number, floor = 0): number {
  let at = Math.min(offset, text.length)
  while (at > floor && /\s/.test(text[at - 1] ?? '')) at--
  return at
}

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

function byPlace(a: TextEdit, b: TextEdit): number {
  return a.offset - b.offset || a.length - b.length
}
