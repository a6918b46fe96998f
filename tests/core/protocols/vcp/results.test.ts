import { describe, expect, it } from 'vitest'
import { parseVcpResults, vcpProtocol } from '../../../../src/core'
import type { ToolExecutionResult } from '../../../../src/core'

const result = (over: Partial<ToolExecutionResult> = {}): ToolExecutionResult => ({
  requestId: 'req-1',
  toolName: 'calc_evaluate',
  status: 'success',
  result: '42',
  durationMs: 3.4,
  ...over,
})

describe('formatToolResults', () => {
  it('writes one block per result with id, tool, status, duration and result', () => {
    const text = vcpProtocol.formatToolResults([
      result(),
      result({ requestId: 'req-2', status: 'error', result: 'Division by zero' }),
    ])
    expect(text).toBe(
      [
        '<<<[TOOL_RESULT]>>>\nrequest_id:「始」req-1「末」,\ntool_name:「始」calc_evaluate「末」,\nstatus:「始」success「末」,\nduration_ms:「始」3「末」,\nresult:「始」42「末」\n<<<[END_TOOL_RESULT]>>>',
        '<<<[TOOL_RESULT]>>>\nrequest_id:「始」req-2「末」,\ntool_name:「始」calc_evaluate「末」,\nstatus:「始」error「末」,\nduration_ms:「始」3「末」,\nresult:「始」Division by zero「末」\n<<<[END_TOOL_RESULT]>>>',
      ].join('\n\n'),
    )
  })

  it('reads its own results back, markers in results included', () => {
    const results = [
      result({ result: 'line 1\nline 2' }),
      result({
        requestId: 'r2',
        status: 'timeout',
        result: 'Has 「末」 and <<<[END_TOOL_RESULT]>>> inside',
        durationMs: 30000,
      }),
      result({ requestId: 'r3', status: 'denied', result: '{"json": true}' }),
    ]
    const parsed = parseVcpResults(vcpProtocol.formatToolResults(results))
    expect(parsed.diagnostics).toEqual([])
    expect(
      parsed.results.map(({ requestId, toolName, status, result: r, durationMs }) => ({
        requestId,
        toolName,
        status,
        result: r,
        durationMs,
      })),
    ).toEqual(results.map((r) => ({ ...r, durationMs: Math.round(r.durationMs) })))
  })

  it('cuts long results head and tail and says how much was cut', () => {
    const long = 'H'.repeat(6000) + 'M'.repeat(8000) + 'T'.repeat(6000)
    const text = vcpProtocol.formatToolResults([result({ result: long })], { maxResultChars: 1000 })
    const [back] = parseVcpResults(text).results
    expect(back?.truncated).toBe('kept 1000 of 20000 characters (head and tail); 19000 omitted from the middle')
    expect(back?.result.startsWith('H'.repeat(500) + '\n[... 19,000 characters omitted')).toBe(true)
    expect(back?.result.endsWith('T'.repeat(500))).toBe(true)
    expect(text.length).toBeLessThan(1400)
  })

  it('does not cut when the limit is 0', () => {
    const long = 'x'.repeat(20_000)
    const [back] = parseVcpResults(
      vcpProtocol.formatToolResults([result({ result: long })], { maxResultChars: 0 }),
    ).results
    expect(back?.result).toBe(long)
    expect(back?.truncated).toBeUndefined()
  })

  it('by default cuts nothing, and states a cut the executor made', () => {
    const long = 'x'.repeat(20_000)
    const [whole] = parseVcpResults(vcpProtocol.formatToolResults([result({ result: long })])).results
    expect(whole?.result).toBe(long)
    const cutByExecutor = result({
      result: 'head … tail',
      truncation: { keptChars: 8000, totalChars: 50_000, resumeAt: 4000, variable: 'fs_read/req-1/result' },
    })
    const [back] = parseVcpResults(vcpProtocol.formatToolResults([cutByExecutor])).results
    expect(back?.truncated).toBe('kept 8000 of 50000 characters; all of it is in variable "fs_read/req-1/result"')
  })
})
