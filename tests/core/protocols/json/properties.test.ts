/**
 * Properties of the JSON paradigms (json, xml, hermes): the parser never throws, offsets and raw
 * blocks agree with the text, and any chunking gives the one-shot result.
 */
import fc from 'fast-check'
import { streamInPieces } from '../../../fixtures/stream'
import { describe, expect, it } from 'vitest'
import { createRequestIdSession, parseToolRequests } from '../../../../src/core'

const scale = Number(process.env.FC_RUNS_SCALE ?? 1)
const runs = (n: number): { numRuns: number } => ({ numRuns: Math.round(n * scale) })

const PIECES = [
  '<tool_call>',
  '</tool_call>',
  '<tool_code>',
  '</tool_code>',
  '<tool_',
  '</tool',
  '{"tool_calls": [',
  '{ "tool_calls":',
  "{'tool_calls':",
  '{tool_calls:',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  "'",
  '\\',
  '\\"',
  'name',
  '"name"',
  '"arguments"',
  '"parameters"',
  '"function"',
  '"type": "function"',
  '"id"',
  'True',
  'False',
  'None',
  'null',
  '1',
  '-2.5e3',
  '"a"',
  '"calc_evaluate"',
  '\n',
  ' ',
  '```json\n',
  '```\n',
  '```',
  '~~~',
  '<think>',
  '</think>',
  '<thinking>',
  '</thinking>',
  '世界',
  '<',
  '>',
  '/',
]
const jsonish = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((p) => p.join(''))
const anyText = fc.oneof(jsonish, fc.string(), fc.string({ unit: 'binary' }))

describe.each(['json', 'xml', 'hermes'])('%s paradigm properties', (protocol) => {
  it('never throws; offsets, lines and raw blocks agree with the text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = parseToolRequests(text, protocol)
        for (const d of result.diagnostics) {
          expect(d.offset).toBeGreaterThanOrEqual(0)
          expect(d.offset).toBeLessThanOrEqual(text.length)
          expect(d.line).toBe(text.slice(0, d.offset).split('\n').length)
          expect(d.code).not.toBe('parser-failure')
        }
        for (const r of result.requests) expect(text.slice(r.start, r.end)).toBe(r.rawBlock)
      }),
      runs(1500),
    )
  })

  it('any chunking gives the one-shot result', () => {
    fc.assert(
      fc.property(jsonish, fc.array(fc.nat({ max: 400 }), { maxLength: 30 }), (text, cuts) => {
        const oneShot = parseToolRequests(text, protocol, { session: createRequestIdSession() })
        expect(streamInPieces(protocol, text, cuts)).toEqual(oneShot)
      }),
      runs(800),
    )
  })

  it('one character at a time gives the one-shot result', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const oneShot = parseToolRequests(text, protocol, { session: createRequestIdSession() })
        expect(
          streamInPieces(
            protocol,
            text,
            Array.from({ length: text.length }, (_, i) => i),
          ),
        ).toEqual(oneShot)
      }),
      runs(300),
    )
  })
})
