/**
 * Each snippet pins down one piece of jinja2's behaviour under transformers' settings (whitespace
 * control, Python's operators and printing, filters, tests, scoping, macros, errors); the expected
 * results were rendered by jinja2 itself (scripts/template-references.py).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseJsonAsPython, renderChatTemplate } from '../../../src/core/templates'

interface Snippet {
  name: string
  template: string
  vars?: Record<string, unknown>
}
type Outcome = { text: string } | { raised: { type: string; message: string; line?: number } }

const fixtures = new URL('../../fixtures/templates/', import.meta.url)
const text = readFileSync(new URL('snippets.json', fixtures), 'utf8')
const spec = JSON.parse(text) as { snippets: Snippet[] }
// The variables as Python's json.loads reads them: floats written `1.0` stay floats, keys keep their order.
const python = parseJsonAsPython(text) as Map<string, unknown>
const sharedVars = python.get('vars') as Map<string, unknown>
const snippetVars = new Map(
  (python.get('snippets') as Map<string, unknown>[]).map((snippet) => [snippet.get('name'), snippet.get('vars')]),
)
const expected = (
  JSON.parse(readFileSync(new URL('snippet-renders.json', fixtures), 'utf8')) as { results: Record<string, Outcome> }
).results
const now = new Date(2026, 2, 14, 9, 26, 53)

/** Snippets whose Python output cannot be reproduced, with the reason. */
const KNOWN_DIFFERENCES: Record<string, string> = {}

describe('jinja2 behaviour, snippet by snippet', () => {
  it('has a reference for every snippet', () => {
    expect(Object.keys(expected).sort()).toEqual(spec.snippets.map((s) => s.name).sort())
  })

  for (const snippet of spec.snippets) {
    const reference = expected[snippet.name] as Outcome
    const test = Object.hasOwn(KNOWN_DIFFERENCES, snippet.name) ? it.skip : it
    test(snippet.name, () => {
      const result = renderChatTemplate(snippet.template, {
        messages: [],
        variables: Object.fromEntries([
          ...sharedVars,
          ...((snippetVars.get(snippet.name) as Map<string, unknown>) ?? []),
        ]),
        now,
      })
      if ('text' in reference) {
        expect(result).toEqual({ ok: true, text: reference.text })
        return
      }
      expect(result.ok, `expected ${reference.raised.type}: ${reference.raised.message}`).toBe(false)
      if (result.ok) return
      expect(result.error.exception).toBe(reference.raised.type)
      // Syntax errors are worded by each parser (Python's even name lines of the code jinja2 generates).
      if (!reference.raised.type.endsWith('SyntaxError'))
        expect(result.error.message).toContain(reference.raised.message)
    })
  }
})
