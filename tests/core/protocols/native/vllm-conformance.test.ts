/**
 * The model outputs of vLLM's tool-parser tests (tests/fixtures/native/vllm-outputs.json): every
 * case is well-formed, parsing it never throws whichever way it is parsed, and at least as many
 * cases as when this suite was last measured parse to the calls vLLM expects.
 * `npx tsx scripts/vllm-conformance.ts --verbose` shows which cases match and which do not, and why
 * the rest differ (docs/formats.md, "Where servers disagree").
 */
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseToolRequests } from '../../../../src/core/parser'
import type { ParseResult } from '../../../../src/core/types'
import type { ConformanceCase } from '../../../../scripts/vllm-conformance'

/** Cases whose calls match vLLM's expectation, measured with 302 cases: 223 with no hints, 267 with the model and tools. */
const MIN_MATCHED_WITHOUT_HINTS = 223
const MIN_MATCHED_WITH_HINTS = 267

const cases = JSON.parse(
  readFileSync(new URL('../../../fixtures/native/vllm-outputs.json', import.meta.url), 'utf8'),
) as ConformanceCase[]

function found(result: ParseResult): { name: string; arguments: unknown }[] {
  return result.requests.map((r) => ({ name: r.toolName, arguments: r.arguments }))
}

describe('vLLM tool-parser outputs', () => {
  it('holds well-formed cases with unique sources', () => {
    expect(cases.length).toBeGreaterThan(0)
    for (const c of cases) {
      const where = c.source
      expect(typeof c.parser, where).toBe('string')
      expect(typeof c.format, where).toBe('string')
      expect(typeof c.model, where).toBe('string')
      expect(typeof c.source, where).toBe('string')
      expect(typeof c.text, where).toBe('string')
      expect(Array.isArray(c.expected), where).toBe(true)
      for (const call of c.expected) {
        expect(typeof call.name, where).toBe('string')
        expect(call, where).toHaveProperty('arguments')
      }
      if (c.tools !== undefined) expect(Array.isArray(c.tools), where).toBe(true)
    }
    expect(new Set(cases.map((c) => c.source)).size).toBe(cases.length)
  })

  it('parses every case without throwing, with and without hints and by format id', () => {
    let matchedWithHints = 0
    let matchedWithoutHints = 0
    for (const c of cases) {
      const tools = c.tools ? { tools: c.tools } : {}
      const results = [
        parseToolRequests(c.text, 'auto', {}),
        parseToolRequests(c.text, 'auto', { model: c.model, ...tools }),
        parseToolRequests(c.text, c.format, tools),
      ]
      for (const result of results) {
        expect(
          result.diagnostics.filter((d) => d.code === 'parser-failure'),
          c.source,
        ).toEqual([])
      }
      if (isDeepStrictEqual(found(results[0] as ParseResult), c.expected)) matchedWithoutHints++
      if (isDeepStrictEqual(found(results[1] as ParseResult), c.expected)) matchedWithHints++
    }
    expect(matchedWithoutHints).toBeGreaterThanOrEqual(MIN_MATCHED_WITHOUT_HINTS)
    expect(matchedWithHints).toBeGreaterThanOrEqual(MIN_MATCHED_WITH_HINTS)
  })
})
