import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  applyEdits,
  editsFit,
  parseToolRequests,
  readingHints,
  suggestFixes,
  type ParseResult,
} from '../../../src/core'
import { nativeCaseArb } from '../../fuzz/native-replies'
import { replyArb } from '../../fuzz/replies'

const PROTOCOLS = ['vcp', 'json', 'xml', 'hermes', 'auto'] as const

/** A JSON call with the slips models make (quotes, bare keys, trailing commas), maybe in a tag, maybe cut off. */
const jsonSlipArb = fc
  .record({
    quote: fc.constantFrom('"', "'", ''),
    valueQuote: fc.constantFrom('"', "'"),
    comma: fc.constantFrom('', ','),
    wrap: fc.constantFrom(['{"tool_calls": [', ']}'], ['<tool_call>', '</tool_call>'], ['<tool_code>', '</tool_code>']),
    cut: fc.nat(),
  })
  .map(({ quote, valueQuote, comma, wrap, cut }) => {
    const key = (k: string): string => `${quote}${k}${quote}`
    const call = `{${key('name')}: ${valueQuote}calc_evaluate${valueQuote}, ${key('arguments')}: {${key('expression')}: ${valueQuote}1+2${valueQuote}${comma}}${comma}}`
    const text = `${wrap[0]}${call}${wrap[1]}`
    return cut % 3 === 0 ? text.slice(0, cut % (text.length + 1)) : text
  })

/** The oracle, apart from the module's own check: fewer diagnostics of the code, or more valid requests. */
function checkFixes(text: string, protocol: string, options: { tools?: unknown[] } = {}): void {
  const parseOptions = { reasoning: 'include' as const, ...options }
  const before = parseToolRequests(text, protocol, parseOptions)
  const fixes = suggestFixes(text, protocol, { ...parseOptions, result: before })
  for (const fix of fixes) {
    expect(editsFit(fix.edits, text.length)).toBe(true)
    for (const edit of fix.edits) {
      expect(edit.offset).toBeGreaterThanOrEqual(0)
      expect(edit.offset + edit.length).toBeLessThanOrEqual(text.length)
    }
    expect(before.diagnostics).toContain(fix.diagnostic)
    const after = parseToolRequests(applyEdits(text, fix.edits), protocol, parseOptions)
    const count = (r: ParseResult): number => r.diagnostics.filter((d) => d.code === fix.diagnostic.code).length
    const valid = (r: ParseResult): number => r.requests.filter((q) => q.valid).length
    expect(
      count(after) < count(before) || valid(after) > valid(before),
      `${fix.title.message} in ${JSON.stringify(text)}`,
    ).toBe(true)
  }
  expect(() => readingHints(text, before)).not.toThrow()
}

describe('suggestFixes properties', { timeout: 120_000 }, () => {
  it('text-protocol replies: never throws, edits fit, every fix removes its diagnostic', () => {
    fc.assert(
      fc.property(replyArb, fc.constantFrom(...PROTOCOLS), (text, protocol) => checkFixes(text, protocol)),
      { numRuns: 200 },
    )
  })

  it('models’ own formats: the same, by id and in auto', () => {
    fc.assert(
      fc.property(nativeCaseArb, fc.boolean(), (c, auto) =>
        checkFixes(c.text, auto ? 'auto' : c.format, c.tools ? { tools: c.tools } : {}),
      ),
      { numRuns: 200 },
    )
  })

  it('JSON calls with slips: the same', () => {
    fc.assert(
      fc.property(jsonSlipArb, fc.constantFrom(...PROTOCOLS), (text, protocol) => checkFixes(text, protocol)),
      { numRuns: 200 },
    )
  })

  it('a cut-off reply of every shape: the fixes that are offered work', () => {
    const whole =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>'
    for (let cut = 0; cut <= whole.length; cut++) checkFixes(whole.slice(0, cut), 'vcp')
  })
})
