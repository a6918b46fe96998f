import { describe, expect, it } from 'vitest'
import { createRequestIdSession } from '../../src/core'

describe('request id session', () => {
  it('hands out fresh ids and keeps free wanted ones', () => {
    const session = createRequestIdSession()
    expect(session.claim()).toBe('req-1')
    expect(session.claim('mine')).toBe('mine')
    expect(session.claim('mine')).toBe('mine-1')
    expect(session.claim()).toBe('req-2')
    expect(session.has('mine-1')).toBe(true)
    expect(session.has('req-2')).toBe(true)
    expect(session.has('req-3')).toBe(false)
  })

  it('never hands out an id twice, even when a model writes one that looks generated', () => {
    const session = createRequestIdSession()
    const ids = [session.claim('req-2'), session.claim(), session.claim(), session.claim('req-3')]
    expect(new Set(ids).size).toBe(ids.length)
  })
})
