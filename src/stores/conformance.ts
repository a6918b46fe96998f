/**
 * The Conformance tab: which servers to probe and how, the run going on, the reports shown (one
 * card per server), the runs kept in IndexedDB with their wire captures, a capture imported and
 * checked again offline, and two kept runs compared. Each concern is a piece in `conformance/`.
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { useChatStore } from './chat'
import { askableProfiles } from './eval/targets'
import { useCaptureImport } from './conformance/capture-import'
import { useComparison } from './conformance/comparison'
import { useConformanceRuns } from './conformance/live-runs'
import { useConformanceHistory } from './conformance/run-history'
import { useConformanceSettings } from './conformance/settings'
import { useShownReports, type ShownReport } from './conformance/shown-reports'

export type { ComparisonRow } from './conformance/comparison'
export type { ConformanceRunProblem, ServerProgress } from './conformance/live-runs'
export type { ShownReport } from './conformance/shown-reports'
export type { ConformanceSettings, TargetChoice } from './conformance/settings'
export { MAX_CONCURRENCY, MAX_REPEAT, MAX_TIMEOUT_SECONDS } from './conformance/settings'
export { MAX_CAPTURE_CHARS, MAX_KEPT_RUNS } from './conformance/run-history'

/**
 * The Conformance tab's store. State: the saved settings, the kept runs, the reports shown, the run
 * going on, the last import and the comparison. Actions: startRun, stopRun, openRun, openBatch,
 * hideReport, deleteRun, importCapture, compare. `ready` resolves once the kept runs are listed and
 * the newest run's reports are shown.
 */
export const useConformanceStore = defineStore('conformance', () => {
  const settings = useConformanceSettings()
  const chat = useChatStore()
  const profiles = computed(() => askableProfiles(chat.profiles))
  const history = useConformanceHistory()
  const shown = useShownReports(history)
  const comparison = useComparison(history)

  /** A run of two servers compares them; a run of one compares it with the run kept before it. */
  function compareFresh(reports: readonly ShownReport[]): void {
    const [first, second] = reports
    if (!first) return
    const before = history.runs.value.find((r) => r.id !== first.run.id && r.batchId !== first.run.batchId)
    comparison.choose(first.run.id, second?.run.id ?? before?.id ?? null)
  }

  const runs = useConformanceRuns({
    settings,
    profiles: () => chat.profiles,
    history,
    shown,
    onDone: compareFresh,
  })
  const imports = useCaptureImport({ history, shown, onDone: (report) => compareFresh([report]) })

  async function deleteRun(runId: string): Promise<void> {
    shown.hide(runId)
    if (comparison.leftId.value === runId) comparison.leftId.value = null
    if (comparison.rightId.value === runId) comparison.rightId.value = null
    await history.deleteRun(runId)
  }

  // The kept runs are read once; the newest run's servers are shown and compared.
  const ready = history.refresh().then(async () => {
    const newest = history.runs.value[0]
    if (!newest || shown.shown.value.length > 0) return
    await shown.openBatch(newest.batchId)
    compareFresh(shown.shown.value)
  })

  return {
    settings,
    profiles,
    // Kept runs.
    runs: history.runs,
    unreadable: history.unreadable,
    storageProblem: history.storageProblem,
    dismissUnreadable: history.dismissUnreadable,
    deleteRun,
    // The reports shown.
    shown: shown.shown,
    loadingReports: shown.loading,
    openRun: shown.open,
    openBatch: shown.openBatch,
    hideReport: shown.hide,
    // The run.
    running: runs.running,
    progress: runs.progress,
    runProblem: runs.problem,
    startRun: runs.start,
    stopRun: runs.stop,
    // A capture imported.
    importing: imports.importing,
    importLineErrors: imports.lineErrors,
    importFailure: imports.failure,
    importCapture: imports.importCapture,
    // The comparison.
    compareLeftId: comparison.leftId,
    compareRightId: comparison.rightId,
    compareLeft: comparison.left,
    compareRight: comparison.right,
    comparisonRows: comparison.rows,
    differingRows: comparison.differing,
    compare: comparison.choose,
    ready,
  }
})
