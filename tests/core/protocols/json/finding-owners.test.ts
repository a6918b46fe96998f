/** The owner of each finding: the first span holding it, as a walk over every span would say. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ownersOf, type Span } from '../../../../src/core/protocols/json/finding-owners'

/** The definition, one walk over the spans per offset. */
const walkedOwners = (offsets: number[], spans: Span[]): number[] =>
  offsets.map((at) =>
    Math.max(
      0,
      spans.findIndex((s) => at >= s.start && at < s.end),
    ),
  )

const spanArb = fc.tuple(fc.nat(60), fc.nat(30)).map(([start, length]) => ({ start, end: start + length }))

describe('ownersOf', () => {
  it('gives the first span holding each offset, and 0 outside every span', () => {
    const spans = [
      { start: 10, end: 20 },
      { start: 0, end: 40 },
      { start: 20, end: 30 },
      { start: 25, end: 25 },
    ]
    expect(ownersOf([5, 10, 19, 20, 25, 40, 99], spans)).toEqual([1, 0, 0, 1, 1, 0, 0])
  })

  it('agrees with a walk over every span, for spans that overlap, nest or come in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100), { maxLength: 30 }), fc.array(spanArb, { maxLength: 12 }), (offsets, spans) => {
        expect(ownersOf(offsets, spans)).toEqual(walkedOwners(offsets, spans))
      }),
      { numRuns: 2000 },
    )
  })
})
