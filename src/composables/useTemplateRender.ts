/**
 * `useTemplateRender(input)`: the Template view's renders as state. A moment after the input last
 * changed the prompt is rendered (in a worker); each message's span follows it, and the template's
 * analysis runs when the template, its tokens or its variables change. Newer input supersedes older
 * work; everything stops with the scope.
 */
import { getCurrentScope, onScopeDispose, ref, shallowRef, toValue, watch } from 'vue'
import type { MaybeRefOrGetter, Ref, ShallowRef } from 'vue'
import type { LabRenderInput } from '../template-lab/lab-input'
import type { MessageSpan } from '../template-lab/message-spans'
import type { ConfigResult, PromptDiff, PromptRender, TemplateAnalysis } from '../template-lab/jobs'
import { createLabRunner, type LabRunner } from '../template-lab/off-thread'

export interface UseTemplateRenderOptions {
  /**
   * Milliseconds after the last change before the prompt renders.
   * @default 150
   */
  delayMs?: number
  /**
   * Milliseconds after the template last changed before it is analysed.
   * @default 400
   */
  analysisDelayMs?: number
  /**
   * What runs the jobs.
   * @default a runner of its own (two workers), disposed with the scope
   */
  runner?: LabRunner
  /**
   * The time `strftime_now` sees in every render: fixed, so that renders agree with each other.
   * @default when the composable is called
   */
  now?: number
}

export interface UseTemplateRenderReturn {
  /** The last render; null before the first. */
  prompt: Readonly<ShallowRef<PromptRender | null>>
  /** The spans of the prompt shown; null while they are found. */
  spans: Readonly<ShallowRef<MessageSpan[] | null>>
  analysis: Readonly<ShallowRef<TemplateAnalysis | null>>
  /** A render is due or running. */
  rendering: Readonly<Ref<boolean>>
  analysing: Readonly<Ref<boolean>>
  /** Milliseconds from sending the last render to its answer (the render, the copy both ways, the wait). */
  roundTripMs: Readonly<Ref<number | null>>
  /** A worker that did not answer in time (it was started again). */
  stalled: Readonly<Ref<boolean>>
  /** Renders two inputs and diffs them; null when a newer diff superseded it. */
  diff(a: LabRenderInput, b: LabRenderInput): Promise<PromptDiff | null>
  /** Reads a tokenizer_config.json. */
  readConfig(text: string): Promise<ConfigResult | null>
}

export function useTemplateRender(
  input: MaybeRefOrGetter<LabRenderInput>,
  options: UseTemplateRenderOptions = {},
): UseTemplateRenderReturn {
  const { delayMs = 150, analysisDelayMs = 400, now = Date.now() } = options
  const runner = options.runner ?? createLabRunner()
  const prompt = shallowRef<PromptRender | null>(null)
  const spans = shallowRef<MessageSpan[] | null>(null)
  const analysis = shallowRef<TemplateAnalysis | null>(null)
  const rendering = ref(false)
  const analysing = ref(false)
  const roundTripMs = ref<number | null>(null)
  const stalled = ref(false)
  let renderTimer: ReturnType<typeof setTimeout> | null = null
  let analysisTimer: ReturnType<typeof setTimeout> | null = null
  let renders = 0
  let analyses = 0
  let stopped = false

  async function render(): Promise<void> {
    renderTimer = null
    const job = ++renders
    const current = toValue(input)
    const outcome = await runner.run({ kind: 'render', input: current, now })
    if (job !== renders || stopped) return
    rendering.value = false
    if (!outcome.ok) {
      stalled.value = outcome.reason === 'unanswered'
      return
    }
    stalled.value = false
    prompt.value = outcome.value
    roundTripMs.value = outcome.roundTripMs
    spans.value = null
    if (outcome.value.status !== 'rendered') return
    const found = await runner.run({ kind: 'spans', input: current, now })
    if (job === renders && !stopped && found.ok && found.value) spans.value = found.value.spans
  }

  async function analyse(): Promise<void> {
    analysisTimer = null
    const job = ++analyses
    const { template, specialTokens, variables, dialect } = toValue(input)
    const outcome = await runner.run({ kind: 'analyse', input: { template, specialTokens, variables, dialect } })
    if (job !== analyses || stopped) return
    analysing.value = false
    if (outcome.ok) analysis.value = outcome.value
    else stalled.value = outcome.reason === 'unanswered'
  }

  watch(
    () => toValue(input),
    () => {
      rendering.value = true
      if (renderTimer) clearTimeout(renderTimer)
      renderTimer = setTimeout(() => void render(), delayMs)
    },
    { immediate: true, deep: true },
  )
  watch(
    () => {
      const { template, specialTokens, variables, dialect } = toValue(input)
      return [template, specialTokens, variables, dialect]
    },
    () => {
      analysing.value = true
      if (analysisTimer) clearTimeout(analysisTimer)
      analysisTimer = setTimeout(() => void analyse(), analysisDelayMs)
    },
    { immediate: true },
  )

  if (getCurrentScope())
    onScopeDispose(() => {
      stopped = true
      if (renderTimer) clearTimeout(renderTimer)
      if (analysisTimer) clearTimeout(analysisTimer)
      if (!options.runner) runner.dispose()
    })

  return {
    // Read-only by type: the renders are large, and a deep read-only proxy over them would cost on every read.
    prompt,
    spans,
    analysis,
    rendering,
    analysing,
    roundTripMs,
    stalled,
    async diff(a, b) {
      const outcome = await runner.run({ kind: 'diff', a, b, now })
      return outcome.ok ? outcome.value : null
    },
    async readConfig(text) {
      const outcome = await runner.run({ kind: 'config', text })
      return outcome.ok ? outcome.value : null
    },
  }
}
