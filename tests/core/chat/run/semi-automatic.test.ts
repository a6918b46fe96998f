import { describe, expect, it } from 'vitest'
import {
  createToolRegistryManager,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  directRequest,
  type RunRecord,
} from '../../../../src/core'
import { emptyRoundRecord, emptyRunRecord } from '../../../../src/core/chat/round-record'
import { awaitingRequests, loopOptionsFor, runRequestByHand } from '../../../../src/core/chat/run/semi-automatic'
import { mathTool } from '../../../fixtures/tools'

const add = directRequest('math_add', { a: 2, b: 40 }, 'r1')

function recordWith(status: RunRecord['status']): RunRecord {
  const record = emptyRunRecord('text', 'vcp')
  const round = emptyRoundRecord(0, 'tools')
  round.requests = [add]
  record.rounds.push(round)
  record.status = status
  return record
}

describe('semi-automatic flow', () => {
  it('records requests without running them, always in text calling', () => {
    expect(loopOptionsFor('semi-automatic', 'native')).toEqual({ calling: 'text', execute: false })
    expect(loopOptionsFor('loop', 'native')).toEqual({ calling: 'native', execute: true })
    expect(loopOptionsFor('loop', undefined)).toEqual({ calling: undefined, execute: true })
  })

  it("leaves the last reply's requests waiting only when a semi-automatic run completed", () => {
    expect(awaitingRequests('semi-automatic', recordWith('completed'))).toEqual([add])
    expect(awaitingRequests('semi-automatic', recordWith('aborted'))).toEqual([])
    expect(awaitingRequests('loop', recordWith('completed'))).toEqual([])
    expect(awaitingRequests('semi-automatic', emptyRunRecord('text', 'vcp'))).toEqual([])
  })

  it('runs a request by hand with no approval asked, even when the config confirms every call', async () => {
    const registry = createToolRegistryManager()
    const math = mathTool()
    registry.register(math)
    const toolSession = createToolSession({
      registry,
      config: { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {}, requireConfirmation: true },
    })
    const result = await runRequestByHand(add, { toolSession })
    expect(result.status).toBe('success')
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
  })
})
