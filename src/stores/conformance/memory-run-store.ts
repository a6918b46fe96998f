/**
 * Conformance runs kept in memory only: what the tab uses when IndexedDB cannot be opened or
 * refuses a write, so runs still work (and can be compared) until the page closes.
 */
import type { WireExchange } from '../../core/conformance'
import type { ConformanceRunRecord, ConformanceRunStore } from '../../persistence/conformance-runs'

/** A ConformanceRunStore in memory. Records are copied in and out; captures are kept as given (never changed). */
export function createMemoryConformanceRunStore(): ConformanceRunStore {
  const runs = new Map<string, ConformanceRunRecord>()
  const captures = new Map<string, readonly WireExchange[]>()
  return {
    async listRuns() {
      const list = [...runs.values()].map((run) => structuredClone(run)).sort((a, b) => b.createdAt - a.createdAt)
      return { runs: list, unreadable: [] }
    },
    async putRun(run, exchanges) {
      runs.set(run.id, structuredClone(run))
      if (exchanges === null) captures.delete(run.id)
      else captures.set(run.id, exchanges)
    },
    async captureOf(runId) {
      const kept = captures.get(runId)
      return { exchanges: kept ? [...kept] : null, unreadable: [] }
    },
    async deleteRun(runId) {
      runs.delete(runId)
      captures.delete(runId)
    },
    close: () => undefined,
  }
}
