import { describe, expect, it } from 'vitest'
import { MAX_ELICITATION_FIELDS, readElicitationForm } from '../../../src/core/mcp/elicitation-form'
import { MAX_ELICITATION_CHOICES } from '../../../src/core/mcp/elicitation-field'
import { elicitationAnswer } from '../../../src/core/mcp/elicitation-content'
import { fieldKind, readForm, toFormValues } from '../../../src/forms/parameter-form'
import { deepSchema, EVERY_FIELD, hugeEnumSchema } from '../../fixtures/mcp/elicitation-schemas'

const formOf = (requestedSchema: unknown, message: unknown = 'Tell me') =>
  readElicitationForm({ message, requestedSchema })
const field = (form: ReturnType<typeof formOf>, name: string) => form.fields.find((f) => f.name === name)
const param = (form: ReturnType<typeof formOf>, name: string) => form.parameters.find((p) => p.name === name)

describe('an elicitation schema read as a form', () => {
  const form = readElicitationForm(EVERY_FIELD)

  it('keeps every field the protocol allows, in order, with its checks and no notice', () => {
    expect(form.notices).toEqual([])
    expect(form.missingRequired).toEqual([])
    expect(form.fields.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['check', 'boolean'],
      ['firstLine', 'text'],
      ['email', 'text'],
      ['homepage', 'text'],
      ['birthdate', 'text'],
      ['meeting', 'text'],
      ['integer', 'integer'],
      ['number', 'number'],
      ['friend', 'choice'],
      ['instruments', 'choices'],
      ['hero', 'choice'],
      ['fish', 'choices'],
      ['pet', 'choice'],
    ])
    expect(field(form, 'name')).toMatchObject({ title: 'Full name', required: true, minLength: 2, maxLength: 20 })
    expect(field(form, 'firstLine')).toMatchObject({ title: 'firstLine', required: false })
    expect(field(form, 'email')).toMatchObject({ format: 'email', required: true })
    expect(field(form, 'meeting')?.format).toBe('date-time')
    expect(field(form, 'integer')).toMatchObject({ minimum: 1, maximum: 100 })
    expect(field(form, 'instruments')).toMatchObject({ minItems: 1, maxItems: 2 })
    expect(field(form, 'hero')?.choices).toEqual([
      { value: 'hero-1', label: 'Superman' },
      { value: 'hero-2', label: 'Wonder Woman' },
    ])
    expect(field(form, 'pet')?.choices).toEqual([
      { value: 'pet-1', label: 'Cats' },
      { value: 'pet-2', label: 'Dogs' },
    ])
  })

  it('gives the form generator one parameter per field: choices by their labels, defaults prefilled', () => {
    expect(form.parameters.map((p) => [p.name, fieldKind(p)])).toEqual([
      ['name', 'text'],
      ['check', 'tri-state'],
      ['firstLine', 'text'],
      ['email', 'text'],
      ['homepage', 'text'],
      ['birthdate', 'text'],
      ['meeting', 'text'],
      ['integer', 'number'],
      ['number', 'number'],
      ['friend', 'select'],
      ['instruments', 'list'],
      ['hero', 'select'],
      ['fish', 'list'],
      ['pet', 'select'],
    ])
    expect(param(form, 'name')?.description).toBe('Your full, legal name')
    expect(param(form, 'hero')).toMatchObject({
      enumValues: ['Superman', 'Wonder Woman'],
      defaultValue: 'Wonder Woman',
    })
    expect(param(form, 'fish')?.items?.enumValues).toEqual(['Tuna', 'Salmon'])
    const values = toFormValues(form.parameters)
    expect(values).toMatchObject({
      firstLine: 'It was a dark and stormy night.',
      integer: '42',
      number: '3.14',
      friend: 'Monica',
      instruments: ['Guitar'],
      hero: 'Wonder Woman',
      fish: ['Salmon'],
      pet: 'Cats',
      check: null,
    })
  })

  it('turns what the person filled in into content with the values the server listed, not the labels', () => {
    const values = {
      ...toFormValues(form.parameters),
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      check: true,
      fish: ['Tuna', 'Salmon'],
    }
    const answer = elicitationAnswer(form, readForm(form.parameters, values).arguments)
    expect(answer).toEqual({
      ok: true,
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.org',
        integer: 42,
        number: 3.14,
        friend: 'Monica',
        instruments: ['Guitar'],
        hero: 'hero-2',
        fish: ['fish-1', 'fish-2'],
        pet: 'pet-1',
      },
    })
  })

  it('numbers labels that clean to the same text, and keeps each value once', () => {
    const read = formOf({
      type: 'object',
      properties: {
        pick: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'Same' },
            { const: 'b', title: 'Same\u200B' },
            { const: 'a', title: 'Again' },
          ],
        },
      },
    })
    expect(field(read, 'pick')?.choices).toEqual([
      { value: 'a', label: 'Same' },
      { value: 'b', label: 'Same (2)' },
    ])
  })
})

describe('hostile elicitation schemas give a readable notice, never a throw', () => {
  it('a property nested 100,000 levels deep is left out; the rest of the form stays', () => {
    const read = formOf(deepSchema(100_000))
    expect(read.fields.map((f) => f.name)).toEqual(['plain'])
    expect(read.notices).toEqual([{ code: 'unsupportedType', field: '"deep"', detail: '"object"' }])
    expect(read.missingRequired).toEqual([])
  })

  it('a required field that cannot be shown blocks accepting, and says which', () => {
    const schema = { ...deepSchema(3), required: ['deep'] }
    const read = formOf(schema)
    expect(read.missingRequired).toEqual(['deep'])
    expect(read.notices).toContainEqual({ code: 'requiredLeftOut', field: '"deep"' })
    expect(elicitationAnswer(read, { plain: 'x' })).toEqual({
      ok: false,
      problems: [{ field: 'deep', code: 'leftOut' }],
    })
  })

  it('an enum past the choice limit of a list becomes a search field; one past the elicitation limit is refused', () => {
    const searchable = formOf(hugeEnumSchema(5_000))
    expect(searchable.notices).toEqual([])
    expect(param(searchable, 'pick')?.searchableValues).toHaveLength(5_000)
    expect(elicitationAnswer(searchable, { pick: 'v4999' })).toEqual({ ok: true, content: { pick: 'v4999' } })
    expect(elicitationAnswer(searchable, { pick: 'nope' })).toMatchObject({ ok: false, problems: [{ code: 'choice' }] })

    const refused = formOf(hugeEnumSchema(MAX_ELICITATION_CHOICES * 20, true))
    expect(refused.fields).toEqual([])
    expect(refused.notices).toEqual([
      { code: 'tooManyChoices', field: '"pick"', count: MAX_ELICITATION_CHOICES * 20 },
      { code: 'requiredLeftOut', field: '"pick"' },
    ])
  })

  it('past the field limit the rest are left out with a notice', () => {
    const properties = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, { type: 'string' }]))
    const read = formOf({ type: 'object', properties })
    expect(read.fields).toHaveLength(MAX_ELICITATION_FIELDS)
    expect(read.notices).toEqual([{ code: 'tooManyFields', count: 150, detail: String(MAX_ELICITATION_FIELDS) }])
  })

  it.each([
    ['no schema', undefined],
    ['a string', 'object'],
    ['null', null],
    ['an array', [{ type: 'string' }]],
    ['properties as an array', { type: 'object', properties: [{ type: 'string' }] }],
  ])('a requested schema that is %s gives an empty form that says so', (_, schema) => {
    const read = formOf(schema)
    expect(read.fields).toEqual([])
    expect(read.notices).toEqual([{ code: 'notAnObject' }])
  })

  it('odd types, odd choices and odd names are each left out with their own notice', () => {
    const read = formOf({
      type: 'object',
      properties: {
        none: {},
        nothing: null,
        text: 'string',
        many: { type: ['string', 'null'] },
        numeric: { type: 42 },
        nulls: { type: 'null' },
        numbers: { type: 'number', enum: [1, 2] },
        empty: { type: 'string', enum: [] },
        noConst: { type: 'string', oneOf: [{ title: 'x' }] },
        freeList: { type: 'array', items: { type: 'string' } },
        __proto__ok: { type: 'string' },
        'with space': { type: 'string' },
        ['x'.repeat(200)]: { type: 'string' },
        'rtl\u202Eevil': { type: 'string' },
      },
      required: 'none',
    })
    expect(read.fields.map((f) => f.name)).toEqual(['__proto__ok'])
    expect(read.notices).toEqual([
      { code: 'unsupportedType', field: '"none"', detail: 'none' },
      { code: 'unsupportedType', field: '"nothing"', detail: 'none' },
      { code: 'unsupportedType', field: '"text"', detail: 'none' },
      { code: 'unsupportedType', field: '"many"', detail: 'a list of types' },
      { code: 'unsupportedType', field: '"numeric"', detail: 'number' },
      { code: 'unsupportedType', field: '"nulls"', detail: '"null"' },
      { code: 'badChoices', field: '"numbers"' },
      { code: 'badChoices', field: '"empty"' },
      { code: 'badChoices', field: '"noConst"' },
      { code: 'badChoices', field: '"freeList"' },
      { code: 'badName', field: '"with space"' },
      { code: 'badName', field: `"${'x'.repeat(80)}…"`.replace('…', '\\u{2026}') },
      { code: 'badName', field: '"rtl\\u{202e}evil"' },
    ])
  })

  it('a property named __proto__ is refused and never reaches an object prototype', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"ok":{"type":"string"}}}')
    const read = formOf(schema)
    expect(read.fields.map((f) => f.name)).toEqual(['ok'])
    expect(read.notices).toEqual([{ code: 'badName', field: '"__proto__"' }])
  })

  it('text from the server is cleaned of control and direction characters, and a long message is cut', () => {
    const read = formOf(
      { type: 'object', properties: { a: { type: 'string', title: 'line\nbreak\u202E', description: 'd\u0007' } } },
      'hello\u200B <b>there</b>\n' + 'x'.repeat(20_000),
    )
    expect(read.message.startsWith('hello <b>there</b>\n')).toBe(true)
    expect(read.message.length).toBeLessThanOrEqual(10_000)
    expect(read.notices).toEqual([{ code: 'messageCut', count: expect.any(Number) }])
    expect(field(read, 'a')?.title).toBe('line break')
    expect(param(read, 'a')?.description).toBe('d')
    expect(formOf({ type: 'object', properties: {} }, 42).message).toBe('')
  })

  it('defaults of the wrong type are not prefilled', () => {
    const read = formOf({
      type: 'object',
      properties: {
        n: { type: 'number', default: 'ten' },
        b: { type: 'boolean', default: 'yes' },
        s: { type: 'string', default: 5 },
        c: { type: 'string', enum: ['a'], default: 'z' },
        m: { type: 'array', items: { enum: ['a'] }, default: ['a', 'z', 3] },
        limits: { type: 'string', minLength: -1, maxLength: 1.5 },
      },
    })
    expect(read.parameters.map((p) => p.defaultValue)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      ['a'],
      undefined,
    ])
    expect(field(read, 'limits')).toMatchObject({ minLength: undefined, maxLength: undefined })
  })
})
