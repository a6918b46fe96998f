import { describe, expect, it } from 'vitest'
import { parseToolRequests } from '../../src/core'
import { HOSTILE_SHAPES, protocolOf } from '../../bench/hostile'

describe('hostile shapes for the bench', () => {
  it.each(Object.keys(HOSTILE_SHAPES))(
    '%s: about the asked length, and the parser reads it without failing',
    (name) => {
      const text = (HOSTILE_SHAPES[name] as (n: number) => string)(20_000)
      expect(text.length).toBeGreaterThanOrEqual(20_000)
      expect(text.length).toBeLessThan(22_000)
      const result = parseToolRequests(text, protocolOf(name))
      // parseToolRequests never throws: a fault shows as a parser-failure diagnostic instead.
      expect(result.diagnostics.map((d) => d.code)).not.toContain('parser-failure')
    },
  )

  it('the mixed shape holds calls of all four paradigms', () => {
    const { diagnostics } = parseToolRequests(
      (HOSTILE_SHAPES['auto: four paradigms mixed'] as (n: number) => string)(2_000),
      'auto',
    )
    expect(diagnostics.find((d) => d.code === 'protocol-detected')?.message).toMatch(/hermes .*vcp .*json .*xml/)
  })

  it('the JSON shape is one payload of many calls, each read with its repairs', () => {
    const text = (HOSTILE_SHAPES['json: one tool_calls array, calls with repairs'] as (n: number) => string)(20_000)
    const { requests } = parseToolRequests(text, 'json')
    expect(requests.length).toBeGreaterThan(400)
    expect(requests.every((r) => r.diagnostics.some((d) => d.code === 'unquoted-key'))).toBe(true)
  })
})
