/** Saving a run and reading it back: JSON Lines, replay, and the exported report forms. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceServer, type ReferenceServer } from '../../../scripts/mock-llm/reference-server'
import {
  CHECK_CATEGORIES,
  compareReports,
  exchangesFromJsonl,
  exchangesToJsonl,
  reportFromExchanges,
  reportToJson,
  reportToMarkdown,
  runConformance,
  summarize,
  type ConformanceReport,
} from '../../../src/core/conformance'

const KEY = 'sk-reference-secret-7781'
let server: ReferenceServer
let clean: ConformanceReport
let faulty: ConformanceReport

beforeAll(async () => {
  server = await startReferenceServer({ apiKey: KEY })
  clean = await runConformance({ baseUrl: server.baseUrl, model: 'reference', apiKey: KEY }, { repeat: 1 })
  faulty = await runConformance(
    { baseUrl: server.baseUrl, model: 'reference:markup-in-content', apiKey: KEY, headers: { 'X-Api-Token': KEY } },
    { repeat: 1 },
  )
})

afterAll(async () => {
  await server.close()
})

describe('capture', () => {
  it('round-trips exchanges through JSON Lines, one a line', () => {
    const text = exchangesToJsonl(faulty.exchanges)
    expect(text.trim().split('\n')).toHaveLength(faulty.exchanges.length)
    expect(exchangesFromJsonl(text)).toEqual({ exchanges: faulty.exchanges, errors: [] })
    expect(exchangesToJsonl([])).toBe('')
  })

  it('reports bad lines by number and keeps the good ones', () => {
    const [first] = faulty.exchanges
    const good = JSON.stringify(first)
    const text = [
      good,
      '{not json',
      '[1, 2]',
      JSON.stringify({ ...first, mode: 'sideways' }),
      JSON.stringify({ ...first, chunks: [1, 2] }),
      JSON.stringify({ ...first, request: { ...first?.request, headers: { a: 1 } } }),
      '',
      JSON.stringify({ ...first, attempt: -1 }),
    ].join('\n')
    const read = exchangesFromJsonl(text)
    expect(read.exchanges).toHaveLength(1)
    expect(read.errors).toEqual([
      expect.stringMatching(/^line 2: not JSON/),
      'line 3: not an exchange object',
      'line 4: "mode" is neither "stream" nor "whole"',
      'line 5: "chunks" is not a list of strings',
      'line 6: "request.headers" is not an object of strings',
      'line 8: "attempt" is not a whole number',
    ])
  })

  it('gives the same checks when a saved capture is replayed', () => {
    const { exchanges } = exchangesFromJsonl(exchangesToJsonl(faulty.exchanges))
    const replayed = reportFromExchanges(faulty.endpoint, exchanges, { startedAt: faulty.startedAt, repeat: 1 })
    expect(replayed.checks).toEqual(faulty.checks)
    expect(replayed.repeat).toBe(1)
  })

  it('keeps the API key out of the exchanges, the JSON and the Markdown', () => {
    expect(JSON.stringify(faulty.exchanges)).not.toContain(KEY)
    expect(faulty.exchanges[0]?.request.headers).toMatchObject({
      Authorization: 'Bearer [redacted]',
      'X-Api-Token': '[redacted]',
    })
    expect(JSON.stringify(reportToJson(faulty, { exchanges: true }))).not.toContain(KEY)
    expect(reportToMarkdown(faulty)).not.toContain(KEY)
    // The requests did carry it: the server answered.
    expect(server.requests.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true)
  })
})

describe('report forms', () => {
  it('writes Markdown with the endpoint, a table per category, and each failure with its wire evidence', () => {
    const markdown = reportToMarkdown(faulty)
    expect(markdown).toContain(server.baseUrl)
    expect(markdown).toContain('`reference:markup-in-content`')
    for (const category of CHECK_CATEGORIES) expect(markdown).toContain(`### ${category}: `)
    expect(markdown).toContain('### `leaked-markup/content`')
    expect(markdown).toContain('[event ')
    expect(markdown).toContain('What a client following the spec assembles:')
    expect(markdown).toMatch(/```json\n\{\n {2}"content": "<tool_call>/)
  })

  it('writes JSON with the summary, the checks and the failed requests', () => {
    const json = reportToJson(faulty)
    expect(Object.keys(json)).toEqual(['endpoint', 'startedAt', 'durationMs', 'repeat', 'summary', 'checks', 'errors'])
    const summary = summarize(faulty)
    expect(json.summary).toEqual({ pass: summary.pass, fail: summary.fail, inconclusive: summary.inconclusive })
    expect(json.checks.map((check) => check.id)).toEqual(faulty.checks.map((check) => check.id))
    expect(reportToJson(faulty, { exchanges: true }).exchanges).toHaveLength(faulty.exchanges.length)
  })

  it('summarizes by category: fail when any check fails, pass when any passes', () => {
    const summary = summarize(faulty)
    expect(summary.byCategory['leaked-markup'].status).toBe('fail')
    expect(summary.byCategory['wire-shape'].status).toBe('pass')
    expect(summary.byCategory['call-ids'].status).toBe('inconclusive')
    expect(summary.pass + summary.fail + summary.inconclusive).toBe(faulty.checks.length)
  })

  it('compares two reports check by check', () => {
    const rows = compareReports(clean, faulty)
    expect(rows.map((row) => row.id)).toEqual(clean.checks.map((check) => check.id))
    expect(rows.find((row) => row.id === 'leaked-markup/content')).toEqual({
      id: 'leaked-markup/content',
      category: 'leaked-markup',
      a: 'pass',
      b: 'fail',
      differs: true,
    })
    expect(rows.find((row) => row.id === 'wire-shape/done')?.differs).toBe(false)
    const partial = { ...faulty, checks: faulty.checks.slice(0, 2) }
    expect(compareReports(partial, clean).at(-1)).toEqual({
      id: 'multi-turn/accepted',
      category: 'multi-turn',
      b: 'pass',
      differs: true,
    })
  })
})
