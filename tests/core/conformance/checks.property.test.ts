/**
 * Whatever a server (or a capture file) holds, the checks read it without throwing: chunks built
 * from pieces of real chunks (JSON cut anywhere, [DONE], tool_calls deltas with any index, id,
 * name and arguments), whole bodies likewise, on any probe and status.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CONFORMANCE_CHECKS,
  PROBES,
  checkExchanges,
  reportFromExchanges,
  reportToMarkdown,
  type WireExchange,
} from '../../../src/core/conformance'
import { streamView } from '../../../src/core/conformance/stream-view'
import { wholeView } from '../../../src/core/conformance/whole-view'
import { exchange, streamChunks, wholeBody } from './wire-fixtures'

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -2, max: 4 }),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('get_weather', 'get_time', 'translate_text', 'call_1', '{}', '{"a":', 'tool_calls', '__proto__'),
  fc.jsonValue({ maxDepth: 2 }),
)

const toolDelta = fc.record(
  {
    index: anyValue,
    id: anyValue,
    type: anyValue,
    function: fc.oneof(anyValue, fc.record({ name: anyValue, arguments: anyValue })),
  },
  { requiredKeys: [] },
)

const delta = fc.record(
  {
    role: anyValue,
    content: anyValue,
    reasoning_content: anyValue,
    tool_calls: fc.oneof(anyValue, fc.array(fc.oneof(toolDelta, anyValue), { maxLength: 3 })),
  },
  { requiredKeys: [] },
)

const chunkObject = fc.record(
  {
    id: anyValue,
    choices: fc.oneof(
      anyValue,
      fc.array(
        fc.record({ index: anyValue, delta: fc.oneof(delta, anyValue), finish_reason: anyValue }, { requiredKeys: [] }),
        {
          maxLength: 2,
        },
      ),
    ),
    usage: fc.oneof(
      anyValue,
      fc.record({ prompt_tokens: anyValue, completion_tokens: anyValue, total_tokens: anyValue }),
    ),
    error: fc.oneof(fc.constant(undefined), anyValue),
  },
  { requiredKeys: [] },
)

const realChunks = streamChunks({
  content: 'Done. <tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
  reasoning: 'thinking',
  calls: [
    { name: 'get_weather', args: '{"location":{},"unit":"celsius"}' },
    { name: 'get_time', args: '{}' },
  ],
})

/** One event's data: a real chunk, a piece of one, a made-up chunk, [DONE], or noise. */
const chunkText = fc.oneof(
  fc.constantFrom(...realChunks),
  fc.tuple(fc.constantFrom(...realChunks), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
  chunkObject.map((chunk) => JSON.stringify(chunk)),
  fc.constant('[DONE]'),
  fc.string({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
)

const realBody = wholeBody({ calls: [{ name: 'get_weather', args: '{"unit":"celsius"}' }] })
const bodyText = fc.oneof(
  fc.constant(realBody),
  fc.nat().map((cut) => realBody.slice(0, cut % (realBody.length + 1))),
  fc
    .record({
      choices: fc.array(fc.record({ index: anyValue, message: fc.oneof(delta, anyValue), finish_reason: anyValue }), {
        maxLength: 2,
      }),
    })
    .map((body) => JSON.stringify(body)),
  fc.string({ maxLength: 30 }),
)

const probeId = fc.oneof(fc.constantFrom(...PROBES.map((probe) => probe.id)), fc.string({ maxLength: 6 }))

const anExchange: fc.Arbitrary<WireExchange> = fc
  .record({
    probe: probeId,
    mode: fc.constantFrom('stream' as const, 'whole' as const),
    attempt: fc.nat({ max: 2 }),
    chunks: fc.array(chunkText, { maxLength: 12 }),
    body: bodyText,
    status: fc.constantFrom(200, 200, 200, 400, 500, undefined),
    error: fc.constantFrom(undefined, undefined, 'Could not connect'),
    truncated: fc.constantFrom(undefined, true),
  })
  .map(({ probe, mode, attempt, chunks, body, status, error, truncated }) => {
    const base = exchange(
      PROBES.some((p) => p.id === probe) ? probe : 'single',
      mode,
      mode === 'stream' ? chunks : body,
      {
        attempt,
        status,
        error,
        truncated,
      },
    )
    return { ...base, probe }
  })

describe('checkExchanges on arbitrary wire text', () => {
  it('never throws, gives every check once, and points only at chunks that exist', () => {
    fc.assert(
      fc.property(fc.array(anExchange, { maxLength: 8 }), (exchanges) => {
        // Each reply reads without throwing (the checks would otherwise see it as unreadable, silently).
        for (const e of exchanges) expect(() => (e.mode === 'stream' ? streamView(e) : wholeView(e))).not.toThrow()
        const checks = checkExchanges(exchanges)
        expect(checks.map((check) => check.id)).toEqual(CONFORMANCE_CHECKS.map((check) => check.id))
        for (const check of checks) {
          expect(['pass', 'fail', 'inconclusive']).toContain(check.status)
          // The safety net for unreadable captures must not be what kept a check from throwing.
          expect(check.detail).not.toMatch(/reading the exchanges failed/)
          for (const evidence of check.evidence) {
            // A capture may hold two exchanges with the same probe, mode and attempt: one of them is the source.
            const sources = exchanges.filter(
              (e) => e.probe === evidence.probe && e.mode === evidence.mode && e.attempt === evidence.attempt,
            )
            expect(sources.some((e) => evidence.chunks.every((index) => index < e.chunks.length))).toBe(true)
          }
        }
        reportToMarkdown(reportFromExchanges({ baseUrl: 'http://x/v1', model: 'm' }, exchanges))
      }),
      { numRuns: 300 },
    )
  })
})
