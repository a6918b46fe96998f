/**
 * Conformance against the shared corpus of real VCP text (../shared/corpus/vcp beside the
 * repository). Every .txt must have an .expected.json; a case the harness cannot read fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStreamParser, parseToolRequests } from '../../../../src/core'

const corpusDir = resolve(__dirname, '../../../../../shared/corpus/vcp')
const present = existsSync(corpusDir)

interface Expected {
  requests: { toolName: string; args: Record<string, string> }[]
}

// CI always has the corpus beside the clone: there a missing corpus is a failure, not a skip.
it.runIf(process.env.CI === 'true')('the corpus is present (CI)', () => {
  expect(present, `${corpusDir} is missing`).toBe(true)
})

describe.skipIf(!present)('shared corpus: ../shared/corpus/vcp', () => {
  const files = present ? readdirSync(corpusDir).sort() : []
  const cases = files.filter((f) => f.endsWith('.txt'))

  it('holds cases, each with its expectation and nothing unknown', () => {
    expect(cases.length).toBeGreaterThan(0)
    for (const file of files) {
      expect(file.endsWith('.txt') || file.endsWith('.expected.json'), `unknown file ${file}`).toBe(true)
    }
    for (const file of cases)
      expect(files, `${file} has no .expected.json`).toContain(file.replace(/\.txt$/, '.expected.json'))
  })

  it.each(cases)('%s', (file) => {
    const text = readFileSync(resolve(corpusDir, file), 'utf8')
    const expected = JSON.parse(
      readFileSync(resolve(corpusDir, file.replace(/\.txt$/, '.expected.json')), 'utf8'),
    ) as Expected
    expect(Array.isArray(expected.requests), 'expected.requests must be an array').toBe(true)
    const result = parseToolRequests(text)
    expect(result.requests.map((r) => ({ toolName: r.toolName, args: { ...r.args } }))).toEqual(expected.requests)
    if (expected.requests.length === 0) expect(result.diagnostics.length).toBeGreaterThan(0)
    else expect(result.requests.every((r) => r.valid)).toBe(true)

    // The same text streamed in small pieces ends in the same result.
    for (const size of [1, 7, 64]) {
      const stream = createStreamParser()
      for (let i = 0; i < text.length; i += size) stream.feed(text.slice(i, i + size))
      expect(stream.end()).toEqual(result)
    }
  })
})
