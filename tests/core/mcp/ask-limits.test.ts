/** The limits on what one server may ask of the person: waiting cap, rate over a sliding window, refuse all. */
import { describe, expect, it } from 'vitest'
import { AskRefused, createAskLimits } from '../../../src/core/mcp'

describe('ask limits', () => {
  it('admits up to the cap of waiting requests per server; an answered one frees its place', () => {
    const limits = createAskLimits({ maxWaiting: 2, now: () => 0 })
    expect(limits.admit('a')).toBeUndefined()
    expect(limits.admit('a')).toBeUndefined()
    const refusal = limits.admit('a')
    expect(refusal).toBeInstanceOf(AskRefused)
    expect(refusal).toMatchObject({ reason: 'queue-full', data: { reason: 'queue-full', limit: 2 } })
    expect(refusal!.message).toBe(
      'Refused without asking: 2 requests from "a" already wait for the user (the most one server may queue).',
    )
    expect(limits.admit('b')).toBeUndefined()
    limits.release('a')
    expect(limits.admit('a')).toBeUndefined()
  })

  it('refuses a request when maxPerWindow others came within the window before it, refused ones included', () => {
    let now = 0
    const limits = createAskLimits({ maxPerWindow: 3, windowMs: 1000, now: () => now })
    const ask = () => {
      const refusal = limits.admit('a')
      if (!refusal) limits.release('a')
      return refusal?.reason ?? 'admitted'
    }
    expect([ask(), ask(), ask(), ask()]).toEqual(['admitted', 'admitted', 'admitted', 'rate-limit'])
    now = 999
    expect(ask()).toBe('rate-limit')
    // The three at 0 have left the window; the refused one at 999 still counts.
    now = 1000
    expect([ask(), ask(), ask()]).toEqual(['admitted', 'admitted', 'rate-limit'])
    now = 2000
    expect(ask()).toBe('admitted')
  })

  it("says the rate in the server's terms", () => {
    const limits = createAskLimits({ maxPerWindow: 1, windowMs: 60_000, now: () => 0 })
    limits.admit('a')
    expect(limits.admit('a')).toMatchObject({
      message: 'Refused without asking: "a" sent more than 1 requests in 60 s (the most one server may send).',
      data: { reason: 'rate-limit', limit: 1 },
    })
  })

  it('a blocked server is refused until allowed again', () => {
    const limits = createAskLimits()
    limits.block('a')
    expect(limits.admit('a')).toMatchObject({ reason: 'refused-all', data: { reason: 'refused-all' } })
    expect(limits.admit('b')).toBeUndefined()
    limits.allow('a')
    expect(limits.admit('a')).toBeUndefined()
  })
})
