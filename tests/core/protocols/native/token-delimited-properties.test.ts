import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createStreamParser, parseToolRequests } from '../../../../src/core/parser'
import { nativeFormatParser } from '../../../../src/core/protocols/native/registry'
import { toolHints } from '../../../../src/core/protocols/native/tool-hints'
import { nativeCaseArbFor } from '../../../fuzz/native-replies'

const IDS = ['deepseek-v3', 'deepseek-v31', 'harmony', 'mistral', 'functionary-v32']

describe('token-delimited formats on texts built from their pieces', () => {
  for (const id of IDS) {
    it(`${id}: never throws, keeps every span in the text, and streams as it parses`, () => {
      fc.assert(
        fc.property(nativeCaseArbFor(id), fc.integer({ min: 1, max: 40 }), (c, size) => {
          const hints = c.tools ? { tools: c.tools } : {}
          const result = parseToolRequests(c.text, id, hints)
          for (const r of result.requests) {
            expect(r.start).toBeGreaterThanOrEqual(0)
            expect(r.end).toBeLessThanOrEqual(c.text.length)
            expect(r.start).toBeLessThanOrEqual(r.end)
          }
          for (const d of result.diagnostics) expect(d.offset + d.length).toBeLessThanOrEqual(c.text.length)
          const stream = createStreamParser(id, hints)
          for (let i = 0; i < c.text.length; i += size) stream.feed(c.text.slice(i, i + size))
          expect(stream.end()).toEqual(result)
        }),
        { numRuns: 300 },
      )
    })
  }

  it('DeepSeek V3 and V3.1 never both claim one place', () => {
    const v3 = nativeFormatParser('deepseek-v3')!.format
    const v31 = nativeFormatParser('deepseek-v31')!.format
    const context = { tools: toolHints([]), trusted: false }
    const opener = '<｜tool▁calls▁begin｜>'
    fc.assert(
      fc.property(nativeCaseArbFor('deepseek-v3'), nativeCaseArbFor('deepseek-v31'), (a, b) => {
        for (const text of [a.text, b.text, opener + a.text, opener + b.text]) {
          for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
            expect(v3.claims(text, at, opener, context) && v31.claims(text, at, opener, context)).toBe(false)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
