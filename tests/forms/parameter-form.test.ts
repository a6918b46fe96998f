import { describe, expect, it } from 'vitest'
import type { MethodParameter } from '../../src/core'
import { readListedTools } from '../../src/core/mcp/listed-tools'
import {
  fieldKind,
  formToJson,
  newListItem,
  readForm,
  readJsonArguments,
  SEARCH_MATCHES,
  searchValues,
  toFormValues,
} from '../../src/forms/parameter-form'

const params: MethodParameter[] = [
  { name: 'text', type: 'string' },
  { name: 'count', type: 'integer', required: false, defaultValue: 3 },
  { name: 'ratio', type: 'number', required: false },
  { name: 'loud', type: 'boolean', required: false, defaultValue: false },
  { name: 'maybe', type: 'boolean', required: false },
  { name: 'mode', type: 'enum', enumValues: ['fast', 'slow'] },
  {
    name: 'filter',
    type: 'object',
    properties: [
      { name: 'tag', type: 'string' },
      { name: 'depth', type: 'integer', required: false },
    ],
  },
  { name: 'tags', type: 'array', items: { name: 'tag', type: 'string' }, required: false },
  {
    name: 'points',
    type: 'array',
    items: { name: 'point', type: 'object', properties: [{ name: 'x', type: 'number' }] },
    required: false,
  },
  { name: 'extra', type: 'object', required: false },
  { name: 'raw', type: 'array', required: false },
]

describe('parameter form model', () => {
  it('gives each parameter type its control', () => {
    expect(params.map((p) => fieldKind(p))).toEqual([
      'text',
      'number',
      'number',
      'switch',
      'tri-state',
      'select',
      'object',
      'list',
      'list',
      'json',
      'json',
    ])
  })

  it('starts from defaults and reads typed arguments back', () => {
    const values = toFormValues(params)
    expect(values).toEqual({
      text: '',
      count: '3',
      ratio: '',
      loud: false,
      maybe: null,
      mode: '',
      filter: { tag: '', depth: '' },
      tags: [],
      points: [],
      extra: '',
      raw: '',
    })
    expect(readForm(params, values).errors).toEqual({
      text: { code: 'required' },
      mode: { code: 'required' },
      'filter.tag': { code: 'required' },
    })
    const filled = toFormValues(params, {
      text: 'hi',
      count: 7,
      mode: 'slow',
      filter: { tag: 'a', depth: 2 },
      tags: ['x', 'y'],
      points: [{ x: 1.5 }],
      extra: { k: [1] },
      raw: [1, 'two'],
      maybe: true,
    })
    expect(readForm(params, filled)).toEqual({
      arguments: {
        text: 'hi',
        count: 7,
        loud: false,
        maybe: true,
        mode: 'slow',
        filter: { tag: 'a', depth: 2 },
        tags: ['x', 'y'],
        points: [{ x: 1.5 }],
        extra: { k: [1] },
        raw: [1, 'two'],
      },
      errors: {},
    })
  })

  it('keeps what is typed in number fields until it is valid, and says what is wrong', () => {
    const values = {
      ...toFormValues(params, { text: 'a', mode: 'fast', filter: { tag: 't' } }),
      count: '2.5',
      ratio: '1e',
      filter: { tag: 't', depth: 'x' },
    }
    const { errors, arguments: args } = readForm(params, values)
    expect(errors).toEqual({
      count: { code: 'integer' },
      ratio: { code: 'number' },
      'filter.depth': { code: 'number' },
    })
    expect(args).toMatchObject({ text: 'a', mode: 'fast', filter: { tag: 't' } })
    expect(values.count).toBe('2.5')
  })

  it('validates list items and JSON fields', () => {
    const values = {
      ...toFormValues(params, { text: 'a', mode: 'fast', filter: { tag: 't' } }),
      tags: ['ok', ''],
      points: [{ x: 'nope' }],
      extra: '[1]',
      raw: '{bad',
    }
    expect(readForm(params, values).errors).toEqual({
      'tags[1]': { code: 'required' },
      'points[0].x': { code: 'number' },
      extra: { code: 'jsonObject' },
      raw: { code: 'json', detail: expect.any(String) as string },
    })
    expect(newListItem({ name: 'p', type: 'object', properties: [{ name: 'x', type: 'number' }] })).toEqual({ x: '' })
  })

  it('switching to JSON keeps every value, even half-typed ones, and back', () => {
    const values = {
      ...toFormValues(params, { text: 'a', mode: 'fast', filter: { tag: 't' }, tags: ['x'] }),
      count: '4.',
      ratio: '0.5',
    }
    const json = formToJson(params, values)
    expect(JSON.parse(json)).toEqual({
      text: 'a',
      count: 4,
      ratio: 0.5,
      loud: false,
      mode: 'fast',
      filter: { tag: 't' },
      tags: ['x'],
      points: [],
    })
    const half = formToJson(params, { ...values, count: '4x' })
    expect(JSON.parse(half).count).toBe('4x')
    const reading = readJsonArguments(json)
    expect(reading.ok && toFormValues(params, reading.arguments).tags).toEqual(['x'])
    expect(readJsonArguments('[1]')).toEqual({ ok: false, message: 'not-object' })
    expect(readJsonArguments('{')).toMatchObject({ ok: false })
  })
})

describe('a choice of more values than a list can draw', () => {
  const values = Array.from({ length: 200_000 }, (_, n) => `v${n}`)
  // How an MCP server's 200,000-value enum is read: a text field whose values the form searches.
  const [choice] =
    readListedTools('big', [
      {
        name: 'pick',
        inputSchema: { type: 'object', properties: { choice: { type: 'string', enum: values } }, required: ['choice'] },
      },
    ]).methods[0]?.parameters ?? []

  it('is a search field over the values, and the prompt never lists them', () => {
    expect(choice).toMatchObject({ name: 'choice', type: 'string' })
    expect(fieldKind(choice as MethodParameter)).toBe('search')
    expect(choice?.enumValues).toBeUndefined()
  })

  it('finds a value deep in the list, in a bounded number of matches, exact and prefix first', () => {
    const found = searchValues(choice?.searchableValues ?? [], 'v19999')
    expect(found.length).toBeLessThanOrEqual(SEARCH_MATCHES)
    expect(found.slice(0, 2)).toEqual(['v19999', 'v199990'])
    expect(searchValues(choice?.searchableValues ?? [], 'V199999')).toEqual(['v199999'])
    expect(searchValues(choice?.searchableValues ?? [], '')).toHaveLength(SEARCH_MATCHES)
    expect(searchValues(choice?.searchableValues ?? [], 'nothing')).toEqual([])
  })

  it('reads a listed value and says when a typed one is not listed', () => {
    const parameters = [choice as MethodParameter]
    expect(readForm(parameters, { choice: 'v199999' })).toEqual({ arguments: { choice: 'v199999' }, errors: {} })
    expect(readForm(parameters, { choice: 'w1' }).errors).toEqual({ choice: { code: 'enum' } })
    expect(readForm(parameters, { choice: '' }).errors).toEqual({ choice: { code: 'required' } })
  })

  it('offers only the values it can show as they are (a direction mark would make the shown value differ from the sent one)', () => {
    const [odd] =
      readListedTools('odd', [
        {
          name: 'pick',
          inputSchema: {
            type: 'object',
            properties: { c: { type: 'string', enum: [...values.slice(0, 1_500), 'rtl\u202Eevil', 'a\nb'] } },
          },
        },
      ]).methods[0]?.parameters ?? []
    expect(odd?.searchableValues).toHaveLength(1_500)
    expect(searchValues(odd?.searchableValues ?? [], 'evil')).toEqual([])
  })
})

describe('fields named like members of every object', () => {
  it('a required "constructor" or "toString" left empty is reported as required, and no other field gets an error', () => {
    const parameters: MethodParameter[] = [
      { name: 'constructor', type: 'string', required: true },
      { name: 'toString', type: 'string', required: true },
      { name: 'valueOf', type: 'string', required: false },
    ]
    const { errors, arguments: args } = readForm(parameters, toFormValues(parameters))
    expect(args).toEqual({})
    expect(Object.keys(errors).sort()).toEqual(['constructor', 'toString'])
    expect(errors.constructor).toEqual({ code: 'required' })
    expect(errors.valueOf).toBeUndefined()
  })
})
