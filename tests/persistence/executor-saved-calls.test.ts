// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { writeCollectionFile } from '../../src/core/collections'
import { loadSavedCalls, SAVED_CALLS_KEY, saveSavedCalls } from '../../src/persistence/executor-saved-calls'
import { backupKeyFor, STORAGE_PREFIX } from '../../src/persistence/persisted'

const key = STORAGE_PREFIX + SAVED_CALLS_KEY
const answer = { name: 'answer', method: 'calc_evaluate', arguments: { expression: '6*7' } }

describe('saved calls in localStorage', () => {
  beforeEach(() => localStorage.clear())

  it('keeps the collections as an export of all of them, and reads them back', () => {
    const collections = [{ name: 'Maths', calls: [answer] }]
    expect(saveSavedCalls(collections)).toBe(true)
    expect(localStorage.getItem(key)).toBe(writeCollectionFile(collections))
    expect(loadSavedCalls()).toEqual({ collections, notice: null })
  })

  it('starts empty with nothing saved', () => {
    expect(loadSavedCalls()).toEqual({ collections: [], notice: null })
  })

  it('drops only a bad call, names it, keeps the original for a download and the rest of the state', () => {
    localStorage.setItem(`${STORAGE_PREFIX}executor`, '{"version":1,"data":{"routingName":"fs_tree"}}')
    const saved = JSON.stringify({
      format: 'vcp-workbench.collections',
      version: 1,
      collections: [
        { name: 'Maths', calls: [answer, { name: 'half', method: 'calc_evaluate', arguments: 'x/2' }] },
        { name: 'Files', calls: [{ name: 'tree', method: 'fs_tree', arguments: {} }] },
      ],
    })
    localStorage.setItem(key, saved)
    const loaded = loadSavedCalls()
    expect(loaded.collections).toEqual([
      { name: 'Maths', calls: [answer] },
      { name: 'Files', calls: [{ name: 'tree', method: 'fs_tree', arguments: {} }] },
    ])
    expect(loaded.notice).toEqual({
      kind: 'repaired',
      problems: ['"Maths" calls[1]: "arguments" is not an object of named arguments'],
      problemRefs: [{ owner: '"Maths" calls[1]', reasonRef: { id: 'collections.arguments-not-object' } }],
      raw: saved,
      backupKey: backupKeyFor(SAVED_CALLS_KEY),
    })
    expect(localStorage.getItem(backupKeyFor(SAVED_CALLS_KEY))).toBe(saved)
    // Written back cleaned, so the notice is given once; the executor's own state is untouched.
    expect(loadSavedCalls().notice).toBeNull()
    expect(localStorage.getItem(`${STORAGE_PREFIX}executor`)).toBe('{"version":1,"data":{"routingName":"fs_tree"}}')
  })

  it.each([
    ['not JSON', '{"format": "vcp-work', /^the file is not JSON/],
    [
      'another version',
      '{"format": "vcp-workbench.collections", "version": 9, "collections": []}',
      /^version 9 is not 1$/,
    ],
  ])('says why saved text that is %s cannot be read, and keeps it', (_what, saved, reason) => {
    localStorage.setItem(key, saved)
    const loaded = loadSavedCalls()
    expect(loaded.collections).toEqual([])
    expect(loaded.notice).toMatchObject({ kind: 'unreadable', raw: saved, backupKey: backupKeyFor(SAVED_CALLS_KEY) })
    expect(loaded.notice?.problems[0]).toMatch(reason)
    expect(localStorage.getItem(backupKeyFor(SAVED_CALLS_KEY))).toBe(saved)
  })

  it('when the backup cannot be written, the saved text is left as it was', () => {
    localStorage.setItem(key, '{oops')
    const refusing = {
      getItem: (k: string) => localStorage.getItem(k),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    } as unknown as Storage
    const loaded = loadSavedCalls(refusing)
    expect(loaded.notice).toMatchObject({ kind: 'unreadable', raw: '{oops' })
    expect(loaded.notice?.backupKey).toBeUndefined()
    expect(localStorage.getItem(key)).toBe('{oops')
    expect(saveSavedCalls([], refusing)).toBe(false)
  })
})
