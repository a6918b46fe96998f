import { describe, expect, it } from 'vitest'
import { buildSyntheticReply } from '../../bench/synthetic-reply'
import { createStreamParser, parseToolRequests } from '../../src/core'

// The benchmark's figures only mean something if its replies parse as intended.
describe.each(['realistic', 'dense'] as const)('the %s synthetic reply', (mix) => {
  const { text, blocks } = buildSyntheticReply(60_000, 100, mix)

  it('parses to one valid request per block, with no diagnostics', () => {
    const { requests, diagnostics } = parseToolRequests(text)
    expect(diagnostics).toEqual([])
    expect(requests).toHaveLength(blocks)
    expect(requests.every((r) => r.valid)).toBe(true)
  })

  it('holds the shapes it promises: ESCAPE values with markers, batches, fenced code', () => {
    const { requests } = parseToolRequests(text)
    expect(requests.some((r) => r.args.content?.includes('<<<[TOOL_REQUEST]>>>'))).toBe(true)
    expect(requests.some((r) => 'command2' in r.args)).toBe(true)
    expect(requests.some((r) => r.fenced && r.args.code?.includes('\n'))).toBe(true)
  })

  it('streams in 16-character chunks to the same result', () => {
    const stream = createStreamParser()
    for (let i = 0; i < text.length; i += 16) stream.feed(text.slice(i, i + 16))
    expect(stream.end()).toEqual(parseToolRequests(text))
  })
})
