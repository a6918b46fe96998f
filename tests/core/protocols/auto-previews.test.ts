import { describe, expect, it } from 'vitest'
import { createNativePreviews } from '../../../src/core/protocols/auto-previews'
import type { StreamEvent } from '../../../src/core/protocols/protocol'

/** Feeds `text` in chunks of `size`; returns the events and how often the whole text was asked for. */
function stream(text: string, size: number): { events: StreamEvent[]; asked: number } {
  const previews = createNativePreviews({}, '\u0001test')
  const events: StreamEvent[] = []
  let length = 0
  let asked = 0
  for (let at = 0; at < text.length; at += size) {
    const chunk = text.slice(at, at + size)
    length += chunk.length
    events.push(
      ...previews.feed(chunk, length, () => {
        asked++
        return text.slice(0, length)
      }),
    )
  }
  return { events, asked }
}

describe('auto-detection previews', () => {
  it("shows a native format's calls once it is recognised, numbered in order", () => {
    const prose = 'Words before any call, enough of them to stream. '.repeat(3)
    const text = `${prose}[TOOL_CALLS]calc_evaluate[ARGS]{"expression": "6*7"}[TOOL_CALLS]time_now[ARGS]{}\nDone.`
    const { events } = stream(text, 8)
    const opened = events.filter((event) => event.type === 'block-open')
    expect(opened.map((event) => event.index)).toEqual([0, 1])
    const names = events.filter((event) => event.type === 'field' && event.key === 'tool_name')
    expect(names.map((event) => (event.type === 'field' ? [event.index, event.value] : []))).toEqual([
      [0, 'calc_evaluate'],
      [1, 'time_now'],
    ])
  })

  it('prose alone shows nothing, and the whole text is asked for only as it grows by an eighth', () => {
    const text = 'Only prose here, no call at all. '.repeat(300)
    const { events, asked } = stream(text, 4)
    expect(events).toEqual([])
    // Asked at 64 characters, then each time the text grew by an eighth: a few dozen times, not per chunk.
    expect(asked).toBeGreaterThan(1)
    expect(asked).toBeLessThan(60)
  })
})
