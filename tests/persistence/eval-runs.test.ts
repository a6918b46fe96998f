import { beforeEach, describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import {
  checkOutcome,
  checkRunRecord,
  checkSavedCase,
  EVAL_DB_NAME,
  openEvalRunStore,
  type EvalRunStore,
  type SavedCaseRecord,
} from '../../src/persistence/eval-runs'
import type { EvalCase } from '../../src/core/eval'
import { outcome, runRecord, without } from '../stores/eval-fixtures'

let factory: IDBFactory
let store: EvalRunStore

async function open(): Promise<EvalRunStore> {
  const opened = await openEvalRunStore({ factory })
  if (!opened.ok) throw new Error(opened.reason)
  return opened.store
}

/** Writes a value straight into one of the database's object stores, as a broken profile or a hand edit might. */
async function putRaw(storeName: 'runs' | 'outcomes' | 'savedCases', value: unknown): Promise<void> {
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
    [
      'a raw target whose template is not a name',
      {
        ...runRecord('a', 1),
        settings: {
          ...runRecord('a', 1).settings,
          targets: [{ label: 'x', profileId: 'p', model: 'm', template: 42 }],
        },
      },
      'settings: targets of the wrong shape',
    ],
  ])('a run record with %s is refused', (_, value, problem) => {
    expect(checkRunRecord(value)).toBe(problem)
  })

  it('takes a raw run’s targets with their chat template and format', () => {
    const record = runRecord('a', 1)
    const targets = [{ label: 'x', profileId: 'p', model: 'm', template: 'qwen2.5-7b-instruct', format: 'hermes' }]
    const raw = { ...record, settings: { ...record.settings, protocols: ['raw'], targets } }
    expect(checkRunRecord(raw)).toEqual(raw)
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

/** A saved case, BFCL-shaped: one call of the one function offered. */
function savedCase(id: string, savedAt: number, city = 'Paris'): SavedCaseRecord {
  const testCase: EvalCase = {
    id,
    category: 'simple',
    messages: [{ role: 'user', content: `Weather in ${city}?` }],
    functions: [
      {
        name: 'get_weather',
        description: 'Get the weather.',
        parameters: { type: 'dict', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
    expected: [{ get_weather: { city: [city] } }],
  }
  return { id, savedAt, case: testCase }
}

describe('saved cases in IndexedDB', () => {
  it('keeps them (oldest first) across a reopen; a second under the same id replaces the first; deletes one', async () => {
    await store.putSavedCase(savedCase('b', 2))
    await store.putSavedCase(savedCase('a', 1))
    await store.putSavedCase(savedCase('b', 2, 'Oslo'))
    store.close()
    const again = await open()
    const listed = await again.listSavedCases()
    expect(listed.cases.map((r) => r.id)).toEqual(['a', 'b'])
    expect(listed.cases[1]).toEqual(savedCase('b', 2, 'Oslo'))
    expect(listed.unreadable).toEqual([])
    await again.deleteSavedCase('a')
    expect((await again.listSavedCases()).cases.map((r) => r.id)).toEqual(['b'])
    // Runs are apart: deleting every run leaves the saved cases.
    await again.putRun(runRecord('r', 1))
    await again.deleteRun('r')
    expect((await again.listSavedCases()).cases).toHaveLength(1)
  })

  it('leaves an unreadable saved case out with the reason and its text, removes it, and says so once', async () => {
    await store.putSavedCase(savedCase('good', 1))
    const wrongCall = savedCase('wrong', 2)
    wrongCall.case.expected = [{ get_time: { zone: ['UTC'] } }]
    await putRaw('savedCases', wrongCall)
    await putRaw('savedCases', { id: 'bare', savedAt: 3 })
    const listed = await store.listSavedCases()
    expect(listed.cases.map((r) => r.id)).toEqual(['good'])
    expect(listed.unreadable.map((u) => [u.where, u.problem])).toEqual([
      ['saved case bare', 'no case'],
      ['saved case wrong', 'expected: call 1: get_time is not among the functions offered (get_weather)'],
    ])
    expect(JSON.parse(listed.unreadable[1]?.raw ?? '')).toMatchObject({ id: 'wrong' })
    expect((await store.listSavedCases()).unreadable).toEqual([])
  })

  it('opens a database of the first version (runs only) with its runs kept, and saved cases added', async () => {
    store.close()
    const old = new IDBFactory()
    const request = old.open(EVAL_DB_NAME, 1)
    request.onupgradeneeded = () => {
      const db = request.result
      db.createObjectStore('runs', { keyPath: 'id' })
      db.createObjectStore('outcomes', { keyPath: ['runId', 'key'] }).createIndex('byRun', 'runId')
    }
    const v1 = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)))
    const tx = v1.transaction(['runs', 'outcomes'], 'readwrite')
    tx.objectStore('runs').put(runRecord('kept', 1))
    tx.objectStore('outcomes').put({ runId: 'kept', key: 'k1', outcome: outcome('case_1', true) })
    await new Promise((resolve) => (tx.oncomplete = resolve))
    v1.close()

    factory = old
    const upgraded = await open()
    expect((await upgraded.listRuns()).runs.map((r) => r.id)).toEqual(['kept'])
    expect((await upgraded.outcomesOf('kept')).outcomes).toHaveLength(1)
    expect(await upgraded.listSavedCases()).toEqual({ cases: [], unreadable: [] })
    await upgraded.putSavedCase(savedCase('new', 1))
    expect((await upgraded.listSavedCases()).cases.map((r) => r.id)).toEqual(['new'])
  })
})

describe('checking a saved case', () => {
  const good = savedCase('c', 1)
  it.each([
    ['not an object', 'nope', 'not a saved case record'],
    ['no id', { ...good, id: '' }, 'no case id'],
    ['no time', { ...good, savedAt: 'today' }, 'no time saved'],
    ['another id inside', { ...good, case: { ...good.case, id: 'd' } }, 'the case inside has the id "d"'],
    [
      'expected calls that are no list',
      { ...good, case: { ...good.case, expected: {} } },
      'expected calls that are not a list',
    ],
    [
      'a call count its category does not take',
      { ...good, case: { ...good.case, expected: [] } },
      'a simple case expects exactly one call, not 0',
    ],
    [
      'a message of an unknown role',
      { ...good, case: { ...good.case, messages: [{ role: 'robot', content: 'hi' }] } },
      'messages: message 1: role "robot" is not one of system, user, assistant, tool',
    ],
  ])('with %s is refused', async (_, value, problem) => {
    expect(await checkSavedCase(value)).toBe(problem)
  })

  it('takes a saved case as it was kept', async () => {
    expect(await checkSavedCase(good)).toEqual(good)
    // IndexedDB keeps cycles; JSON cannot hold them.
    const message: Record<string, unknown> = { role: 'user', content: 'hi' }
    message.self = message
    expect(await checkSavedCase({ ...good, case: { ...good.case, messages: [message] } })).toBe(
      'a case that is not plain data',
    )
  })
})
