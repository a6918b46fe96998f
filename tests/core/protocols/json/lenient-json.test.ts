import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseLenientJson } from '../../../../src/core/protocols/json/lenient-json'

describe('lenient JSON', () => {
  it('reads strict JSON exactly as JSON.parse does, with no repairs', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const result = parseLenientJson(text)
        expect(result.ok).toBe(true)
        if (result.ok) {
          expect(result.value).toEqual(JSON.parse(text))
          expect(result.repairs).toEqual([])
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('never throws, and fails where JSON.parse fails unless a known repair applies', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseLenientJson(text)
        if (!result.ok) {
          expect(result.offset).toBeGreaterThanOrEqual(0)
          expect(result.offset).toBeLessThanOrEqual(text.length)
        } else if (result.repairs.length === 0) {
          expect(result.value).toEqual(JSON.parse(text))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it.each([
    ['{"a": 1,}', { a: 1 }, 'trailing-comma', 7],
    ['[1, 2,]', [1, 2], 'trailing-comma', 5],
    ["{'a': 'it\\'s'}", { a: "it's" }, 'single-quotes', 1],
    ['{a: 1, b_2: 2}', { a: 1, b_2: 2 }, 'unquoted-key', 1],
    ['{"ok": True, "no": False, "x": None}', { ok: true, no: false, x: null }, 'python-literal', 7],
    ['{"code": "line 1\nline 2"}', { code: 'line 1\nline 2' }, 'unescaped-control-character', 16],
  ])('repairs %j', (text, value, code, offset) => {
    const result = parseLenientJson(text)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toEqual(value)
    expect(result.repairs[0]).toMatchObject({ code, offset })
  })

  it.each([
    ['{"a": 1', 'an object never closes', 7, '"," or "}" was expected in an object, found the end of the payload'],
    ['{"a" 1}', 'a missing colon', 5, '":" was expected after the key "a", found "1"'],
    ['{"a": undefined}', 'an unknown word', 6, '"undefined" is not a JSON value (strings need quotes)'],
    ['{"a": "x}', 'a string that never closes', 6, 'the string that starts here never closes (no closing ")'],
    ['{"a": 1} trailing', 'text after the value', 9, 'the payload continues after its value with "t"'],
    ['"\\x"', 'a bad escape', 1, '"\\x" is not a JSON escape'],
  ])('reports %j (%s) at its offset', (text, _what, offset, message) => {
    expect(parseLenientJson(text)).toMatchObject({ ok: false, offset, message })
  })

  it('keeps __proto__ as an ordinary key and records spans', () => {
    const text = '{"__proto__": {"x": 1}, "list": [ {"a": 1} ]}'
    const result = parseLenientJson(text)
    if (!result.ok) throw new Error(result.message)
    const value = result.value as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__', 'list'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    const item = (value.list as object[])[0] as object
    const span = result.spans.get(item)
    expect(text.slice(span?.start, span?.end)).toBe('{"a": 1}')
  })

  it('refuses absurd nesting instead of overflowing the stack', () => {
    expect(parseLenientJson('['.repeat(100_000))).toMatchObject({
      ok: false,
      message: 'the payload nests deeper than 256 levels',
    })
  })
})
