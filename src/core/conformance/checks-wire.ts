/**
 * The shape of what came over the wire, read from the raw chunks and body: JSON objects with
 * `choices`, the function name once per call, field types, the usage chunk, and `[DONE]` at the end.
 * The checks here judge every answered exchange, even one the other checks cannot read.
 */
import { isRecord } from '../own-record'
import type { CheckContext } from './context'
import type { ParsedChunk, ReplyView } from './reply'
import { asksUsage } from './request-facts'
import { failed, judgeCalls, passed, unsure, type CheckDefinition, type Verdict } from './verdicts'
import { typeProblems } from './wire-types'

/** Verdicts for the exchanges of a mode that came back whole with HTTP 2xx; the rest are inconclusive. */
function answered(context: CheckContext, mode: 'stream' | 'both', judge: (view: ReplyView) => Verdict): Verdict[] {
  return context.views
    .filter((view) => mode === 'both' || view.exchange.mode === mode)
    .map((view) => whenAnswered(view, judge))
}

function whenAnswered(view: ReplyView, judge: (view: ReplyView) => Verdict): Verdict {
  const { exchange } = view
  if (exchange.error !== undefined) return unsure(exchange, `the request failed: ${exchange.error}`)
  if (exchange.status !== undefined && (exchange.status < 200 || exchange.status > 299))
    return unsure(exchange, `the server answered HTTP ${exchange.status}`)
  if (exchange.truncated) return unsure(exchange, 'a limit cut the answer short')
  return judge(view)
}

export const jsonShapeCheck: CheckDefinition = {
  id: 'wire-shape/json',
  category: 'wire-shape',
  what: 'every streamed event is a JSON object with a choices list, and a whole body has choices[0].message',
  judge: (context) =>
    context.views.map((view) =>
      ignoresStream(view)
        ? failed(view.exchange, 'asked to stream, the server answered with one JSON body (stream: true ignored).')
        : whenAnswered(view, (v) => (v.exchange.mode === 'stream' ? streamShape(v) : wholeShape(v))),
    ),
}

function streamShape(view: ReplyView): Verdict {
  const bad = view.chunks.filter(
    (chunk) => !chunk.done && (!isRecord(chunk.json) || !Array.isArray(chunk.json.choices)),
  )
  if (bad.length === 0) return passed(view.exchange)
  const first = bad[0] as ParsedChunk
  const why = first.notJson ? 'is not JSON' : isRecord(first.json) ? 'has no choices list' : 'is not a JSON object'
  return failed(
    view.exchange,
    `${bad.length} event${bad.length === 1 ? '' : 's'} not a chat-completions chunk; event ${first.index} ${why}: ${clip(first.data)}.`,
    bad.map((chunk) => chunk.index),
  )
}

function wholeShape(view: ReplyView): Verdict {
  let body: unknown
  try {
    body = JSON.parse(view.exchange.body ?? '')
  } catch {
    return failed(view.exchange, `the body is not JSON: ${clip(view.exchange.body ?? '')}.`)
  }
  const choices = isRecord(body) ? body.choices : undefined
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined
  if (isRecord(first) && isRecord(first.message)) return passed(view.exchange)
  return failed(view.exchange, `the body has no choices[0].message: ${clip(view.exchange.body ?? '')}.`)
}

/** A streamed request answered with one JSON completion: the server ignored `stream: true`. */
function ignoresStream(view: ReplyView): boolean {
  const { exchange } = view
  return (
    exchange.mode === 'stream' &&
    exchange.status === 200 &&
    /json/i.test(exchange.contentType ?? '') &&
    /"choices"/.test(exchange.body ?? '')
  )
}

export const nameOnceCheck: CheckDefinition = {
  id: 'wire-shape/name-once',
  category: 'wire-shape',
  what: "a streamed call's function name comes in its first delta only",
  judge: (context) =>
    judgeCalls(
      context.views.filter((view) => view.exchange.mode === 'stream'),
      (view) => {
        for (const [at, call] of view.calls.entries()) {
          const again = call.nameChunks.filter((chunk) => chunk !== call.openChunk)
          if (again.length > 0)
            return failed(
              view.exchange,
              `the name of call ${at + 1} (${call.name}) came again on ${again.length} later delta${again.length === 1 ? '' : 's'}; a client that appends names reads ${JSON.stringify(call.name.repeat(Math.min(3, again.length + 1)))}.`,
              [...(call.openChunk !== undefined ? [call.openChunk] : []), ...again],
              view.clientView,
            )
        }
        return passed(view.exchange)
      },
    ),
}

export const typesCheck: CheckDefinition = {
  id: 'wire-shape/types',
  category: 'wire-shape',
  what: 'fields have their types: index an integer, id and name strings, content a string or null, finish_reason a string or null',
  judge: (context) =>
    answered(context, 'both', (view) => {
      const problems = typeProblems(view)
      if (problems.length === 0) return passed(view.exchange)
      const first = problems[0] as { chunk?: number; problem: string }
      return failed(
        view.exchange,
        `${problems.length} field${problems.length === 1 ? '' : 's'} of the wrong type; ${first.problem}.`,
        problems.flatMap((p) => (p.chunk !== undefined ? [p.chunk] : [])),
      )
    }),
}

export const usageCheck: CheckDefinition = {
  id: 'wire-shape/usage',
  category: 'wire-shape',
  what: 'with include_usage, a usage chunk (choices [] and integer counts) follows the finish chunk',
  judge: (context) =>
    answered(context, 'stream', (view) => {
      if (!asksUsage(view.exchange)) return unsure(view.exchange, 'the request did not ask for usage')
      const withUsage = view.chunks.filter((chunk) => isRecord(chunk.json) && isRecord(chunk.json.usage))
      const good = withUsage.find((chunk) => usageProblem(chunk, view.finishChunk) === undefined)
      if (good) return passed(view.exchange)
      const last = view.chunks.filter((chunk) => !chunk.done).slice(-2)
      const shown = withUsage[0]
      if (!shown)
        return failed(
          view.exchange,
          'no chunk carried usage, though the request asked for it.',
          last.map((c) => c.index),
        )
      return failed(view.exchange, `the usage chunk ${usageProblem(shown, view.finishChunk)}.`, [shown.index])
    }),
}

function usageProblem(chunk: ParsedChunk, finishChunk: number | undefined): string | undefined {
  const json = chunk.json as Record<string, unknown>
  const usage = json.usage as Record<string, unknown>
  const counts = ['prompt_tokens', 'completion_tokens', 'total_tokens'].filter((key) => !Number.isInteger(usage[key]))
  if (counts.length > 0) return `has ${counts.join(', ')} not as integers: ${clip(chunk.data)}`
  if (!Array.isArray(json.choices) || json.choices.length > 0)
    return `has choices ${clip(JSON.stringify(json.choices) ?? 'missing')}, not []`
  if (finishChunk !== undefined && chunk.index < finishChunk)
    return `came before the finish chunk (event ${finishChunk})`
  return undefined
}

export const doneCheck: CheckDefinition = {
  id: 'wire-shape/done',
  category: 'wire-shape',
  what: 'a stream ends with data: [DONE]',
  judge: (context) =>
    answered(context, 'stream', (view) => {
      const chunks = view.chunks
      const done = chunks.findIndex((chunk) => chunk.done)
      if (done === chunks.length - 1 && done !== -1) return passed(view.exchange)
      if (done === -1)
        return failed(
          view.exchange,
          `the stream ended after ${chunks.length} events without [DONE].`,
          chunks.length > 0 ? [chunks.length - 1] : [],
        )
      return failed(view.exchange, `events came after [DONE] (event ${done}).`, [done, chunks.length - 1])
    }),
}

function clip(text: string): string {
  return text.length > 160 ? text.slice(0, 160) + '…' : text
}
