import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { createPinia, setActivePinia } from 'pinia'
import { caseFromCalls, type EvalCase } from '../../src/core/eval'
import { openEvalRunStore } from '../../src/persistence/eval-runs'
import { SAVED_CASES_SUITE, useEvalStore } from '../../src/stores/eval'
import { useRunHistory } from '../../src/stores/eval/run-history'
import { useSavedCases } from '../../src/stores/eval/saved-cases'
import { useSuiteState } from '../../src/stores/eval/suite-state'
import { SAMPLE_SUITE } from '../../src/components/eval/sample-suite'
import { fixtureFile } from './eval-fixtures'

const global = globalThis as { indexedDB?: IDBFactory }

const weather = {
  name: 'get_weather',
  description: 'Get the weather.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
}
/** A case as "Save as eval case" makes it from a reply that asked for the weather in `city`. */
function savedCase(city: string, id?: string): EvalCase {
  return caseFromCalls({
    ...(id ? { id } : {}),
    messages: [{ role: 'user', content: `Weather in ${city}?` }],
    functions: [weather],
    calls: [{ get_weather: { city } }],
  })
}

/** The Eval store as a page gets it after a reload: a new Pinia over the same database. */
async function reloaded() {
  setActivePinia(createPinia())
  const store = useEvalStore()
  await store.ready
  return store
}

describe('saved cases', () => {
  beforeEach(() => {
    global.indexedDB = new IDBFactory()
    setActivePinia(createPinia())
  })
  afterEach(() => {
    delete global.indexedDB
  })

  it('outlive a reload, in the order saved, and load as the suite "Saved cases"', async () => {
    const store = useEvalStore()
    await store.ready
    expect(store.addCase(savedCase('Paris', 'paris'))).toBe('paris')
    expect(store.addCase(savedCase('Oslo', 'oslo'))).toBe('oslo')
    // No suite was loaded: the saved cases became the suite shown.
    expect(store.savedCasesShown).toBe(true)
    expect(store.suiteName).toBe(SAVED_CASES_SUITE)
    expect(store.cases.map((c) => c.id)).toEqual(['paris', 'oslo'])

    const again = await reloaded()
    expect(again.savedCases.map((c) => c.id)).toEqual(['paris', 'oslo'])
    expect(again.savedCases[0]).toEqual(savedCase('Paris', 'paris'))
    expect(again.cases).toEqual([])
    again.loadSavedCases()
    expect(again.suiteName).toBe(SAVED_CASES_SUITE)
    expect(again.cases.map((c) => c.id)).toEqual(['paris', 'oslo'])
  })

  it('gives a taken id -2, -3, ..., also when the first was saved before a reload', async () => {
    const store = useEvalStore()
    await store.ready
    const same = savedCase('Paris')
    expect(store.addCase(same)).toBe(same.id)
    expect(store.addCase(same)).toBe(`${same.id}-2`)
    const again = await reloaded()
    expect(again.addCase(same)).toBe(`${same.id}-3`)
    expect(again.savedCases.map((c) => c.id)).toEqual([same.id, `${same.id}-2`, `${same.id}-3`])
  })

  it('join a loaded suite too, under an id free in both', async () => {
    const store = useEvalStore()
    await store.ready
    store.useCases(SAMPLE_SUITE, 'sample')
    const taken = SAMPLE_SUITE[0]!.id
    expect(store.addCase(savedCase('Paris', taken))).toBe(`${taken}-2`)
    expect(store.suiteName).toBe('sample')
    expect(store.savedCasesShown).toBe(false)
    expect(store.cases).toHaveLength(SAMPLE_SUITE.length + 1)
    expect(store.savedCases.map((c) => c.id)).toEqual([`${taken}-2`])
  })

  it('are no longer the suite shown once another suite is loaded', async () => {
    const store = useEvalStore()
    await store.ready
    store.addCase(savedCase('Paris', 'paris'))
    expect(store.savedCasesShown).toBe(true)
    await store.readSuiteFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
    expect(store.savedCasesShown).toBe(false)
    expect(store.addCase(savedCase('Oslo', 'oslo'))).toBe('oslo')
    expect(store.cases).toHaveLength(16)
    store.loadSavedCases()
    store.useCases(SAMPLE_SUITE, 'sample')
    expect(store.savedCasesShown).toBe(false)
  })

  it('are deleted from the suite shown and from the database', async () => {
    const store = useEvalStore()
    await store.ready
    store.addCase(savedCase('Paris', 'paris'))
    store.addCase(savedCase('Oslo', 'oslo'))
    await store.deleteSavedCase('paris')
    expect(store.cases.map((c) => c.id)).toEqual(['oslo'])
    expect((await reloaded()).savedCases.map((c) => c.id)).toEqual(['oslo'])
  })

  it('say which stored case could not be read, and keep the others', async () => {
    const opened = await openEvalRunStore()
    if (!opened.ok) throw new Error(opened.reason)
    await opened.store.putSavedCase({ id: 'good', savedAt: 1, case: savedCase('Paris', 'good') })
    const broken = { ...savedCase('Oslo', 'broken'), category: 'exotic' }
    await opened.store.putSavedCase({ id: 'broken', savedAt: 2, case: broken as unknown as EvalCase })
    opened.store.close()
    const store = await reloaded()
    expect(store.savedCases.map((c) => c.id)).toEqual(['good'])
    expect(store.unreadable.map((u) => [u.where, u.problem])).toEqual([
      [
        'saved case broken',
        'category "exotic" is not one of simple, multiple, parallel, parallel_multiple, irrelevance',
      ],
    ])
    store.dismissUnreadable()
    expect(store.unreadable).toEqual([])
    // Reported once: the record is gone.
    expect((await reloaded()).unreadable).toEqual([])
  })

  it('work in memory when IndexedDB cannot be used', async () => {
    delete global.indexedDB
    const store = useEvalStore()
    await store.ready
    expect(store.storageProblem).toBe('this browser offers no IndexedDB')
    expect(store.addCase(savedCase('Paris', 'paris'))).toBe('paris')
    await store.deleteSavedCase('paris')
    expect(store.savedCases).toEqual([])
  })
})

describe('the saved cases piece', () => {
  it('keeps a case added while the kept ones are still being read, after them', async () => {
    const factory = new IDBFactory()
    const opened = await openEvalRunStore({ factory })
    if (!opened.ok) throw new Error(opened.reason)
    await opened.store.putSavedCase({ id: 'paris', savedAt: 1, case: savedCase('Paris', 'paris') })
    const saved = useSavedCases({ suite: useSuiteState(), history: useRunHistory({ factory }) })
    expect(saved.addCase(savedCase('Paris', 'paris'))).toBe('paris')
    await saved.ready
    // Added before the list came, the id looked free; the list keeps the page's case in its place.
    expect(saved.cases.value.map((c) => c.id)).toEqual(['paris'])
    expect(saved.addCase(savedCase('Oslo', 'oslo'))).toBe('oslo')
    expect(saved.cases.value.map((c) => c.id)).toEqual(['paris', 'oslo'])
  })

  it('keeps the order of cases saved in the same millisecond', async () => {
    const factory = new IDBFactory()
    const history = useRunHistory({ factory })
    const saved = useSavedCases({ suite: useSuiteState(), history, now: () => 1000 })
    await saved.ready
    for (const city of ['Paris', 'Oslo', 'Lima']) saved.addCase(savedCase(city, city.toLowerCase()))
    // A read after the writes on the same connection waits for them.
    const listed = await history.withStore((store) => store.listSavedCases())
    expect(listed.cases.map((r) => [r.id, r.savedAt])).toEqual([
      ['paris', 1000],
      ['oslo', 1001],
      ['lima', 1002],
    ])
  })
})
