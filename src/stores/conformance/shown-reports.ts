/**
 * The reports the tab shows, one card per server: those of the last run, or kept runs opened again
 * (their captures read back from the database). Reports and their exchanges are never made deeply
 * reactive: a capture holds thousands of chunks, and a card only reads it.
 */
import { markRaw, ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import type { ConformanceReport, WireExchange } from '../../core/conformance'
import type { ConformanceRunRecord } from '../../persistence/conformance-runs'
import type { ConformanceHistoryReturn } from './run-history'

/** A report shown: the run as kept and its report with the exchanges (empty when the capture is not kept). */
export interface ShownReport {
  run: ConformanceRunRecord
  report: ConformanceReport
}

/** What useShownReports returns. */
export interface ShownReportsReturn {
  shown: ShallowRef<readonly ShownReport[]>
  /** Whether a kept run is being read back. */
  loading: Ref<boolean>
  /** Shows these reports alone (a run just done, a capture just imported). */
  replace(reports: readonly ShownReport[]): void
  /** Shows a kept run too, first; its capture is read back. Nothing happens for a run shown already. */
  open(runId: string): Promise<void>
  /** Shows every run of a batch, in the order they were started. */
  openBatch(batchId: string): Promise<void>
  hide(runId: string): void
}

/** A shown report, frozen out of Vue's reach. */
export function shownReport(run: ConformanceRunRecord, exchanges: readonly WireExchange[]): ShownReport {
  return markRaw({ run, report: markRaw({ ...run.report, exchanges: markRaw([...exchanges]) }) })
}

export function useShownReports(history: Pick<ConformanceHistoryReturn, 'runs' | 'captureOf'>): ShownReportsReturn {
  const shown = shallowRef<readonly ShownReport[]>([])
  const loading = ref(false)

  async function read(run: ConformanceRunRecord): Promise<ShownReport> {
    return shownReport(run, (await history.captureOf(run.id)) ?? [])
  }

  async function open(runId: string): Promise<void> {
    const run = history.runs.value.find((r) => r.id === runId)
    if (!run || shown.value.some((s) => s.run.id === runId)) return
    loading.value = true
    try {
      const report = await read(run)
      shown.value = [report, ...shown.value.filter((s) => s.run.id !== runId)]
    } finally {
      loading.value = false
    }
  }

  async function openBatch(batchId: string): Promise<void> {
    const runs = history.runs.value.filter((r) => r.batchId === batchId).sort((a, b) => a.createdAt - b.createdAt)
    loading.value = true
    try {
      shown.value = await Promise.all(runs.map(read))
    } finally {
      loading.value = false
    }
  }

  return {
    shown,
    loading,
    replace: (reports) => (shown.value = [...reports]),
    open,
    openBatch,
    hide: (runId) => (shown.value = shown.value.filter((s) => s.run.id !== runId)),
  }
}
