/**
 * Findings about the turns of a tool conversation: the calls' arguments as JSON text, two calls in
 * one turn, the results that answer them, and earlier turns' reasoning.
 */
import { finding, occurrences, type CheckContext, type Finding, type Highlight } from './finding'
import { readCalls, sameCalls } from './calls'
import { withStop } from './infer-reasons'
import { turnStart, type TurnOutcome } from './probe-render'
import {
  assistantMessage,
  FIRST_ANSWER_TEXT,
  FIRST_USER_TEXT,
  ONE_CALL,
  PROBE_CALL_IDS,
  PROBE_REASONING_TEXT,
  PROBE_RESULT_TEXTS,
  PROBE_TOOLS,
  toolMessage,
  TWO_CALLS,
  userMessage,
} from './probe'

type Rendered = Extract<TurnOutcome, { ok: true }>

/**
 * `string-arguments`: arguments given as JSON text (as OpenAI-style APIs carry them) make the
 * template fail or print them escaped, while an object renders as the format writes it; or the reverse.
 */
export function stringArgumentFindings({ renderer, format }: CheckContext): Finding[] {
  const history = [userMessage()]
  const asObject = renderer.turn(history, assistantMessage(ONE_CALL, 'object'), PROBE_TOOLS)
  const asText = renderer.turn(history, assistantMessage(ONE_CALL, 'json-string'), PROBE_TOOLS)
  if (asObject.ok && !asText.ok) {
    const message = `Arguments given as JSON text, as OpenAI-style APIs send them, make the template fail (${asText.error.kind}): ${withStop(asText.error.message)} Given as an object, they render.`
    return [finding('string-arguments', 'warning', message, asObject.rendered, [turnRange(asObject)])]
  }
  if (!asObject.ok && asText.ok) {
    const message = `Arguments given as an object make the template fail (${asObject.error.kind}): ${withStop(asObject.error.message)} It takes them only as JSON text.`
    return [finding('string-arguments', 'warning', message, asText.rendered, [turnRange(asText)])]
  }
  if (!asObject.ok || !asText.ok) return []
  const objectFlaw = argumentsFlaw(asObject, format)
  const textFlaw = argumentsFlaw(asText, format)
  if (!objectFlaw === !textFlaw) return []
  const [flawed, flaw, given, other] = textFlaw
    ? ([asText, textFlaw, 'as JSON text, as OpenAI-style APIs send them,', 'as an object'] as const)
    : ([asObject, objectFlaw as Flaw, 'as an object', 'as JSON text'] as const)
  return [
    finding(
      'string-arguments',
      'warning',
      `Arguments given ${given} ${flaw.what}; given ${other}, they render as the model writes them.`,
      flawed.rendered,
      flaw.where.length > 0 ? flaw.where : [turnRange(flawed)],
    ),
  ]
}

interface Flaw {
  what: string
  where: Highlight[]
}

/**
 * What is wrong with how a turn prints the call's arguments, if anything. The patterns look for
 * ONE_CALL's first argument, `city`, encoded twice or as a Python dict.
 */
function argumentsFlaw(turn: Rendered, format: string | null): Flaw | null {
  const shift = (found: Highlight[]) => found.map((h) => ({ start: h.start + turn.start, end: h.end + turn.start }))
  const encoded = matches(turn.span, /"\{\\"city\\"[^\n]*?\}"/g)
  if (encoded.length > 0)
    return { what: 'are printed double-encoded (JSON text inside a JSON string)', where: shift(encoded) }
  const repr = matches(turn.span, /\{'city'[^\n]*?\}/g)
  if (repr.length > 0) return { what: "are printed as Python's repr of a dict, not as JSON", where: shift(repr) }
  if (format !== null) {
    if (sameCalls(ONE_CALL, readCalls(turn.span, format, PROBE_TOOLS))) return null
    return { what: `do not read back as the call with ${format}`, where: [] }
  }
  return turn.span.includes('Zzyzx') ? null : { what: 'are lost', where: [] }
}

/**
 * `calls-not-rendered`: an assistant turn's tool_calls leave no trace in the prompt. Otherwise
 * `parallel-flattened`: two calls in one turn make the template fail, lose one, or read back as fewer.
 */
export function parallelFindings({ renderer, format, argumentsAs }: CheckContext): Finding[] {
  const history = [userMessage()]
  const one = renderer.turn(history, assistantMessage(ONE_CALL, argumentsAs), PROBE_TOOLS)
  const two = renderer.turn(history, assistantMessage(TWO_CALLS, argumentsAs), PROBE_TOOLS)
  if (!one.ok) return []
  if (!two.ok) {
    const message = `The template refuses two calls in one turn (${two.error.kind}): ${withStop(two.error.message)} A model that calls tools in parallel cannot be shown its own turn.`
    return [finding('parallel-flattened', 'warning', message, one.rendered, [turnRange(one)])]
  }
  const [first, second] = TWO_CALLS
  if (!first || !second) return []
  if (!one.span.includes(first.name)) {
    const message = `The template renders no tool calls: a turn with a call of ${first.name} adds ${excerpt(one.span)}. The model sees a call it made only when the call is in the message's content as text; sent as tool_calls, as OpenAI-style APIs send them, its calls vanish from its history.`
    return [finding('calls-not-rendered', 'warning', message, one.rendered, [turnRange(one)])]
  }
  if (!two.span.includes(second.name)) {
    const message = `The second of two calls in one turn is dropped: only ${first.name} reaches the prompt, so the model's history lacks a call it made.`
    return [finding('parallel-flattened', 'error', message, two.rendered, [turnRange(two)])]
  }
  if (format === null || !sameCalls(ONE_CALL, readCalls(one.span, format, PROBE_TOOLS))) return []
  const read = readCalls(two.span, format, PROBE_TOOLS)
  if (read.length >= TWO_CALLS.length) return []
  const message = `Two calls in one turn render so that ${format} reads ${read.length === 1 ? 'one call' : `${read.length} calls`}: the calls run together.`
  return [finding('parallel-flattened', 'warning', message, two.rendered, [turnRange(two)])]
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}...` : text)
}

/**
 * `tool-result-unattributed`: the template writes the calls' ids, yet renders their results with
 * neither the id nor the tool's name. A template that writes no ids at all pairs results by order by
 * design, and is not reported.
 */
export function resultFindings({ renderer, argumentsAs }: CheckContext): Finding[] {
  for (const calls of [TWO_CALLS, ONE_CALL]) {
    const assistant = assistantMessage(calls, argumentsAs)
    const turn = renderer.turn([userMessage()], assistant, PROBE_TOOLS)
    const results = calls.map((call, index) =>
      toolMessage(PROBE_CALL_IDS[index] as string, call.name, PROBE_RESULT_TEXTS[index] as string),
    )
    const all = renderer.render([userMessage(), assistant, ...results], PROBE_TOOLS, true)
    if (!turn.ok || !all.ok) continue
    const ids = PROBE_CALL_IDS.slice(0, calls.length)
    if (!ids.some((id) => turn.span.includes(id))) return []
    const answers = all.text.slice(turnStart(turn.rendered, all.text))
    const carried = [...ids, ...calls.map((call) => call.name)].some((mark) => answers.includes(mark))
    if (carried) return []
    const message =
      "Tool results are rendered with neither their call's id nor the tool's name, though the calls carry ids: the model pairs results with calls by their order alone."
    const where = PROBE_RESULT_TEXTS.flatMap((text) => occurrences(all.text, text))
    return [finding('tool-result-unattributed', 'warning', message, all.text, where)]
  }
  return []
}

/**
 * `reasoning-kept` (earlier assistant turns keep their `reasoning_content` in the prompt) and
 * `reasoning-dropped` (the template renders reasoning, but only in the current turn).
 */
export function reasoningFindings({ renderer, argumentsAs }: CheckContext): Finding[] {
  const answered = { role: 'assistant', content: FIRST_ANSWER_TEXT, reasoning_content: PROBE_REASONING_TEXT }
  const earlier = renderer.render([userMessage(FIRST_USER_TEXT), answered, userMessage()], undefined, true)
  if (!earlier.ok) return []
  const kept = occurrences(earlier.text, PROBE_REASONING_TEXT)
  if (kept.length > 0) {
    const message =
      'Earlier assistant turns keep their reasoning (reasoning_content) in the prompt: every later request carries it.'
    return [finding('reasoning-kept', 'info', message, earlier.text, kept)]
  }
  const last = renderer.render([userMessage(FIRST_USER_TEXT), answered])
  const calling = assistantMessage(ONE_CALL, argumentsAs, { reasoning: PROBE_REASONING_TEXT })
  const result = toolMessage(PROBE_CALL_IDS[0], ONE_CALL[0]?.name ?? '', PROBE_RESULT_TEXTS[0])
  const chain = renderer.render([userMessage(), calling, result], PROBE_TOOLS, true)
  const renders = [last, chain].some((outcome) => outcome.ok && outcome.text.includes(PROBE_REASONING_TEXT))
  if (!renders) return []
  const message =
    'The template drops the reasoning (reasoning_content) of assistant turns before the last user message; it renders reasoning only in the current turn.'
  return [finding('reasoning-dropped', 'info', message, earlier.text, occurrences(earlier.text, FIRST_ANSWER_TEXT))]
}

function turnRange(turn: Rendered): Highlight {
  return { start: turn.start, end: turn.rendered.length }
}

function matches(text: string, pattern: RegExp): Highlight[] {
  return [...text.matchAll(pattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }))
}
