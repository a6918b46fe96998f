/**
 * The Executor's saved calls: calls kept under a name in named collections, across reloads. They
 * are the lasting place for calls (the run history keeps only the last few runs). Every change is
 * saved at once; a collection file is exported from them and imported into them.
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import {
  findClashes,
  mergeCollections,
  readCollectionFile,
  writeCollectionFile,
  type CallCollection,
  type ClashMode,
  type CollectionProblem,
  type MergeResult,
  type NameClash,
} from '../../core/collections'
import { keepSavedCallsText, loadSavedCalls, type SavedCallsNotice } from '../../persistence/executor-saved-calls'
import { watchSaving, type SaveFailure } from '../../persistence/saving'
import { useSavedCallEdits, type SavedCallEditsReturn } from './saved-call-edits'
import type { MessageRef } from '../../core'

export { DEFAULT_COLLECTION, type SaveOutcome } from './saved-call-edits'

/** An import file read: refused (with the reason, or every bad entry), or ready with the clashing names. */
export type ImportCheck =
  | { ok: false; reason: string; reasonRef?: MessageRef; problems: CollectionProblem[] }
  | { ok: true; collections: CallCollection[]; clashes: NameClash[] }

/** What {@link useSavedCalls} returns (named as the executor store offers them). */
export interface SavedCallsReturn extends SavedCallEditsReturn {
  /** Every collection, in the order made, each call in the order saved. */
  savedCollections: Ref<CallCollection[]>
  /** What was wrong with the saved calls at start (null when nothing was, or once dismissed). */
  savedNotice: ShallowRef<SavedCallsNotice | null>
  /** True while saving fails (the calls live until the page closes). */
  savedNotSaved: ComputedRef<boolean>
  /** Why the last save failed: the browser refused, or the calls cannot be written; null once a save succeeds. */
  savedSaveFailure: ShallowRef<SaveFailure | null>
  /** The export file of one collection, or of all when `name` is omitted. */
  exportCollections(name?: string): string
  /** Reads an import file: any bad entry refuses the whole file; else the names already taken. */
  checkImport(text: string): ImportCheck
  /** Brings checked collections in; a taken name is renamed or replaced as `mode` says. */
  applyImport(collections: readonly CallCollection[], mode: ClashMode): MergeResult
  dismissSavedNotice(): void
}

/** The saved calls, read from and saved to localStorage. */
export function useSavedCalls(): SavedCallsReturn {
  const loaded = loadSavedCalls()
  const collections = ref<CallCollection[]>(loaded.collections)
  const notice = shallowRef(loaded.notice)
  const saveFailure = shallowRef<SaveFailure | null>(null)
  watchSaving(
    () => writeCollectionFile(collections.value),
    (text) => keepSavedCallsText(text),
    (failure) => (saveFailure.value = failure),
  )

  function exportCollections(name?: string): string {
    if (name === undefined) return writeCollectionFile(collections.value)
    return writeCollectionFile(collections.value.find((c) => c.name === name) ?? { name, calls: [] })
  }

  function checkImport(text: string): ImportCheck {
    const reading = readCollectionFile(text)
    if (!reading.ok) return { ok: false, reason: reading.reason, reasonRef: reading.reasonRef, problems: [] }
    if (reading.problems.length > 0) return { ok: false, reason: '', problems: reading.problems }
    return { ok: true, collections: reading.collections, clashes: findClashes(collections.value, reading.collections) }
  }

  function applyImport(incoming: readonly CallCollection[], mode: ClashMode): MergeResult {
    const merged = mergeCollections(collections.value, incoming, mode)
    collections.value = merged.collections
    return merged
  }

  return {
    savedCollections: collections,
    savedNotice: notice,
    savedNotSaved: computed(() => saveFailure.value !== null),
    savedSaveFailure: saveFailure,
    ...useSavedCallEdits(collections),
    exportCollections,
    checkImport,
    applyImport,
    dismissSavedNotice: () => (notice.value = null),
  }
}
