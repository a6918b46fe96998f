/**
 * The runs kept in IndexedDB, as the lab lists them: opened once, read back with what could not be
 * read said in a notice, and written as runs go. When IndexedDB cannot be opened, or a write is
 * refused, the lab goes on with runs in memory and says so: a run is never lost to an exception.
 */
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import type { CaseOutcome } from '../../core/eval'
import {
  openEvalRunStore,
  type EvalRunRecord,
  type EvalRunStore,
  type KeptOutcome,
  type OpenEvalRunsOptions,
  type UnreadableRecord,
} from '../../persistence/eval-runs'
import { createMemoryEvalRunStore } from './memory-run-store'

/** What useRunHistory returns. */
export interface RunHistoryReturn {
  /** Every kept run, newest first. A run left `running` by a page that closed is listed as `stopped`. */
  runs: ShallowRef<readonly EvalRunRecord[]>
  /** Stored records that could not be read (and were removed), for the notice and its download. */
  unreadable: ShallowRef<readonly UnreadableRecord[]>
  /** Why runs are not kept across reloads (IndexedDB could not be opened, or refused a write); null while they are. */
  storageProblem: Ref<string | null>
  /** Reads the list of runs again. */
  refresh(): Promise<void>
  /** Adds or replaces a run, in the list and in the database. */
  saveRun(run: EvalRunRecord): Promise<void>
  saveOutcome(runId: string, key: string, outcome: CaseOutcome): Promise<void>
  /** A run's outcomes, in key order. */
  outcomesOf(runId: string): Promise<KeptOutcome[]>
  deleteRun(runId: string): Promise<void>
  /** Forgets the unreadable records (the notice was dismissed). */
  dismissUnreadable(): void
  /** Adds records found unreadable elsewhere in the database (saved cases) to the notice. */
  addUnreadable(found: readonly UnreadableRecord[]): void
  /**
   * Runs `work` on the database; when it fails, the lab goes on in memory (the reason in
   * `storageProblem`) and runs it there. Rejects only when the work fails in memory too.
   */
  withStore<T>(work: (store: EvalRunStore) => Promise<T>): Promise<T>
}

/** The kept runs; `open` chooses the database (tests pass fake-indexeddb's factory). */
export function useRunHistory(options: OpenEvalRunsOptions = {}): RunHistoryReturn {
  const runs = shallowRef<readonly EvalRunRecord[]>([])
  const unreadable = shallowRef<readonly UnreadableRecord[]>([])
  const storageProblem = ref<string | null>(null)
  const opened: Promise<EvalRunStore> = openEvalRunStore(options).then((result) => {
    if (result.ok) return result.store
    storageProblem.value = result.reason
    return createMemoryEvalRunStore()
  })

  /** Runs `work` on the store; a failure moves the lab to memory (with the reason) and runs it there. */
  let fallback: EvalRunStore | null = null
  async function withStore<T>(work: (store: EvalRunStore) => Promise<T>): Promise<T> {
    if (fallback) return work(fallback)
    try {
      return await work(await opened)
    } catch (error) {
      storageProblem.value = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      fallback = createMemoryEvalRunStore()
      for (const run of runs.value) await fallback.putRun(run)
      return work(fallback)
    }
  }

  async function refresh(): Promise<void> {
    const listed = await withStore((store) => store.listRuns())
    runs.value = listed.runs.map((run) => (run.status === 'running' ? { ...run, status: 'stopped' } : run))
    addUnreadable(listed.unreadable)
  }

  function addUnreadable(found: readonly UnreadableRecord[]): void {
    if (found.length > 0) unreadable.value = [...unreadable.value, ...found]
  }

  async function saveRun(run: EvalRunRecord): Promise<void> {
    const others = runs.value.filter((r) => r.id !== run.id)
    runs.value = [run, ...others].sort((a, b) => b.createdAt - a.createdAt)
    await withStore((store) => store.putRun(run))
  }

  async function outcomesOf(runId: string): Promise<KeptOutcome[]> {
    const read = await withStore((store) => store.outcomesOf(runId))
    addUnreadable(read.unreadable)
    return read.outcomes
  }

  async function deleteRun(runId: string): Promise<void> {
    runs.value = runs.value.filter((r) => r.id !== runId)
    await withStore((store) => store.deleteRun(runId))
  }

  return {
    runs,
    unreadable,
    storageProblem,
    refresh,
    saveRun,
    saveOutcome: (runId, key, outcome) => withStore((store) => store.putOutcome(runId, key, outcome)),
    outcomesOf,
    deleteRun,
    dismissUnreadable: () => (unreadable.value = []),
    addUnreadable,
    withStore,
  }
}
