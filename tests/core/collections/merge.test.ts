import { describe, expect, it } from 'vitest'
import { findCall, findClashes, mergeCollections, uniqueName, type CallCollection } from '../../../src/core/collections'

const call = (name: string, expression = name) => ({ name, method: 'calc_evaluate', arguments: { expression } })
const kept: CallCollection[] = [{ name: 'Default', calls: [call('a'), call('b')] }]

describe('merging imported collections', () => {
  it('finds the imported calls whose names are taken', () => {
    const incoming = [
      { name: 'Default', calls: [call('b'), call('c')] },
      { name: 'Other', calls: [call('a')] },
    ]
    expect(findClashes(kept, incoming)).toEqual([{ collection: 'Default', call: 'b' }])
  })

  it('renames a clashing call, and never changes the kept list', () => {
    const incoming = [
      { name: 'Default', calls: [call('b', 'new'), call('c')] },
      { name: 'New', calls: [call('x')] },
    ]
    const merged = mergeCollections(kept, incoming, 'rename')
    expect(merged.collections).toEqual([
      { name: 'Default', calls: [call('a'), call('b'), call('b (2)', 'new'), call('c')] },
      { name: 'New', calls: [call('x')] },
    ])
    expect(merged.renamed).toEqual([{ collection: 'Default', from: 'b', to: 'b (2)' }])
    expect(merged).toMatchObject({ replaced: 0, added: 3 })
    expect(kept[0]!.calls).toHaveLength(2)
  })

  it('replaces a clashing call when asked to', () => {
    const merged = mergeCollections(kept, [{ name: 'Default', calls: [call('b', 'new')] }], 'replace')
    expect(merged.collections).toEqual([{ name: 'Default', calls: [call('a'), call('b', 'new')] }])
    expect(merged).toMatchObject({ replaced: 1, added: 1, renamed: [] })
  })

  it('makes a free name', () => {
    expect(uniqueName('a', new Set(['b']))).toBe('a')
    expect(uniqueName('a', new Set(['a', 'a (2)']))).toBe('a (3)')
    expect(uniqueName('x'.repeat(200), new Set(['x'.repeat(200)]))).toHaveLength(200)
  })
})

describe('finding a call by name', () => {
  const collections = [
    { name: 'One', calls: [call('a'), call('shared')] },
    { name: 'Two', calls: [call('shared')] },
  ]

  it('finds a call by its name, or by COLLECTION/NAME', () => {
    expect(findCall(collections, 'a')).toMatchObject({ ok: true, collection: 'One', call: call('a') })
    expect(findCall(collections, 'Two/shared')).toMatchObject({ ok: true, collection: 'Two' })
  })

  it('says which names there are when a name is unknown or ambiguous', () => {
    expect(findCall(collections, 'shared')).toEqual({
      ok: false,
      reason: 'several collections have a call named "shared"; name one as COLLECTION/NAME: "One/shared", "Two/shared"',
    })
    expect(findCall([{ name: 'One', calls: [call('a'), call('b')] }], 'c')).toEqual({
      ok: false,
      reason: 'no call named "c"; the calls are: "a", "b"',
    })
    expect(findCall(collections, 'c')).toMatchObject({ reason: expect.stringContaining('"One/a", "One/shared"') })
    expect(findCall([], 'c')).toEqual({ ok: false, reason: 'no call named "c": the file holds no calls' })
  })
})
