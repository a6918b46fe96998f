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

/**
 * Reasoning tags: `<think>`, `<thinking>`, Seed-OSS's `<seed:think>` and Command's
 * `<|START_THINKING|>`; group 1 is '/' or 'END' for a closing one.
 */
export const REASONING_TAG = /<(\/?)(?:seed:)?think(?:ing)?>|<\|(START|END)_THINKING\|>/g

/** Whether a match of REASONING_TAG closes reasoning. */
export function closesReasoning(match: RegExpExecArray): boolean {
  return match[1] === '/' || match[2] === 'END'
}

/**
 * `<think>...</think>` and its kin; one left open runs to the end of the text. `openAtStart`: a
 * reasoning block is already open where the text starts (a stream reads on from inside one).
 */
export function reasoningSpans(text: string, openAtStart = false): Spans {
  const spans: Spans = { starts: [], ends: [] }
  const pattern = new RegExp(REASONING_TAG)
  let open = openAtStart ? 0 : -1
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (!closesReasoning(m)) {
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

/** Whether a reasoning block is open after `text`, given whether one was open before it. */
export function reasoningOpenAfter(text: string, openBefore: boolean): boolean {
  let open = openBefore
  const pattern = new RegExp(REASONING_TAG)
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) open = !closesReasoning(m)
  return open
}

/** The spans moved by `by` (to offsets in a longer text). */
export function shiftSpans(spans: Spans, by: number): Spans {
  return { starts: spans.starts.map((s) => s + by), ends: spans.ends.map((e) => e + by) }
}

/** An open fence: its run of backticks or tildes. */
export interface OpenFence {
  run: string
}

/** A fence line: at most three spaces, a run of 3 to 256 ` or ~, an info string of at most 256 characters. */
const FENCE_LINE = /^ {0,3}(`{3,256}|~{3,256})[^\n]{0,256}$/gm

/**
 * Markdown code fences: a fence line opens, a line of the same run (or longer) closes. A span
 * covers the lines between (from the end of the opening line), so whether a place is fenced
 * depends only on the lines before its own. `open` is a fence already open where the text
 * starts; `state.open` is the fence still open where it ends (after its last complete line).
 */
export function fenceSpans(
  text: string,
  open: OpenFence | null = null,
  state: { open: OpenFence | null } = { open: null },
): Spans {
  const spans: Spans = { starts: [], ends: [] }
  let current = open
  let from = 0
  FENCE_LINE.lastIndex = 0
  for (let m = FENCE_LINE.exec(text); m !== null; m = FENCE_LINE.exec(text)) {
    const lineEnd = m.index + m[0].length
    // Only complete lines count: the last one may go on in text still to come.
    if (lineEnd >= text.length) break
    const run = m[1] as string
    if (current === null) {
      // An opening backtick fence's info string holds no backtick.
      if (run[0] === '`' && m[0].slice(m[0].indexOf(run) + run.length).includes('`')) continue
      current = { run }
      from = lineEnd
    } else if (run[0] === current.run[0] && run.length >= current.run.length && m[0].trim() === run) {
      spans.starts.push(from)
      spans.ends.push(m.index)
      current = null
    }
  }
  state.open = current
  if (current !== null) {
    spans.starts.push(from)
    spans.ends.push(text.length)
  }
  return spans
}

/** Whether a line that begins with `line` (no newline in it) can still turn out to be a fence line. */
export function mayBeFenceLine(line: string): boolean {
  return (
    /^ {0,3}(?:`{1,256}|~{1,256})?$/.test(line.slice(0, 260)) || /^ {0,3}(`{3,256}|~{3,256})[^\n]{0,256}$/.test(line)
  )
}

/** True when `offset` lies inside one of the spans. */
export function within(spans: Spans, offset: number): boolean {
  const n = countBelow(spans.starts, offset + 1)
  return n > 0 && offset < (spans.ends[n - 1] as number)
}
