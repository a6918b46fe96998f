/**
 * Findings about the prompt around the turns: whether the tools reach it, where the system message
 * goes, and whether `add_generation_prompt` opens the assistant's turn.
 */
import { finding, occurrences, type CheckContext, type Finding } from './finding'
import { turnStart } from './probe-render'
import { withStop } from './infer-reasons'
import {
  assistantMessage,
  FIRST_ANSWER_TEXT,
  FIRST_USER_TEXT,
  ONE_CALL,
  PROBE_DESCRIPTION_WORD,
  PROBE_REPLY_TEXT,
  PROBE_SYSTEM_TEXT,
  PROBE_TOOL_NAMES,
  PROBE_TOOLS,
  systemMessage,
  userMessage,
} from './probe'

/** `tools-not-rendered`: the tools' names (or descriptions) do not appear when tools are given. */
export function toolsFindings({ renderer }: CheckContext): Finding[] {
  const prompt = renderer.render([userMessage()], PROBE_TOOLS, true)
  if (!prompt.ok) return []
  const text = prompt.text
  const missing = PROBE_TOOL_NAMES.filter((name) => !text.includes(name))
  if (missing.length === PROBE_TOOL_NAMES.length) {
    const withSystem = renderer.render([systemMessage(), userMessage()], PROBE_TOOLS, true)
    if (withSystem.ok && PROBE_TOOL_NAMES.every((name) => withSystem.text.includes(name))) {
      return [
        finding(
          'tools-not-rendered',
          'warning',
          'The tools reach the prompt only when the conversation starts with a system message: without one, the model is not told about them.',
          text,
        ),
      ]
    }
    return [
      finding(
        'tools-not-rendered',
        'error',
        `The tools given do not appear in the prompt: the model is never told about ${PROBE_TOOL_NAMES.join(' or ')}.`,
        text,
      ),
    ]
  }
  if (missing.length > 0) {
    return [
      finding(
        'tools-not-rendered',
        'error',
        `Only some of the tools given appear in the prompt: ${missing.join(', ')} does not.`,
        text,
        PROBE_TOOL_NAMES.flatMap((name) => occurrences(text, name)),
      ),
    ]
  }
  if (!text.includes(PROBE_DESCRIPTION_WORD)) {
    return [
      finding(
        'tools-not-rendered',
        'warning',
        "The tools' names appear in the prompt but not their descriptions: the model sees what it may call, not what it is for.",
        text,
        PROBE_TOOL_NAMES.flatMap((name) => occurrences(text, name)),
      ),
    ]
  }
  return []
}

/** Where the system message ends up in one render: the text shows it first, moved, dropped; or the template refuses it. */
type SystemPlace =
  | { kind: 'refused'; message: string; rendered: '' }
  | { kind: 'dropped' | 'moved' | 'first'; rendered: string }

/**
 * `system-dropped` (the system message's text is missing, or the template refuses one) and
 * `system-moved` (it comes after the first user message), with and without tools.
 */
export function systemFindings({ renderer }: CheckContext): Finding[] {
  const conversation = [
    systemMessage(),
    userMessage(FIRST_USER_TEXT),
    { role: 'assistant', content: FIRST_ANSWER_TEXT },
    userMessage(),
  ]
  const place = (tools?: readonly unknown[]): SystemPlace | null => {
    const outcome = renderer.render(conversation, tools, true)
    if (!outcome.ok) {
      // A failure is the system message's only when the same conversation renders without it.
      const without = renderer.render(conversation.slice(1), tools, true)
      return without.ok ? { kind: 'refused', message: outcome.error.message, rendered: '' } : null
    }
    const at = outcome.text.indexOf(PROBE_SYSTEM_TEXT)
    const firstUser = outcome.text.indexOf(FIRST_USER_TEXT)
    const kind = at === -1 ? 'dropped' : firstUser !== -1 && at > firstUser ? 'moved' : 'first'
    return { kind, rendered: outcome.text }
  }
  const places = [
    { when: ' when no tools are given', place: place() },
    { when: ' when tools are given', place: place(PROBE_TOOLS) },
  ]
  for (const kind of ['refused', 'dropped', 'moved'] as const) {
    const found = places.filter((entry) => entry.place?.kind === kind)
    const shown = found[0]?.place
    if (!shown) continue
    const when = found.length === places.length ? '' : (found[0]?.when ?? '')
    if (shown.kind === 'refused') {
      const message = `The template refuses a system message${when}: ${withStop(shown.message)}`
      return [finding('system-dropped', 'error', message, '')]
    }
    if (shown.kind === 'dropped') {
      const message = `The system message's text is not in the prompt${when}: the model never sees it.`
      return [finding('system-dropped', 'error', message, shown.rendered)]
    }
    const message = `The system message is not first${when}: the template puts it after the first user message.`
    return [finding('system-moved', 'info', message, shown.rendered, occurrences(shown.rendered, PROBE_SYSTEM_TEXT))]
  }
  return []
}

/**
 * `no-generation-prompt`: `add_generation_prompt: true` renders the same as false, though the
 * template's assistant turns open with a header (`<|im_start|>assistant`) the reply then lacks. A
 * template whose assistant turns have no header (Mistral's `[/INST]` is followed by the reply
 * itself; Command R7B's reply opens with the model's own `<|START_RESPONSE|>`) needs no generation
 * prompt, and is not reported.
 */
export function generationPromptFindings({ renderer }: CheckContext): Finding[] {
  const history = [userMessage()]
  const opened = renderer.render(history, PROBE_TOOLS, true)
  const closed = renderer.render(history, PROBE_TOOLS, false)
  if (!opened.ok || !closed.ok || opened.text !== closed.text) return []
  const header = assistantHeader(renderer)
  if (header === '') return []
  return [
    finding(
      'no-generation-prompt',
      'warning',
      `\`add_generation_prompt: true\` adds nothing, though the template's assistant turns open with ${JSON.stringify(header)}: the prompt ends without it, so the model must write its own turn's header.`,
      opened.text,
    ),
  ]
}

/**
 * What every assistant turn of the template opens with, text or call: the start the text-only turn
 * and the call turn share, up to the reply. '' when they share none.
 */
function assistantHeader(renderer: CheckContext['renderer']): string {
  const history = [userMessage()]
  const text = renderer.turn(history, { role: 'assistant', content: PROBE_REPLY_TEXT }, PROBE_TOOLS)
  if (!text.ok) return ''
  const reply = text.span.indexOf(PROBE_REPLY_TEXT)
  const before = text.span.slice(0, Math.max(0, reply))
  const call = renderer.turn(history, assistantMessage(ONE_CALL, 'object'), PROBE_TOOLS)
  if (!call.ok) return before.trim()
  return before.slice(0, turnStart(before, call.span)).trim()
}
