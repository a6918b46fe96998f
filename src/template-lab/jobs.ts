/**
 * The Template view's work, as jobs a worker runs (or the page, where there is no worker): render
 * the prompt with its special tokens marked, find each message's span, analyse the template, diff
 * two renders, read a tokenizer_config.json. Plain data in and out; nothing here throws for bad input.
 */
import {
  chooseChatTemplate,
  inferTemplateFormat,
  readTokenizerConfig,
  renderChatTemplate,
  roundTrip,
  templateFindings,
  type ChatTemplateInput,
  type Finding,
  type FormatInference,
  type RoundTrip,
  type TemplateDialect,
  type TemplateError,
  type TokenizerConfig,
} from '../core/templates'
import { readLabInput, specialTokenTexts, type InputProblem, type LabRenderInput, type ReadInput } from './lab-input'
import { markSpecialTokens, type TokenMark } from './special-tokens'
import { messageSpans, type MessageSpan } from './message-spans'
import { diffLines, type LineDiff } from './line-diff'
import { PrefixCache } from './prefix-cache'
import { SHOWN_PROMPT_CHARS } from './limits'

export type PromptRender =
  | {
      status: 'rendered'
      text: string
      marks: TokenMark[]
      /** Milliseconds the render itself took, measured where it ran. */
      renderMs: number
    }
  | { status: 'template-error'; error: TemplateError; renderMs: number }
  | { status: 'input-error'; problem: InputProblem }

export interface SpansResult {
  spans: MessageSpan[]
  ms: number
}

/** The inference as the view shows it: its evidence without the whole conversations. */
export interface InferenceView {
  format: string | null
  confidence: FormatInference['confidence']
  sameReading: string[]
  argumentsAs: FormatInference['argumentsAs']
  dialect: FormatInference['dialect']
  reason: string
  evidence: {
    variant: string
    argumentsAs: string
    assistantSpan: string
    readAs?: string
    error?: TemplateError
  }[]
}

export interface TemplateAnalysis {
  inference: InferenceView
  roundTrip: RoundTrip | null
  findings: Finding[]
  ms: number
}

export interface AnalysisInput {
  template: string
  specialTokens: string
  variables: string
  /** llama.cpp is kept; otherwise inference renders as transformers does, or as llama.cpp when it must. */
  dialect?: TemplateDialect
}

export type PromptDiff =
  | { status: 'diffed'; diff: LineDiff }
  | { status: 'failed'; side: 'a' | 'b'; render: Exclude<PromptRender, { status: 'rendered' }> }

export type ConfigResult =
  | {
      ok: true
      config: TokenizerConfig
      /** The template apply_chat_template would use with tools; null when it cannot tell (the person picks). */
      suggested: string | null
    }
  | { ok: false; error: string }

export type LabJob =
  | { kind: 'render'; input: LabRenderInput; now: number }
  | { kind: 'spans'; input: LabRenderInput; now: number }
  | { kind: 'analyse'; input: AnalysisInput }
  | { kind: 'diff'; a: LabRenderInput; b: LabRenderInput; now: number }
  | { kind: 'config'; text: string }

export interface LabResults {
  render: PromptRender
  spans: SpansResult | null
  analyse: TemplateAnalysis
  diff: PromptDiff
  config: ConfigResult
}

export type LabResult = LabResults[LabJob['kind']]

function templateInput(read: ReadInput, now: number): ChatTemplateInput {
  return { ...read, now: new Date(now) }
}

/** Renders the prompt and marks its special tokens. */
export function renderPrompt(input: LabRenderInput, now: number): PromptRender {
  const read = readLabInput(input)
  if (!read.ok) return { status: 'input-error', problem: read.problem }
  const started = performance.now()
  const result = renderChatTemplate(input.template, templateInput(read.input, now))
  const renderMs = performance.now() - started
  if (!result.ok) return { status: 'template-error', error: result.error, renderMs }
  const marks = markSpecialTokens(
    result.text.slice(0, SHOWN_PROMPT_CHARS),
    input.template,
    specialTokenTexts(read.input.specialTokens),
  )
  return { status: 'rendered', text: result.text, marks, renderMs }
}

const prefixes = new PrefixCache()

/**
 * Each message's span of the prompt, from renders of the conversation's prefixes (kept for the
 * next input: editing the last message renders only the prefixes that hold it). Null when
 * `stopped` says a newer input came, or when the prompt does not render.
 */
export async function promptSpans(
  input: LabRenderInput,
  now: number,
  stopped: () => Promise<boolean>,
): Promise<SpansResult | null> {
  const started = performance.now()
  const read = readLabInput(input)
  if (!read.ok) return null
  const full = renderChatTemplate(input.template, templateInput(read.input, now))
  if (!full.ok) return null
  const context = prefixes.context(input.template, read.input, now)
  const spans = await messageSpans(full.text, read.input.messages, read.input.addGenerationPrompt, {
    render: (messages) =>
      prefixes.get(context, messages, () => {
        const result = renderChatTemplate(input.template, {
          ...templateInput(read.input, now),
          messages: [...messages],
          addGenerationPrompt: false,
        })
        return result.ok ? result.text : null
      }),
    pause: stopped,
  })
  return spans ? { spans, ms: performance.now() - started } : null
}

function probeTokens(text: string): Record<string, string> {
  const tokens: Record<string, string> = {}
  try {
    const value: unknown = JSON.parse(text || '{}')
    if (typeof value === 'object' && value !== null)
      for (const [name, token] of Object.entries(value)) if (typeof token === 'string') tokens[name] = token
  } catch {
    // The render reports the field; the analysis goes on with the defaults.
  }
  return tokens
}

function probeVariables(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** The format the template's model writes (with evidence), the round trip of a call, and the findings. */
export function analyseTemplate(input: AnalysisInput): TemplateAnalysis {
  const started = performance.now()
  const variables = probeVariables(input.variables)
  const options = {
    specialTokens: probeTokens(input.specialTokens),
    ...(variables ? { variables } : {}),
    ...(input.dialect === 'llama.cpp' ? { dialect: input.dialect } : {}),
  }
  const inference = inferTemplateFormat(input.template, options)
  const findings = templateFindings(input.template, options)
  const trip = inference.format
    ? roundTrip(input.template, inference.format, undefined, { ...options, dialect: inference.dialect })
    : null
  return {
    inference: {
      format: inference.format,
      confidence: inference.confidence,
      sameReading: inference.sameReading,
      argumentsAs: inference.argumentsAs,
      dialect: inference.dialect,
      reason: inference.reason,
      evidence: inference.evidence.map((item) => ({
        variant: item.variant,
        argumentsAs: item.argumentsAs,
        assistantSpan: item.assistantSpan,
        ...(item.readAs ? { readAs: item.readAs.format } : {}),
        ...(item.error ? { error: item.error } : {}),
      })),
    },
    roundTrip: trip,
    findings,
    ms: performance.now() - started,
  }
}

/** Renders both sides and diffs them line by line. */
export function diffPrompts(a: LabRenderInput, b: LabRenderInput, now: number): PromptDiff {
  const left = renderPrompt(a, now)
  if (left.status !== 'rendered') return { status: 'failed', side: 'a', render: left }
  const right = renderPrompt(b, now)
  if (right.status !== 'rendered') return { status: 'failed', side: 'b', render: right }
  return { status: 'diffed', diff: diffLines(left.text, right.text) }
}

/** Reads a tokenizer_config.json, and names the template apply_chat_template would use with tools. */
export function readConfig(text: string): ConfigResult {
  const read = readTokenizerConfig(text)
  if (!read.ok) return read
  if (Object.keys(read.config.chatTemplates).length === 0)
    return { ok: false, error: 'the tokenizer config has no chat_template' }
  const choice = chooseChatTemplate(read.config, { withTools: true })
  return { ok: true, config: read.config, suggested: choice.ok ? choice.name : null }
}

/** Runs one job; `stopped` is asked between the steps of a long one. */
export async function runJob(job: LabJob, stopped: () => Promise<boolean>): Promise<LabResult> {
  switch (job.kind) {
    case 'render':
      return renderPrompt(job.input, job.now)
    case 'spans':
      return promptSpans(job.input, job.now, stopped)
    case 'analyse':
      return analyseTemplate(job.input)
    case 'diff':
      return diffPrompts(job.a, job.b, job.now)
    case 'config':
      return readConfig(job.text)
  }
}
