/**
 * A rendered prompt cut into what the view draws: one block per message span (or one for the whole
 * prompt while the spans are not known), each a run of plain text and special tokens.
 */
import type { MessageSpan } from '../../template-lab/message-spans'
import type { TokenKind, TokenMark } from '../../template-lab/special-tokens'

export interface PromptPiece {
  text: string
  /** Set on a special token. */
  token?: TokenKind
}

export interface PromptBlock {
  start: number
  end: number
  /** The span drawn; null for the whole prompt before the spans are known. */
  span: MessageSpan | null
  pieces: PromptPiece[]
}

/** Cuts `text` (its first `limit` characters) at the spans, and each block at its tokens. */
export function promptBlocks(
  text: string,
  marks: readonly TokenMark[],
  spans: readonly MessageSpan[] | null,
  limit = text.length,
): PromptBlock[] {
  const shown = Math.min(limit, text.length)
  const ranges: { start: number; end: number; span: MessageSpan | null }[] =
    spans && spans.length > 0
      ? spans
          .filter((span) => span.start < shown && span.end > span.start)
          .map((span) => ({ start: span.start, end: Math.min(span.end, shown), span }))
      : [{ start: 0, end: shown, span: null }]
  let next = 0
  return ranges.map(({ start, end, span }) => {
    const pieces: PromptPiece[] = []
    let at = start
    while (next < marks.length && (marks[next] as TokenMark).end <= start) next++
    for (let m = next; m < marks.length; m++) {
      const mark = marks[m] as TokenMark
      if (mark.start >= end) break
      // A token across a span's edge is drawn where it starts.
      if (mark.start < at) continue
      if (mark.start > at) pieces.push({ text: text.slice(at, mark.start) })
      const stop = Math.min(mark.end, end)
      pieces.push({ text: text.slice(mark.start, stop), token: mark.kind })
      at = stop
    }
    if (at < end) pieces.push({ text: text.slice(at, end) })
    return { start, end, span, pieces }
  })
}
