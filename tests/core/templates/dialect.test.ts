/**
 * The llama.cpp dialect: lists and dicts change in place with Python's results (the expected texts
 * are jinja2's, rendered without a sandbox), filters give lists; transformers' dialect refuses both.
 */
import { describe, expect, it } from 'vitest'
import { renderChatTemplate, type TemplateDialect } from '../../../src/core/templates'

function render(template: string, dialect?: TemplateDialect): string {
  const result = renderChatTemplate(template, { messages: [], ...(dialect ? { dialect } : {}) })
  return result.ok ? result.text : result.error.message
}

describe('the llama.cpp dialect', () => {
  it.each([
    [
      '{% set l = [1] %}{% set _ = l.append(2) %}{% set _ = l.extend([3, 4]) %}{% set _ = l.insert(0, 0) %}{% set _ = l.insert(-1, 9) %}{{ l }}',
      '[0, 1, 2, 3, 9, 4]',
    ],
    ['{% set l = [3, 1, 2] %}{{ l.pop() }} {{ l.pop(0) }} {{ l }}', '2 3 [1]'],
    [
      '{% set l = [3, 1, 2] %}{% set _ = l.sort() %}{{ l }}{% set _ = l.sort(reverse=true) %}{{ l }}{% set _ = l.reverse() %}{{ l }}{% set _ = l.remove(2) %}{{ l }}{% set _ = l.clear() %}{{ l }}',
      '[1, 2, 3][3, 2, 1][1, 2, 3][1, 3][]',
    ],
    [
      "{% set d = {'a': 1} %}{% set _ = d.update({'b': 2}) %}{% set _ = d.update(c=3) %}{{ d.setdefault('a', 5) }}{{ d.setdefault('z', 5) }}{{ d.pop('b') }}{{ d.pop('q', 'none') }}{{ d.popitem() }}{{ d }}",
      "152none('z', 5){'a': 1, 'c': 3}",
    ],
    ['{% set l = [] %}{{ l.pop() }}', 'IndexError: pop from empty list'],
    ['{% set l = [1] %}{{ l.remove(5) }}', 'ValueError: list.remove(x): x not in list'],
  ])('changes lists and dicts in place as Python does: %s', (template, expected) => {
    expect(render(template, 'llama.cpp')).toBe(expected)
  })

  it('gives lists from filters, so a mapped list serialises and can be indexed', () => {
    const template = "{{ [1, 2, 3] | map('string') | tojson }}|{{ ([1, 2, 3] | select('odd'))[1] }}"
    expect(render(template, 'llama.cpp')).toBe('["1", "2", "3"]|3')
    expect(render(template)).toBe('TypeError: Object of type generator is not JSON serializable')
  })

  it('is not transformers: its sandbox refuses to change a list', () => {
    expect(render('{% set l = [] %}{% set _ = l.append(1) %}{{ l }}')).toBe(
      "SecurityError: access to attribute 'append' of 'list' object is unsafe.",
    )
    expect(render('{% set l = [] %}{% set _ = l.append(1) %}{{ l }}', 'transformers')).toMatch(/^SecurityError/)
  })

  it('leaves the input it was given unchanged', () => {
    const messages = [{ role: 'user', content: 'hi' }]
    const result = renderChatTemplate('{% set _ = messages.append({"role": "x"}) %}{{ messages|length }}', {
      messages,
      dialect: 'llama.cpp',
    })
    expect(result.ok && result.text).toBe('2')
    expect(messages).toHaveLength(1)
  })
})
