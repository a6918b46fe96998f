import { describe, expect, it } from 'vitest'
import { beginRun, createRunState } from '../../../../src/core/chat/run/run-state'
import { emptyRound } from '../../../../src/core/chat/live-round'

describe('createRunState', () => {
  it('starts idle and hands its state to reactive, keeping what reactive returned', () => {
    const wrapped: object[] = []
    const store = createRunState((state) => {
      wrapped.push(state)
      return state
    })
    expect(store.state).toEqual({ status: 'idle', error: null, rounds: [], pending: [], manualRequest: null })
    expect(wrapped).toEqual([store.state])
  })

  it('tells listeners of changes until they unsubscribe or are cleared', () => {
    const store = createRunState()
    const heard: string[] = []
    const stopA = store.subscribe(() => heard.push('a'))
    store.subscribe(() => heard.push('b'))
    store.changed()
    stopA()
    store.changed()
    store.clearListeners()
    store.changed()
    expect(heard).toEqual(['a', 'b', 'b'])
  })

  it('beginRun clears what the last run left and marks the state running', () => {
    const { state } = createRunState()
    Object.assign(state, { status: 'error', error: 'boom', rounds: [emptyRound(0, 'tools')] })
    beginRun(state)
    expect(state).toEqual({ status: 'running', error: null, rounds: [], pending: [], manualRequest: null })
  })
})
