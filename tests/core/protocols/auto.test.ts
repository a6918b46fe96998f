import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRequestIdSession, createStreamParser, parseToolRequests } from '../../../src/core'

const mixed = `First VCP:
<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」,
expression:「始」1+1「末」
<<<[END_TOOL_REQUEST]>>>
then Hermes:
<tool_call>{"name": "datetime_now", "arguments": {"timeZone": "UTC"}}</tool_call>
and a JSON block:
\`\`\`json
{"tool_calls": [{"id": "call_9", "type": "function", "function": {"name": "fs_tree", "arguments": {}}}]}
\`\`\`
and XML that quotes VCP in a string:
<tool_code>{"name": "text_stats", "arguments": {"text": "<<<[TOOL_REQUEST]>>>\\ntool_name:「始」x_y「末」\\n<<<[END_TOOL_REQUEST]>>>"}}</tool_code>`

describe('auto-detection', () => {
  it('reads every paradigm in one reply, in text order, and says what it found', () => {
    const result = parseToolRequests(mixed, 'auto')
    expect(result.requests.map((r) => [r.requestId, r.toolName])).toEqual([
      ['req-1', 'calc_evaluate'],
      ['req-2', 'datetime_now'],
      ['call_9', 'fs_tree'],
      ['req-3', 'text_stats'],
    ])
    expect(result.diagnostics).toEqual([
      { severity: 'info', code: 'protocol-detected', message: 'Detected: vcp (1 request), hermes (1 request), json (1 request), xml (1 request).', offset: 0, length: 0, line: 1, column: 1 },
    ])
  })

  it('says so when it finds nothing', () => {
    expect(parseToolRequests('Just prose.', 'auto').diagnostics[0]?.message).toBe('No tool requests in any known format (vcp, json, xml, hermes).')
  })

  it('streaming gives the one-shot result for any chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: mixed.length }), { maxLength: 20 }), (cuts) => {
        const parser = createStreamParser('auto', { session: createRequestIdSession() })
        let at = 0
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          parser.feed(mixed.slice(at, Math.max(at, cut)))
          at = Math.max(at, cut)
        }
        parser.feed(mixed.slice(at))
        expect(parser.end()).toEqual(parseToolRequests(mixed, 'auto', { session: createRequestIdSession() }))
      }),
      { numRuns: 100 },
    )
  })
})
