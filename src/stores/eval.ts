/**
 * The Eval pane: the suite, live runs against the chat's endpoints, offline scoring of captured
 * replies, the runs kept in IndexedDB, the results of the run shown and its comparison with an
 * earlier one. Each concern is a piece in `eval/`; this store puts them together.
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { useChatStore } from './chat'
import { useComparison } from './eval/comparison'
import { useLiveRuns } from './eval/live-runs'
import { useOfflineRuns } from './eval/offline-runs'
import { useResultsView } from './eval/results-view'
import { useRunHistory } from './eval/run-history'
import { useEvalSettings } from './eval/run-settings'
import { useSavedCases, type SavedCasesReturn } from './eval/saved-cases'
import { useSelectedRun } from './eval/selected-run'
import { useSuiteState } from './eval/suite-state'
import { askableProfiles } from './eval/targets'

// The pieces' types and limits the pane's components use, from the store's one entry.
export type { LiveRunProblem } from './eval/live-runs'
export type { AccuracyMatrix, MatrixCell, MatrixPlace, OutcomeFilter } from './eval/results-view'
export type { KeptRunComparison } from './eval/comparison'
export type { EvalSettings, TargetChoice } from './eval/run-settings'
export { MAX_CONCURRENCY, MAX_REPEAT } from './eval/run-settings'
export { SAVED_CASES_SUITE } from './eval/saved-cases'

/** The store's members for the saved cases; the suite's loaders go through them (see useSavedCases). */
function savedCaseMembers(saved: SavedCasesReturn) {
  return {
    readSuiteFiles: saved.readFiles,
    useCases: saved.useCases,
    /**
     * Keeps a case (from a reply in the Parser or the chat) among the saved cases and in the loaded
     * suite; an id already taken gets `-2`, `-3`, ... appended. Returns the id it got.
     */
    addCase: saved.addCase,
    savedCases: saved.cases,
    /** Whether the suite loaded is the saved cases. */
    savedCasesShown: saved.shown,
    loadSavedCases: saved.load,
    deleteSavedCase: saved.remove,
  }
}

/**
 * The Eval pane's store. State: the saved settings, the suite, the saved cases, the kept runs and
 * the one shown (its outcomes, summary, matrix and filtered cases), the live and offline lanes, and
 * the comparison. Actions: readSuiteFiles, useCases, addCase, loadSavedCases, deleteSavedCase,
 * startRun, stopRun, resumeRun, scoreOffline, showRun, deleteRun, filterByCell, compareWith.
 * `ready` resolves once the kept runs and the saved cases are listed.
 */
export const useEvalStore = defineStore('eval', () => {
  const settings = useEvalSettings()
  const suite = useSuiteState()
  const history = useRunHistory()
  const selected = useSelectedRun(history)
  const chat = useChatStore()
  const profiles = computed(() => askableProfiles(chat.profiles))
  const live = useLiveRuns({ suite, settings, profiles: () => chat.profiles, history, selected })
  const offline = useOfflineRuns({ suite, history, selected })
  const comparison = useComparison(history, selected)
  const results = useResultsView(selected)
  const saved = useSavedCases({ suite, history })

  async function deleteRun(runId: string): Promise<void> {
    if (live.runningId.value === runId) return
    if (selected.runId.value === runId) await selected.select(null)
    if (comparison.beforeId.value === runId) await comparison.compareWith(null)
    await history.deleteRun(runId)
  }

  // The kept runs are read once; the newest is shown.
  const runsListed = history.refresh().then(() => {
    const newest = history.runs.value[0]
    if (newest && selected.runId.value === null) return selected.select(newest.id)
  })
  const ready = Promise.all([runsListed, saved.ready]).then(() => undefined)

  return {
    settings,
    profiles,
    // The suite.
    cases: suite.cases,
    caseById: suite.caseById,
    suiteName: suite.name,
    suiteErrors: suite.errors,
    suiteReading: suite.reading,
    suiteReadCount: suite.readCount,
    ...savedCaseMembers(saved),
    // Kept runs and the one shown.
    runs: history.runs,
    unreadable: history.unreadable,
    storageProblem: history.storageProblem,
    dismissUnreadable: history.dismissUnreadable,
    shownRunId: selected.runId,
    shownRun: selected.run,
    outcomes: selected.outcomes,
    loadingRun: selected.loading,
    showRun: selected.select,
    deleteRun,
    // The live lane.
    running: live.running,
    runningId: live.runningId,
    progress: live.progress,
    runProblem: live.problem,
    startRun: live.start,
    resumeRun: live.resume,
    canResume: live.canResume,
    stopRun: live.stop,
    // The offline lane.
    scoring: offline.scoring,
    scoredCount: offline.scoredCount,
    offlineProblems: offline.problems,
    scoreOffline: offline.score,
    // The results.
    filter: results.filter,
    place: results.place,
    summary: results.summary,
    matrix: results.matrix,
    shownOutcomes: results.shownOutcomes,
    filterByCell: results.filterByCell,
    compareBeforeId: comparison.beforeId,
    comparing: comparison.loading,
    comparison: comparison.comparison,
    compareWith: comparison.compareWith,
    ready,
  }
})
