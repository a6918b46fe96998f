/**
 * Rendering for the template analyses: one template with one set of options, each distinct render
 * done once, and the text an assistant turn adds to the conversation before it.
 */
import { renderChatTemplate, type RenderResult, type TemplateError } from './render'
import type { RenderLimits } from './limits'
import type { TemplateDialect } from './dialect'

export type { TemplateError } from './render'

/** How the analyses render a template; every option is optional. */
export interface ProbeOptions {
  /**
   * `bos_token`, `eos_token`, ... as the model's tokenizer_config gives them; they replace the defaults.
   * @default `<s>`, `</s>`, `<unk>` and `<pad>`, as Llama and Mistral tokenizers have them
   */
  specialTokens?: Record<string, string>
  /** More variables the template reads (`enable_thinking`, `builtin_tools`, ...). */
  variables?: Record<string, unknown>
  /**
   * The time `strftime_now` sees.
   * @default 2026-01-15 12:00 UTC: a fixed time, so that every render of one analysis agrees
   */
  now?: Date
  /**
   * The renderer's limits, for every render; they replace the defaults.
   * @default at most 200 000 steps a render: the probes are a few short messages and two tools,
   * which no template needs more for (a 30-tool, 20-turn conversation takes less)
   */
  limits?: RenderLimits
  /**
   * Render as transformers does or with llama.cpp's relaxations (see ChatTemplateInput.dialect).
   * @default 'transformers'
   */
  dialect?: TemplateDialect
}

const FIXED_NOW = new Date(Date.UTC(2026, 0, 15, 12, 0, 0))

const PROBE_LIMITS: RenderLimits = { maxSteps: 200_000 }

/** What a template sees for its special tokens unless told: transformers always passes the tokenizer's. */
const DEFAULT_SPECIAL_TOKENS: Readonly<Record<string, string>> = {
  bos_token: '<s>',
  eos_token: '</s>',
  unk_token: '<unk>',
  pad_token: '<pad>',
}

/** What an assistant turn adds to the conversation before it. */
export type TurnOutcome =
  | {
      ok: true
      /** The whole conversation with the turn. */
      rendered: string
      /** Where the turn's text starts in `rendered`; it runs to the end. */
      start: number
      span: string
    }
  | { ok: false; error: TemplateError }

export interface ProbeRenderer {
  /** How this renderer renders (ProbeOptions.dialect). */
  readonly dialect: TemplateDialect
  render(messages: readonly unknown[], tools?: readonly unknown[], addGenerationPrompt?: boolean): RenderResult
  /** The text `assistant` adds after `history` (both rendered without a generation prompt). */
  turn(history: readonly unknown[], assistant: unknown, tools?: readonly unknown[]): TurnOutcome
}

/**
 * A renderer of `template` that renders each distinct conversation once. Once a render runs out of
 * its limits, every later one fails the same way without trying: the analyses stay quick on a
 * template that loops without end.
 */
export function createProbeRenderer(template: string, options: ProbeOptions = {}): ProbeRenderer {
  const done = new Map<string, RenderResult>()
  const now = options.now ?? FIXED_NOW
  const specialTokens = { ...DEFAULT_SPECIAL_TOKENS, ...options.specialTokens }
  const limits = { ...PROBE_LIMITS, ...options.limits }
  let exhausted: RenderResult | null = null
  const render = (messages: readonly unknown[], tools?: readonly unknown[], addGenerationPrompt = false) => {
    const key = JSON.stringify([messages, tools ?? null, addGenerationPrompt])
    let outcome = done.get(key) ?? exhausted
    if (!outcome) {
      outcome = renderChatTemplate(
        template,
        {
          messages: [...messages],
          ...(tools ? { tools: [...tools] } : {}),
          addGenerationPrompt,
          specialTokens,
          ...(options.variables ? { variables: options.variables } : {}),
          now,
          ...(options.dialect ? { dialect: options.dialect } : {}),
        },
        limits,
      )
      done.set(key, outcome)
      if (!outcome.ok && outcome.error.kind === 'limit') exhausted = outcome
    }
    return outcome
  }
  return {
    dialect: options.dialect ?? 'transformers',
    render,
    turn(history, assistant, tools) {
      const before = render(history, tools)
      if (!before.ok) return before
      const after = render([...history, assistant], tools)
      if (!after.ok) return after
      const start = turnStart(before.text, after.text)
      return { ok: true, rendered: after.text, start, span: after.text.slice(start) }
    },
  }
}

/**
 * Where the text `after` adds to `before` starts: their common prefix, moved back to the end of a
 * line, tag or bracket when it stops inside a marker (a template may render the last message before
 * the turn differently once a turn follows it).
 */
export function turnStart(before: string, after: string): number {
  let common = 0
  const most = Math.min(before.length, after.length)
  while (common < most && before.charCodeAt(common) === after.charCodeAt(common)) common++
  return common === before.length ? common : backToBoundary(after, common)
}

/** How far back a place may move to the end of a marker. */
const BACK_OFF = 48

/**
 * `at`, or the nearest place before it that follows a line break, space, `>`, `]` or `}` (or starts
 * the text), so that a cut there splits no marker; `at` itself when there is none near.
 */
export function backToBoundary(text: string, at: number): number {
  const floor = Math.max(0, at - BACK_OFF)
  for (let place = at; place > floor; place--) {
    if (/[\s>\]}]/.test(text[place - 1] as string)) return place
  }
  return floor === 0 ? 0 : at
}
