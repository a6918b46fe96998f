/**
 * Escaped values that never close are cut at their block's end marker and the scan goes on from
 * there. Before this was fixed, the scanner lost text on the second such cut: the one-shot parse
 * looped forever on short replies and streaming disagreed with one-shot.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRequestIdSession, parseToolRequests } from '../../../../src/core'
import { checkReply, chunksOf } from '../../../fuzz/oracle'
import { streamInPieces } from '../../../fixtures/stream'

const UNCLOSED_TWICE =
  '<<<[TOOL_REQUEST]>>>.......k:「始exp」............<<<[END_TOOL_REQUEST]>>>.................................................' +
  '<<<[TOOL_REQUEST]>>>......................................k:「始exp」....<<<[END_TOOL_REQUEST]>>>....................' +
  '```.......................................>...................................>.......................'

const fsWrite = (path: string): string =>
  `<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_write「末」,\npath:「始」${path}「末」,\ncontent:「始ESCAPE」let a = 1\n<<<[END_TOOL_REQUEST]>>>\n`

const VALID_CALC =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」6*7「末」\n<<<[END_TOOL_REQUEST]>>>'

function oneShot(text: string) {
  return parseToolRequests(text, 'vcp', { session: createRequestIdSession() })
}

describe('unclosed escaped values', () => {
  it('a reply with two of them, then Markdown, parses (it looped forever)', () => {
    const text = UNCLOSED_TWICE + UNCLOSED_TWICE
    expect(text).toHaveLength(672)
    const result = oneShot(text)
    expect(result.diagnostics.map((d) => d.code)).not.toContain('parser-failure')
    expect(result.requests).toHaveLength(4)
    for (const request of result.requests) expect(request.rawBlock.endsWith('<<<[END_TOOL_REQUEST]>>>')).toBe(true)
    expect(
      streamInPieces(
        'vcp',
        text,
        chunksOf(text, { size: 8 }).map((_, k) => (k + 1) * 8),
      ),
    ).toEqual(result)
  })

  it('two fs_write requests with an unclosed 「始ESCAPE」, then a fence holding "->"', () => {
    const text = fsWrite('/a.ts') + fsWrite('/b.ts') + '\n```ts\nconst f = (x) => x -> y\n```\nDone.'
    const result = oneShot(text)
    expect(result.requests.map((r) => [r.args.path, r.valid])).toEqual([
      ['/a.ts', false],
      ['/b.ts', false],
    ])
    expect(result.diagnostics.filter((d) => d.code === 'unterminated-value')).toHaveLength(2)
  })

  it('each unclosed value names the plain 「末」 it holds, the first as the later ones, and none from another block', () => {
    const broken = (line: string) =>
      `<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_write「末」,\ncontent:「始ESCAPE」${line}\n<<<[END_TOOL_REQUEST]>>>\n`
    const text = broken('a 「末」 b') + broken('no close here') + broken('c 「末」')
    const hints = oneShot(text)
      .diagnostics.filter((d) => d.code === 'unterminated-value')
      .map((d) => /A plain "「末」" appears at line (\d+)/.exec(d.message)?.[1] ?? null)
    expect(hints).toEqual(['3', null, '11'])
    expect(streamInPieces('vcp', text, [5, 40, 90, 130])).toEqual(oneShot(text))
  })

  it('a valid request after a broken one streams as one-shot at every single cut point', () => {
    const text = fsWrite('/a.ts') + 'Now the sum:\n' + VALID_CALC
    const expected = oneShot(text)
    expect(expected.requests[1]).toMatchObject({ toolName: 'calc_evaluate', valid: true, args: { expression: '6*7' } })
    for (let cut = 1; cut < text.length; cut++) expect(streamInPieces('vcp', text, [cut])).toEqual(expected)
  })

  it('the start marker split as ">>" | ">" after a broken request changes nothing', () => {
    const text = fsWrite('/a.ts') + 'x'.repeat(200) + VALID_CALC
    const split = text.indexOf('>>>', text.indexOf('calc_evaluate') - 40) + 2
    expect(streamInPieces('vcp', text, [100, split])).toEqual(oneShot(text))
  })

  it('a reply with many of them costs one pass each (no rescanning to the end per value)', () => {
    // 2,000 unclosed values: each used to walk every 「末」 to the end of the text again.
    const text = (fsWrite('/a.ts') + 'tail 「末」 text\n').repeat(2000)
    const result = oneShot(text)
    expect(result.requests).toHaveLength(2000)
    expect(result.requests.every((r) => r.args.content === 'let a = 1')).toBe(true)
  })

  it('the property: the family (unclosed escaped values, then Markdown) holds every oracle check', () => {
    const family = fc
      .record({
        blocks: fc.array(
          fc.record({
            pad: fc.string({ maxLength: 30, unit: fc.constantFrom('.', '\n', ' ') }),
            kind: fc.constantFrom('ESCAPE', 'exp'),
          }),
          { minLength: 2, maxLength: 4 },
        ),
        tail: fc.array(fc.constantFrom('```', '->', '>', '.', '\n', VALID_CALC), { maxLength: 30 }),
        size: fc.integer({ min: 1, max: 9 }),
      })
      .map(({ blocks, tail, size }) => ({
        text:
          blocks
            .map((b) => `<<<[TOOL_REQUEST]>>>${b.pad}k:「始${b.kind}」${b.pad}<<<[END_TOOL_REQUEST]>>>${b.pad}`)
            .join('') + tail.join(''),
        size,
      }))
    fc.assert(
      fc.property(family, ({ text, size }) => {
        expect(checkReply(text, 'vcp', { size })).toBeNull()
      }),
      { numRuns: 500 },
    )
  })
})
