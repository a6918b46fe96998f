import { describe, expect, it } from 'vitest'
import type { MethodParameter } from '../../src/core'
import { fieldKind, formToJson, newListItem, readForm, readJsonArguments, toFormValues } from '../../src/forms/parameter-form'

const params: MethodParameter[] = [
  { name: 'text', type: 'string' },
  { name: 'count', type: 'integer', required: false, defaultValue: 3 },
  { name: 'ratio', type: 'number', required: false },
  { name: 'loud', type: 'boolean', required: false, defaultValue: false },
  { name: 'maybe', type: 'boolean', required: false },
  { name: 'mode', type: 'enum', enumValues: ['fast', 'slow'] },
  { name: 'filter', type: 'object', properties: [{ name: 'tag', type: 'string' }, { name: 'depth', type: 'integer', required: false }] },
  { name: 'tags', type: 'array', items: { name: 'tag', type: 'string' }, required: false },
  { name: 'points', type: 'array', items: { name: 'point', type: 'object', properties: [{ name: 'x', type: 'number' }] }, required: false },
  { name: 'extra', type: 'object', required: false },
  { name: 'raw', type: 'array', required: false },
]

describe('parameter form model', () => {
  it('gives each parameter type its control', () => {
    expect(params.map((p) => fieldKind(p))).toEqual(['text', 'number', 'number', 'switch', 'tri-state', 'select', 'object', 'list', 'list', 'json', 'json'])
  })

  it('starts from defaults and reads typed arguments back', () => {
    const values = toFormValues(params)
    expect(values).toEqual({ text: '', count: '3', ratio: '', loud: false, maybe: null, mode: '', filter: { tag: '', depth: '' }, tags: [], points: [], extra: '', raw: '' })
    expect(readForm(params, values).errors).toEqual({ text: { code: 'required' }, mode: { code: 'required' }, 'filter.tag': { code: 'required' } })
    const filled = toFormValues(params, { text: 'hi', count: 7, mode: 'slow', filter: { tag: 'a', depth: 2 }, tags: ['x', 'y'], points: [{ x: 1.5 }], extra: { k: [1] }, raw: [1, 'two'], maybe: true })
    expect(readForm(params, filled)).toEqual({
      arguments: { text: 'hi', count: 7, loud: false, maybe: true, mode: 'slow', filter: { tag: 'a', depth: 2 }, tags: ['x', 'y'], points: [{ x: 1.5 }], extra: { k: [1] }, raw: [1, 'two'] },
      errors: {},
    })
  })

  it('keeps what is typed in number fields until it is valid, and says what is wrong', () => {
    const values = { ...toFormValues(params, { text: 'a', mode: 'fast', filter: { tag: 't' } }), count: '2.5', ratio: '1e', filter: { tag: 't', depth: 'x' } }
    const { errors, arguments: args } = readForm(params, values)
    expect(errors).toEqual({ count: { code: 'integer' }, ratio: { code: 'number' }, 'filter.depth': { code: 'number' } })
    expect(args).toMatchObject({ text: 'a', mode: 'fast', filter: { tag: 't' } })
    expect(values.count).toBe('2.5')
  })

  it('validates list items and JSON fields', () => {
    const values = { ...toFormValues(params, { text: 'a', mode: 'fast', filter: { tag: 't' } }), tags: ['ok', ''], points: [{ x: 'nope' }], extra: '[1]', raw: '{bad' }
    expect(readForm(params, values).errors).toEqual({
      'tags[1]': { code: 'required' },
      'points[0].x': { code: 'number' },
      extra: { code: 'jsonObject' },
      raw: { code: 'json', detail: expect.any(String) as string },
    })
    expect(newListItem({ name: 'p', type: 'object', properties: [{ name: 'x', type: 'number' }] })).toEqual({ x: '' })
  })

  it('switching to JSON keeps every value, even half-typed ones, and back', () => {
    const values = { ...toFormValues(params, { text: 'a', mode: 'fast', filter: { tag: 't' }, tags: ['x'] }), count: '4.', ratio: '0.5' }
    const json = formToJson(params, values)
    expect(JSON.parse(json)).toEqual({ text: 'a', count: 4, ratio: 0.5, loud: false, mode: 'fast', filter: { tag: 't' }, tags: ['x'], points: [] })
    const half = formToJson(params, { ...values, count: '4x' })
    expect(JSON.parse(half).count).toBe('4x')
    const reading = readJsonArguments(json)
    expect(reading.ok && toFormValues(params, reading.arguments).tags).toEqual(['x'])
    expect(readJsonArguments('[1]')).toEqual({ ok: false, message: 'not-object' })
    expect(readJsonArguments('{')).toMatchObject({ ok: false })
  })
})
