import { describe, expect, it } from 'vitest'
import { checkExecutorState, defaultExecutorState } from '../../../src/stores/executor/saved-state'

const run = { id: 3, routingName: 'calc_evaluate', arguments: {}, status: 'success', result: '2', durationMs: 1, at: 0 }

describe('the executor saved state', () => {
  it('keeps every readable field and says nothing', () => {
    const repairs: string[] = []
    const saved = {
      ...defaultExecutorState(),
      routingName: 'calc_evaluate',
      mode: 'json',
      history: [run],
      nextRunId: 9,
    }
    expect(checkExecutorState(saved, repairs)).toEqual(saved)
    expect(repairs).toEqual([])
  })

  it('resets or drops only the fields it cannot read, one sentence each', () => {
    const repairs: string[] = []
    const state = checkExecutorState(
      { routingName: 'calc_evaluate', values: 'x', copyProtocol: 'nope', history: [run, { id: 'two' }] },
      repairs,
    )
    expect(state).toMatchObject({ routingName: 'calc_evaluate', values: {}, copyProtocol: 'vcp', history: [run] })
    expect(repairs).toEqual([
      'the form values could not be read and were cleared',
      '"Copy as request" named an unknown protocol ("nope"); it is VCP again',
      'a run in the history could not be read and was removed',
    ])
  })

  it('numbers the next run above every kept run', () => {
    expect(checkExecutorState({ history: [run], nextRunId: 2 }, [])?.nextRunId).toBe(4)
    expect(checkExecutorState({ history: 'lost' }, [])?.nextRunId).toBe(1)
    expect(checkExecutorState('not a record', [])).toBeNull()
  })
})
