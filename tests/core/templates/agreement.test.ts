/**
 * Real chat templates (from llama.cpp and vLLM, see fixtures/templates/sources.json) rendered by ours
 * and by transformers' environment in Python (scripts/template-references.py wrote renders/), for
 * each conversation of conversations.json: the same text byte for byte, or both raise.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderChatTemplate } from '../../../src/core/templates'

interface Conversation {
  name: string
  messages: unknown[]
  tools?: unknown[]
  add_generation_prompt?: boolean
  variables?: Record<string, unknown>
}
type Outcome = { text: string } | { raised: { type: string; message: string } }
interface Reference {
  template: string
  sha256: string
  cases: Record<string, Outcome>
}

const fixtures = new URL('../../fixtures/templates/', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, fixtures), 'utf8')
const spec = JSON.parse(read('conversations.json')) as {
  now: string
  special_tokens: Record<string, string>
  conversations: Conversation[]
}
const sources = JSON.parse(read('sources.json')) as Record<string, { repository: string; commit: string }>
const templates = readdirSync(new URL('sources/', fixtures)).filter((name) => name.endsWith('.jinja'))
const [year, month, day, hour, minute, second] = spec.now.split(/[-T:]/).map(Number) as number[]
const now = new Date(year as number, (month as number) - 1, day, hour, minute, second)

/** Template × conversation cases that cannot agree, with the reason. */
const KNOWN_DIFFERENCES: Record<string, string> = {}

describe('real chat templates agree with transformers byte for byte', () => {
  it('has a source record and a reference render for every template, and nothing else', () => {
    expect(Object.keys(sources).sort()).toEqual([...templates].sort())
    const renders = readdirSync(new URL('renders/', fixtures)).sort()
    expect(renders).toEqual(templates.map((name) => name.replace(/\.jinja$/, '.json')).sort())
  })

  for (const name of templates) {
    describe(name, () => {
      const raw = readFileSync(new URL(`sources/${name}`, fixtures))
      const source = raw.toString('utf8')
      const reference = JSON.parse(read(`renders/${name.replace(/\.jinja$/, '.json')}`)) as Reference

      it('renders the very file the reference was made from', () => {
        expect(createHash('sha256').update(raw).digest('hex')).toBe(reference.sha256)
      })

      for (const conversation of spec.conversations) {
        const key = `${name} ${conversation.name}`
        const test = Object.hasOwn(KNOWN_DIFFERENCES, key) ? it.skip : it
        test(conversation.name, () => {
          const expected = reference.cases[conversation.name]
          if (!expected) throw new Error(`no reference render for ${key}: run scripts/template-references.py`)
          const result = renderChatTemplate(source, {
            messages: conversation.messages,
            tools: conversation.tools,
            addGenerationPrompt: conversation.add_generation_prompt,
            specialTokens: spec.special_tokens,
            variables: conversation.variables,
            now,
          })
          if ('text' in expected) {
            expect(result).toEqual({ ok: true, text: expected.text })
            return
          }
          expect(result.ok, `transformers raised ${expected.raised.type}: ${expected.raised.message}`).toBe(false)
          if (result.ok) return
          expect(result.error.exception).toBe(expected.raised.type)
          if (expected.raised.type === 'TemplateError') {
            expect(result.error.kind).toBe('raised')
            expect(result.error.message).toBe(expected.raised.message)
          }
        })
      }
    })
  }
})
