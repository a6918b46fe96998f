/**
 * The app's vendored chat templates (src/templates/vendored) against transformers' environment in
 * Python, for each conversation of conversations.json, with each template's own special tokens and
 * variables from the catalog: the same text byte for byte, or both raise. The references are
 * fixtures/templates/vendored-renders/<id>.json (npx tsx scripts/vendored-references.ts); a template
 * byte for byte the same as a fixture source, with nothing of its own, is covered by agreement.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { vendoredReferencePlan } from '../../../scripts/vendored-references'
import { VENDORED_TEMPLATES_DIR } from '../../../src/templates/node'
import { expectAgreement, FIXTURES, readFixture, renderConversation, SPEC, type Reference } from './references'

const REMAKE = 'run npx tsx scripts/vendored-references.ts'
const plan = vendoredReferencePlan()
const own = plan.filter((entry) => entry.sameAsFixture === undefined)

describe('vendored chat templates agree with transformers byte for byte', () => {
  it('has a reference render for every vendored template not covered by a fixture source, and nothing else', () => {
    const renders = readdirSync(new URL('vendored-renders/', FIXTURES)).sort()
    expect(renders, REMAKE).toEqual(own.map((entry) => `${entry.id}.json`).sort())
    for (const entry of plan.filter((item) => item.sameAsFixture !== undefined))
      expect(readdirSync(new URL('sources/', FIXTURES)), entry.id).toContain(entry.sameAsFixture)
  })

  for (const entry of own) {
    describe(entry.id, () => {
      const source = readFileSync(join(VENDORED_TEMPLATES_DIR, `${entry.id}.jinja`), 'utf8')
      let reference: Reference | undefined
      try {
        reference = JSON.parse(readFixture(`vendored-renders/${entry.id}.json`)) as Reference
      } catch {
        reference = undefined
      }

      it('has a reference made from this very file, with the catalog’s tokens and variables', () => {
        expect(reference, `no reference render for ${entry.id}: ${REMAKE}`).toBeDefined()
        expect(reference?.sha256, `stale reference render: ${REMAKE}`).toBe(entry.sha256)
        expect(reference?.special_tokens, REMAKE).toEqual(entry.specialTokens)
        expect(reference?.variables, REMAKE).toEqual(entry.variables)
      })

      for (const conversation of SPEC.conversations) {
        it(conversation.name, () => {
          const expected = reference?.cases[conversation.name]
          if (!expected) throw new Error(`no reference render for ${entry.id} ${conversation.name}: ${REMAKE}`)
          expectAgreement(renderConversation(source, conversation, entry.specialTokens, entry.variables), expected)
        })
      }
    })
  }
})
