import { describe, expect, it } from 'vitest'
import { ref } from 'vue'
import type { ToolExecutionResult } from '../../../src/core'
import { HISTORY_SIZE, useRunHistory } from '../../../src/stores/executor/history'
import { defaultExecutorState } from '../../../src/stores/executor/saved-state'

const result = { status: 'success', result: 'ok', durationMs: 2 } as ToolExecutionResult

describe('the run history', () => {
  it('puts the newest run first, keeps at most HISTORY_SIZE, and copies the arguments', () => {
    const state = ref(defaultExecutorState())
    const history = useRunHistory(state)
    const args = { expression: '1' }
    for (let id = 1; id <= HISTORY_SIZE + 1; id++) history.record(id, 'calc_evaluate', args, result)
    args.expression = 'changed later'
    expect(state.value.history.map((h) => h.id)).toEqual(
      Array.from({ length: HISTORY_SIZE }, (_, n) => HISTORY_SIZE + 1 - n),
    )
    expect(state.value.history[0]).toMatchObject({ arguments: { expression: '1' }, status: 'success', result: 'ok' })
    history.clearHistory()
    expect(state.value.history).toEqual([])
  })
})
