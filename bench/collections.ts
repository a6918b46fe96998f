/**
 * Saved calls, as the Executor reads them at every page load: a collections file of 40,000 and of
 * 160,000 calls read from its text (JSON.parse and every entry checked), against JSON.parse of the
 * same text alone. Reading is linear when the cost per call stays the same as the file grows.
 */
import { readCollectionFile, writeCollectionFile, type CallCollection } from '../src/core/collections'
import { measureInterleaved } from './measure'

const SMALL = 40_000
const LARGE = 160_000

/** A file of `n` saved calls in one collection, written as the Executor writes it. */
function fileOf(n: number): string {
  const calls = Array.from({ length: n }, (_, i) => ({
    name: `call ${i}`,
    method: 'calc_evaluate',
    arguments: { expression: `${i} * 2`, precision: i % 10 },
  }))
  const collection: CallCollection = { name: 'Default', calls }
  return writeCollectionFile([collection])
}

/** Milliseconds, best of `rounds`: reading and JSON.parse alone, for each size. */
export function collectionFigures(rounds: number): Record<string, number> {
  const small = fileOf(SMALL)
  const large = fileOf(LARGE)
  const read = (text: string, n: number) => () => {
    const reading = readCollectionFile(text)
    if (!reading.ok || reading.collections[0]?.calls.length !== n) throw new Error('the saved calls were not read')
    return n
  }
  const ms = measureInterleaved(
    {
      readSmall: read(small, SMALL),
      readLarge: read(large, LARGE),
      parseLarge: () => JSON.parse(large) as unknown,
    },
    rounds,
    2,
  )
  return { ...ms, small: SMALL, large: LARGE }
}
