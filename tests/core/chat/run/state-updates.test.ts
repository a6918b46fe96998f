import { describe, expect, it } from 'vitest'
import { createStateUpdates } from '../../../../src/core/chat/run/state-updates'

function manualFrames() {
  const waiting: (() => void)[] = []
  return {
    schedule: (callback: () => void) => void waiting.push(callback),
    frame: () => waiting.splice(0).forEach((callback) => callback()),
  }
}

describe('createStateUpdates', () => {
  it('applies keyed jobs once per frame, the latest winning, and announces each applied job', () => {
    const frames = manualFrames()
    let announced = 0
    const updates = createStateUpdates(() => announced++, frames.schedule)
    const seen: string[] = []
    for (const text of ['a', 'ab', 'abc']) updates.later('content', () => seen.push(text))
    expect(seen).toEqual([])
    frames.frame()
    expect(seen).toEqual(['abc'])
    expect(announced).toBe(1)
  })

  it('keeps unkeyed jobs, in order', () => {
    const frames = manualFrames()
    const updates = createStateUpdates(() => {}, frames.schedule)
    const seen: number[] = []
    for (const n of [1, 2, 3]) updates.later(null, () => seen.push(n))
    frames.frame()
    expect(seen).toEqual([1, 2, 3])
  })

  it('now applies what is waiting first, so an older streamed piece never lands after it', () => {
    const frames = manualFrames()
    let announced = 0
    const updates = createStateUpdates(() => announced++, frames.schedule)
    const seen: string[] = []
    updates.later('content', () => seen.push('streamed'))
    updates.now(() => seen.push('result'))
    expect(seen).toEqual(['streamed', 'result'])
    expect(announced).toBe(2)
    frames.frame()
    expect(seen).toEqual(['streamed', 'result'])
  })

  it('flush applies what is waiting without waiting for the frame', () => {
    const frames = manualFrames()
    const updates = createStateUpdates(() => {}, frames.schedule)
    const seen: string[] = []
    updates.later('calls:0', () => seen.push('calls'))
    updates.flush()
    expect(seen).toEqual(['calls'])
  })
})
