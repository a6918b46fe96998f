/**
 * Calls that stayed text: tool-call markup the server left in `content` instead of parsing it into
 * `tool_calls`, and calls or text lost to (or doubled from) the reasoning channel.
 */
import { callsDoubledFromReasoning } from './context'
import type { MarkupCall } from './markup'
import type { TextPiece } from './reply'
import { toolsOn } from './request-facts'
import { failed, judgeReadable, passed, type CheckDefinition } from './verdicts'

const NO_REASONING = 'the server sent no reasoning, so there was none to lose or double'

export const leakedMarkupCheck: CheckDefinition = {
  id: 'leaked-markup/content',
  category: 'leaked-markup',
  what: 'content holds no tool-call markup when tools are on',
  judge: (context) =>
    judgeReadable(
      context.views.filter((view) => toolsOn(view.exchange)),
      (view) => {
        const markup = context.contentMarkup(view)
        if (markup.length === 0) return passed(view.exchange)
        return failed(
          view.exchange,
          `content holds ${describeMarkup(markup)}: ${quote(view.content, markup)}; tool_calls holds ${view.calls.length}.`,
          piecesIn(view.contentPieces, markup),
          view.clientView,
        )
      },
    ),
}

export const reasoningLostCheck: CheckDefinition = {
  id: 'reasoning/not-lost',
  category: 'reasoning',
  what: 'a call written in the reasoning reaches tool_calls',
  judge: (context) =>
    judgeReadable(
      context.views.filter((view) => toolsOn(view.exchange)),
      (view) => {
        if (view.reasoning === '') return passed(view.exchange, NO_REASONING)
        const markup = context.reasoningMarkup(view)
        const lost = markup.filter((call, at) => {
          const before = markup.slice(0, at + 1).filter((other) => other.name === call.name).length
          return view.calls.filter((made) => made.name === call.name).length < before
        })
        if (lost.length === 0) return passed(view.exchange)
        return failed(
          view.exchange,
          `the reasoning holds ${describeMarkup(lost)} that never reached tool_calls (which holds ${view.calls.length}): ${quote(view.reasoning, lost)}.`,
          piecesIn(view.reasoningPieces, lost),
          view.clientView,
        )
      },
    ),
}

export const reasoningDoubledCheck: CheckDefinition = {
  id: 'reasoning/not-duplicated',
  category: 'reasoning',
  what: 'neither the reasoning nor a call written in it is sent twice',
  judge: (context) =>
    judgeReadable(context.views, (view) => {
      const reasoning = view.reasoning.trim()
      if (reasoning === '') return passed(view.exchange, NO_REASONING)
      const calls = callsDoubledFromReasoning(context, view)
      if (calls.length > 0)
        return failed(
          view.exchange,
          `tool_calls holds ${calls.map((call) => call.name).join(', ')} twice: the call written in the reasoning was parsed from it and again from the answer.`,
          calls.flatMap((call) => (call.openChunk !== undefined ? [call.openChunk] : [])),
          view.clientView,
        )
      const doubled = reasoning.length >= 12 && view.content.includes(reasoning)
      const thinkTag = /<think(ing)?>/i.test(view.content)
      if (!doubled && !thinkTag) return passed(view.exchange)
      const at = doubled ? view.content.indexOf(reasoning) : view.content.search(/<think(ing)?>/i)
      const span = { start: at, end: doubled ? at + reasoning.length : at + 8 }
      return failed(
        view.exchange,
        doubled
          ? `the reasoning (${reasoning.length} characters) is also in content, from character ${at}.`
          : 'content holds a <think> block while the reasoning came in its own field.',
        piecesIn(view.contentPieces, [span]),
        view.clientView,
      )
    }),
}

/** What these calls are, in a phrase: `2 calls (get_weather, get_time) as Hermes <tool_call> markup`. */
function describeMarkup(calls: readonly MarkupCall[]): string {
  const formats = [...new Set(calls.map((call) => call.format))].join(' and ')
  const names = calls.map((call) => call.name).join(', ')
  return `${calls.length === 1 ? 'a call' : `${calls.length} calls`} (${names}) as ${formats} markup`
}

function quote(text: string, calls: readonly { start: number; end: number }[]): string {
  const first = calls[0]
  if (!first) return '""'
  const piece = text.slice(first.start, first.end)
  return JSON.stringify(piece.length > 160 ? piece.slice(0, 160) + '…' : piece)
}

/** The chunks whose text overlaps any of the spans. */
function piecesIn(pieces: readonly TextPiece[], spans: readonly { start: number; end: number }[]): number[] {
  return pieces
    .filter((piece) => spans.some((span) => piece.start < span.end && piece.end > span.start))
    .map((piece) => piece.chunk)
}
