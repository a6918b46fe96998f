import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { jsonPrefix } from '../../../src/core/text/json-prefix'

describe('jsonPrefix', () => {
  it('is the start of JSON.stringify, and says whether it is all of it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat({ max: 200 }), (value, max) => {
        const whole = JSON.stringify(value)
        expect(jsonPrefix(value, max)).toEqual({ text: whole.slice(0, max), complete: whole.length <= max })
      }),
      { numRuns: 1000 },
    )
  })

  it('cuts inside escapes and surrogate pairs as JSON.stringify writes them', () => {
    const value = { 'k"\n': ['😀\u0000é\ud800', 'x'.repeat(50)], n: -1.5e-7 }
    const whole = JSON.stringify(value)
    for (let max = 0; max <= whole.length + 1; max++)
      expect(jsonPrefix(value, max)).toEqual({ text: whole.slice(0, max), complete: whole.length <= max })
  })

  it('writes no more than it was asked for, whatever the value holds', () => {
    const properties: Record<string, object> = {}
    for (let n = 0; n < 50_000; n++) properties[`p${n}`] = {}
    let read = 0
    const counted = new Proxy(properties, {
      get(target, key, receiver) {
        read++
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const { text, complete } = jsonPrefix({ result: { tools: [{ inputSchema: { properties: counted } }] } }, 2_000)
    expect(complete).toBe(false)
    expect(text).toHaveLength(2_000)
    // Each member written is read once; the walk stops at the limit.
    expect(read).toBeLessThan(400)
  })
})
