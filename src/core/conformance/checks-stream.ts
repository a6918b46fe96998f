/**
 * How streamed calls are delivered: the stream adds up to the non-streamed reply, each call keeps
 * one index (parallel calls 0..n-1), and ids are present, unique, stable and typed.
 */
import type { CheckContext } from './context'
import type { CallView, ReplyView } from './reply'
import { asksParallel } from './request-facts'
import { failed, judgeCalls, passed, unsure, type CheckDefinition, type Verdict } from './verdicts'

const streamed = (context: CheckContext): ReplyView[] => context.views.filter((v) => v.exchange.mode === 'stream')

export const agreementCheck: CheckDefinition = {
  id: 'stream-final-agreement/calls',
  category: 'stream-final-agreement',
  what: 'the streamed deltas add up to the calls of the non-streamed reply',
  judge: (context) => streamed(context).map((view) => context.agreement(view) as Verdict),
}

export const indexStableCheck: CheckDefinition = {
  id: 'delta-index/stable',
  category: 'delta-index',
  what: 'every delta of a streamed call carries the index its first delta had',
  judge: (context) =>
    judgeCalls(streamed(context), (view) => {
      for (const [at, call] of view.calls.entries()) {
        const moved = call.indexes.filter((entry) => entry.index !== undefined && entry.index !== call.openIndex)
        if (moved.length > 0)
          return failed(
            view.exchange,
            `call ${at + 1} (${call.name}) opened at index ${JSON.stringify(call.openIndex)} and went on at index ${JSON.stringify(moved[0]?.index)}.`,
            [call.openChunk ?? 0, ...moved.map((entry) => entry.chunk)],
            view.clientView,
          )
      }
      return passed(view.exchange)
    }),
}

export const indexDistinctCheck: CheckDefinition = {
  id: 'delta-index/parallel-distinct',
  category: 'delta-index',
  what: 'streamed calls are numbered 0, 1, 2... in order, one index each',
  judge: (context) =>
    judgeCalls(streamed(context), (view) => {
      if (asksParallel(view.exchange) && view.calls.length < 2 && (context.partner(view)?.calls.length ?? 0) < 2)
        return unsure(view.exchange, 'the model made fewer than 2 calls where several were asked (its choice)')
      const indexes = view.calls.map((call) => call.openIndex)
      if (indexes.every((index, at) => index === at)) return passed(view.exchange)
      return failed(
        view.exchange,
        `${view.calls.length} call${view.calls.length === 1 ? '' : 's'} (${view.calls.map((c) => c.name).join(', ')}) came at index ${indexes.map((i) => JSON.stringify(i)).join(', ')}, not ${view.calls.map((_, at) => at).join(', ')}.`,
        view.calls.map((call) => call.openChunk ?? 0),
        view.clientView,
      )
    }),
}

export const idsPresentCheck: CheckDefinition = {
  id: 'call-ids/present-unique',
  category: 'call-ids',
  what: 'every call has a non-empty id, unique within its reply',
  judge: (context) =>
    judgeCalls(context.views, (view) => {
      const missing = view.calls.findIndex((call) => call.id === undefined)
      if (missing !== -1) {
        const call = view.calls[missing] as CallView
        return failed(view.exchange, `call ${missing + 1} (${call.name}) has no id.`, chunksOf(call), view.clientView)
      }
      const ids = view.calls.map((call) => call.id as string)
      const repeated = ids.find((id, at) => ids.indexOf(id) !== at)
      if (repeated === undefined) return passed(view.exchange)
      const sharing = view.calls.filter((call) => call.id === repeated)
      return failed(
        view.exchange,
        `${sharing.length} calls (${sharing.map((c) => c.name).join(', ')}) share the id ${JSON.stringify(repeated)}.`,
        sharing.flatMap(chunksOf),
        view.clientView,
      )
    }),
}

export const idsStableCheck: CheckDefinition = {
  id: 'call-ids/stable',
  category: 'call-ids',
  what: 'a streamed call keeps its id: an id sent again on a later delta is the same',
  judge: (context) =>
    judgeCalls(streamed(context), (view) => {
      for (const [at, call] of view.calls.entries()) {
        const first = call.ids[0]
        const other = call.ids.find((entry) => entry.id !== first?.id)
        if (first && other)
          return failed(
            view.exchange,
            `call ${at + 1} (${call.name}) began with id ${JSON.stringify(first.id)} and a later delta said ${JSON.stringify(other.id)}.`,
            [first.chunk, other.chunk],
            view.clientView,
          )
      }
      return passed(view.exchange)
    }),
}

export const idsTypeCheck: CheckDefinition = {
  id: 'call-ids/type',
  category: 'call-ids',
  what: 'every call says type "function" (streamed: on its first delta)',
  judge: (context) =>
    judgeCalls(context.views, (view) => {
      for (const [at, call] of view.calls.entries()) {
        const wrong = call.types.find((entry) => entry.type !== 'function')
        if (call.type !== 'function' || wrong)
          return failed(
            view.exchange,
            `call ${at + 1} (${call.name}) has type ${call.type === undefined ? '(none)' : JSON.stringify(wrong?.type ?? call.type)}.`,
            wrong ? [wrong.chunk] : chunksOf(call).slice(0, 1),
            view.clientView,
          )
      }
      return passed(view.exchange)
    }),
}

function chunksOf(call: CallView): number[] {
  return call.openChunk !== undefined ? [call.openChunk] : []
}
