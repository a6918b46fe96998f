/** Positions stay inside the text, and auto streaming never shows what end() takes back. */
import { describe, expect, it } from 'vitest'
import { createStreamParser, parseToolRequests } from '../../../../src/core'

describe('positions and events', () => {
  it.each(['json', 'xml', 'hermes', 'auto'])(
    '%s: a payload cut off at the end is diagnosed inside the text (it was one past the end)',
    (protocol) => {
      const text =
        protocol === 'json'
          ? 'Calling: {"tool_calls": ['
          : protocol === 'xml'
            ? '<tool_code>{"name": "calc'
            : '<tool_call>{"name": "calc'
      const result = parseToolRequests(text, protocol)
      const invalid = result.diagnostics.find((d) => d.code === 'invalid-json')
      expect(invalid).toBeDefined()
      for (const d of result.diagnostics) expect(d.offset + d.length).toBeLessThanOrEqual(text.length)
    },
  )

  it('auto: no event while text arrives, so none is contradicted by end() (block-close events had provisional ids)', () => {
    const text =
      '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "<<<[TOOL_REQUEST]>>>"}}</tool_call>\n' +
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」\n<<<[END_TOOL_REQUEST]>>>'
    const parser = createStreamParser('auto')
    const events = [...text].flatMap((c) => parser.feed(c))
    expect(events).toEqual([])
    const result = parser.end()
    expect(result.requests.map((r) => r.requestId).every((id) => /^req-\d+$/.test(id))).toBe(true)
    expect(result).toEqual(parseToolRequests(text, 'auto'))
  })
})
