import { describe, expect, it } from 'vitest'
import { pythonRepr, standardizeString } from '../../../src/core/eval/checker'
import { formatPyFloat, pyEquals, pyTypeOf } from '../../../src/core/eval/checker-python'

describe('pythonRepr', () => {
  it.each([
    ['text', "'text'"],
    ["it's", `"it's"`],
    [`it's "so"`, `'it\\'s "so"'`],
    ['a\nb\t\\', "'a\\nb\\t\\\\'"],
    ['\u0001\u00a0é', "'\\x01\\xa0é'"],
    [true, 'True'],
    [null, 'None'],
    [3, '3'],
    [2.5, '2.5'],
    [[1, 'a', [false]], "[1, 'a', [False]]"],
    [{ k: 'v', n: null }, "{'k': 'v', 'n': None}"],
  ])('prints %j as Python would', (value, text) => {
    expect(pythonRepr(value)).toBe(text)
  })

  it('prints floats with Python exponents', () => {
    expect(formatPyFloat(3)).toBe('3.0')
    expect(formatPyFloat(1e-5)).toBe('1e-05')
    expect(formatPyFloat(0.0001)).toBe('0.0001')
    expect(formatPyFloat(1.5e16)).toBe('1.5e+16')
    expect(formatPyFloat(0.1 + 0.2)).toBe('0.30000000000000004')
    expect(formatPyFloat(123456789.25)).toBe('123456789.25')
  })

  it('survives cycles and very long values', () => {
    const cyclic: unknown[] = [1]
    cyclic.push(cyclic)
    expect(pythonRepr(cyclic)).toBe('[1, [...]]')
    const long = pythonRepr(Array.from({ length: 100_000 }, (_, i) => i))
    expect(long.length).toBeLessThan(5000)
    expect(long.endsWith('...]')).toBe(true)
  })
})

describe('Python equality and types', () => {
  it('treats 1, 1.0 and True as equal, and compares containers deeply', () => {
    expect(pyEquals(1, true)).toBe(true)
    expect(pyEquals(0, false)).toBe(true)
    expect(pyEquals('1', 1)).toBe(false)
    expect(pyEquals([1, { a: [true] }], [true, { a: [1] }])).toBe(true)
    expect(pyEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(pyEquals(null, undefined)).toBe(true)
    expect(pyEquals(null, 0)).toBe(false)
  })

  it('names an integral number int and a boolean bool', () => {
    expect([3, 3.5, true, 'x', null, [], {}].map(pyTypeOf)).toEqual([
      'int',
      'float',
      'bool',
      'str',
      'NoneType',
      'list',
      'dict',
    ])
  })
})

describe('standardizeString', () => {
  it('drops spaces and ,./-_*^, lowercases and turns single quotes double', () => {
    expect(standardizeString("New-York, N.Y. 'Big_Apple' 2*3^2/1")).toBe('newyorkny"bigapple"2321')
    expect(standardizeString('keeps;colons:and!marks?')).toBe('keeps;colons:and!marks?')
  })
})
