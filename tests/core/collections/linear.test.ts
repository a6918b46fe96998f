/*
 * Collections are read, checked for clashes and merged in linear time. Reading is bounded by the
 * work: for 320,000 entries a name check that scans the earlier ones does about 51 billion
 * comparisons, more than a fast idle machine does in the 20 s allowed, while one pass with a set
 * of names needs well under a second of processor time, so even a busy machine has room to spare.
 * Merging is bounded by a count: how often a kept call's name is read.
 */
import { describe, expect, it } from 'vitest'
import {
  COLLECTION_FORMAT,
  COLLECTIONS_FORMAT,
  findClashes,
  mergeCollections,
  problemText,
  readCollectionData,
  type SavedCall,
} from '../../../src/core/collections'

const COUNT = 320_000
/** Room for one pass on a busy machine; a scan per entry needs far more. */
const READING_BOUND = { timeout: 20_000 }
const calls = (prefix: string, n: number): SavedCall[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, method: 'calc_evaluate', arguments: { i } }))

/** Calls whose names count how often they are read, into one shared count. */
function namesCounted(): { calls: (n: number) => SavedCall[]; reads: () => number } {
  let reads = 0
  const counted = (n: number) =>
    calls('call ', n).map(({ name, ...rest }) => ({
      ...rest,
      get name() {
        reads++
        return name
      },
    }))
  return { calls: counted, reads: () => reads }
}

describe('collections at scale', () => {
  // Read from parsed data: parsing the text is linear whatever the check does, and only adds time.
  it('reads 320,000 calls in one collection and still names a repeated one', READING_BOUND, () => {
    const big = {
      format: COLLECTION_FORMAT,
      version: 1,
      name: 'Big',
      calls: [...calls('call ', COUNT), calls('call ', 1)[0]],
    }
    const reading = readCollectionData(big)
    if (!reading.ok) throw new Error(reading.reason)
    expect(reading.collections[0]?.calls).toHaveLength(COUNT)
    expect(reading.problems.map(problemText)).toEqual([
      `"Big" calls[${COUNT}]: the name "call 0" is used by an earlier call`,
    ])
  })

  it('reads 320,000 collections and still names a repeated one', READING_BOUND, () => {
    const many = Array.from({ length: COUNT }, (_, i) => ({ name: `collection ${i}`, calls: [] }))
    const collections = [...many, { name: 'collection 7', calls: [] }]
    const reading = readCollectionData({ format: COLLECTIONS_FORMAT, version: 1, collections })
    if (!reading.ok) throw new Error(reading.reason)
    expect(reading.collections).toHaveLength(COUNT)
    expect(reading.problems.map(problemText)).toEqual([
      `collections[${COUNT}]: the name "collection 7" is used by an earlier collection`,
    ])
  })

  // 2,000 kept and 2,000 imported calls, all clashing: a scan per imported call reads about two
  // million names; one pass reads each name a few times.
  const CLASHING = 2_000
  const BOUND = 10 * 2 * CLASHING

  it('finds clashing names reading each name a bounded number of times', () => {
    const counted = namesCounted()
    const incoming = [{ name: 'Big', calls: counted.calls(CLASHING) }]
    expect(findClashes([{ name: 'Big', calls: counted.calls(CLASHING) }], incoming)).toHaveLength(CLASHING)
    expect(counted.reads()).toBeLessThanOrEqual(BOUND)
  })

  it.each(['rename', 'replace'] as const)('merges with %s reading each name a bounded number of times', (mode) => {
    const counted = namesCounted()
    const kept = [{ name: 'Big', calls: counted.calls(CLASHING) }]
    const merged = mergeCollections(kept, [{ name: 'Big', calls: counted.calls(CLASHING) }], mode)
    const reads = counted.reads()
    expect(merged.collections[0]?.calls).toHaveLength(mode === 'rename' ? 2 * CLASHING : CLASHING)
    if (mode === 'rename')
      expect(merged.renamed.at(-1)).toEqual({
        collection: 'Big',
        from: `call ${CLASHING - 1}`,
        to: `call ${CLASHING - 1} (2)`,
      })
    else expect(merged.replaced).toBe(CLASHING)
    expect(reads).toBeLessThanOrEqual(BOUND)
  })
})
