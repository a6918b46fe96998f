/**
 * The run the results show: its outcomes, read from the database when it is chosen and added to
 * while it runs. Outcomes that arrive during a run are added a few at a time, so ten thousand
 * replies do not sum the metrics up ten thousand times.
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import type { CaseOutcome } from '../../core/eval'
import type { EvalRunRecord } from '../../persistence/eval-runs'
import type { RunHistoryReturn } from './run-history'

/** How long arriving outcomes wait to be added together. */
export const APPEND_DELAY_MS = 150

/** What useSelectedRun returns. */
export interface SelectedRunReturn {
  runId: Ref<string | null>
  /** The chosen run's record; undefined when none is chosen (or it was deleted). */
  run: ComputedRef<EvalRunRecord | undefined>
  outcomes: ShallowRef<readonly CaseOutcome[]>
  /** The keys of the outcomes (resuming skips them). */
  keys(): ReadonlySet<string>
  loading: Ref<boolean>
  /** Shows a kept run (null: none); a later choice wins over one still loading. */
  select(runId: string | null): Promise<void>
  /** Shows a run that starts now, with no outcome yet. */
  startShowing(runId: string): void
  /** Adds an outcome of the shown run (soon, with others that arrive meanwhile). */
  append(key: string, outcome: CaseOutcome): void
  /** Adds what is waiting now. */
  flush(): void
}

/** The shown run, over the kept runs of `history`. */
export function useSelectedRun(history: Pick<RunHistoryReturn, 'runs' | 'outcomesOf'>): SelectedRunReturn {
  const runId = ref<string | null>(null)
  const run = computed(() => history.runs.value.find((r) => r.id === runId.value))
  const outcomes = shallowRef<readonly CaseOutcome[]>([])
  const loading = ref(false)
  let keys = new Set<string>()
  let pending: [string, CaseOutcome][] = []
  let timer: ReturnType<typeof setTimeout> | null = null
  let generation = 0

  function reset(id: string | null): number {
    loading.value = false
    if (timer) clearTimeout(timer)
    timer = null
    pending = []
    keys = new Set()
    runId.value = id
    outcomes.value = []
    return ++generation
  }

  async function select(id: string | null): Promise<void> {
    const mine = reset(id)
    if (id === null) return
    loading.value = true
    const kept = await history.outcomesOf(id)
    if (mine !== generation) return
    // Outcomes of a run still going that arrived while it loaded: those it read are not added twice.
    const read = new Set(kept.map((k) => k.key))
    pending = pending.filter(([key]) => !read.has(key))
    for (const key of read) keys.add(key)
    outcomes.value = kept.map((k) => k.outcome)
    loading.value = false
    flush()
  }

  function flush(): void {
    if (timer) clearTimeout(timer)
    timer = null
    // While a run loads, arrivals wait: the outcomes read replace what is shown.
    if (pending.length === 0 || loading.value) return
    outcomes.value = [...outcomes.value, ...pending.map(([, outcome]) => outcome)]
    pending = []
  }

  function append(key: string, outcome: CaseOutcome): void {
    if (keys.has(key)) return
    keys.add(key)
    pending.push([key, outcome])
    timer ??= setTimeout(flush, APPEND_DELAY_MS)
  }

  return {
    runId,
    run,
    outcomes,
    keys: () => keys,
    loading,
    select,
    startShowing: (id) => void reset(id),
    append,
    flush,
  }
}
