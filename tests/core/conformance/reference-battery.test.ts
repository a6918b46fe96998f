/**
 * The battery against the reference server: clean models pass every check, and each injected
 * fault fails its own category and no other (the attribution the lab promises).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceServer, type ReferenceServer } from '../../../scripts/mock-llm/reference-server'
import { REFERENCE_FAULTS } from '../../../scripts/mock-llm/reference-wire'
import { CHECK_CATEGORIES, runConformance, summarize } from '../../../src/core/conformance'

let server: ReferenceServer

beforeAll(async () => {
  server = await startReferenceServer()
})

afterAll(async () => {
  await server.close()
})

describe('a clean server', () => {
  it.each(['reference', 'reference:thinking'])('%s passes every check, none inconclusive', async (model) => {
    const report = await runConformance({ baseUrl: server.baseUrl, model }, { repeat: 2 })
    expect(report.exchanges).toHaveLength(9 * 2 * 2)
    expect(report.exchanges.filter((exchange) => exchange.error !== undefined)).toEqual([])
    expect(report.checks.filter((check) => check.status !== 'pass').map((check) => [check.id, check.detail])).toEqual(
      [],
    )
    expect(summarize(report)).toMatchObject({ fail: 0, inconclusive: 0, flaky: 0, errors: 0, unreachable: false })
  })
})

describe('a server with one fault', () => {
  it.each(REFERENCE_FAULTS.map((fault) => [fault.name, fault.category]))(
    '%s fails %s and no other category',
    async (name, category) => {
      const report = await runConformance({ baseUrl: server.baseUrl, model: `reference:${name}` }, { repeat: 2 })
      const byCategory = summarize(report).byCategory
      const failed = CHECK_CATEGORIES.filter((c) => byCategory[c].status === 'fail')
      expect(failed).toEqual([category])
      // Every failure comes with evidence a reader can follow back to the wire.
      for (const check of report.checks.filter((c) => c.status === 'fail')) {
        expect(check.evidence.length, check.id).toBeGreaterThan(0)
        expect(check.flaky, check.id).toBe(false)
      }
    },
  )
})
