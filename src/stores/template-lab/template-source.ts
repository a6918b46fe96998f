/**
 * The template the Template view renders: a vendored one (its text loaded on first use), or a text
 * pasted or loaded from a file. A vendored template edited in the view becomes a text of its own,
 * so what the editor holds is always what renders.
 */
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue'
import { loadVendoredTemplate, VENDORED_TEMPLATES, type VendoredTemplate } from '../../templates/catalog'
import type { TemplateLabState } from './saved-state'

export interface TemplateSourceReturn {
  /** The template's text, as the editor has it. */
  template: Ref<string>
  /** A vendored template's text is loading. */
  loading: Ref<boolean>
  /** Why the vendored template's text could not be loaded; null when nothing failed. */
  loadProblem: Ref<string | null>
  /** The vendored template chosen, when one is. */
  vendored: ComputedRef<VendoredTemplate | undefined>
  /** The vendored template's text was edited in the view. */
  edited: ComputedRef<boolean>
  /** A template was picked, pasted or loaded by the person (since `picked` was last set false). */
  picked: Ref<boolean>
  pickVendored(id: string): Promise<void>
  useText(text: string, name?: string): void
}

export function useTemplateSource(saved: Ref<TemplateLabState>): TemplateSourceReturn {
  const template = ref(saved.value.source.kind === 'text' ? saved.value.text : '')
  /** The vendored text as loaded: the editor's text differs from it once edited. */
  const loaded = ref<string | null>(null)
  const loading = ref(false)
  const loadProblem = ref<string | null>(null)
  const picked = ref(false)
  const vendored = computed<VendoredTemplate | undefined>(() => {
    const current = saved.value.source
    return current.kind === 'vendored' ? VENDORED_TEMPLATES.find((entry) => entry.id === current.id) : undefined
  })
  const edited = computed(
    () => saved.value.source.kind === 'vendored' && loaded.value !== null && loaded.value !== template.value,
  )

  let loads = 0
  /** Puts the vendored template `id` in the editor. */
  async function pickVendored(id: string): Promise<void> {
    const load = ++loads
    picked.value = true
    saved.value.source = { kind: 'vendored', id }
    loaded.value = null
    loading.value = true
    loadProblem.value = null
    try {
      const text = await loadVendoredTemplate(id)
      if (load !== loads) return
      loaded.value = text
      template.value = text
    } catch (error) {
      if (load === loads) loadProblem.value = error instanceof Error ? error.message : String(error)
    } finally {
      if (load === loads) loading.value = false
    }
  }

  /** Puts a pasted or loaded template in the editor; `name` is the file's ('' when pasted). */
  function useText(text: string, name = ''): void {
    loads++
    picked.value = true
    loading.value = false
    loadProblem.value = null
    loaded.value = null
    saved.value.source = { kind: 'text', name }
    template.value = text
  }

  watch(edited, (isEdited) => {
    if (!isEdited) return
    const label = vendored.value?.label ?? ''
    loaded.value = null
    saved.value.source = { kind: 'text', name: '', editedFrom: label }
  })

  if (saved.value.source.kind === 'vendored') {
    void pickVendored(saved.value.source.id)
    picked.value = false
  }
  return { template, loading, loadProblem, vendored, edited, picked, pickVendored, useText }
}
