/**
 * A line diff as the view draws it: unified (one column) or side by side (rows pairing a removed
 * line with the added one in its place), long runs of unchanged lines folded away except a few
 * around each change, and each changed line cut into its plain and changed pieces.
 */
import type { DiffLine } from '../../template-lab/line-diff'

/** Unchanged lines kept on either side of a change. */
export const CONTEXT_LINES = 3

export type Fold = { kind: 'fold'; id: number; count: number }
export type UnifiedItem = { kind: 'line'; line: DiffLine } | Fold
export type SplitItem = { kind: 'row'; left?: DiffLine; right?: DiffLine } | Fold

/** For each line: whether it is shown (a change, or unchanged within CONTEXT_LINES of one, or in an opened fold). */
function shownLines(lines: readonly DiffLine[], opened: ReadonlySet<number>): boolean[] {
  const near = lines.map((line) => line.kind !== 'same')
  const shown = [...near]
  near.forEach((changed, n) => {
    if (!changed) return
    for (let d = 1; d <= CONTEXT_LINES; d++) {
      if (n - d >= 0) shown[n - d] = true
      if (n + d < lines.length) shown[n + d] = true
    }
  })
  // A fold is known by its first line; an opened one shows every line it held.
  for (let n = 0; n < lines.length; ) {
    if (shown[n]) {
      n++
      continue
    }
    let end = n
    while (end < lines.length && !shown[end]) end++
    if (opened.has(n) || end - n < 2) for (let k = n; k < end; k++) shown[k] = true
    n = end
  }
  return shown
}

export function unifiedItems(lines: readonly DiffLine[], opened: ReadonlySet<number> = new Set()): UnifiedItem[] {
  const shown = shownLines(lines, opened)
  const items: UnifiedItem[] = []
  lines.forEach((line, n) => {
    if (shown[n]) items.push({ kind: 'line', line })
    else {
      const last = items[items.length - 1]
      if (last?.kind === 'fold') last.count++
      else items.push({ kind: 'fold', id: n, count: 1 })
    }
  })
  return items
}

export function splitItems(lines: readonly DiffLine[], opened: ReadonlySet<number> = new Set()): SplitItem[] {
  const shown = shownLines(lines, opened)
  const items: SplitItem[] = []
  for (let n = 0; n < lines.length; ) {
    const line = lines[n] as DiffLine
    if (line.kind === 'same') {
      if (shown[n]) items.push({ kind: 'row', left: line, right: line })
      else {
        const last = items[items.length - 1]
        if (last?.kind === 'fold') last.count++
        else items.push({ kind: 'fold', id: n, count: 1 })
      }
      n++
      continue
    }
    const removed: DiffLine[] = []
    const added: DiffLine[] = []
    for (; n < lines.length && (lines[n] as DiffLine).kind !== 'same'; n++) {
      const change = lines[n] as DiffLine
      ;(change.kind === 'removed' ? removed : added).push(change)
    }
    for (let p = 0; p < Math.max(removed.length, added.length); p++) {
      const row: SplitItem = { kind: 'row' }
      if (removed[p]) row.left = removed[p]
      if (added[p]) row.right = added[p]
      items.push(row)
    }
  }
  return items
}

/** A line's text cut at its changed ranges. */
export function linePieces(line: DiffLine): { text: string; changed: boolean }[] {
  if (!line.changes || line.changes.length === 0) return [{ text: line.text, changed: false }]
  const pieces: { text: string; changed: boolean }[] = []
  let at = 0
  for (const [start, end] of line.changes) {
    if (start > at) pieces.push({ text: line.text.slice(at, start), changed: false })
    pieces.push({ text: line.text.slice(start, end), changed: true })
    at = end
  }
  if (at < line.text.length) pieces.push({ text: line.text.slice(at), changed: false })
  return pieces
}
