/**
 * The Template view of the Parser: the chat template (vendored, pasted or from a file), the
 * conversation and tools it renders, the settings, and where they came from when the chat or the
 * Eval lab opened the view. The rendering itself is the view's (in workers); this store holds no
 * template code, so the chat and the Eval lab can open the view without loading it.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { VENDORED_TEMPLATES } from '../templates/catalog'
import { SAMPLE_CONVERSATIONS, prettyJson } from '../template-lab/samples'
import type { LabRenderInput } from '../template-lab/lab-input'
import { useRegistryToolDefinitions } from './template-lab/registry-tools'
import { useTemplateSource } from './template-lab/template-source'
import { DEFAULT_SPECIAL_TOKENS, MAX_SAVED_TEXT, useDelayedSave, useSavedLabState } from './template-lab/saved-state'

export type { CompareAgainst, TemplateSource, ToolsFrom } from './template-lab/saved-state'

/** Where a conversation handed to the view came from, and the endpoint that was asked, when known. */
export interface LabOrigin {
  kind: 'chat' | 'eval'
  /** The chat round (0-based), or the eval case's id. */
  round?: number
  caseId?: string
  model?: string
  /** The chat endpoint that was asked; the view asks to pick a template when it has none. */
  profile?: { id: string; name: string; template?: string }
}

/** A conversation for the view to render: from a chat round or an eval case. */
export interface LabHandoff {
  messages: unknown[]
  /** OpenAI tool definitions; null: the request offered none. */
  tools: unknown[] | null
  origin: LabOrigin
}

export const useTemplateLabStore = defineStore('templateLab', () => {
  const saved = useSavedLabState()
  const view = computed({
    get: () => saved.value.view,
    set: (value: 'reply' | 'template') => (saved.value.view = value),
  })
  const source = computed(() => saved.value.source)
  const { template, loading, loadProblem, vendored, edited, picked, pickVendored, useText } = useTemplateSource(saved)
  const messages = ref(saved.value.messages)
  const pastedTools = ref(saved.value.tools)
  const origin = shallowRef<LabOrigin | null>(null)
  const registryTools = useRegistryToolDefinitions()

  // Long texts are saved a moment after the last edit; a vendored template unedited is saved by its id.
  const saveTexts = useDelayedSave(() => {
    const fits = (text: string) => text.length <= MAX_SAVED_TEXT
    const text = saved.value.source.kind === 'vendored' && !edited.value ? '' : template.value
    saved.value.text = fits(text) ? text : ''
    if (fits(messages.value)) saved.value.messages = messages.value
    if (fits(pastedTools.value)) saved.value.tools = pastedTools.value
  })
  watch([template, messages, pastedTools], saveTexts)

  function loadSample(index: number): void {
    const sample = SAMPLE_CONVERSATIONS[index]
    if (!sample) return
    messages.value = prettyJson(sample.messages)
    pastedTools.value = prettyJson(sample.tools)
    saved.value.toolsFrom = 'pasted'
  }

  /** The special tokens a tokenizer_config.json gave, in the editor. */
  function useSpecialTokens(tokens: Record<string, unknown>): void {
    saved.value.specialTokens = Object.keys(tokens).length > 0 ? prettyJson(tokens) : DEFAULT_SPECIAL_TOKENS
  }

  /** Opens the view on a conversation from the chat or the Eval lab, with the endpoint's template when it has one. */
  function openWith(handoff: LabHandoff): void {
    messages.value = prettyJson(handoff.messages)
    if (handoff.tools) {
      pastedTools.value = prettyJson(handoff.tools)
      saved.value.toolsFrom = 'pasted'
    } else saved.value.toolsFrom = 'none'
    origin.value = handoff.origin
    picked.value = false
    const chosen = handoff.origin.profile?.template
    if (chosen && VENDORED_TEMPLATES.some((entry) => entry.id === chosen)) void pickVendored(chosen)
    view.value = 'template'
  }

  /** The tools as the template is given them: JSON text, or null for none. */
  const toolsText = computed(() =>
    saved.value.toolsFrom === 'none'
      ? null
      : saved.value.toolsFrom === 'registry'
        ? prettyJson(registryTools.value)
        : pastedTools.value,
  )

  /** Everything the render depends on. */
  const renderInput = computed<LabRenderInput>(() => ({
    template: template.value,
    messages: messages.value,
    tools: toolsText.value,
    argumentsAs: saved.value.argumentsAs,
    addGenerationPrompt: saved.value.addGenerationPrompt,
    specialTokens: saved.value.specialTokens,
    variables: saved.value.variables,
    dialect: saved.value.dialect,
  }))

  return {
    state: saved,
    view,
    source,
    template,
    loading,
    loadProblem,
    vendored,
    edited,
    messages,
    pastedTools,
    registryTools,
    toolsText,
    origin,
    picked,
    renderInput,
    pickVendored,
    useText,
    loadSample,
    useSpecialTokens,
    openWith,
  }
})
