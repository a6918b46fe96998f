import { describe, expect, it } from 'vitest'
import type { ApprovalDecision, PendingCall } from '../../../../src/core'
import type { PendingApproval } from '../../../../src/core/chat/run/types'
import { callApprovalGate, resultReviewer } from '../../../../src/core/chat/run/review-policies'

const call: PendingCall = {
  requestId: 'r1',
  toolName: 'math_add',
  routingName: 'math_add',
  toolId: 'math',
  method: 'add',
  args: { a: 1 },
}

function recorder(answer: ApprovalDecision = { approved: true }) {
  const asked: { kind: PendingApproval['kind']; outcome?: PendingApproval['outcome'] }[] = []
  const ask = async (kind: PendingApproval['kind'], _call: PendingCall, outcome?: PendingApproval['outcome']) => {
    asked.push({ kind, outcome })
    return answer
  }
  return { asked, ask }
}

describe('resultReviewer', () => {
  it("'never' and 'on-error' with a success let the result through unasked", async () => {
    const { asked, ask } = recorder()
    expect(await resultReviewer('never', ask)(call, { status: 'error', result: 'x' })).toBe(true)
    expect(await resultReviewer('on-error', ask)(call, { status: 'success', result: 'x' })).toBe(true)
    expect(asked).toEqual([])
  })

  it("'on-error' with an error and 'always' ask a person, showing the outcome", async () => {
    const { asked, ask } = recorder({ approved: false, reason: 'hide it' })
    const outcome = { status: 'error' as const, result: 'boom' }
    expect(await resultReviewer('on-error', ask)(call, outcome)).toEqual({ approved: false, reason: 'hide it' })
    expect(await resultReviewer('always', ask)(call, { status: 'success', result: '2' })).toEqual({
      approved: false,
      reason: 'hide it',
    })
    expect(asked).toEqual([
      { kind: 'result', outcome },
      { kind: 'result', outcome: { status: 'success', result: '2' } },
    ])
  })

  it('a per-call policy decides by the call and its outcome', async () => {
    const { asked, ask } = recorder()
    const review = resultReviewer((_, outcome) => (outcome.status === 'success' ? 'never' : 'always'), ask)
    await review(call, { status: 'success', result: '2' })
    await review(call, { status: 'timeout', result: '' })
    expect(asked.map((a) => a.outcome?.status)).toEqual(['timeout'])
  })
})

describe('callApprovalGate', () => {
  it("asks as a 'call' question when the policy says so, and remembers 'once' answers in the given map", async () => {
    const { asked, ask } = recorder()
    const memory = new Map<string, ApprovalDecision>()
    const gate = callApprovalGate((toolId) => (toolId === 'math' ? 'once' : 'auto'), ask, memory)
    expect(await gate.approver(call)).toEqual({ approved: true })
    expect(await gate.approver(call)).toEqual({ approved: true })
    expect(asked).toEqual([{ kind: 'call', outcome: undefined }])
    expect(memory.size).toBe(1)
  })

  it("'auto' for all asks nothing", async () => {
    const { asked, ask } = recorder()
    expect(await callApprovalGate('auto', ask).approver(call)).toEqual({ approved: true })
    expect(asked).toEqual([])
  })
})
