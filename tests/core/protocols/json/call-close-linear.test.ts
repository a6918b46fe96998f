/**
 * Many calls in one payload, each with lenient-JSON repairs: every finding goes to the call that
 * owns it, and a payload of thousands of calls is read whole (the owner of each finding was once
 * looked up by walking every call for every call, which never finished on a payload this size).
 */
import { describe, expect, it } from 'vitest'
import { parseToolRequests } from '../../../../src/core'
import type { ParsedRequest } from '../../../../src/core'

/** One call with an unquoted key, single quotes and two trailing commas. */
const call = (i: number): string => `{'id': 'c${i}', name: 'calc', arguments: {x: ${i},},}`
const calls = (n: number): string => Array.from({ length: n }, (_, i) => call(i)).join(', ')

const PAYLOADS: Record<string, (n: number) => string> = {
  json: (n) => `Calling: {"tool_calls": [${calls(n)}]}`,
  xml: (n) => `<tool_code>[${calls(n)}]</tool_code>`,
  hermes: (n) => `<tool_call>[${calls(n)}]</tool_call>`,
}

/** Every diagnostic of a request lies inside that request's span. */
function expectOwnFindings(request: ParsedRequest): void {
  for (const d of request.diagnostics) {
    expect(d.offset).toBeGreaterThanOrEqual(request.start)
    expect(d.offset).toBeLessThan(request.end)
  }
}

describe('findings of a payload with many calls', () => {
  it.each(Object.keys(PAYLOADS))('%s: each finding goes to the call that owns it', (protocol) => {
    const text = (PAYLOADS[protocol] as (n: number) => string)(3)
    const { requests } = parseToolRequests(text, protocol)
    expect(requests.map((r) => r.requestId)).toEqual(['c0', 'c1', 'c2'])
    for (const [i, request] of requests.entries()) {
      const own = text.slice(request.start, request.end)
      expect(own).toBe(call(i))
      expectOwnFindings(request)
      const at = (needle: string, from = 0): number => request.start + own.indexOf(needle, from)
      const expected = [
        // The single quotes are summed up once, at the first of them in the payload.
        ...(i === 0 ? [['single-quotes', at("'")]] : []),
        ['unquoted-key', at('name')],
        ['unquoted-key', at('arguments')],
        ['unquoted-key', at('x:')],
        ['trailing-comma', at(',}')],
        ['trailing-comma', at(',}', own.indexOf(',}') + 1)],
      ]
      expect(request.diagnostics.map((d) => [d.code, d.offset])).toEqual(expected)
    }
  })

  it.each(Object.keys(PAYLOADS))(
    '%s: 4,000 calls with repairs are all read, each with its own findings',
    (protocol) => {
      const n = 4_000
      const text = (PAYLOADS[protocol] as (n: number) => string)(n)
      const { requests, diagnostics } = parseToolRequests(text, protocol)
      expect(requests).toHaveLength(n)
      expect(diagnostics).toHaveLength(5 * n + 1)
      for (const [i, request] of requests.entries()) {
        expect(request.requestId).toBe(`c${i}`)
        expect(request.args).toEqual({ x: String(i) })
        expect(request.diagnostics.filter((d) => d.code === 'unquoted-key')).toHaveLength(3)
        expect(request.diagnostics.filter((d) => d.code === 'trailing-comma')).toHaveLength(2)
        expectOwnFindings(request)
      }
    },
  )

  it('a finding outside every call goes to the first call', () => {
    // A fence without a language is warned about at the payload's opening brace, before any call.
    const text = '```\n{"tool_calls": [' + calls(2) + ']}\n```'
    const { requests } = parseToolRequests(text, 'json')
    const [first, second] = requests as [ParsedRequest, ParsedRequest]
    expect(first.diagnostics[0]).toMatchObject({ code: 'fence-language', offset: text.indexOf('{') })
    expect(second.diagnostics.map((d) => d.code)).not.toContain('fence-language')
    expectOwnFindings(second)
  })

  it('a finding inside two calls goes to the earlier one', () => {
    // A value that is not an object stands for the whole payload, so it holds every later call's findings.
    const text = `{"tool_calls": [1, ${call(0)}]}`
    const { requests } = parseToolRequests(text, 'json')
    const [first, second] = requests as [ParsedRequest, ParsedRequest]
    expect(first.diagnostics.map((d) => d.code)).toEqual([
      'invalid-call',
      'single-quotes',
      'unquoted-key',
      'unquoted-key',
      'unquoted-key',
      'trailing-comma',
      'trailing-comma',
    ])
    expect(second.diagnostics).toEqual([])
  })
})
