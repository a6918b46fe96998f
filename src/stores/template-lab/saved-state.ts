/**
 * What the Template view keeps across reloads: which view of the Parser is open, the template (a
 * vendored one by its id, any other as its text), the conversation, the tools, the settings and
 * what the diff compares. Long texts are saved a moment after typing stops, and only while they fit.
 */
import { getCurrentScope, onScopeDispose, type Ref } from 'vue'
import { isRecord, persistedRef } from '../../persistence/persisted'
import { SAMPLE_CONVERSATIONS, prettyJson } from '../../template-lab/samples'
import type { ArgumentsShape } from '../../template-lab/lab-input'
import type { TemplateDialect } from '../../core/templates'

/**
 * The template: a vendored one, or a text pasted or loaded from a file (`name`: the file's, '' when
 * pasted; `editedFrom`: the vendored template's label it was edited from).
 */
export type TemplateSource = { kind: 'vendored'; id: string } | { kind: 'text'; name: string; editedFrom?: string }

/** Where the tools come from: the registry's tools as the chat offers them, a pasted list, or none at all. */
export type ToolsFrom = 'registry' | 'pasted' | 'none'

/** What the second render of a diff changes: the arguments' shape, the generation prompt, the template, the tools left out, or the dialect. */
export type CompareAgainst = 'arguments' | 'generation' | 'template' | 'tools' | 'dialect'

export interface TemplateLabState {
  /** The Parser's view: the reply parsed, or the Template view. */
  view: 'reply' | 'template'
  source: TemplateSource
  /** The template's text when it is not a vendored one unedited ('' when too long to save). */
  text: string
  specialTokens: string
  variables: string
  messages: string
  toolsFrom: ToolsFrom
  tools: string
  argumentsAs: ArgumentsShape
  addGenerationPrompt: boolean
  /** How the prompt is rendered: as transformers does, or as llama.cpp's engine does. */
  dialect: TemplateDialect
  compare: { against: CompareAgainst; templateId: string; layout: 'unified' | 'split' }
}

/** Longer texts stay in the editors but are not saved: localStorage is small. */
export const MAX_SAVED_TEXT = 200_000
const SAVE_DELAY_MS = 400

/** The special tokens the analyses assume unless told (Llama and Mistral tokenizers have these). */
export const DEFAULT_SPECIAL_TOKENS = '{\n  "bos_token": "<s>",\n  "eos_token": "</s>"\n}'

export function defaultLabState(): TemplateLabState {
  const sample = SAMPLE_CONVERSATIONS[0]
  return {
    view: 'reply',
    source: { kind: 'vendored', id: 'qwen3-0.6b' },
    text: '',
    specialTokens: DEFAULT_SPECIAL_TOKENS,
    variables: '{}',
    messages: prettyJson(sample?.messages ?? []),
    toolsFrom: 'pasted',
    tools: prettyJson(sample?.tools ?? []),
    argumentsAs: 'object',
    addGenerationPrompt: true,
    dialect: 'transformers',
    compare: { against: 'arguments', templateId: 'llama-3.1-8b-instruct', layout: 'unified' },
  }
}

const oneOf =
  <T extends string>(...values: T[]) =>
  (value: unknown): value is T =>
    values.includes(value as T)

function readSource(value: unknown): TemplateSource | null {
  if (!isRecord(value)) return null
  if (value.kind === 'vendored' && typeof value.id === 'string') return { kind: 'vendored', id: value.id }
  if (value.kind === 'text' && typeof value.name === 'string')
    return typeof value.editedFrom === 'string'
      ? { kind: 'text', name: value.name, editedFrom: value.editedFrom }
      : { kind: 'text', name: value.name }
  return null
}

/** Saved state with every field checked; a field of the wrong type takes its default and is named in `repairs`. */
export function checkLabState(data: unknown, repairs: string[]): TemplateLabState | null {
  if (!isRecord(data)) return null
  const fallback = defaultLabState()
  const pick = <T>(key: string, ok: (value: unknown) => value is T, otherwise: T): T => {
    const value = data[key]
    if (ok(value)) return value
    if (value !== undefined) repairs.push(`the Template view's ${key} had the wrong type and was reset`)
    return otherwise
  }
  const isString = (value: unknown): value is string => typeof value === 'string'
  const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
  const source = readSource(data.source)
  if (!source && data.source !== undefined) repairs.push("the Template view's source had the wrong type and was reset")
  const compare = isRecord(data.compare) ? data.compare : {}
  return {
    view: pick('view', oneOf('reply', 'template'), fallback.view),
    source: source ?? fallback.source,
    text: pick('text', isString, fallback.text),
    specialTokens: pick('specialTokens', isString, fallback.specialTokens),
    variables: pick('variables', isString, fallback.variables),
    messages: pick('messages', isString, fallback.messages),
    toolsFrom: pick('toolsFrom', oneOf('registry', 'pasted', 'none'), fallback.toolsFrom),
    tools: pick('tools', isString, fallback.tools),
    argumentsAs: pick('argumentsAs', oneOf('object', 'json-string'), fallback.argumentsAs),
    addGenerationPrompt: pick('addGenerationPrompt', isBoolean, fallback.addGenerationPrompt),
    dialect: pick('dialect', oneOf<TemplateDialect>('transformers', 'llama.cpp'), fallback.dialect),
    compare: {
      against: oneOf<CompareAgainst>('arguments', 'generation', 'template', 'tools', 'dialect')(compare.against)
        ? compare.against
        : fallback.compare.against,
      templateId: typeof compare.templateId === 'string' ? compare.templateId : fallback.compare.templateId,
      layout: compare.layout === 'split' ? 'split' : 'unified',
    },
  }
}

/** The view's state, restored from and saved to localStorage (`template-lab`, version 1). */
export function useSavedLabState(): Ref<TemplateLabState> {
  return persistedRef<TemplateLabState>('template-lab', 1, defaultLabState, checkLabState)
}

/**
 * Calls `save` a moment after the last call, so a long text is not written out on every keystroke.
 * A save still waiting when the scope is disposed is dropped.
 */
export function useDelayedSave(save: () => void): () => void {
  let pending: ReturnType<typeof setTimeout> | null = null
  if (getCurrentScope())
    onScopeDispose(() => {
      if (pending) clearTimeout(pending)
    })
  return () => {
    if (pending) clearTimeout(pending)
    pending = setTimeout(() => {
      pending = null
      save()
    }, SAVE_DELAY_MS)
  }
}
