/**
 * The part of a finding's render worth showing: a window around its highlighted ranges (all of them
 * when they lie close together), cut into plain and highlighted pieces.
 */
import type { Highlight } from '../../core/templates'

export interface ExcerptPiece {
  text: string
  marked: boolean
}

/** Characters shown before the first highlight and after the last. */
const CONTEXT = 160
/** The longest excerpt; highlights past it are left out. */
const MAX_EXCERPT = 1600

export function findingExcerpt(rendered: string, highlights: readonly Highlight[] = []): ExcerptPiece[] {
  const sorted = [...highlights].filter((h) => h.end > h.start).sort((a, b) => a.start - b.start)
  if (sorted.length === 0) {
    const text = rendered.length > MAX_EXCERPT ? `${rendered.slice(0, MAX_EXCERPT)}…` : rendered
    return text ? [{ text, marked: false }] : []
  }
  const first = sorted[0] as Highlight
  const from = Math.max(0, first.start - CONTEXT)
  const shown = sorted.filter((h) => h.end - from <= MAX_EXCERPT)
  const to = Math.min(rendered.length, Math.max(first.end, ...shown.map((h) => h.end)) + CONTEXT)
  const pieces: ExcerptPiece[] = []
  if (from > 0) pieces.push({ text: '…', marked: false })
  let at = from
  for (const h of shown.length > 0 ? shown : [first]) {
    const start = Math.max(h.start, at)
    if (start >= h.end) continue
    if (start > at) pieces.push({ text: rendered.slice(at, start), marked: false })
    pieces.push({ text: rendered.slice(start, h.end), marked: true })
    at = h.end
  }
  if (to > at) pieces.push({ text: rendered.slice(at, to), marked: false })
  if (to < rendered.length) pieces.push({ text: '…', marked: false })
  return pieces
}
