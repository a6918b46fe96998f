/**
 * The conformance runs kept across reloads, as the tab lists them: the newest {@link MAX_KEPT_RUNS}
 * with their wire captures (a capture past {@link MAX_CAPTURE_CHARS} keeps only its checks). When
 * IndexedDB cannot be opened or refuses a write, the tab goes on with runs in memory and says so.
 */
import { markRaw, ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import type { WireExchange } from '../../core/conformance'
import {
  openConformanceRunStore,
  type ConformanceRunRecord,
  type ConformanceRunStore,
  type OpenConformanceRunsOptions,
  type UnreadableRecord,
} from '../../persistence/conformance-runs'
import { createMemoryConformanceRunStore } from './memory-run-store'

/** How many runs are kept; the oldest go first. */
export const MAX_KEPT_RUNS = 20
/** The largest capture a run keeps, in characters of its JSON (about a byte each). */
export const MAX_CAPTURE_CHARS = 4_000_000

/** What useConformanceHistory returns. */
export interface ConformanceHistoryReturn {
  /** Every kept run, newest first. */
  runs: ShallowRef<readonly ConformanceRunRecord[]>
  /** Stored records that could not be read (and were removed), for the notice and its download. */
  unreadable: ShallowRef<readonly UnreadableRecord[]>
  /** Why runs are not kept across reloads; null while they are. */
  storageProblem: Ref<string | null>
  /** Reads the list of runs again. */
  refresh(): Promise<void>
  /**
   * Keeps a run and its capture (left out when too large: the record says so), then drops the
   * runs past the limit. Returns the record as kept.
   */
  saveRun(run: ConformanceRunRecord, exchanges: readonly WireExchange[]): Promise<ConformanceRunRecord>
  /** A run's exchanges as kept (not reactive); null when none are. */
  captureOf(runId: string): Promise<readonly WireExchange[] | null>
  deleteRun(runId: string): Promise<void>
  dismissUnreadable(): void
}

/** The kept runs; `options` choose the database (tests pass fake-indexeddb's factory). */
export function useConformanceHistory(options: OpenConformanceRunsOptions = {}): ConformanceHistoryReturn {
  const runs = shallowRef<readonly ConformanceRunRecord[]>([])
  const unreadable = shallowRef<readonly UnreadableRecord[]>([])
  const storageProblem = ref<string | null>(null)
  const opened: Promise<ConformanceRunStore> = openConformanceRunStore(options).then((result) => {
    if (result.ok) return result.store
    storageProblem.value = result.reason
    return createMemoryConformanceRunStore()
  })

  let fallback: ConformanceRunStore | null = null
  async function withStore<T>(work: (store: ConformanceRunStore) => Promise<T>): Promise<T> {
    if (fallback) return work(fallback)
    try {
      return await work(await opened)
    } catch (error) {
      storageProblem.value = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      // What the database still holds is copied over, so nothing listed is lost.
      const memory = createMemoryConformanceRunStore()
      for (const run of runs.value) await memory.putRun(run, await readCapture(run.id).catch(() => null))
      fallback = memory
      return work(memory)
    }
  }

  async function readCapture(runId: string): Promise<WireExchange[] | null> {
    const read = await (await opened).captureOf(runId)
    addUnreadable(read.unreadable)
    return read.exchanges
  }

  function addUnreadable(found: readonly UnreadableRecord[]): void {
    if (found.length > 0) unreadable.value = [...unreadable.value, ...found]
  }

  async function refresh(): Promise<void> {
    const listed = await withStore((store) => store.listRuns())
    runs.value = listed.runs
    addUnreadable(listed.unreadable)
  }

  async function saveRun(run: ConformanceRunRecord, exchanges: readonly WireExchange[]): Promise<ConformanceRunRecord> {
    const fits = captureSize(exchanges) <= MAX_CAPTURE_CHARS
    const kept = { ...run, captureDropped: !fits }
    runs.value = [kept, ...runs.value.filter((r) => r.id !== run.id)].sort((a, b) => b.createdAt - a.createdAt)
    await withStore((store) => store.putRun(kept, fits ? exchanges : null))
    const extra = runs.value.slice(MAX_KEPT_RUNS)
    for (const old of extra) await deleteRun(old.id)
    return kept
  }

  async function captureOf(runId: string): Promise<readonly WireExchange[] | null> {
    const read = await withStore((store) => store.captureOf(runId))
    addUnreadable(read.unreadable)
    return read.exchanges ? markRaw(read.exchanges) : null
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
    captureOf,
    deleteRun,
    dismissUnreadable: () => (unreadable.value = []),
  }
}

/** The size of a capture as JSON, in characters; past the limit it counts as too large. */
function captureSize(exchanges: readonly WireExchange[]): number {
  let size = 0
  for (const exchange of exchanges) {
    size += JSON.stringify(exchange).length
    if (size > MAX_CAPTURE_CHARS) break
  }
  return size
}
