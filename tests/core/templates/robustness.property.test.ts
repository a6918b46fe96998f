/**
 * Templates assembled from Jinja's own pieces, closed or not (loops, conditions, output tags, filters,
 * macros that call themselves, huge ranges, stray brackets and quotes): renderChatTemplate never
 * throws, always ends (the step limit is small here), never returns more than the output limit, and
 * gives the same answer twice.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { renderChatTemplate, type RenderLimits, type RenderResult } from '../../../src/core/templates'

const PIECES = [
  '{% for m in messages %}',
  '{% for i in range(100000) %}',
  '{% for i in range(10**9) %}',
  '{% for k, v in messages[0].items() %}',
  '{% endfor %}',
  '{% if m.role == "user" %}',
  '{% if loop.first %}',
  '{% elif tools %}',
  '{% else %}',
  '{% endif %}',
  '{% break %}',
  '{% continue %}',
  '{% set x = x ~ x %}',
  "{% set ns = namespace(s='ab') %}",
  '{% set ns.s = ns.s ~ ns.s %}',
  '{% set x %}',
  '{% endset %}',
  '{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}',
  '{{ f(0) }}',
  '{% macro g() %}',
  '{% endmacro %}',
  '{% call g() %}',
  '{% endcall %}',
  '{% filter upper %}',
  '{% endfilter %}',
  '{% raw %}',
  '{% endraw %}',
  '{% generation %}',
  '{% endgeneration %}',
  '{{ m.content }}',
  '{{ m["content"]|trim }}',
  '{{ messages|tojson(indent=2) }}',
  '{{ tools|map(attribute="function")|list }}',
  '{{ messages|selectattr("role", "equalto", "user")|list|length }}',
  '{{ raise_exception("stop") }}',
  '{{ x|fromjson }}',
  '{{ 1 / 0 }}',
  "{{ 'x' * 10**8 }}",
  '{{ loop.cycle("a", "b") }}',
  '{{ undefined_thing.attribute }}',
  '{{- ',
  ' -}}',
  '{{',
  '}}',
  '{%',
  '%}',
  '{#',
  '#}',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  "'",
  '"',
  '|',
  '~',
  '**',
  'text',
  '\n',
  '  ',
  '\r\n',
  '😀',
]

const LIMITS: RenderLimits = { maxSteps: 20_000, maxOutputLength: 20_000, maxCallDepth: 30 }
const KINDS = ['syntax', 'raised', 'runtime', 'limit']
const input = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: '  Hello ' },
    { role: 'assistant', content: null, tool_calls: [{ function: { name: 'f', arguments: { a: 1 } } }] },
  ],
  tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
  addGenerationPrompt: true,
}

function check(template: string): RenderResult {
  let result: RenderResult | undefined
  expect(() => (result = renderChatTemplate(template, input, LIMITS))).not.toThrow()
  if (!result) throw new Error('no result')
  if (result.ok) expect(result.text.length).toBeLessThanOrEqual(LIMITS.maxOutputLength as number)
  else {
    expect(KINDS).toContain(result.error.kind)
    expect(result.error.message.length).toBeGreaterThan(0)
    expect(result.error.message).not.toMatch(/^internal error/)
  }
  expect(renderChatTemplate(template, input, LIMITS)).toEqual(result)
  return result
}

describe('renderChatTemplate on templates built from Jinja pieces', () => {
  it('never throws, always ends within its limits, and answers the same twice', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (pieces) => {
        check(pieces.join(''))
      }),
      { numRuns: 400 },
    )
  })

  it('does the same for any text over the characters Jinja cares about', () => {
    const chars = fc.constantFrom(...'{}%#-+()[]|~*\'" .,:=!<>\n\tabx0129_'.split(''))
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }), (characters) => {
        check(characters.join(''))
      }),
      { numRuns: 400 },
    )
  })

  it('stops the worst pieces with kind limit', () => {
    expect(check('{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}')).toMatchObject({
      ok: false,
      error: { kind: 'limit' },
    })
    expect(check('{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}')).toMatchObject({
      ok: false,
      error: { kind: 'limit' },
    })
    expect(
      check('{% set ns = namespace(s="ab") %}{% for i in range(99) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}'),
    ).toMatchObject({
      ok: false,
      error: { kind: 'limit' },
    })
  })
})
