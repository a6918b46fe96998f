import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { createPinia, setActivePinia } from 'pinia'
import { openEvalRunStore, EVAL_DB_NAME, type EvalRunStore } from '../../src/persistence/eval-runs'
import { useEvalStore } from '../../src/stores/eval'
import { SAMPLE_SUITE } from '../../src/components/eval/sample-suite'
import { fixtureFile, outcome, runRecord } from './eval-fixtures'

const global = globalThis as { indexedDB?: IDBFactory }

/** A database with two kept runs: `older` (a stopped live run, one pass one fail) and `newer`. */
async function keptRuns(): Promise<void> {
  const opened = await openEvalRunStore()
  if (!opened.ok) throw new Error(opened.reason)
  const db: EvalRunStore = opened.store
  await db.putRun(runRecord('older', 1, { status: 'stopped', outcomeCount: 2 }))
  await db.putOutcome('older', 'k1', outcome('a', true))
  await db.putOutcome('older', 'k2', outcome('b', false))
  await db.putRun(runRecord('newer', 2, { outcomeCount: 2 }))
  await db.putOutcome('newer', 'k1', outcome('a', false))
  await db.putOutcome('newer', 'k2', outcome('b', true, { protocol: 'hermes' }))
  db.close()
}

describe('the Eval store', () => {
  beforeEach(() => {
    global.indexedDB = new IDBFactory()
    setActivePinia(createPinia())
  })
  afterEach(() => {
    delete global.indexedDB
  })

  it('shows the newest kept run at once, summed up, with its matrix', async () => {
    await keptRuns()
    const store = useEvalStore()
    await store.ready
    expect(store.runs.map((r) => r.id)).toEqual(['newer', 'older'])
    expect(store.shownRunId).toBe('newer')
    expect(store.outcomes).toHaveLength(2)
    expect(store.summary.overall).toEqual({ passed: 1, total: 2 })
    expect(store.matrix.cells).toEqual([
      { model: 'eval-right', protocol: 'vcp', passed: 0, total: 1 },
      { model: 'eval-right', protocol: 'hermes', passed: 1, total: 1 },
    ])
    expect(store.canResume).toBe(false)
    await store.showRun('older')
    expect(store.canResume).toBe(true)
  })

  it('filters the case table by a cell (a second click shows all), afresh for each run shown', async () => {
    await keptRuns()
    const store = useEvalStore()
    await store.ready
    store.filterByCell({ model: 'eval-right', protocol: 'hermes' })
    expect(store.shownOutcomes.map((o) => o.id)).toEqual(['b'])
    store.filterByCell({ model: 'eval-right', protocol: 'hermes' })
    expect(store.shownOutcomes).toHaveLength(2)
    store.filter.failuresOnly = true
    expect(store.shownOutcomes.map((o) => o.id)).toEqual(['a'])
    await store.showRun('older')
    expect(store.filter).toEqual({ place: null, failuresOnly: false })
  })

  it('compares the run shown with an earlier one, and forgets the comparison when another run is shown', async () => {
    await keptRuns()
    const store = useEvalStore()
    await store.ready
    await store.compareWith('older')
    // Each run asked one model; the newer one asked in two protocols, so the protocol stays in the key.
    expect(store.comparison?.counts).toMatchObject({ regression: 1, added: 1, removed: 1 })
    expect(store.comparison?.rows[0]).toMatchObject({ id: 'a', change: 'regression' })
    await store.showRun('older')
    expect(store.compareBeforeId).toBeNull()
    expect(store.comparison).toBeNull()
  })

  it('deletes a run with its outcomes; the results show none until another is chosen', async () => {
    await keptRuns()
    const store = useEvalStore()
    await store.ready
    await store.deleteRun('newer')
    expect(store.runs.map((r) => r.id)).toEqual(['older'])
    expect(store.shownRunId).toBeNull()
    expect(store.outcomes).toEqual([])
    setActivePinia(createPinia())
    const reloaded = useEvalStore()
    await reloaded.ready
    expect(reloaded.runs.map((r) => r.id)).toEqual(['older'])
  })

  it('says which kept records could not be read', async () => {
    await keptRuns()
    const request = indexedDB.open(EVAL_DB_NAME)
    await new Promise<void>((resolve) => {
      request.onsuccess = () => {
        const tx = request.result.transaction('runs', 'readwrite')
        tx.objectStore('runs').put({ id: 'broken', label: 3 })
        tx.oncomplete = () => resolve(request.result.close())
      }
    })
    const store = useEvalStore()
    await store.ready
    expect(store.unreadable.map((u) => [u.where, u.problem])).toEqual([['run broken', 'no label']])
    store.dismissUnreadable()
    expect(store.unreadable).toEqual([])
  })

  it('works in memory when IndexedDB cannot be used, and says so', async () => {
    delete global.indexedDB
    const store = useEvalStore()
    await store.ready
    expect(store.storageProblem).toBe('this browser offers no IndexedDB')
    await store.readSuiteFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
    await store.scoreOffline(fixtureFile('results-raw.jsonl'), 'auto')
    expect(store.runs.map((r) => r.label)).toEqual(['results-raw.jsonl'])
    expect(store.outcomes).toHaveLength(15)
  })

  it('adds a case from elsewhere to the loaded suite', async () => {
    const store = useEvalStore()
    store.useCases(SAMPLE_SUITE, 'sample')
    const id = store.addCase({ ...SAMPLE_SUITE[0]!, id: 'from-the-chat' })
    expect(id).toBe('from-the-chat')
    expect(store.caseById.get('from-the-chat')?.category).toBe('simple')
    expect(store.cases).toHaveLength(SAMPLE_SUITE.length + 1)
  })
})
