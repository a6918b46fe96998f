/**
 * Whether a streamed reply gives the calls its non-streamed twin gives (same probe, same attempt):
 * names in order, arguments compared as JSON structures where they parse, as text where they do not.
 * A model that answers differently from one repetition to the next cannot convict the stream.
 */
import { callSignature, parsedArgs, type CallView, type ReplyView } from './reply'
import { failed, passed, unsure, type Verdict } from './verdicts'

/** `steady`: the non-streamed replies of this probe gave the same calls in every repetition. */
export function agreementVerdict(stream: ReplyView, whole: ReplyView | undefined, steady: boolean): Verdict {
  const exchange = stream.exchange
  if (stream.unusable !== undefined) return unsure(exchange, `the streamed reply cannot be read: ${stream.unusable}`)
  if (!whole) return unsure(exchange, 'there is no non-streamed reply of the same probe and attempt')
  if (whole.unusable !== undefined) return unsure(exchange, `the non-streamed reply cannot be read: ${whole.unusable}`)
  if (stream.ambiguous !== undefined)
    return unsure(exchange, `the streamed deltas can be read more than one way: ${stream.ambiguous}`)
  const difference = firstDifference(stream.calls, whole.calls, stream.finishChunk)
  if (difference === undefined) return passed(exchange)
  if (!steady)
    return unsure(
      exchange,
      'the model answered differently from one repetition to the next, so a difference proves nothing',
    )
  return failed(exchange, difference.note, difference.chunks, stream.clientView)
}

/** The signatures of a reply's calls, for telling a steady model from a changing one. */
export function replySignature(view: ReplyView): string {
  return view.calls.map(callSignature).join('\u0001')
}

function firstDifference(
  streamed: readonly CallView[],
  whole: readonly CallView[],
  finishChunk: number | undefined,
): { note: string; chunks: number[] } | undefined {
  for (let at = 0; at < Math.max(streamed.length, whole.length); at++) {
    const s = streamed[at]
    const w = whole[at]
    if (s && w && callSignature(s) === callSignature(w)) continue
    if (!s)
      return {
        note: `the stream gave ${count(streamed.length)} (${names(streamed)}), the non-streamed reply ${count(whole.length)} (${names(whole)}): call ${at + 1} (${w?.name}) is missing from the stream.`,
        chunks: [
          ...streamed.flatMap((call) => call.openChunk ?? []),
          ...(finishChunk !== undefined ? [finishChunk] : []),
        ],
      }
    if (!w)
      return {
        note: `the stream gave ${count(streamed.length)} (${names(streamed)}), the non-streamed reply ${count(whole.length)} (${names(whole)}).`,
        chunks: s.chunks,
      }
    if (s.name !== w.name)
      return {
        note: `call ${at + 1} is ${s.name || '(no name)'} in the stream but ${w.name} in the non-streamed reply.`,
        chunks: s.chunks,
      }
    return {
      note: `the arguments of call ${at + 1} (${s.name}) differ: streamed ${argsText(s)}, not streamed ${argsText(w)}.`,
      chunks: s.chunks,
    }
  }
  return undefined
}

function argsText(call: CallView): string {
  const args = parsedArgs(call)
  const text = args.json ? JSON.stringify(args.value) : args.text
  return JSON.stringify(text.length > 200 ? text.slice(0, 200) + '…' : text)
}

function count(n: number): string {
  return n === 1 ? '1 call' : `${n} calls`
}

function names(calls: readonly CallView[]): string {
  return calls.length === 0 ? 'none' : calls.map((call) => call.name || '(no name)').join(', ')
}
