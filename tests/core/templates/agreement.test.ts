/**
 * Real chat templates (from llama.cpp and vLLM, see fixtures/templates/sources.json) rendered by ours
 * and by transformers' environment in Python (scripts/template-references.py wrote renders/), for
 * each conversation of conversations.json: the same text byte for byte, or both raise.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expectAgreement, FIXTURES, readFixture, renderConversation, SPEC, type Reference } from './references'

const sources = JSON.parse(readFixture('sources.json')) as Record<string, { repository: string; commit: string }>
const templates = readdirSync(new URL('sources/', FIXTURES)).filter((name) => name.endsWith('.jinja'))

/** Template × conversation cases that cannot agree, with the reason. */
const KNOWN_DIFFERENCES: Record<string, string> = {}

describe('real chat templates agree with transformers byte for byte', () => {
  it('has a source record and a reference render for every template, and nothing else', () => {
    expect(Object.keys(sources).sort()).toEqual([...templates].sort())
    const renders = readdirSync(new URL('renders/', FIXTURES)).sort()
    expect(renders).toEqual(templates.map((name) => name.replace(/\.jinja$/, '.json')).sort())
  })

  for (const name of templates) {
    describe(name, () => {
      const raw = readFileSync(new URL(`sources/${name}`, FIXTURES))
      const source = raw.toString('utf8')
      const reference = JSON.parse(readFixture(`renders/${name.replace(/\.jinja$/, '.json')}`)) as Reference

      it('renders the very file the reference was made from', () => {
        expect(createHash('sha256').update(raw).digest('hex')).toBe(reference.sha256)
      })

      for (const conversation of SPEC.conversations) {
        const key = `${name} ${conversation.name}`
        const test = Object.hasOwn(KNOWN_DIFFERENCES, key) ? it.skip : it
        test(conversation.name, () => {
          const expected = reference.cases[conversation.name]
          if (!expected) throw new Error(`no reference render for ${key}: run scripts/template-references.py`)
          expectAgreement(renderConversation(source, conversation, SPEC.specialTokens), expected)
        })
      }
    })
  }
})
