import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRequestIdSession, createStreamParser, parseToolRequests } from '../../../src/core'
import type { Diagnostic, ParsedRequest } from '../../../src/core'

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
    expect(result.diagnostics).toMatchObject([
      {
        severity: 'info',
        code: 'protocol-detected',
        messageId: 'auto.detected',
        message: 'Detected: vcp (1 request), hermes (1 request), json (1 request), xml (1 request).',
        offset: 0,
        length: 0,
        line: 1,
        column: 1,
      },
    ])
  })

  it('says so when it finds nothing', () => {
    expect(parseToolRequests('Just prose.', 'auto').diagnostics[0]?.message).toBe(
      "No tool requests in any known format (vcp, json, xml, hermes, or a model's own format).",
    )
  })

  it("keeps exactly the requests and diagnostics that no other paradigm's request encloses", () => {
    // The rule, written the slow and obvious way, against the merge on random mixes of nested calls.
    const fragments = [
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」a_b「末」\n<<<[END_TOOL_REQUEST]>>>\n',
      '<tool_call>{"name": "h_x", "arguments": {"t": "<<<[TOOL_REQUEST]>>>\\ntool_name:「始」in_vcp「末」\\n<<<[END_TOOL_REQUEST]>>>"}}</tool_call>\n',
      '```json\n{"tool_name": "j_y", "arguments": {"q": "<tool_call>{\\"name\\": \\"in_hermes\\"}</tool_call>"}}\n```\n',
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」v「末」,\nnote:「始」<tool_call>{"name": "in_block", "arguments": {}}</tool_call>「末」\n<<<[END_TOOL_REQUEST]>>>\n',
      '<<<[TOOL_REQUEST]>>>\npath:「始」no tool name「末」\n<<<[END_TOOL_REQUEST]>>>\n',
      '<tool_call>{"name": "broken", "arguments": {</tool_call>\n',
      'prose 「始」 stray <<<[END_TOOL_REQUEST]>>>\n',
      '<tool_call>{"name": "h_end", "arguments": {}}</tool_call><<<[END_TOOL_REQUEST]>>>\n',
    ]
    // Both left open at the end of the text: the VCP block ends exactly where the call around it does.
    const openTail = '<tool_call>{"name": "last", "arguments": {"t": "<<<[TOOL_REQUEST]>>>\\ntool_name:「始」tail「末」'
    const protocols = ['vcp', 'json', 'xml', 'hermes']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 12 }), fc.boolean(), (picked, withTail) => {
        const text = picked.join('') + (withTail ? openTail : '')
        const found = protocols.map((protocol) => ({ protocol, result: parseToolRequests(text, protocol) }))
        const all = found.flatMap(({ protocol, result }) => result.requests.map((request) => ({ protocol, request })))
        all.sort((a, b) => a.request.start - b.request.start || b.request.end - a.request.end)
        const kept: { protocol: string; request: ParsedRequest }[] = []
        for (const e of all) {
          if (
            !kept.some(
              (k) => k.protocol !== e.protocol && k.request.start <= e.request.start && e.request.end <= k.request.end,
            )
          )
            kept.push(e)
        }
        const enclosed = (d: Diagnostic, protocol: string): boolean =>
          kept.some((k) => k.protocol !== protocol && d.offset > k.request.start && d.offset < k.request.end)
        const expectedDiagnostics = new Set(
          found.flatMap(({ protocol, result }) =>
            result.diagnostics.filter((d) => !enclosed(d, protocol)).map((d) => `${d.code}@${d.offset}`),
          ),
        )

        const auto = parseToolRequests(text, 'auto')
        expect(auto.requests.map((r) => [r.toolName, r.start, r.end])).toEqual(
          kept.map(({ request: r }) => [r.toolName, r.start, r.end]),
        )
        const autoDiagnostics = auto.diagnostics
          .filter((d) => d.code !== 'protocol-detected')
          .map((d) => `${d.code}@${d.offset}`)
        expect(new Set(autoDiagnostics)).toEqual(expectedDiagnostics)
      }),
      { numRuns: 200 },
    )
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
