import { describe, expect, it } from 'vitest'
import { parseJsonAsPython, renderChatTemplate } from '../../../src/core/templates'
import { PyFloat } from '../../../src/core/templates/values'

describe('parseJsonAsPython', () => {
  it('keeps floats written with a fraction or an exponent, and ints as numbers', () => {
    expect(parseJsonAsPython('[1.0, 1e100, -0.0, 10, -0, 2.5E-3]')).toEqual([
      new PyFloat(1),
      new PyFloat(1e100),
      new PyFloat(-0),
      10,
      -0,
      new PyFloat(0.0025),
    ])
  })

  it('reads objects as Maps in their written order, a repeated key keeping its first place', () => {
    const value = parseJsonAsPython('{"b": 1, "2": {"x": []}, "a": null, "b": "last"}') as Map<string, unknown>
    expect([...value.keys()]).toEqual(['b', '2', 'a'])
    expect(value.get('b')).toBe('last')
    expect(value.get('2')).toEqual(new Map([['x', []]]))
  })

  it("reads strings, escapes, NaN and Infinity as Python's json does", () => {
    expect(parseJsonAsPython(' ["a\\"\\u00fc\\ud83d\\ude00", true, false, null, NaN, -Infinity] ')).toEqual([
      'a"ü😀',
      true,
      false,
      null,
      new PyFloat(NaN),
      new PyFloat(-Infinity),
    ])
  })

  it('throws a SyntaxError on what is not JSON', () => {
    for (const text of ['', '[1,]', '{"a" 1}', '{a: 1}', '"open', '[1] 2', '01', '['.repeat(2000)])
      expect(() => parseJsonAsPython(text), text.slice(0, 20)).toThrow(SyntaxError)
  })

  it('gives a template the floats and key order Python would', () => {
    const messages = parseJsonAsPython('[{"role": "user", "content": {"2": 1.0, "a": -0.0}}]') as unknown[]
    const result = renderChatTemplate('{{ messages[0].content }} {{ messages[0].content|tojson }}', { messages })
    expect(result).toEqual({ ok: true, text: '{\'2\': 1.0, \'a\': -0.0} {"2": 1.0, "a": -0.0}' })
  })
})

describe('parseJsonAsPython and ints past 2**53', () => {
  it('keeps their digits for printing and JSON, and calls them ints', () => {
    const value = parseJsonAsPython('{"id": 12345678901234567890, "max": -9223372036854775807}')
    const result = renderChatTemplate('{{ v }} {{ v|tojson }} {{ v.id is integer }} {{ v.id is float }}', {
      messages: [],
      variables: { v: value },
    })
    expect(result).toEqual({
      ok: true,
      text: '{\'id\': 12345678901234567890, \'max\': -9223372036854775807} {"id": 12345678901234567890, "max": -9223372036854775807} True False',
    })
  })
})
