import { beforeEach, describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import {
  checkOutcome,
  checkRunRecord,
  EVAL_DB_NAME,
  openEvalRunStore,
  type EvalRunStore,
} from '../../src/persistence/eval-runs'
import { outcome, runRecord, without } from '../stores/eval-fixtures'

let factory: IDBFactory
let store: EvalRunStore

async function open(): Promise<EvalRunStore> {
  const opened = await openEvalRunStore({ factory })
  if (!opened.ok) throw new Error(opened.reason)
  return opened.store
}

/** Writes a value straight into one of the database's object stores, as a broken profile or a hand edit might. */
async function putRaw(storeName: 'runs' | 'outcomes', value: unknown): Promise<void> {
  const request = factory.open(EVAL_DB_NAME)
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const tx = db.transaction(storeName, 'readwrite')
  tx.objectStore(storeName).put(value)
  await new Promise((resolve) => (tx.oncomplete = resolve))
  db.close()
}

beforeEach(async () => {
  factory = new IDBFactory()
  store = await open()
})

describe('eval runs in IndexedDB', () => {
  it('keeps runs (newest first) and their outcomes (in key order), across a reopen', async () => {
    await store.putRun(runRecord('a', 1))
    await store.putRun(runRecord('b', 2, { status: 'stopped' }))
    await store.putOutcome('a', 'k2', outcome('case_2', false))
    await store.putOutcome('a', 'k1', outcome('case_1', true))
    await store.putOutcome('b', 'k1', outcome('case_9', true))
    store.close()
    const again = await open()
    const listed = await again.listRuns()
    expect(listed.runs.map((r) => [r.id, r.status])).toEqual([
      ['b', 'stopped'],
      ['a', 'completed'],
    ])
    expect(listed.unreadable).toEqual([])
    const kept = await again.outcomesOf('a')
    expect(kept.outcomes.map((k) => [k.key, k.outcome.id, k.outcome.valid])).toEqual([
      ['k1', 'case_1', true],
      ['k2', 'case_2', false],
    ])
    expect(kept.outcomes[1]?.outcome).toEqual(outcome('case_2', false))
  })

  it('replaces an outcome kept under the same key, and deletes a run with its outcomes only', async () => {
    await store.putRun(runRecord('a', 1))
    await store.putRun(runRecord('b', 2))
    await store.putOutcome('a', 'k1', outcome('case_1', false))
    await store.putOutcome('a', 'k1', outcome('case_1', true))
    await store.putOutcome('b', 'k1', outcome('case_1', true))
    expect((await store.outcomesOf('a')).outcomes.map((k) => k.outcome.valid)).toEqual([true])
    await store.deleteRun('a')
    expect((await store.listRuns()).runs.map((r) => r.id)).toEqual(['b'])
    expect((await store.outcomesOf('a')).outcomes).toEqual([])
    expect((await store.outcomesOf('b')).outcomes).toHaveLength(1)
  })

  it('leaves an unreadable run out with the reason and its text, removes it with its outcomes, and says so once', async () => {
    await store.putRun(runRecord('good', 1))
    await putRaw('runs', { id: 'broken', label: 'x', createdAt: 2, status: 'paused', settings: {}, outcomeCount: 0 })
    await putRaw('outcomes', { runId: 'broken', key: 'k1', outcome: outcome('case_1', true) })
    const listed = await store.listRuns()
    expect(listed.runs.map((r) => r.id)).toEqual(['good'])
    expect(listed.unreadable).toHaveLength(1)
    expect(listed.unreadable[0]).toMatchObject({ where: 'run broken', problem: 'an unknown status "paused"' })
    expect(JSON.parse(listed.unreadable[0]?.raw ?? '')).toMatchObject({ id: 'broken', status: 'paused' })
    expect((await store.listRuns()).unreadable).toEqual([])
    expect((await store.outcomesOf('broken')).outcomes).toEqual([])
  })

  it('leaves an unreadable outcome out, naming its case and what is wrong; the others are kept', async () => {
    await store.putRun(runRecord('a', 1))
    await store.putOutcome('a', 'k1', outcome('case_1', true))
    await putRaw('outcomes', { runId: 'a', key: 'k2', outcome: { ...outcome('case_2', true), valid: 'yes' } })
    await putRaw('outcomes', { runId: 'a', key: 'k3', outcome: { ...outcome('case_3', true), latencyMs: 'fast' } })
    const read = await store.outcomesOf('a')
    expect(read.outcomes.map((k) => k.outcome.id)).toEqual(['case_1'])
    expect(read.unreadable.map((u) => u.problem)).toEqual([
      'case_2: no verdict',
      'case_3: a latencyMs that is not a number',
    ])
    expect((await store.outcomesOf('a')).unreadable).toEqual([])
  })

  it('keeps a run whose summary has the wrong shape, without the summary (it is worked out again)', async () => {
    await putRaw('runs', { ...runRecord('a', 1), summary: { overall: 'all good' } })
    const listed = await store.listRuns()
    expect(listed.runs).toHaveLength(1)
    expect(listed.runs[0]).not.toHaveProperty('summary')
    expect(listed.unreadable).toEqual([])
  })

  it('says why the database cannot be opened instead of throwing: no IndexedDB, or a newer version', async () => {
    // Node has no IndexedDB of its own (fake-indexeddb is not installed globally here).
    expect('indexedDB' in globalThis).toBe(false)
    expect(await openEvalRunStore()).toEqual({ ok: false, reason: 'this browser offers no IndexedDB' })
    store.close()
    const newer = factory.open(EVAL_DB_NAME, 5)
    await new Promise((resolve) => (newer.onsuccess = () => resolve(newer.result.close())))
    const opened = await openEvalRunStore({ factory })
    expect(opened.ok).toBe(false)
    if (!opened.ok) expect(opened.reason).toMatch(/^VersionError/)
  })
})

describe('checking stored records', () => {
  it.each([
    ['not an object', 'nope', 'not a run record'],
    ['no id', { ...runRecord('a', 1), id: '' }, 'no run id'],
    ['no settings', { ...runRecord('a', 1), settings: null }, 'settings: missing'],
    [
      'an unknown kind',
      { ...runRecord('a', 1), settings: { ...runRecord('a', 1).settings, kind: 'batch' } },
      'settings: an unknown kind "batch"',
    ],
    [
      'a target without a model',
      { ...runRecord('a', 1), settings: { ...runRecord('a', 1).settings, targets: [{ label: 'x', profileId: 'p' }] } },
      'settings: targets of the wrong shape',
    ],
  ])('a run record with %s is refused', (_, value, problem) => {
    expect(checkRunRecord(value)).toBe(problem)
  })

  it.each([
    ['an unknown category', { ...outcome('c', true), category: 'exotic' }, 'c: an unknown category "exotic"'],
    ['errors that are no list', { ...outcome('c', true), errors: 'bad' }, 'c: errors that are not a list'],
    ['no compliance', { ...outcome('c', true), compliance: { parsed: 1, diagnostics: [] } }, 'c: no format compliance'],
    ['names that are not text', { ...outcome('c', true), chosenNames: [1] }, 'c: tool names of the wrong shape'],
    ['a model that is not text', { ...outcome('c', true), model: 7 }, 'c: a model that is not text'],
    [
      'usage of the wrong shape',
      { ...outcome('c', true), usage: { total_tokens: 3 } },
      'c: token usage of the wrong shape',
    ],
  ])('an outcome with %s is refused', (_, value, problem) => {
    expect(checkOutcome(value)).toBe(problem)
  })

  it('takes an outcome of an offline run (no model, protocol, repeat or usage)', () => {
    const offline = without(outcome('c', true), 'model', 'protocol', 'repeat', 'usage', 'latencyMs')
    expect(checkOutcome(offline)).toEqual(offline)
  })
})
