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

  it('numbers a repeated id on from its last suffix, skipping suffixes written by the model', () => {
    const session = createRequestIdSession()
    expect(session.claim('same-2')).toBe('same-2')
    const ids = Array.from({ length: 3000 }, () => session.claim('same'))
    expect(ids.slice(0, 4)).toEqual(['same', 'same-1', 'same-3', 'same-4'])
    expect(ids[2999]).toBe('same-3000')
    expect(new Set(ids).size).toBe(3000)
    expect(session.claim('same-3001')).toBe('same-3001')
    expect(session.claim('same')).toBe('same-3002')
  })
})
