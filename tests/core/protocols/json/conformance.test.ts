/**
 * The project's own conformance fixtures for the JSON paradigms: real-looking replies (reasoning,
 * prose, fences, several calls, repairs, errors) with what each must parse to. The paradigm is the
 * file name's first word. Streaming in 5-character chunks must give the same.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStreamParser, parseToolRequests } from '../../../../src/core'
import { summarise } from './summary'

const dir = join(__dirname, '../../../fixtures/paradigms')
const cases = readdirSync(dir).filter((f) => f.endsWith('.txt'))

describe('JSON paradigm fixtures', () => {
  it('has fixtures for every paradigm', () => {
    expect(new Set(cases.map((f) => f.split('-')[0]))).toEqual(new Set(['json', 'xml', 'hermes']))
  })

  it.each(cases)('%s', (file) => {
    const protocol = file.split('-')[0] as string
    const text = readFileSync(join(dir, file), 'utf8')
    const expected = JSON.parse(readFileSync(join(dir, file.replace(/\.txt$/, '.expected.json')), 'utf8')) as unknown
    const result = parseToolRequests(text, protocol)
    expect(summarise(result)).toEqual(expected)
    const stream = createStreamParser(protocol)
    for (let i = 0; i < text.length; i += 5) stream.feed(text.slice(i, i + 5))
    expect(stream.end()).toEqual(result)
  })
})
