/**
 * Properties of the JSON paradigms (json, xml, hermes): the parser never throws, offsets and raw
 * blocks agree with the text, and any chunking gives the one-shot result.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRequestIdSession, createStreamParser, parseToolRequests, type StreamEvent } from '../../../../src/core'

const scale = Number(process.env.FC_RUNS_SCALE ?? 1)
const runs = (n: number): { numRuns: number } => ({ numRuns: Math.round(n * scale) })

const PIECES = [
  '<tool_call>', '</tool_call>', '<tool_code>', '</tool_code>', '<tool_', '</tool', '{"tool_calls": [', '{ "tool_calls":', "{'tool_calls':", '{tool_calls:',
  '{', '}', '[', ']', ',', ':', '"', "'", '\\', '\\"', 'name', '"name"', '"arguments"', '"parameters"', '"function"', '"type": "function"', '"id"',
  'True', 'False', 'None', 'null', '1', '-2.5e3', '"a"', '"calc_evaluate"', '\n', ' ', '```json\n', '```\n', '```', '~~~', '<think>', '</think>',
  '<thinking>', '</thinking>', '世界', '<', '>', '/',
]
const jsonish = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 60 }).map((p) => p.join(''))
const anyText = fc.oneof(jsonish, fc.string(), fc.string({ unit: 'binary' }))

function stream(protocol: string, text: string, cuts: number[]) {
  const parser = createStreamParser(protocol, { session: createRequestIdSession() })
  const events: StreamEvent[] = []
  let at = 0
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const to = Math.min(cut, text.length)
    if (to > at) events.push(...parser.feed(text.slice(at, to)))
    at = Math.max(at, to)
  }
  events.push(...parser.feed(text.slice(at)))
  const result = parser.end()
  const heard = events.flatMap((e) => (e.type === 'block-close' && e.included ? [e.request] : []))
  expect(result.requests.slice(0, heard.length)).toEqual(heard)
  return result
}

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
        expect(stream(protocol, text, cuts)).toEqual(oneShot)
      }),
      runs(800),
    )
  })

  it('one character at a time gives the one-shot result', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const oneShot = parseToolRequests(text, protocol, { session: createRequestIdSession() })
        expect(stream(protocol, text, Array.from({ length: text.length }, (_, i) => i))).toEqual(oneShot)
      }),
      runs(300),
    )
  })
})
