/**
 * Where a reply reasons and where it quotes code: `<think>` / `<thinking>` spans and Markdown
 * fences, found in one pass each, so a format's calls can be marked `inReasoning` / `fenced`.
 */
import { countBelow } from '../../text/sorted'

export interface Spans {
  /** Starts and ends of the spans, ascending, not overlapping. */
  starts: number[]
  ends: number[]
}

/** `<think>...</think>` and `<thinking>...</thinking>`; one left open runs to the end of the text. */
export function reasoningSpans(text: string): Spans {
  const spans: Spans = { starts: [], ends: [] }
  const pattern = /<(\/?)think(?:ing)?>/g
  let open = -1
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m[1] === '') {
      if (open === -1) open = m.index
    } else if (open !== -1) {
      spans.starts.push(open)
      spans.ends.push(m.index + m[0].length)
      open = -1
    }
  }
  if (open !== -1) {
    spans.starts.push(open)
    spans.ends.push(text.length)
  }
  return spans
}

/** Markdown code fences: a line of three or more ` or ~ (after at most three spaces) opens, the same run closes. */
export function fenceSpans(text: string): Spans {
  const spans: Spans = { starts: [], ends: [] }
  const pattern = /^ {0,3}(`{3,}|~{3,})[^\n]*$/gm
  let open: { at: number; run: string } | null = null
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const run = m[1] as string
    if (open === null) {
      // An opening backtick fence's info string holds no backtick.
      if (run[0] === '`' && m[0].slice(m[0].indexOf(run) + run.length).includes('`')) continue
      open = { at: m.index, run }
    } else if (run[0] === open.run[0] && run.length >= open.run.length && m[0].trim() === run) {
      spans.starts.push(open.at)
      spans.ends.push(m.index + m[0].length)
      open = null
    }
  }
  if (open !== null) {
    spans.starts.push(open.at)
    spans.ends.push(text.length)
  }
  return spans
}

/** True when `offset` lies inside one of the spans. */
export function within(spans: Spans, offset: number): boolean {
  const n = countBelow(spans.starts, offset + 1)
  return n > 0 && offset < (spans.ends[n - 1] as number)
}
