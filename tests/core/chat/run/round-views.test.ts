import { describe, expect, it } from 'vitest'
import { directRequest } from '../../../../src/core'
import { emptyRoundRecord } from '../../../../src/core/chat/round-record'
import { roundViewCallbacks } from '../../../../src/core/chat/run/round-views'
import { createRunState } from '../../../../src/core/chat/run/run-state'
import { createStateUpdates } from '../../../../src/core/chat/run/state-updates'
import type { ToolLoopCallbacks } from '../../../../src/core/chat/tool-loop'

function setup() {
  const waiting: (() => void)[] = []
  const frame = (): void => waiting.splice(0).forEach((callback) => callback())
  const store = createRunState()
  const updates = createStateUpdates(store.changed, (callback) => void waiting.push(callback))
  const heard: string[] = []
  let roundsStarted = 0
  const callbacks: ToolLoopCallbacks = {
    onRoundStart: (index) => heard.push(`start ${index}`),
    onResponseUpdate: (content) => heard.push(`content ${content}`),
    onToolCallStart: (request) => heard.push(`call ${request.requestId}`),
    onRoundComplete: (record) => heard.push(`complete ${record.index}`),
  }
  const views = roundViewCallbacks({ state: store.state, updates, callbacks, onRoundStart: () => roundsStarted++ })
  return { state: store.state, views, frame, heard, roundsStarted: () => roundsStarted }
}

describe('roundViewCallbacks', () => {
  it('adds a view per round at once, and passes each event on', () => {
    const { state, views, heard, roundsStarted } = setup()
    state.manualRequest = { messages: [] }
    views.onRoundStart?.(0, 'tools')
    expect(state.rounds).toEqual([{ index: 0, kind: 'tools', content: '', cards: [] }])
    expect(state.manualRequest).toBeNull()
    expect(roundsStarted()).toBe(1)
    expect(heard).toEqual(['start 0'])
  })

  it('streamed text waits for the frame, the latest text winning; the caller hears every piece', () => {
    const { state, views, frame, heard } = setup()
    views.onRoundStart?.(0, 'tools')
    views.onResponseUpdate?.('Hel', 0)
    views.onResponseUpdate?.('Hello', 0)
    expect(state.rounds[0]?.content).toBe('')
    frame()
    expect(state.rounds[0]?.content).toBe('Hello')
    expect(heard).toEqual(['start 0', 'content Hel', 'content Hello'])
  })

  it('a call starting applies the waiting text first, then marks its card running', () => {
    const { state, views } = setup()
    views.onRoundStart?.(0, 'tools')
    views.onResponseUpdate?.('Adding.', 0)
    views.onToolCallStart?.(directRequest('math_add', { a: 1 }, 'r1'), 0)
    expect(state.rounds[0]?.content).toBe('Adding.')
    expect(state.rounds[0]?.cards.map((card) => card.state)).toEqual(['running'])
  })

  it('a finished round gets its final text, usage, timings and error', () => {
    const { state, views } = setup()
    views.onRoundStart?.(0, 'tools')
    const record = { ...emptyRoundRecord(0, 'tools'), content: 'Done.', error: 'cut short' }
    record.timings = { modelMs: 5, toolsMs: 1 }
    views.onRoundComplete?.(record)
    expect(state.rounds[0]).toMatchObject({ content: 'Done.', error: 'cut short', timings: { modelMs: 5, toolsMs: 1 } })
  })

  it('skips a piece for a round that has no view', () => {
    const { state, views, frame } = setup()
    views.onResponseUpdate?.('lost', 3)
    views.onRoundComplete?.(emptyRoundRecord(3, 'tools'))
    frame()
    expect(state.rounds).toEqual([])
  })
})
