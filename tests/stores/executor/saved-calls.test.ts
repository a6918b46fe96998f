// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { readCollectionFile, writeCollectionFile } from '../../../src/core/collections'
import { DEFAULT_COLLECTION, useExecutorStore } from '../../../src/stores/executor'
import { freshPinia, useFreshApp } from '../../helpers-ui'

/** Arguments nested `depth` levels deep, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {}
  for (let i = 1; i < depth; i++) value = { a: value }
  return value
}

/** A collection file whose one call's arguments nest `depth` levels deep (written by hand: JSON.stringify would overflow). */
function deepFile(depth: number): string {
  const args = `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`
  return `{"format": "vcp-workbench.collection", "version": 1, "name": "Deep", "calls": [{"name": "deep", "method": "calc_evaluate", "arguments": ${args}}]}`
}

describe('saved calls', () => {
  useFreshApp()

  it('saves the current call into Default, keeps it across a reload, and runs it into the editor', async () => {
    const store = useExecutorStore()
    store.choose('calc_evaluate', { expression: '6*7' })
    expect(store.saveCall('', 'answer', store.state.routingName, store.currentArguments)).toEqual({ ok: true })
    store.state.values.expression = '1+1'
    await nextTick()
    freshPinia()
    const reloaded = useExecutorStore()
    expect(reloaded.savedCollections).toEqual([
      {
        name: DEFAULT_COLLECTION,
        calls: [{ name: 'answer', method: 'calc_evaluate', arguments: { expression: '6*7' } }],
      },
    ])
    reloaded.choose('text_hash', { text: 'x' })
    const call = reloaded.savedCollections[0]!.calls[0]!
    expect((await reloaded.runCall(call.method, call.arguments))?.result).toContain('42')
    expect(reloaded.state.routingName).toBe('calc_evaluate')
    expect(reloaded.copyText).toContain('6*7')
  })

  it('never overwrites a taken name unless asked, and refuses bad names', () => {
    const store = useExecutorStore()
    const args = { expression: '1' }
    expect(store.saveCall('Maths', 'one', 'calc_evaluate', args)).toEqual({ ok: true })
    expect(store.saveCall('Maths', 'one', 'calc_evaluate', { expression: '2' })).toEqual({ ok: false, exists: true })
    expect(store.saveCall('Maths', 'one', 'calc_evaluate', { expression: '2' }, true)).toEqual({ ok: true })
    expect(store.savedCollections[0]?.calls).toEqual([
      { name: 'one', method: 'calc_evaluate', arguments: { expression: '2' } },
    ])
    expect(store.saveCall('Maths', '  ', 'calc_evaluate', args)).toEqual({
      ok: false,
      exists: false,
      problem: 'the name is empty',
    })
    expect(store.saveCall('Maths', 'two', '', args)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('no method'),
    })
  })

  it('renames, moves and deletes calls and collections', () => {
    const store = useExecutorStore()
    store.saveCall('A', 'x', 'calc_evaluate', { expression: '1' })
    store.saveCall('A', 'y', 'calc_evaluate', { expression: '2' })
    store.saveCall('B', 'y', 'calc_evaluate', { expression: '3' })
    expect(store.renameSavedCall('A', 'x', 'y')).toBe('"A" already has a call named "y"')
    expect(store.renameSavedCall('A', 'x', 'z')).toBeNull()
    expect(store.moveSavedCall('A', 'y', 'B')).toBe('"B" already has a call named "y"')
    expect(store.moveSavedCall('A', 'z', 'B')).toBeNull()
    expect(store.moveSavedCall('A', 'y', 'C')).toBeNull()
    expect(store.savedCollections.map((c) => [c.name, c.calls.map((call) => call.name)])).toEqual([
      ['A', []],
      ['B', ['y', 'z']],
      ['C', ['y']],
    ])
    store.deleteSavedCall('B', 'y')
    store.deleteCollection('A')
    expect(store.savedCollections.map((c) => [c.name, c.calls.map((call) => call.name)])).toEqual([
      ['B', ['z']],
      ['C', ['y']],
    ])
  })

  it('exports a collection or all, and an import asks before a taken name is used', () => {
    const store = useExecutorStore()
    store.saveCall('Maths', 'answer', 'calc_evaluate', { expression: '6*7' })
    const one = store.exportCollections('Maths')
    expect(readCollectionFile(one)).toMatchObject({ ok: true, collections: [{ name: 'Maths' }] })
    expect(readCollectionFile(store.exportCollections())).toMatchObject({ ok: true, collections: [{ name: 'Maths' }] })

    const check = store.checkImport(one)
    expect(check).toMatchObject({ ok: true, clashes: [{ collection: 'Maths', call: 'answer' }] })
    if (!check.ok) return
    expect(store.applyImport(check.collections, 'rename').renamed).toEqual([
      { collection: 'Maths', from: 'answer', to: 'answer (2)' },
    ])
    expect(store.savedCollections[0]?.calls.map((c) => c.name)).toEqual(['answer', 'answer (2)'])
  })

  it('an import with a bad entry is refused whole, with each entry named', () => {
    const store = useExecutorStore()
    const text = writeCollectionFile({ name: 'X', calls: [] }).replace('"calls": []', '"calls": [{"name": "a"}, 3]')
    expect(store.checkImport(text)).toEqual({
      ok: false,
      reason: '',
      problems: [
        {
          collection: 'X',
          index: 0,
          reason: 'no method (a routing name such as calc_evaluate)',
          reasonRef: { id: 'collections.no-method' },
        },
        {
          collection: 'X',
          index: 1,
          reason: 'not an object with "name", "method" and "arguments"',
          reasonRef: { id: 'collections.call-not-object' },
        },
      ],
    })
    expect(store.checkImport('nope')).toMatchObject({ ok: false, reason: expect.stringContaining('not JSON') })
    expect(store.savedCollections).toEqual([])
  })

  it('an import nested 200,000 deep is refused with its entry named, and nothing is kept', () => {
    const store = useExecutorStore()
    expect(store.checkImport(deepFile(200_000))).toEqual({
      ok: false,
      reason: '',
      problems: [
        {
          collection: 'Deep',
          index: 0,
          reason: 'the arguments nest deeper than 64 levels',
          reasonRef: { id: 'collections.arguments-too-deep', params: { max: 64 } },
        },
      ],
    })
    expect(store.checkImport(deepFile(64))).toMatchObject({ ok: true })
    expect(store.savedCollections).toEqual([])
  })

  it('a call nested too deeply is not saved from the editor, and says why', () => {
    const store = useExecutorStore()
    expect(store.saveCall('', 'deep', 'calc_evaluate', nested(200_000))).toEqual({
      ok: false,
      exists: false,
      problem: 'the arguments nest deeper than 64 levels',
    })
    expect(store.savedCollections).toEqual([])
  })

  it('a save that fails says so, and the saves after it go through once it can be written', async () => {
    const store = useExecutorStore()
    store.saveCall('', 'before', 'calc_evaluate', { expression: '1' })
    await nextTick()
    // Brought in past the file check (as an older page did): the state cannot be written as text.
    store.applyImport(
      [{ name: 'Deep', calls: [{ name: 'deep', method: 'calc_evaluate', arguments: nested(200_000) }] }],
      'rename',
    )
    await nextTick()
    expect(store.savedNotSaved).toBe(true)
    expect(store.savedSaveFailure).toMatchObject({ kind: 'unwritable' })
    store.saveCall('', 'still', 'calc_evaluate', { expression: '2' })
    await nextTick()
    expect(store.savedNotSaved).toBe(true)
    store.deleteCollection('Deep')
    store.saveCall('', 'later', 'calc_evaluate', { expression: '3' })
    await nextTick()
    expect(store.savedNotSaved).toBe(false)
    freshPinia()
    expect(useExecutorStore().savedCollections[0]?.calls.map((c) => c.name)).toEqual(['before', 'still', 'later'])
  })
})
