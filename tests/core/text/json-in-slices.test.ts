import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseJsonInSlices } from '../../../src/core/text/json-in-slices'

/** The outcome of JSON.parse, as data: the value or that it threw a SyntaxError. */
function native(text: string): { value: unknown } | { error: true } {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError)
    return { error: true }
  }
}

async function sliced(text: string, sliceChars: number): Promise<{ value: unknown } | { error: true }> {
  try {
    return { value: await parseJsonInSlices(text, { sliceChars, pause: () => Promise.resolve() }) }
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError)
    return { error: true }
  }
}

/** Same value, same own keys in the same order (`__proto__` included). */
function sameShape(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.join('\u0000') !== keysB.join('\u0000')) return false
  return keysA.every((key) => sameShape((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

// JSON's own pieces, so the texts hit brackets, strings with escapes and keys like "__proto__".
const pieces = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  ' ',
  '\n',
  '"a"',
  '"__proto__"',
  '"1"',
  '"x\\"y"',
  '"\\\\"',
  '"\\u00e9"',
  '"{"',
  '"]"',
  '1',
  '-0',
  '2.5e3',
  'true',
  'null',
  'tru',
  '"',
  '\\',
  '01',
)

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives for any JSON value, whatever the slice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), fc.boolean(), async (value, slice, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 2 : undefined) ?? 'null'
        const out = await sliced(text, slice)
        expect('value' in out && sameShape(out.value, JSON.parse(text))).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it('refuses exactly the texts JSON.parse refuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
        fc.integer({ min: 1, max: 12 }),
        async (text, slice) => {
          const expected = native(text)
          const out = await sliced(text, slice)
          if ('error' in expected) expect(out).toEqual({ error: true })
          else expect('value' in out && sameShape(out.value, expected.value)).toBe(true)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('refuses a JSON text broken in one place exactly when JSON.parse does', async () => {
    // Valid JSON with one piece deleted, doubled or replaced: the mistakes a scanner overlooks.
    const broken = fc
      .tuple(fc.jsonValue(), fc.nat(), fc.constantFrom('delete', 'double', 'replace'), pieces)
      .map(([value, at, how, piece]) => {
        const text = JSON.stringify(value) ?? 'null'
        const i = at % Math.max(1, text.length)
        if (how === 'delete') return text.slice(0, i) + text.slice(i + 1)
        if (how === 'double') return text.slice(0, i) + text.slice(i, i + 1) + text.slice(i)
        return text.slice(0, i) + piece + text.slice(i + 1)
      })
    await fc.assert(
      fc.asyncProperty(broken, fc.integer({ min: 1, max: 12 }), async (text, slice) => {
        const expected = native(text)
        const out = await sliced(text, slice)
        if ('error' in expected) expect(out).toEqual({ error: true })
        else expect('value' in out && sameShape(out.value, expected.value)).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })

  it('keeps "__proto__" as a key, as JSON.parse does', async () => {
    const text = JSON.stringify({ a: 1 }).replace('"a"', '"__proto__"') + ' '
    const big = `{"x": [${'1,'.repeat(50)}2], "__proto__": {"polluted": true}, "y": {"__proto__": 1}}`
    for (const source of [text, big]) {
      const value = (await parseJsonInSlices(source, { sliceChars: 8, pause: () => Promise.resolve() })) as object
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
      expect(sameShape(value, JSON.parse(source))).toBe(true)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('pauses between slices of a big list of tools, and not for a small text', async () => {
    const properties: Record<string, object> = {}
    for (let n = 0; n < 5_000; n++) properties[`p${n}`] = {}
    const text = JSON.stringify({
      result: { tools: ['a', 'b'].map((name) => ({ name, inputSchema: { properties } })) },
    })
    let pauses = 0
    const pause = () => {
      pauses++
      return Promise.resolve()
    }
    const value = await parseJsonInSlices(text, { sliceChars: 4096, pause })
    expect(sameShape(value, JSON.parse(text))).toBe(true)
    // About one pause per slice, a member counted as 48 characters: the work between two pauses is
    // bounded by the characters and the members parsed, however small each member is.
    const work = text.length + 2 * 5_000 * 48
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(work / 4096) - 4)
    expect(pauses).toBeLessThanOrEqual(Math.ceil(work / 4096) + 4)
    pauses = 0
    await parseJsonInSlices('{"small": true}', { sliceChars: 4096, pause })
    expect(pauses).toBe(0)
  })

  it('parses a string or number longer than a slice whole', async () => {
    const long = 'é"\\'.repeat(100)
    const text = JSON.stringify({ a: long, b: [long, 1234567890123456] })
    expect(await parseJsonInSlices(text, { sliceChars: 5, pause: () => Promise.resolve() })).toEqual(JSON.parse(text))
  })
})
