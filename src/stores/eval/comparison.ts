/**
 * Two kept runs compared case by case. Runs usually differ in one thing (the model, or the
 * protocol): a case is matched across them by what they share, so a run of model B against a run
 * of model A pairs each case with itself rather than listing every case as added and removed.
 */
import { computed, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue'
import { compareRuns, type CaseOutcome, type RunComparison } from '../../core/eval'
import type { RunHistoryReturn } from './run-history'
import type { SelectedRunReturn } from './selected-run'

/** What the comparison set aside to match cases: the model, the protocol, both or neither. */
export interface ComparisonBasis {
  /** Each run asked one model (or was one file): the model is not part of a case's key. */
  ignoresModel: boolean
  /** Each run asked in one protocol: the protocol is not part of a case's key. */
  ignoresProtocol: boolean
}

/** The comparison and how cases were matched. */
export interface KeptRunComparison extends RunComparison {
  basis: ComparisonBasis
}

/**
 * Compares `after` with the earlier `before`. The model is set aside when each run has at most one
 * model (an offline run has none), the protocol likewise; everything else is compareRuns' own.
 */
export function compareKeptRuns(before: readonly CaseOutcome[], after: readonly CaseOutcome[]): KeptRunComparison {
  const oneOf = (outcomes: readonly CaseOutcome[], key: 'model' | 'protocol') =>
    new Set(outcomes.map((o) => o[key])).size <= 1
  const basis: ComparisonBasis = {
    ignoresModel: oneOf(before, 'model') && oneOf(after, 'model'),
    ignoresProtocol: oneOf(before, 'protocol') && oneOf(after, 'protocol'),
  }
  const aligned = (outcomes: readonly CaseOutcome[]) =>
    outcomes.map((o) => {
      const { model, protocol, ...rest } = o
      return {
        ...rest,
        ...(basis.ignoresModel || model === undefined ? {} : { model }),
        ...(basis.ignoresProtocol || protocol === undefined ? {} : { protocol }),
      }
    })
  return { ...compareRuns(aligned(before), aligned(after)), basis }
}

/** What useComparison returns. */
export interface ComparisonReturn {
  /** The earlier run the shown run is compared with; null: no comparison. */
  beforeId: Ref<string | null>
  loading: Ref<boolean>
  /** The comparison of the shown run's outcomes with the earlier run's; null without one. */
  comparison: ComputedRef<KeptRunComparison | null>
  /** Compares the shown run with a kept run (null: stops comparing). */
  compareWith(runId: string | null): Promise<void>
}

/** Comparison of the shown run with an earlier kept run, kept current as the shown run's outcomes change. */
export function useComparison(
  history: Pick<RunHistoryReturn, 'outcomesOf'>,
  shown: Pick<SelectedRunReturn, 'outcomes' | 'runId'>,
): ComparisonReturn {
  const beforeId = ref<string | null>(null)
  const before = shallowRef<readonly CaseOutcome[] | null>(null)
  const loading = ref(false)
  let generation = 0

  async function compareWith(runId: string | null): Promise<void> {
    const mine = ++generation
    beforeId.value = runId
    before.value = null
    loading.value = runId !== null
    if (runId === null) return
    const kept = await history.outcomesOf(runId)
    if (mine !== generation) return
    before.value = kept.map((k) => k.outcome)
    loading.value = false
  }
  // Another run shown: the earlier run chosen for the last one means nothing for it.
  watch(shown.runId, () => void compareWith(null))

  const comparison = computed(() => (before.value ? compareKeptRuns(before.value, shown.outcomes.value) : null))
  return { beforeId, loading, comparison, compareWith }
}
