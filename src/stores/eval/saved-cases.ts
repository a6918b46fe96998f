/**
 * The saved cases: cases made from replies (a Parser reply, a chat round), kept in IndexedDB beside
 * the runs and read back on every load, so they outlive the page. They are a suite of their own
 * ("Saved cases") the user can load; a case saved while another suite is loaded joins that suite
 * too, so it can be run at once. The list here is the page's truth; the database follows it.
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import type { EvalCase } from '../../core/eval'
import type { RunHistoryReturn } from './run-history'
import type { SuiteStateReturn } from './suite-state'

/** The name the saved cases go by as a suite (runs of them keep it as their suite's name). */
export const SAVED_CASES_SUITE = 'Saved cases'

/** What useSavedCases works with: the suite shown, and the database through the run history. */
export interface SavedCasesOptions {
  suite: Pick<SuiteStateReturn, 'cases' | 'caseById' | 'reading' | 'readFiles' | 'useCases' | 'addCase'>
  history: Pick<RunHistoryReturn, 'withStore' | 'addUnreadable'>
  /** Epoch milliseconds now. @default Date.now */
  now?: () => number
}

/** What useSavedCases returns. */
export interface SavedCasesReturn {
  /** The saved cases, oldest first. */
  cases: ShallowRef<readonly EvalCase[]>
  ids: ComputedRef<ReadonlySet<string>>
  /** Whether the suite shown is the saved cases: set by `load`, cleared when another suite is loaded. */
  shown: Ref<boolean>
  /** Resolves once the kept cases are read; unreadable ones go to the history's notice. Never rejects. */
  ready: Promise<void>
  /**
   * Keeps a case, under its id or, when the id is taken (by a saved case or by the suite shown),
   * the id with `-2`, `-3`, ... appended; returns the id it got. The case shows in the suite shown
   * (which becomes the saved cases when no suite is loaded).
   */
  addCase(testCase: EvalCase): string
  /** Shows the saved cases as the suite. */
  load(): void
  /** Deletes a saved case (from the suite shown too, when it is the saved cases). */
  remove(id: string): Promise<void>
  /** The suite's own `readFiles` and `useCases`: the suite they load is not the saved cases. */
  readFiles: SuiteStateReturn['readFiles']
  useCases: SuiteStateReturn['useCases']
}

/** The saved cases, read from the database at once. */
export function useSavedCases({ suite, history, now = Date.now }: SavedCasesOptions): SavedCasesReturn {
  const cases = shallowRef<readonly EvalCase[]>([])
  const ids = computed(() => new Set(cases.value.map((c) => c.id)))
  const shown = ref(false)
  // Deleted before the list came: not brought back by it.
  const removedEarly = new Set<string>()
  // Saving times only go up, so two cases saved in one millisecond keep their order.
  let latest = 0

  const ready = history
    .withStore((store) => store.listSavedCases())
    .then((listed) => {
      history.addUnreadable(listed.unreadable)
      latest = listed.cases.reduce((max, r) => Math.max(max, r.savedAt), latest)
      const added = cases.value
      const addedIds = new Set(added.map((c) => c.id))
      const kept = listed.cases.map((r) => r.case).filter((c) => !addedIds.has(c.id) && !removedEarly.has(c.id))
      cases.value = [...kept, ...added]
      if (shown.value) load()
    })
    // Only memory failing too gets here: the page goes on with the cases saved from now on.
    .catch(() => undefined)

  function load(): void {
    suite.useCases(cases.value, SAVED_CASES_SUITE)
    shown.value = true
  }

  function freeId(wanted: string): string {
    const taken = (id: string) => ids.value.has(id) || suite.caseById.value.has(id)
    let id = wanted
    for (let n = 2; taken(id); n++) id = `${wanted}-${n}`
    return id
  }

  function addCase(testCase: EvalCase): string {
    const id = freeId(testCase.id)
    // A plain copy: the case may come from reactive state, which IndexedDB cannot clone.
    const kept = JSON.parse(JSON.stringify({ ...testCase, id })) as EvalCase
    removedEarly.delete(id)
    cases.value = [...cases.value, kept]
    if (shown.value || (suite.cases.value.length === 0 && !suite.reading.value)) load()
    else suite.addCase(kept)
    latest = Math.max(now(), latest + 1)
    const record = { id, savedAt: latest, case: kept }
    void history.withStore((store) => store.putSavedCase(record)).catch(() => undefined)
    return id
  }

  async function remove(id: string): Promise<void> {
    removedEarly.add(id)
    cases.value = cases.value.filter((c) => c.id !== id)
    if (shown.value) load()
    await history.withStore((store) => store.deleteSavedCase(id))
  }

  return {
    cases,
    ids,
    shown,
    ready,
    addCase,
    load,
    remove,
    readFiles(questions, answers) {
      shown.value = false
      return suite.readFiles(questions, answers)
    },
    useCases(list, name) {
      shown.value = false
      suite.useCases(list, name)
    },
  }
}
