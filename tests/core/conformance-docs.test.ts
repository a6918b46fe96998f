/**
 * docs/conformance.md against the lab itself: every probe, check, category and reference fault is
 * described, and every check id the guide names exists, so the guide cannot drift from the code.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { REFERENCE_FAULTS } from '../../scripts/mock-llm/reference-wire'
import { CHECK_CATEGORIES, CONFORMANCE_CHECKS, PROBES } from '../../src/core/conformance'

const doc = readFileSync('docs/conformance.md', 'utf8')

describe('docs/conformance.md', () => {
  it('describes every probe in its table', () => {
    const missing = PROBES.filter((probe) => !doc.includes(`| \`${probe.id}\` |`)).map((probe) => probe.id)
    expect(missing).toEqual([])
  })

  it('gives every category a section and lists every check under it', () => {
    for (const category of CHECK_CATEGORIES) {
      const section = doc.split(`\n### ${category}\n`)[1]?.split('\n### ')[0]
      expect(section, category).toBeDefined()
      const ids = CONFORMANCE_CHECKS.filter((check) => check.category === category).map((check) => check.id)
      expect(ids.filter((id) => !(section as string).includes(`| \`${id}\` |`))).toEqual([])
    }
  })

  it('names no check that does not exist', () => {
    const known = new Set(CONFORMANCE_CHECKS.map((check) => check.id))
    const categories = CHECK_CATEGORIES.join('|')
    const named = [...doc.matchAll(new RegExp(`\`((?:${categories})/[a-z-]+)\``, 'g'))].map((match) => match[1])
    expect(named.filter((id) => !known.has(id as string))).toEqual([])
  })

  it('lists every fault of the reference server', () => {
    expect(REFERENCE_FAULTS.filter((fault) => !doc.includes(`\`${fault.name}\``)).map((f) => f.name)).toEqual([])
  })

  it('links only to docs that exist', () => {
    const links = [...doc.matchAll(/\]\(([a-z-]+\.md)\)/g)].map((match) => `docs/${match[1]}`)
    expect(links.length).toBeGreaterThan(0)
    expect(links.filter((path) => !existsSync(path))).toEqual([])
  })
})
