import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { partialJsonFields } from '../../../src/core/chat/partial-json'

describe('partialJsonFields', () => {
  it('shows the fields of an object as its text streams in', () => {
    expect(partialJsonFields('{"expression": "6 * ')).toEqual({ expression: '6 * ' })
    expect(partialJsonFields('{"expression": "6 * 7", "prec')).toEqual({ expression: '6 * 7' })
    expect(partialJsonFields('{"expression": "6 * 7", "precision":')).toEqual({ expression: '6 * 7' })
    expect(partialJsonFields('{"n": 12')).toEqual({ n: '12' })
    expect(partialJsonFields('{"n": 1, "ok": tr')).toEqual({ n: '1' })
    expect(partialJsonFields('{"text": "line\\')).toEqual({ text: 'line' })
    expect(partialJsonFields('{"text": "\\u00e9t\\u00')).toEqual({ text: 'ét' })
    expect(partialJsonFields('{"o": {"x": 1}, "list": [1, 2')).toEqual({ o: '{"x":1}', list: '[1,2]' })
    expect(partialJsonFields('  {"a": "b"} trailing')).toEqual({ a: 'b' })
    expect(partialJsonFields('{')).toEqual({})
  })

  it('says nothing for text that does not begin an object', () => {
    expect(partialJsonFields('')).toBeNull()
    expect(partialJsonFields('["a"]')).toBeNull()
    expect(partialJsonFields('6 * 7')).toBeNull()
  })

  it('a field nested deeper than any real value is left out; the fields before it show, and nothing throws', () => {
    const deep = 20_000
    expect(partialJsonFields(`{"city": "Paris", "data": ${'['.repeat(deep)}`)).toEqual({ city: 'Paris' })
    expect(partialJsonFields(`{"city": "Paris", "data": ${'['.repeat(deep)}${']'.repeat(deep)}}`)).toEqual({
      city: 'Paris',
    })
    expect(partialJsonFields(`{"data": ${'{"a":'.repeat(deep)}`)).toEqual({})
    // As deep as a real value goes, it shows.
    expect(partialJsonFields(`{"data": ${'['.repeat(200)}`)).toEqual({ data: '['.repeat(200) + ']'.repeat(200) })
  })

  it('keeps keys such as __proto__ as plain fields', () => {
    const fields = partialJsonFields('{"__proto__": "x", "a": "1"}')
    expect(Object.keys(fields ?? {})).toEqual(['__proto__', 'a'])
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
  })

  it('every prefix of an object shows a subset of its fields, each string a prefix of the final one (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string(),
          fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })),
        ),
        fc.boolean(),
        (object, indented) => {
          const text = JSON.stringify(object, null, indented ? 1 : undefined)
          for (let cut = 0; cut <= text.length; cut++) {
            const fields = partialJsonFields(text.slice(0, cut))
            if (cut === 0) {
              expect(fields).toBeNull()
              continue
            }
            expect(fields).not.toBeNull()
            for (const [key, value] of Object.entries(fields ?? {})) {
              expect(Object.prototype.hasOwnProperty.call(object, key)).toBe(true)
              const final = object[key]
              if (typeof final === 'string') expect(final.startsWith(value)).toBe(true)
            }
          }
          const whole = partialJsonFields(text)
          expect(Object.keys(whole ?? {})).toEqual(Object.keys(object))
        },
      ),
      { numRuns: 300 },
    )
  })
})
