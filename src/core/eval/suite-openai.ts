/**
 * Reading a suite written as OpenAI-style chat lines, the shape chat logs and fine-tuning files
 * already have. One JSON object a line:
 *
 * ```json
 * { "id": "weather-1",
 *   "messages": [{ "role": "user", "content": "Weather in Paris?" }],
 *   "tools": [{ "type": "function", "function": { "name": "get_weather", "parameters": { ... } } }],
 *   "tool_calls": [{ "function": { "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" } }] }
 * ```
 *
 * - `id`: a string or number; `case-<line>` when absent.
 * - `tools`: OpenAI tools, bare `{name, parameters}` or MCP `{name, inputSchema}`; `functions` is read
 *   when `tools` is absent.
 * - The calls expected, one of:
 *   - `tool_calls`: exact values, each argument's value its one accepted value; `arguments` a JSON
 *     string or an object. `[]` expects no call.
 *   - `expected`: BFCL's form, `[{"name": {"argument": [accepted values]}}]`, for several accepted
 *     values (`""` among them: the argument may be left out).
 *   - neither, and the last message is the assistant's: it is the reference reply, taken off the
 *     conversation; its `tool_calls` are expected, and a reply without any expects no call.
 *   - neither, and `"category": "irrelevance"`: no call.
 * - `category`: one of simple, multiple, parallel, parallel_multiple, irrelevance; when absent it is
 *   inferred from the calls (none: irrelevance; one: simple among one tool, multiple among several;
 *   several of one function: parallel; of several functions: parallel_multiple).
 */
import { isRecord } from '../own-record'
import { readJsonLines, type JsonLine, type TextChunks } from './jsonl'
import {
  callCountProblem,
  expectedCallOf,
  expectedCallsOf,
  functionsOf,
  inferCategory,
  messagesOf,
} from './case-from-reply'
import { entryOf, type SuiteEntry } from './suite-bfcl'
import { EVAL_CATEGORIES, type EvalCase, type EvalCategory, type ExpectedCall } from './types'

type Result<T> = T | { error: string }

/**
 * A case from one OpenAI-style line (see the module's description), `line` giving the default id.
 * Every problem is an error naming the case and what is wrong.
 */
export function openAiCase(value: unknown, line: number): { case: EvalCase } | { error: string } {
  if (!isRecord(value)) return { error: 'not a case: expected a JSON object' }
  const id = idOf(value.id, line)
  if (id === undefined) return { error: `"id" ${JSON.stringify(value.id)} is not a string or a number` }
  const fail = (problem: string): { error: string } => ({ error: `${id}: ${problem}` })
  const given = categoryOf(value.category)
  if (typeof given === 'object') return fail(given.error)
  const functions = functionsOf(value.tools ?? value.functions ?? [])
  if ('error' in functions) return fail(`tools: ${functions.error}`)
  const split = conversationAndCalls(value, given)
  if ('error' in split) return fail(split.error)
  const messages = messagesOf(split.messages)
  if ('error' in messages) return fail(`messages: ${messages.error}`)
  const expected = expectedCallsOf(split.calls, functions.functions)
  if ('error' in expected) return fail(`${split.source}: ${expected.error}`)
  const category = given ?? inferCategory(expected.calls, functions.functions.length)
  const problem = callCountProblem(category, expected.calls.length)
  if (problem !== undefined) return fail(problem)
  return {
    case: { id, category, messages: messages.messages, functions: functions.functions, expected: expected.calls },
  }
}

function idOf(id: unknown, line: number): string | undefined {
  if (id === undefined || id === null) return `case-${line}`
  if (typeof id === 'string' && id !== '') return id
  return typeof id === 'number' && Number.isFinite(id) ? String(id) : undefined
}

function categoryOf(category: unknown): EvalCategory | undefined | { error: string } {
  if (category === undefined || category === null) return undefined
  const known = EVAL_CATEGORIES.find((name) => name === category)
  return known ?? { error: `category ${JSON.stringify(category)} is not one of ${EVAL_CATEGORIES.join(', ')}` }
}

interface ConversationAndCalls {
  messages: unknown
  calls: ExpectedCall[]
  /** Where the calls came from, to name it in errors. */
  source: string
}

/** The conversation and the calls expected, from whichever field gives them. */
function conversationAndCalls(
  value: Record<string, unknown>,
  category: EvalCategory | undefined,
): Result<ConversationAndCalls> {
  const { messages, tool_calls: toolCalls, expected } = value
  if (toolCalls !== undefined && expected !== undefined) return { error: 'give "tool_calls" or "expected", not both' }
  if (expected !== undefined) {
    const calls = isRecord(expected) ? [expected] : expected
    if (!Array.isArray(calls)) return { error: '"expected" must be a list of {"name": {"argument": [values]}}' }
    return { messages, calls: calls as ExpectedCall[], source: 'expected' }
  }
  if (toolCalls !== undefined) return withCalls(messages, callsOfToolCalls(toolCalls), 'tool_calls')
  const last: unknown = Array.isArray(messages) ? messages.at(-1) : undefined
  if (Array.isArray(messages) && isRecord(last) && last.role === 'assistant') {
    return withCalls(messages.slice(0, -1), callsOfToolCalls(last.tool_calls ?? []), 'the last message')
  }
  if (category === 'irrelevance') return { messages, calls: [], source: 'category' }
  return {
    error: 'no calls expected: give "tool_calls", "expected", a final assistant message, or "category": "irrelevance"',
  }
}

function withCalls(messages: unknown, calls: Result<ExpectedCall[]>, source: string): Result<ConversationAndCalls> {
  return 'error' in calls ? { error: `${source}: ${calls.error}` } : { messages, calls, source }
}

/** OpenAI tool calls (`{function: {name, arguments}}`, or bare `{name, arguments}`) as expected calls. */
function callsOfToolCalls(toolCalls: unknown): Result<ExpectedCall[]> {
  if (!Array.isArray(toolCalls)) return { error: 'expected a list of tool calls' }
  const calls: ExpectedCall[] = []
  for (const [index, toolCall] of toolCalls.entries()) {
    const call = isRecord(toolCall) && isRecord(toolCall.function) ? toolCall.function : toolCall
    const at = `call ${index + 1}`
    if (!isRecord(call) || typeof call.name !== 'string' || call.name === '')
      return { error: `${at} has no function name` }
    const args = argumentsOf(call.arguments)
    if ('error' in args) return { error: `${at} (${call.name}): ${args.error}` }
    calls.push(expectedCallOf(call.name, args))
  }
  return calls
}

function argumentsOf(value: unknown): Result<Record<string, unknown>> {
  if (value === undefined || value === null || value === '') return {}
  let args = value
  if (typeof value === 'string') {
    try {
      args = JSON.parse(value)
    } catch (error) {
      return { error: `its arguments are not JSON (${error instanceof Error ? error.message : String(error)})` }
    }
  }
  return isRecord(args) ? args : { error: 'its arguments are not a JSON object' }
}

/** The cases of OpenAI-style lines (see the module's description); never throws on malformed input. */
export async function* readOpenAiSuite(lines: TextChunks | string): AsyncGenerator<SuiteEntry> {
  yield* openAiCasesFromLines(readJsonLines(lines))
}

/** The cases of OpenAI-style lines already read; a second case with an id already seen is an error. */
export async function* openAiCasesFromLines(
  lines: AsyncIterable<JsonLine> | Iterable<JsonLine>,
): AsyncGenerator<SuiteEntry> {
  const seen = new Set<string>()
  for await (const read of lines) {
    yield 'error' in read ? read : entryOf(openAiCase(read.value, read.line), read.line, seen)
  }
}
