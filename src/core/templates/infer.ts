/**
 * Which tool-call format a model writes, from its chat template alone: the template renders an
 * assistant turn with one call, with two, and with text only; the text each turn adds is read with
 * every format's reader, and the format that gives back exactly the calls planted (and nothing from
 * the text) is the answer. infer-rank.ts says how several such formats are ranked. A template that
 * renders no calls at all (or calls that read only loosely) may still name a format's markers in
 * its prompt (`respond only with <|tool_call|> ...`): that format is then the answer, with low
 * confidence.
 */
import type { TemplateCall } from './calls'
import { createProbeRenderer, type ProbeOptions, type ProbeRenderer, type TemplateError } from './probe-render'
import {
  assistantMessage,
  ONE_CALL,
  PROBE_REPLY_TEXT,
  PROBE_TOOLS,
  TWO_CALLS,
  userMessage,
  type ArgumentsAs,
} from './probe'
import { rankReaders, sameReadingAs, type FormatReading, type ProbeVariant, type RenderedVariant } from './infer-rank'
import {
  failedReason,
  llamaCppAllows,
  llamaCppReason,
  noReadingReason,
  promptReason,
  readerReason,
  withArguments,
} from './infer-reasons'
import type { TemplateDialect } from './dialect'
import { formatsNamedByPrompt } from './prompt-markers'
import { listFormats } from '../protocols/formats-catalog'
import { formatsForModel } from '../protocols/native/models'

export type { FormatReading, ProbeVariant } from './infer-rank'

export interface InferOptions extends ProbeOptions {
  /**
   * The model's name, as `parseToolRequests` takes it: between formats the template cannot tell
   * apart, the one this model writes (MODEL_TABLE) is the answer.
   * @default none: the catalog's order decides
   */
  model?: string
  /**
   * The format ids to try.
   * @default every format `listFormats()` lists, text protocols included
   */
  formats?: readonly string[]
}

/** One probe turn as rendered and read. */
export interface VariantEvidence {
  variant: ProbeVariant
  /** How the calls' arguments were given to the template. */
  argumentsAs: ArgumentsAs
  /** The whole conversation, the turn included ('' when it could not be rendered). */
  rendered: string
  /** The text the assistant turn adds to the conversation before it. */
  assistantSpan: string
  /** What the answer's reader gives back from the turn. */
  readAs?: FormatReading
  /** Every reader that found a call in the turn. */
  readers: FormatReading[]
  /** The template failed on this turn. */
  error?: TemplateError
}

export interface FormatInference {
  /** The format id to read this model's replies with; null when no format reads them. */
  format: string | null
  /**
   * 'high': the reader gives back every turn exactly and reads the turn by markers of its own or
   * as it writes calls itself. 'low': it read the call but not the two calls, or read text that looks
   * nothing like its own writing; or no answer because the template failed.
   */
  confidence: 'high' | 'low'
  /** Formats that read every turn exactly as `format` does: the template cannot tell them apart. */
  sameReading: string[]
  /** How the arguments were given in the turns that decided; null when none did. */
  argumentsAs: ArgumentsAs | null
  evidence: VariantEvidence[]
  reason: string
  /**
   * How the turns that decided were rendered: as transformers renders them, or as llama.cpp does
   * when the template fails under transformers only for what llama.cpp allows (a list changed in
   * place, a filter's result used as a list). Render with this dialect to see what the model sees.
   */
  dialect: TemplateDialect
}

const VARIANTS: readonly (readonly [ProbeVariant, readonly TemplateCall[]])[] = [
  ['one-call', ONE_CALL],
  ['two-calls', TWO_CALLS],
  ['no-call', []],
]

/**
 * The format a template's model writes its tool calls in. Never throws. A template written for
 * llama.cpp that fails under transformers only for what llama.cpp allows is rendered again as
 * llama.cpp renders it, unless `options.dialect` says how to render.
 */
export function inferTemplateFormat(template: string, options: InferOptions = {}): FormatInference {
  const inference = inferWith(createProbeRenderer(template, options), options)
  if (inference.format !== null || options.dialect !== undefined) return inference
  const refused = inference.evidence.find((item) => item.error && llamaCppAllows(item.error))?.error
  if (!refused) return inference
  const relaxed = inferWith(createProbeRenderer(template, { ...options, dialect: 'llama.cpp' }), options)
  if (relaxed.format === null) return inference
  return { ...relaxed, reason: `${llamaCppReason(refused)} ${relaxed.reason}` }
}

/** The inference with a renderer the caller keeps (its renders are shared with other analyses). Never throws. */
export function inferWith(
  renderer: ProbeRenderer,
  options: Pick<InferOptions, 'model' | 'formats'> = {},
): FormatInference {
  try {
    return { ...infer(renderer, options), dialect: renderer.dialect }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ...noAnswer([], `The analysis failed: ${message}`), dialect: renderer.dialect }
  }
}

interface Attempt {
  argumentsAs: ArgumentsAs
  evidence: VariantEvidence[]
  result: Inferred | null
  /** The answer read the call's arguments exactly, not only its name. */
  exact: boolean
  /** Readers that read the calls out of markers they do not know. */
  inside: { format: string; markers: string }[]
  /** The template failed before the turn, so the arguments' shape cannot matter. */
  fatal?: TemplateError
}

type Settings = Pick<InferOptions, 'model' | 'formats'>

type Inferred = Omit<FormatInference, 'dialect'>

function infer(renderer: ProbeRenderer, options: Settings): Inferred {
  const formats = options.formats ?? listFormats().map((format) => format.id)
  const asObjects = attempt(renderer, 'object', formats, options.model)
  if (asObjects.fatal) return noAnswer(asObjects.evidence, failedReason(asObjects.fatal, 'a user message with tools'))
  if (asObjects.result?.confidence === 'high') return asObjects.result
  // Arguments as JSON text, as OpenAI-style APIs carry them: some templates print them as they are.
  const asStrings = attempt(renderer, 'json-string', formats, options.model)
  const evidence = [...asObjects.evidence, ...asStrings.evidence]
  const chosen = better(asObjects, asStrings).result
  const objectError = asObjects.evidence.find((item) => item.variant === 'one-call')?.error
  const fromTurns = chosen
    ? { ...chosen, evidence, reason: withArguments(chosen.reason, chosen.argumentsAs ?? 'object', objectError) }
    : null
  if (fromTurns?.confidence === 'high') return fromTurns
  const turns = fromTurns
    ? `The turns read only loosely, as ${fromTurns.format}: ${fromTurns.reason}`
    : noReadingReason({
        turns: [asObjects, asStrings].map(oneCallTurn),
        inside: [...asObjects.inside, ...asStrings.inside],
        toolName: ONE_CALL[0]?.name ?? '',
      })
  // Calls rendered in a format none of ours reads are what the model writes: the prompt's markers
  // decide only when the turns show no call at all, or read it only loosely.
  const shown = [asObjects, asStrings].some((a) => oneCallTurn(a).span.includes(ONE_CALL[0]?.name ?? ''))
  const named = fromTurns || !shown ? formatsNamedByPrompt(renderer, formats) : []
  const asked = named[0]
  if (!asked || named.some((entry) => entry.format === fromTurns?.format)) return fromTurns ?? noAnswer(evidence, turns)
  const alike = named.filter(
    (entry) => entry !== asked && entry.claimed === asked.claimed && sameOpeners(entry.openers, asked.openers),
  )
  return {
    format: asked.format,
    confidence: 'low',
    sameReading: alike.map((entry) => entry.format),
    argumentsAs: null,
    evidence,
    reason: promptReason(turns, asked, alike),
  }
}

function attempt(
  renderer: ProbeRenderer,
  argumentsAs: ArgumentsAs,
  formats: readonly string[],
  model?: string,
): Attempt {
  const history = [userMessage()]
  const rendered: RenderedVariant[] = []
  const evidence: VariantEvidence[] = []
  const none = { argumentsAs, evidence, result: null, exact: false, inside: [] }
  for (const [variant, planted] of VARIANTS) {
    const text = planted.length === 0 ? PROBE_REPLY_TEXT : ''
    const turn = renderer.turn(history, assistantMessage(planted, argumentsAs, { text }), PROBE_TOOLS)
    if (!turn.ok) {
      evidence.push({ variant, argumentsAs, rendered: '', assistantSpan: '', readers: [], error: turn.error })
      if (!renderer.render(history, PROBE_TOOLS).ok) return { ...none, fatal: turn.error }
      continue
    }
    rendered.push({ variant, planted, span: turn.span })
    evidence.push({ variant, argumentsAs, rendered: turn.rendered, assistantSpan: turn.span, readers: [] })
  }
  if (!rendered.some((v) => v.variant === 'one-call')) return none
  const ranking = rankReaders(rendered, PROBE_TOOLS, formats, model)
  const best = ranking.candidates[0]
  for (const item of evidence) {
    item.readers = ranking.readings.get(item.variant) ?? []
    const reading = best?.readings.get(item.variant)
    if (reading) item.readAs = reading
  }
  if (!best) return { ...none, inside: ranking.inside }
  const sameReading = sameReadingAs(best, ranking.candidates)
  const hinted = formatsForModel(model).includes(best.format)
  return {
    ...none,
    exact: best.exact,
    result: {
      format: best.format,
      confidence: best.exact && best.complete && (best.marked || best.writesAlike) ? 'high' : 'low',
      sameReading,
      argumentsAs,
      evidence,
      reason: readerReason(best, ranking, sameReading, hinted),
    },
  }
}

/** The attempt with the surer answer: high confidence, then arguments read exactly; objects on a tie. */
function better(objects: Attempt, strings: Attempt): Attempt {
  const score = (a: Attempt) => (a.result ? 1 + (a.result.confidence === 'high' ? 2 : 0) + (a.exact ? 1 : 0) : 0)
  return score(strings) > score(objects) ? strings : objects
}

function oneCallTurn(attempt: Attempt): { span: string; error?: TemplateError; readers: FormatReading[] } {
  const item = attempt.evidence.find((entry) => entry.variant === 'one-call')
  return {
    span: item?.assistantSpan ?? '',
    readers: item?.readers ?? [],
    ...(item?.error ? { error: item.error } : {}),
  }
}

function sameOpeners(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((opener) => b.includes(opener))
}

function noAnswer(evidence: VariantEvidence[], reason: string): Inferred {
  return { format: null, confidence: 'low', sameReading: [], argumentsAs: null, evidence, reason }
}
