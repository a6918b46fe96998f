/**
 * What the results show of a run's outcomes: accuracy per model and protocol (the matrix), and
 * the outcomes a click on a cell (and "failures only") leaves in the case table. An offline run's
 * outcomes have no model or protocol: its row is the file's name, its column the protocol the
 * replies were read with.
 */
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue'
import { LIVE_PROTOCOLS, summarize, type CaseOutcome, type EvalSummary } from '../../core/eval'
import type { EvalRunRecord } from '../../persistence/eval-runs'
import type { SelectedRunReturn } from './selected-run'

/** Where an outcome sits in the matrix. */
export interface MatrixPlace {
  model: string
  protocol: string
}

/** One cell: the outcomes of a model in a protocol, and how many passed. */
export interface MatrixCell extends MatrixPlace {
  passed: number
  total: number
}

/** Accuracy per model (rows) and protocol (columns); a cell with no outcome is absent. */
export interface AccuracyMatrix {
  models: string[]
  protocols: string[]
  cells: MatrixCell[]
}

/** Which outcomes the case table shows. */
export interface OutcomeFilter {
  /** Only this cell's outcomes; null: every cell. */
  place: MatrixPlace | null
  failuresOnly: boolean
}

/** The place of each outcome of `run`: its model and protocol, or for an offline run the file and how it was read. */
export function placeOf(run: EvalRunRecord | undefined): (outcome: CaseOutcome) => MatrixPlace {
  const model = run?.label ?? ''
  const protocol = run?.settings.protocols[0] ?? 'auto'
  return (outcome) => ({ model: outcome.model ?? model, protocol: outcome.protocol ?? protocol })
}

/**
 * The matrix of outcomes. Rows follow `modelOrder` (a live run's targets) and then the first
 * appearance; columns follow the lab's protocol order, others after it by name.
 */
export function accuracyMatrix(
  outcomes: readonly CaseOutcome[],
  place: (outcome: CaseOutcome) => MatrixPlace,
  modelOrder: readonly string[] = [],
): AccuracyMatrix {
  const cells = new Map<string, MatrixCell>()
  const models = new Set(modelOrder)
  const protocols = new Set<string>()
  const seenModels = new Set<string>()
  for (const outcome of outcomes) {
    const at = place(outcome)
    models.add(at.model)
    seenModels.add(at.model)
    protocols.add(at.protocol)
    const key = JSON.stringify([at.model, at.protocol])
    let cell = cells.get(key)
    if (!cell) cells.set(key, (cell = { ...at, passed: 0, total: 0 }))
    cell.total++
    if (outcome.valid) cell.passed++
  }
  const order = (p: string) => {
    const at = (LIVE_PROTOCOLS as readonly string[]).indexOf(p)
    return at === -1 ? LIVE_PROTOCOLS.length : at
  }
  return {
    models: [...models].filter((m) => seenModels.has(m)),
    protocols: [...protocols].sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0)),
    cells: [...cells.values()],
  }
}

/** The outcomes the filter leaves, in their order. */
export function filterOutcomes(
  outcomes: readonly CaseOutcome[],
  place: (outcome: CaseOutcome) => MatrixPlace,
  filter: OutcomeFilter,
): readonly CaseOutcome[] {
  if (!filter.place && !filter.failuresOnly) return outcomes
  return outcomes.filter((outcome) => {
    if (filter.failuresOnly && outcome.valid) return false
    if (!filter.place) return true
    const at = place(outcome)
    return at.model === filter.place.model && at.protocol === filter.place.protocol
  })
}

/** What useResultsView returns. */
export interface ResultsViewReturn {
  filter: Ref<OutcomeFilter>
  /** Where each outcome of the shown run sits in the matrix. */
  place: ComputedRef<(outcome: CaseOutcome) => MatrixPlace>
  summary: ComputedRef<EvalSummary>
  matrix: ComputedRef<AccuracyMatrix>
  /** The outcomes the filter leaves. */
  shownOutcomes: ComputedRef<readonly CaseOutcome[]>
  /** Shows only one cell's outcomes; the same cell again (or null) shows every cell's. */
  filterByCell(cell: MatrixPlace | null): void
}

/** The results of the shown run; the filter starts afresh for each run shown. */
export function useResultsView(shown: Pick<SelectedRunReturn, 'runId' | 'run' | 'outcomes'>): ResultsViewReturn {
  const filter = ref<OutcomeFilter>({ place: null, failuresOnly: false })
  watch(shown.runId, () => (filter.value = { place: null, failuresOnly: false }))
  const place = computed(() => placeOf(shown.run.value))
  const summary = computed(() => summarize(shown.outcomes.value))
  const matrix = computed(() =>
    accuracyMatrix(
      shown.outcomes.value,
      place.value,
      shown.run.value?.settings.targets.map((t) => t.label),
    ),
  )
  const shownOutcomes = computed(() => filterOutcomes(shown.outcomes.value, place.value, filter.value))

  function filterByCell(cell: MatrixPlace | null): void {
    const same = cell && filter.value.place?.model === cell.model && filter.value.place.protocol === cell.protocol
    filter.value = { ...filter.value, place: same ? null : cell }
  }

  return { filter, place, summary, matrix, shownOutcomes, filterByCell }
}
