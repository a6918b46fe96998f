/**
 * What a render costs: work on values is charged by size, so templates that do quadratic or huge work
 * within few nodes stop at the step budget, and the default budget stays about 20 times what the
 * biggest real render needs. Assertions are on steps counted, never on time.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../../../src/core/templates'
import { renderWithCost, type ChatTemplateInput } from '../../../src/core/templates/render'
import { LONG_CONVERSATION } from '../../../src/template-lab/samples'
import { withArguments } from '../../../src/template-lab/lab-input'

const input: ChatTemplateInput = {
  messages: Array.from({ length: 50 }, (_, i) => ({ role: 'user', content: 'x'.repeat(100) + i })),
}

function steps(template: string, given: ChatTemplateInput = input): number {
  const { result, steps: spent } = renderWithCost(template, given)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return spent
}

/** The Template view's long sample (what scripts/bench-template.ts times), arguments as objects or JSON text. */
function conversation(argumentsAsText: boolean): ChatTemplateInput {
  const shape = argumentsAsText ? 'json-string' : 'object'
  return {
    messages: LONG_CONVERSATION.messages.map((message) => withArguments(message, shape)),
    tools: [...LONG_CONVERSATION.tools],
    addGenerationPrompt: true,
    specialTokens: { bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>' },
  }
}

/** The most steps a 30-tool, 20-turn conversation takes through a vendored or fixture template. */
function biggestRealRender(): number {
  const folders = ['src/templates/vendored', 'tests/fixtures/templates/sources']
  let biggest = 0
  for (const folder of folders)
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.jinja'))) {
      const source = readFileSync(`${folder}/${file}`, 'utf8')
      for (const given of [conversation(false), conversation(true)]) {
        const { result, steps: spent } = renderWithCost(source, given)
        expect(result.ok || result.error.kind !== 'limit', `${file} ran out of steps`).toBe(true)
        if (result.ok) biggest = Math.max(biggest, spent)
      }
    }
  return biggest
}

let biggest = 0
beforeAll(() => {
  biggest = biggestRealRender()
})

const loop = (body: string, times = 100_000): string => `{% for i in range(${times}) %}${body}{% endfor %}`

/** Templates that did up to a minute's work within the old budget of 5 000 000 steps. */
const SLOW: [string, string][] = [
  ['a list grown by concatenation', `{% set ns = namespace(l=[]) %}${loop('{% set ns.l = ns.l + [i] %}')}`],
  [
    'a string grown and read each time',
    `{% set ns = namespace(s="") %}${loop('{% set ns.s = ns.s ~ "abcdefghij" %}{% if ns.s.startswith("x") %}{% endif %}')}`,
  ],
  [
    'a macro calling itself twice',
    '{% macro f(n) %}{% if n > 0 %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}',
  ],
  ['nested loops', loop(loop('', 3000), 3000)],
  ['a dict rebuilt each time', `{% set ns = namespace(d={}) %}${loop("{% set ns.d = dict(ns.d, **{'k' ~ i: i}) %}")}`],
  ['tojson in a loop', loop('{% set x = messages|tojson %}')],
  ['join of a long list', `{% set big = range(100000)|list %}${loop("{% set x = big|join(',') %}")}`],
  ['a long string read in a loop', `{% set s = 'x' * 8000000 %}${loop("{% if s.startswith('y') %}{% endif %}")}`],
  ['a long list rebuilt in a loop', loop('{% set s = [0] * 8000000 %}')],
  ['a membership test on a long list', `{% set big = range(100000)|list %}${loop('{% if -1 in big %}{% endif %}')}`],
  [
    'equality of a value shared with itself',
    `{% set ns = namespace(x=[1], y=[1]) %}${loop('{% set ns.x = [ns.x, ns.x] %}{% set ns.y = [ns.y, ns.y] %}', 60)}{{ ns.x == ns.y }}`,
  ],
  [
    'tojson of a value shared with itself',
    `{% set ns = namespace(x=[1]) %}${loop('{% set ns.x = [ns.x, ns.x] %}', 60)}{{ ns.x|tojson }}`,
  ],
  ['escaping millions of characters', "{% set s = '<' * 8000000 %}{{ s|escape }}"],
  ['splitting millions of lines', "{% set s = '\\n' * 8000000 %}{{ s.splitlines()|length }}"],
  ['a date format of millions of directives', "{{ strftime_now('%c' * 4000000) }}"],
  ['unique over a long list', '{{ range(100000)|unique|list|length }}'],
]

describe('the cost of a render', () => {
  it.each(SLOW)('stops %s at a limit, within the work of 25 real renders', (_, template) => {
    const { result, steps: spent } = renderWithCost(template, input)
    expect(result.ok ? 'rendered' : result.error.kind).toBe('limit')
    expect(spent).toBeLessThanOrEqual(25 * biggest)
  })

  it('stops a string repeated a billion times before building it, at no cost', () => {
    const { result, steps: spent } = renderWithCost("{{ 'x' * 10**9 }}", input)
    expect(result.ok ? 'rendered' : result.error.message).toMatch(/exceeds the output limit/)
    expect(spent).toBeLessThan(10)
  })

  it('stops at the same step every time', () => {
    const template = SLOW[0]?.[1] ?? ''
    const first = renderWithCost(template, input)
    expect(renderWithCost(template, input)).toEqual(first)
    expect(first.steps).toBe(DEFAULT_LIMITS.maxSteps)
  })

  it('charges a string method by the length of its string', () => {
    const reads = (n: number) => steps(`{% set s = 'x' * ${n} %}${loop("{% if s.startswith('y') %}{% endif %}", 100)}`)
    // 64 000 more characters built once and read 100 times, at 64 characters a step.
    expect(reads(128_000) - reads(64_000)).toBe(101_000)
  })

  it('charges a list concatenation by the items it copies, so a list grown in a loop costs the square', () => {
    const grow = (n: number) => steps(`{% set ns = namespace(l=[]) %}${loop('{% set ns.l = ns.l + [i] %}', n)}`)
    expect(grow(2000) / grow(1000)).toBeGreaterThan(3.8)
  })

  it('charges tojson by the values and characters it writes', () => {
    const dump = (count: number) => steps('{{ messages|tojson|length }}', { messages: input.messages.slice(0, count) })
    const first = dump(25) - dump(0)
    expect(dump(50) - dump(25)).toBeCloseTo(first, -1)
    expect(first / 25).toBeGreaterThan(5)
  })

  it('charges output by its length', () => {
    const print = (n: number) => steps(`{% set s = 'x' * ${n} %}${loop('{{ s }}', 100)}`)
    // 6 400 more characters built once and written 100 times, at 64 characters a step.
    expect(print(12_800) - print(6_400)).toBe(10_100)
  })

  it('charges equality of long strings by their length', () => {
    const compare = (n: number) =>
      steps(`{% set a = 'x' * ${n} %}{% set b = 'y' ~ a[1:] %}${loop('{% if a == b %}{% endif %}', 100)}`)
    expect(compare(128_000) - compare(64_000)).toBeGreaterThan(100_000)
  })

  it('charges each escape as it makes it', () => {
    const escape = (n: number) => steps(`{% set s = '<' * ${n} %}{{ s|escape|length }}`)
    expect(escape(20_000) - escape(10_000)).toBeGreaterThan(20_000)
  })
})

describe('the default step budget', () => {
  it('is 20 to 25 times what the biggest real render needs', () => {
    expect(biggest).toBeGreaterThan(40_000)
    expect(DEFAULT_LIMITS.maxSteps / biggest).toBeGreaterThanOrEqual(20)
    expect(DEFAULT_LIMITS.maxSteps / biggest).toBeLessThanOrEqual(25)
  })
})
