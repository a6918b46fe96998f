/**
 * Each chat session's variables (the full results its cut replies point to): one store per session
 * for the life of the page, loaded from and saved to IndexedDB, and a version views watch.
 */
import { computed, ref, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type Ref } from 'vue'
import { createVariableStore, type VariableStore } from '../../core'
import { forgetSavedVariables, keepVariablesSaved } from '../../saved-chats/saved-variables'

/** What useSessionVariables returns. */
export interface SessionVariablesReturn {
  /** The session's variables; made (and its saved ones loaded) on first use. */
  variablesOf(sessionId: string): VariableStore
  /** Drops a deleted session's variables, here and in IndexedDB. */
  forgetVariables(sessionId: string): void
  /** The open session's variables; a new value after any change of theirs. */
  activeVariables: ComputedRef<VariableStore>
  /** Bumped when any session's variables change, for views that list them. */
  variablesVersion: Ref<number>
  /** Why a session's variables could not be read, saved or removed, if they could not. */
  variablesError: Ref<string | null>
}

/**
 * Variable stores by session. The open session's (`activeSessionId`) load at once, so its cut
 * results can be opened before anything runs.
 */
export function useSessionVariables(activeSessionId: MaybeRefOrGetter<string>): SessionVariablesReturn {
  const stores = new Map<string, VariableStore>()
  const stopSaving = new Map<string, () => void>()
  const variablesVersion = ref(0)
  const variablesError = ref<string | null>(null)

  function variablesOf(sessionId: string): VariableStore {
    let store = stores.get(sessionId)
    if (!store) {
      stores.set(sessionId, (store = createVariableStore()))
      store.subscribe(() => variablesVersion.value++)
      stopSaving.set(
        sessionId,
        keepVariablesSaved(sessionId, store, (message) => (variablesError.value = message)),
      )
    }
    return store
  }

  function forgetVariables(sessionId: string): void {
    stopSaving.get(sessionId)?.()
    stopSaving.delete(sessionId)
    stores.delete(sessionId)
    forgetSavedVariables(sessionId).catch(
      (error: unknown) =>
        (variablesError.value = `Saved variables of the deleted session could not be removed: ${error instanceof Error ? error.message : String(error)}`),
    )
  }

  watch(
    () => toValue(activeSessionId),
    (id) => variablesOf(id),
    { immediate: true },
  )
  const activeVariables = computed(() => {
    void variablesVersion.value
    return variablesOf(toValue(activeSessionId))
  })
  return { variablesOf, forgetVariables, activeVariables, variablesVersion, variablesError }
}
