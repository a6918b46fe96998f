import { describe, expect, it } from 'vitest'
import { createFrameBatch } from '../../../src/core/chat/frame-batch'

function manualFrames() {
  const waiting: (() => void)[] = []
  return {
    schedule: (callback: () => void) => void waiting.push(callback),
    frame: () => waiting.splice(0).forEach((callback) => callback()),
    get scheduled() {
      return waiting.length
    },
  }
}

describe('frame batch', () => {
  it('applies many updates as one, with the next frame', () => {
    const frames = manualFrames()
    const batch = createFrameBatch(frames.schedule)
    const seen: string[] = []
    for (const text of ['a', 'ab', 'abc']) batch.latest('content', () => seen.push(text))
    expect(seen).toEqual([])
    expect(frames.scheduled).toBe(1)
    frames.frame()
    expect(seen).toEqual(['abc'])
  })

  it('keeps queued jobs in order, and a replaced job runs after what was queued before it', () => {
    const frames = manualFrames()
    const batch = createFrameBatch(frames.schedule)
    const seen: string[] = []
    batch.latest('content', () => seen.push('old text'))
    batch.queue(() => seen.push('event 1'))
    batch.queue(() => seen.push('event 2'))
    batch.latest('content', () => seen.push('new text'))
    frames.frame()
    expect(seen).toEqual(['event 1', 'event 2', 'new text'])
  })

  it('flush() applies everything now; the frame that was asked for then finds nothing', () => {
    const frames = manualFrames()
    const batch = createFrameBatch(frames.schedule)
    const seen: string[] = []
    batch.queue(() => seen.push('event'))
    batch.flush()
    expect(seen).toEqual(['event'])
    frames.frame()
    expect(seen).toEqual(['event'])
    batch.queue(() => seen.push('later'))
    expect(frames.scheduled).toBe(1)
    frames.frame()
    expect(seen).toEqual(['event', 'later'])
  })
})
