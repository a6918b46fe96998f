/**
 * Scenarios that answer the eval fixture suite (tests/fixtures/eval): the request's last user
 * message names the case, and the system prompt (or native `tools`) names the protocol to answer
 * in, so the live lane can be run end to end against a model whose answers are known in advance.
 */
import { readFileSync } from 'node:fs'
import { convertRequest } from '../../src/core'
import { modelFacingName, type EvalCase, type ExpectedCall } from '../../src/core/eval'
import { bfclQuestionCase } from '../../src/core/eval/suite-bfcl'
import { isRecord } from '../../src/core/own-record'
import type { ChatRequestBody } from './server'
import type { CompletionScenario } from './completions'
import type { Scenario, ScriptedCall, Turn } from './scenarios'

/** A call to answer with: the function's own name and typed arguments. */
export interface AnswerCall {
  name: string
  arguments: Record<string, unknown>
}

/** The protocols a request can ask in, as the live lane names them. */
export type AskedProtocol = 'vcp' | 'json' | 'xml' | 'hermes' | 'native'

/**
 * What each text protocol's tools prompt writes in its examples and no other one's prompt does: the
 * VCP request marker, the XML paradigm's tag, the Hermes tag, the JSON block's quoted key. A prompt
 * that shows none of them, or several, names no protocol.
 */
const PROMPT_MARKERS: readonly (readonly [AskedProtocol, string])[] = [
  ['vcp', '<<<[TOOL_REQUEST]>>>'],
  ['xml', '<tool_code>'],
  ['hermes', '<tool_call>'],
  ['json', '"tool_calls"'],
]

const FIXTURES = new URL('../../tests/fixtures/eval/', import.meta.url)

/** The fixture suite's cases by their last user message, read once. */
const CASES_BY_QUESTION: ReadonlyMap<string, EvalCase> = readFixtureCases()

function readFixtureCases(): Map<string, EvalCase> {
  const answers = new Map<string, unknown>()
  for (const value of jsonLines(new URL('possible_answer.jsonl', FIXTURES)))
    if (isRecord(value) && typeof value.id === 'string') answers.set(value.id, value)
  const byQuestion = new Map<string, EvalCase>()
  for (const value of jsonLines(new URL('questions.jsonl', FIXTURES))) {
    const id = isRecord(value) && typeof value.id === 'string' ? value.id : ''
    const read = bfclQuestionCase(value, answers.get(id))
    if ('case' in read) byQuestion.set(lastUserQuestion(read.case), read.case)
  }
  return byQuestion
}

/** The parsed lines of a fixture file; lines that are not JSON are left out (the fixtures are ours). */
function jsonLines(url: URL): unknown[] {
  const values: unknown[] = []
  for (const line of readFileSync(url, 'utf8').split('\n')) {
    if (line.trim() === '') continue
    try {
      values.push(JSON.parse(line))
    } catch {
      // A line that is not JSON names no case.
    }
  }
  return values
}

function lastUserQuestion(testCase: EvalCase): string {
  const users = testCase.messages.filter((m) => m.role === 'user')
  return (users[users.length - 1]?.content ?? '').trim()
}

/** The fixture case a request asks, by its last user message; undefined for a question not in the suite. */
export function fixtureCaseOf(body: ChatRequestBody): EvalCase | undefined {
  const users = body.messages.filter((m) => m.role === 'user')
  const text = users[users.length - 1]?.content
  return typeof text === 'string' ? CASES_BY_QUESTION.get(text.trim()) : undefined
}

/** The protocol a request asks in: native with `tools`, else the one whose marker alone the system prompt shows. */
export function askedProtocol(body: ChatRequestBody): AskedProtocol | undefined {
  if (Array.isArray(body.tools) && body.tools.length > 0) return 'native'
  const system = body.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content ?? '')
    .join('\n')
  const found = PROMPT_MARKERS.filter(([, marker]) => system.includes(marker))
  return found.length === 1 ? found[0]?.[0] : undefined
}

/**
 * The right calls for a case: each expected call with, per argument, the first accepted value;
 * an argument whose accepted values include `""` may be left out, and is. Dicts nested in an
 * answer hold accepted values per key too, and are resolved the same way.
 */
export function rightCalls(testCase: EvalCase): AnswerCall[] {
  return testCase.expected.map((expected: ExpectedCall) => {
    const name = Object.keys(expected)[0] ?? ''
    return { name, arguments: firstAccepted(expected[name] ?? {}) }
  })
}

function firstAccepted(accepted: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, values] of Object.entries(accepted)) {
    if (!Array.isArray(values)) out[key] = resolved(values)
    else if (!values.includes('') && values.length > 0) out[key] = resolved(values[0])
  }
  return out
}

function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved)
  return isRecord(value) ? firstAccepted(value) : value
}

/**
 * The calls with one value made wrong: the first string (searched depth first through the
 * arguments of the first call) becomes "Atlantis"; with no string, the first number grows by 1.
 */
export function wrongCalls(calls: readonly AnswerCall[]): AnswerCall[] {
  const [first, ...rest] = calls
  if (!first) return []
  const changed = replaceFirst(
    first.arguments,
    (v) => typeof v === 'string',
    () => 'Atlantis',
  )
  const args = changed.done
    ? changed.value
    : replaceFirst(
        first.arguments,
        (v) => typeof v === 'number',
        (v) => (v as number) + 1,
      ).value
  return [{ name: first.name, arguments: args as Record<string, unknown> }, ...rest]
}

function replaceFirst(
  value: unknown,
  matches: (v: unknown) => boolean,
  replace: (v: unknown) => unknown,
): { value: unknown; done: boolean } {
  if (matches(value)) return { value: replace(value), done: true }
  if (!Array.isArray(value) && !isRecord(value)) return { value, done: false }
  const entries = Object.entries(value)
  for (const [index, [key, inner]] of entries.entries()) {
    const next = replaceFirst(inner, matches, replace)
    if (!next.done) continue
    if (Array.isArray(value)) return { value: value.map((v, i) => (i === index ? next.value : v)), done: true }
    return { value: { ...value, [key]: next.value }, done: true }
  }
  return { value, done: false }
}

/** The calls written in a text protocol with the project's renderers, under the model-facing names. */
export function renderCalls(calls: readonly AnswerCall[], protocol: Exclude<AskedProtocol, 'native'>): string {
  return calls
    .map((call) =>
      convertRequest({ toolName: modelFacingName(call.name), args: {}, arguments: call.arguments }, protocol),
    )
    .map((converted) => converted.text)
    .join('\n\n')
}

/** The calls as native `tool_calls`, named as the request's own tools name them. */
export function nativeCalls(calls: readonly AnswerCall[], body: ChatRequestBody): ScriptedCall[] {
  const offered = (body.tools ?? []).map((tool) => tool.function.name)
  return calls.map((call, index) => {
    const facing = modelFacingName(call.name)
    const name = offered.find((n) => n === facing) ?? offered.find((n) => n === call.name) ?? facing
    return { id: `call_eval_${index}`, name, arguments: JSON.stringify(call.arguments) }
  })
}

/** A text protocol's JSON block cut off before its end (the fence still closed), as a model out of tokens might. */
export function truncatedJsonBlock(calls: readonly AnswerCall[]): string {
  const whole = renderCalls(calls, 'json')
  const start = whole.indexOf('{')
  if (start === -1) return whole
  const json = whole.slice(start, whole.indexOf('\n```', start))
  return '```json\n' + json.slice(0, Math.max(20, Math.floor(json.length * 0.6))) + '\n```'
}

const PLAIN_ANSWER = 'None of the tools I have fits this request, so I will answer it myself without calling any.'
const POLITE_NO_CALL = 'I would be glad to help with that, but I will not call any tool for it right now.'
const UNKNOWN_CASE = 'This question is not a case of the eval fixture suite, so I have no scripted answer for it.'
const UNKNOWN_PROTOCOL = 'I cannot tell which tool-calling protocol this request asks for, so I call nothing.'

type ReplyExtra = Omit<Extract<Turn, { type: 'reply' }>, 'type' | 'content' | 'toolCalls'>

/** A reply that makes `calls` in the protocol asked (a plain text answer when there are none). */
function answerWith(
  calls: readonly AnswerCall[],
  protocol: AskedProtocol,
  body: ChatRequestBody,
  extra: ReplyExtra,
): Turn {
  if (calls.length === 0) return { type: 'reply', content: PLAIN_ANSWER, ...extra }
  if (protocol === 'native') return { type: 'reply', content: '', toolCalls: nativeCalls(calls, body), ...extra }
  return { type: 'reply', content: `Calling the tools for this.\n\n${renderCalls(calls, protocol)}\n`, ...extra }
}

/** The right answer to the fixture case in the protocol asked, or a plain text reply when there is none. */
function rightAnswer(body: ChatRequestBody, extra: ReplyExtra = {}): Turn {
  const testCase = fixtureCaseOf(body)
  const protocol = askedProtocol(body)
  if (!testCase) return { type: 'reply', content: UNKNOWN_CASE, ...extra }
  if (!protocol) return { type: 'reply', content: UNKNOWN_PROTOCOL, ...extra }
  return answerWith(rightCalls(testCase), protocol, body, extra)
}

/** Right in VCP and native; a wrong value in Hermes, a cut JSON block, and no call at all in XML. */
function mixedAnswer(body: ChatRequestBody): Turn {
  const testCase = fixtureCaseOf(body)
  const protocol = askedProtocol(body)
  if (!testCase || !protocol) return rightAnswer(body)
  const calls = rightCalls(testCase)
  if (protocol === 'hermes') {
    // An irrelevant question still gets a call: the first function offered, with no arguments.
    const first = testCase.functions[0]
    const called = calls.length > 0 ? wrongCalls(calls) : first ? [{ name: first.name, arguments: {} }] : []
    return answerWith(called, protocol, body, {})
  }
  if (calls.length === 0 || protocol === 'vcp' || protocol === 'native') return answerWith(calls, protocol, body, {})
  if (protocol === 'json') return { type: 'reply', content: `Calling the tools.\n\n${truncatedJsonBlock(calls)}\n` }
  return { type: 'reply', content: POLITE_NO_CALL }
}

const SERVICE_UNAVAILABLE: Turn = {
  type: 'status',
  status: 503,
  body: JSON.stringify({ error: { message: 'The server is busy; try again shortly.', code: 'service_unavailable' } }),
}

/**
 * The eval scenarios, with fresh state: `eval-flaky` counts the requests it received since this
 * call. Scenarios get only the request, so a count per server comes from passing a fresh set to
 * each `startMockLlm` (the built-in record holds one set, shared by the servers that use it).
 * - `eval-right`: the right answer in every protocol.
 * - `eval-mixed`: right in VCP and native; Hermes gets a value wrong (and calls a function for an
 *   irrelevant question), the JSON block is cut off, XML answers without a call.
 * - `eval-slow`: the right answer with a pause of about 40 ms after every event.
 * - `eval-flaky`: HTTP 503 for the 1st, 3rd, 5th... request, the right answer for the others.
 */
export function createEvalScenarios(): Record<string, Scenario> {
  let flakyRequests = 0
  return {
    'eval-right': (body) => rightAnswer(body),
    'eval-mixed': (body) => mixedAnswer(body),
    'eval-slow': (body) => rightAnswer(body, { delayMs: 40 }),
    'eval-flaky': (body) => {
      flakyRequests++
      return flakyRequests % 2 === 1 ? SERVICE_UNAVAILABLE : rightAnswer(body)
    },
  }
}

/**
 * The fixture case a rendered prompt asks: the one whose question stands last in it (a chat
 * template writes the system text and the tools before the conversation).
 */
export function fixtureCaseInPrompt(prompt: string): EvalCase | undefined {
  let found: { at: number; testCase: EvalCase } | undefined
  for (const [question, testCase] of CASES_BY_QUESTION) {
    const at = question === '' ? -1 : prompt.lastIndexOf(question)
    if (at > (found?.at ?? -1)) found = { at, testCase }
  }
  return found?.testCase
}

/**
 * The calls in the model's own markup, as a template that shows `<tool_call>` asks for (Qwen,
 * Hermes): one tag a call, its JSON with the name and arguments. Null for a prompt with no such tag.
 */
function ownMarkup(prompt: string, calls: readonly AnswerCall[]): string | null {
  if (!prompt.includes('<tool_call>')) return null
  return calls.map((call) => renderCalls([call], 'hermes')).join('\n')
}

/** A completion of a rendered prompt: the calls (right, or made wrong) in the template's markup. */
function rawAnswer(prompt: string, wrong: boolean): Turn {
  const testCase = fixtureCaseInPrompt(prompt)
  if (!testCase) return { type: 'reply', content: UNKNOWN_CASE }
  const right = rightCalls(testCase)
  const calls = wrong ? wrongCalls(right) : right
  if (calls.length === 0) return { type: 'reply', content: PLAIN_ANSWER }
  return { type: 'reply', content: ownMarkup(prompt, calls) ?? UNKNOWN_PROTOCOL }
}

/**
 * The eval scenarios of `POST /v1/completions`, for the raw protocol: the prompt rendered with a
 * chat template is answered in that template's markup.
 * - `eval-right`: the right calls.
 * - `eval-mixed`: one value wrong, as `eval-mixed` answers in Hermes.
 */
export function createEvalCompletionScenarios(): Record<string, CompletionScenario> {
  return {
    'eval-right': (prompt) => rawAnswer(prompt, false),
    'eval-mixed': (prompt) => rawAnswer(prompt, true),
  }
}
