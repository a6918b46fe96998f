/** What a reply says about its calls: the finish reason, and arguments as a JSON string fitting the tool's schema. */
import { isRecord } from '../own-record'
import { streamExcuse } from './context'
import { parsedArgs } from './reply'
import { failed, judgeCalls, judgeReadable, passed, unsure, type CheckDefinition } from './verdicts'

export const finishReasonCheck: CheckDefinition = {
  id: 'finish-reason/tool-calls',
  category: 'finish-reason',
  what: 'finish_reason is "tool_calls" when calls were returned, and not when none were',
  judge: (context) =>
    judgeReadable(context.views, (view) => {
      const chunks = view.finishChunk !== undefined ? [view.finishChunk] : []
      const said =
        view.finishReason === undefined ? 'no finish_reason' : `finish_reason ${JSON.stringify(view.finishReason)}`
      const calls = view.calls.length
      if (calls > 0)
        return view.finishReason === 'tool_calls'
          ? passed(view.exchange)
          : failed(view.exchange, `${calls} call${calls === 1 ? '' : 's'} came with ${said}.`, chunks, view.clientView)
      if (view.finishReason === undefined)
        return failed(view.exchange, 'the reply ended with no finish_reason.', chunks, view.clientView)
      if (view.finishReason !== 'tool_calls') return passed(view.exchange)
      const excuse = streamExcuse(context, view)
      if (excuse !== undefined) return unsure(view.exchange, excuse)
      return failed(view.exchange, 'finish_reason "tool_calls" came with no call.', chunks, view.clientView)
    }),
}

export const argumentsStringCheck: CheckDefinition = {
  id: 'arguments-json/string',
  category: 'arguments-json',
  what: 'arguments are sent as a string (streamed: every fragment a string)',
  judge: (context) =>
    judgeCalls(context.views, (view) => {
      const call = view.calls.find((c) => c.argsNotString)
      if (!call) return passed(view.exchange)
      const sent =
        call.argsValue === undefined
          ? 'missing'
          : `a JSON ${Array.isArray(call.argsValue) ? 'array' : typeof call.argsValue}`
      return failed(
        view.exchange,
        `the arguments of ${call.name} are ${sent}, not a string: ${clip(JSON.stringify(call.argsValue) ?? 'undefined')}.`,
        call.argsNotStringChunks,
        view.clientView,
      )
    }),
}

export const argumentsObjectCheck: CheckDefinition = {
  id: 'arguments-json/object',
  category: 'arguments-json',
  what: 'the arguments string parses as a JSON object ("{}" for a tool without parameters)',
  judge: (context) =>
    judgeCalls(context.views, (view) => {
      const excuse = streamExcuse(context, view)
      if (excuse !== undefined) return unsure(view.exchange, excuse)
      const strings = view.calls.filter((call) => !call.argsNotString)
      if (strings.length === 0)
        return unsure(view.exchange, 'no arguments came as a string (see arguments-json/string)')
      for (const call of strings) {
        const args = parsedArgs(call)
        if (args.json && isRecord(args.value)) continue
        const what = args.json ? `JSON ${kind(args.value)}` : 'not JSON'
        return failed(
          view.exchange,
          `the arguments of ${call.name} are ${clip(JSON.stringify(call.argsText))}: ${what}, not an object.`,
          call.chunks,
          view.clientView,
        )
      }
      return passed(view.exchange)
    }),
}

export const argumentsSchemaCheck: CheckDefinition = {
  id: 'arguments-json/schema',
  category: 'arguments-json',
  what: "the arguments fit the tool's schema (required properties, types, enum values)",
  judge: (context) =>
    judgeCalls(context.views, (view) => {
      const excuse = streamExcuse(context, view)
      if (excuse !== undefined) return unsure(view.exchange, excuse)
      let judged = 0
      for (const call of view.calls) {
        const args = parsedArgs(call)
        if (!args.json || !isRecord(args.value)) continue
        const problems = context.schemaProblems(view, call.name, args.value)
        if (problems === undefined) continue
        judged++
        if (problems.length > 0)
          return failed(
            view.exchange,
            `the arguments of ${call.name} (${clip(JSON.stringify(args.value))}) do not fit its schema: ${problems.slice(0, 3).join('; ')}.`,
            call.chunks,
            view.clientView,
          )
      }
      return judged > 0
        ? passed(view.exchange)
        : unsure(view.exchange, 'no call had a JSON object as arguments for a tool that was offered')
    }),
}

function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function clip(text: string): string {
  return text.length > 160 ? text.slice(0, 160) + '…' : text
}
