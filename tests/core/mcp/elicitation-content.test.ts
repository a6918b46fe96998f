import { describe, expect, it } from 'vitest'
import { readElicitationForm } from '../../../src/core/mcp/elicitation-form'
import {
  acceptResult,
  cancelResult,
  checkElicitationContent,
  contentFromForm,
  declineResult,
  elicitationAnswer,
} from '../../../src/core/mcp/elicitation-content'
import { matchesFormat } from '../../../src/core/mcp/elicitation-formats'
import type { ElicitationFormat } from '../../../src/core/mcp/elicitation-field'
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { EVERY_FIELD } from '../../fixtures/mcp/elicitation-schemas'

const form = readElicitationForm(EVERY_FIELD)
const valid = { name: 'Ada', email: 'ada@example.org' }
const problemsOf = (extra: Record<string, unknown>) => checkElicitationContent(form, { ...valid, ...extra })

describe('content checked against the requested schema before it is sent', () => {
  it('passes content that keeps every rule', () => {
    expect(problemsOf({ integer: 1, number: 0, hero: 'hero-1', fish: ['fish-1'], check: false })).toEqual([])
  })

  it.each([
    [{ name: undefined }, { field: 'name', code: 'required' }],
    [{ name: 'A' }, { field: 'name', code: 'minLength', limit: 2 }],
    [{ name: 'A'.repeat(21) }, { field: 'name', code: 'maxLength', limit: 20 }],
    [{ name: 42 }, { field: 'name', code: 'type', limit: 'string' }],
    [{ email: 'ada@' }, { field: 'email', code: 'format', limit: 'email' }],
    [{ homepage: 'not a uri' }, { field: 'homepage', code: 'format', limit: 'uri' }],
    [{ birthdate: '2023-02-29' }, { field: 'birthdate', code: 'format', limit: 'date' }],
    [{ integer: 4.5 }, { field: 'integer', code: 'integer' }],
    [{ integer: 0 }, { field: 'integer', code: 'minimum', limit: 1 }],
    [{ number: 1000.5 }, { field: 'number', code: 'maximum', limit: 1000 }],
    [{ number: Number.NaN }, { field: 'number', code: 'type', limit: 'number' }],
    [{ check: 'yes' }, { field: 'check', code: 'type', limit: 'boolean' }],
    [{ hero: 'Superman' }, { field: 'hero', code: 'choice' }],
    [{ instruments: [] }, { field: 'instruments', code: 'minItems', limit: 1 }],
    [{ instruments: ['Guitar', 'Piano', 'Drums'] }, { field: 'instruments', code: 'maxItems', limit: 2 }],
    [{ instruments: ['Banjo'] }, { field: 'instruments', code: 'choice' }],
    [{ instruments: 'Guitar' }, { field: 'instruments', code: 'type', limit: 'array' }],
    [{ extra: 1 }, { field: 'extra', code: 'unknownField' }],
  ])('%j is refused with %j', (extra, problem) => {
    expect(problemsOf(extra)).toEqual([problem])
  })

  it('counts characters, not UTF-16 units: two emoji are two characters', () => {
    expect(problemsOf({ name: '😀😀' })).toEqual([])
  })

  it('lists every problem at once, so the form can mark each field', () => {
    expect(checkElicitationContent(form, { integer: 500 }).map((p) => p.field)).toEqual(['name', 'email', 'integer'])
  })

  it('leaves out an optional multi-select left empty, keeps a required one to be refused', () => {
    expect(contentFromForm(form, { ...valid, fish: [] })).toEqual(valid)
    const required = readElicitationForm({
      message: '',
      requestedSchema: {
        type: 'object',
        properties: { tags: { type: 'array', items: { enum: ['a'] } } },
        required: ['tags'],
      },
    })
    expect(elicitationAnswer(required, { tags: [] })).toEqual({ ok: true, content: { tags: [] } })
    expect(elicitationAnswer(required, {})).toEqual({ ok: false, problems: [{ field: 'tags', code: 'required' }] })
  })
})

describe('the three answers', () => {
  it('are what the protocol expects', () => {
    const content = { name: 'Ada', tags: ['a'], n: 1, yes: true }
    for (const result of [acceptResult(content), declineResult(), cancelResult()])
      expect(ElicitResultSchema.safeParse(result).success).toBe(true)
    expect(acceptResult(content)).toEqual({ action: 'accept', content })
    expect(declineResult()).toEqual({ action: 'decline' })
    expect(cancelResult()).toEqual({ action: 'cancel' })
  })
})

describe('string formats', () => {
  const cases: [ElicitationFormat, string[], string[]][] = [
    ['email', ['a@b.co', 'first.last+tag@mail.example.org'], ['a@b', '@b.co', 'a b@c.de', 'a@@b.co', 'a@b..co', '']],
    [
      'uri',
      ['https://example.org/a?b', 'mailto:a@b.co', 'urn:isbn:123'],
      ['example.org', 'http://a b', '1http://x', ''],
    ],
    [
      'date',
      ['2024-02-29', '2000-12-31', '0000-02-29'],
      ['2023-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-1-1'],
    ],
    [
      'date-time',
      ['2024-05-01T12:30:00Z', '2024-05-01t23:59:60.5+08:00', '2024-05-01T00:00:00-05:30'],
      [
        '2024-05-01 12:30:00Z',
        '2024-05-01T24:00:00Z',
        '2024-05-01T12:30Z',
        '2024-05-01T12:30:00',
        '2024-02-30T00:00:00Z',
      ],
    ],
  ]
  it.each(cases)('%s', (format, good, bad) => {
    for (const text of good) expect(matchesFormat(format, text), text).toBe(true)
    for (const text of bad) expect(matchesFormat(format, text), text).toBe(false)
  })
})
