/**
 * tool_choice and parallel_tool_calls honoured. A reply without calls fails only where the request
 * left the model no choice (required, a named function) and nothing else explains the absence.
 */
import { callsDoubledFromReasoning, missingCallsExcuse, type CheckContext } from './context'
import type { ReplyView } from './reply'
import { namedChoice, toolChoice } from './request-facts'
import { failed, judgeReadable, passed, unsure, type CheckDefinition, type Verdict } from './verdicts'

/** Verdicts for the replies whose request matches. */
function judgeWhere(
  context: CheckContext,
  asked: (view: ReplyView) => boolean,
  judge: (view: ReplyView) => Verdict,
): Verdict[] {
  return judgeReadable(context.views.filter(asked), judge)
}

/** No call where one was owed: a fault unless markup, reasoning or the stream explains it. */
function missingCall(context: CheckContext, view: ReplyView, asked: string): Verdict {
  const excuse = missingCallsExcuse(context, view)
  if (excuse !== undefined) return unsure(view.exchange, excuse)
  const said = view.content.trim() === '' ? 'nothing' : `text (${JSON.stringify(view.content.slice(0, 80))})`
  return failed(
    view.exchange,
    `${asked}, the reply holds no call but ${said}.`,
    view.contentPieces.map((piece) => piece.chunk).slice(0, 8),
    view.clientView,
  )
}

/** Too many calls, when the extra ones are calls the server doubled from the reasoning: not the choice's fault. */
function doubledExcuse(context: CheckContext, view: ReplyView, allowed: number): string | undefined {
  const doubled = callsDoubledFromReasoning(context, view).length
  return doubled > 0 && view.calls.length - doubled <= allowed
    ? 'the extra calls were parsed from the reasoning a second time (see reasoning/not-duplicated)'
    : undefined
}

function names(view: ReplyView): string {
  return view.calls.map((call) => call.name).join(', ')
}

function callChunks(view: ReplyView): number[] {
  return view.calls.flatMap((call) => (call.openChunk !== undefined ? [call.openChunk] : []))
}

export const requiredCheck: CheckDefinition = {
  id: 'tool-choice/required',
  category: 'tool-choice',
  what: 'tool_choice "required" gets a call, never text alone',
  judge: (context) =>
    judgeWhere(
      context,
      (view) => toolChoice(view.exchange) === 'required',
      (view) =>
        view.calls.length > 0 ? passed(view.exchange) : missingCall(context, view, 'with tool_choice "required"'),
    ),
}

export const noneCheck: CheckDefinition = {
  id: 'tool-choice/none',
  category: 'tool-choice',
  what: 'tool_choice "none" gets no call',
  judge: (context) =>
    judgeWhere(
      context,
      (view) => view.exchange.request.body.tool_choice === 'none',
      (view) =>
        view.calls.length === 0
          ? passed(view.exchange)
          : failed(
              view.exchange,
              `with tool_choice "none", the reply called ${names(view)}.`,
              callChunks(view),
              view.clientView,
            ),
    ),
}

export const namedCheck: CheckDefinition = {
  id: 'tool-choice/named',
  category: 'tool-choice',
  what: 'a tool_choice naming a function gets exactly one call of that function',
  judge: (context) =>
    judgeWhere(
      context,
      (view) => namedChoice(view.exchange) !== undefined,
      (view) => {
        const name = namedChoice(view.exchange) as string
        const asked = `with tool_choice naming ${name}`
        if (view.calls.length === 0) return missingCall(context, view, asked)
        if (view.calls.length === 1 && view.calls[0]?.name === name) return passed(view.exchange)
        const excuse = view.calls.every((call) => call.name === name) ? doubledExcuse(context, view, 1) : undefined
        if (excuse !== undefined) return unsure(view.exchange, excuse)
        return failed(view.exchange, `${asked}, the reply called ${names(view)}.`, callChunks(view), view.clientView)
      },
    ),
}

export const parallelOffCheck: CheckDefinition = {
  id: 'tool-choice/parallel-off',
  category: 'tool-choice',
  what: 'parallel_tool_calls false gets at most one call',
  judge: (context) =>
    judgeWhere(
      context,
      (view) => view.exchange.request.body.parallel_tool_calls === false,
      (view) => {
        if (view.calls.length === 0) return unsure(view.exchange, 'the model made no call (its choice)')
        if (view.calls.length === 1) return passed(view.exchange)
        const excuse = doubledExcuse(context, view, 1)
        if (excuse !== undefined) return unsure(view.exchange, excuse)
        return failed(
          view.exchange,
          `with parallel_tool_calls false, the reply made ${view.calls.length} calls (${names(view)}).`,
          callChunks(view),
          view.clientView,
        )
      },
    ),
}
