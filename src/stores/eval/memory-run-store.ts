/**
 * Runs (and saved cases) kept in memory only: what the lab uses when IndexedDB cannot be opened (a
 * private window that refuses it, a database of a newer version), so runs still work until the page closes.
 */
import type { EvalRunRecord, EvalRunStore, KeptOutcome, SavedCaseRecord } from '../../persistence/eval-runs'

/** An EvalRunStore in memory; values are copied in and out, as a database would. */
export function createMemoryEvalRunStore(): EvalRunStore {
  const runs = new Map<string, EvalRunRecord>()
  const outcomes = new Map<string, Map<string, KeptOutcome>>()
  const savedCases = new Map<string, SavedCaseRecord>()
  const copy = <T>(value: T): T => structuredClone(value)
  return {
    async listRuns() {
      const list = [...runs.values()].map(copy).sort((a, b) => b.createdAt - a.createdAt)
      return { runs: list, unreadable: [] }
    },
    async putRun(run) {
      runs.set(run.id, copy(run))
    },
    async putOutcome(runId, key, outcome) {
      let kept = outcomes.get(runId)
      if (!kept) outcomes.set(runId, (kept = new Map()))
      kept.set(key, { key, outcome: copy(outcome) })
    },
    async outcomesOf(runId) {
      const kept = [...(outcomes.get(runId)?.values() ?? [])].map(copy)
      return { outcomes: kept.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)), unreadable: [] }
    },
    async deleteRun(runId) {
      runs.delete(runId)
      outcomes.delete(runId)
    },
    async listSavedCases() {
      const list = [...savedCases.values()].map(copy).sort((a, b) => a.savedAt - b.savedAt)
      return { cases: list, unreadable: [] }
    },
    async putSavedCase(record) {
      savedCases.set(record.id, copy(record))
    },
    async deleteSavedCase(id) {
      savedCases.delete(id)
    },
    close: () => undefined,
  }
}
