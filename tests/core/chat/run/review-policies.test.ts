import { describe, expect, it } from 'vitest'
import { createToolSession, type ApprovalDecision, type PendingCall } from '../../../../src/core'
import type { PendingApproval } from '../../../../src/core/chat/run/types'
import { resultReviewer, roundApproval } from '../../../../src/core/chat/run/review-policies'

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

const sessionWith = (results: Record<string, 'never' | 'on-error' | 'always'>, everyResult?: 'always') =>
  createToolSession({ approval: { results, ...(everyResult ? { everyResult } : {}) } })

describe('resultReviewer', () => {
  it("'never' and 'on-error' with a success let the result through unasked", async () => {
    const { asked, ask } = recorder()
    expect(await resultReviewer(sessionWith({ math: 'never' }), ask)(call, { status: 'error', result: 'x' })).toBe(true)
    expect(await resultReviewer(sessionWith({ math: 'on-error' }), ask)(call, { status: 'success', result: 'x' })).toBe(
      true,
    )
    expect(await resultReviewer(sessionWith({}), ask)(call, { status: 'error', result: 'x' })).toBe(true)
    expect(asked).toEqual([])
  })

  it("'on-error' with an error and 'always' ask a person, showing the outcome; a tool's own policy wins over every result's", async () => {
    const { asked, ask } = recorder({ approved: false, reason: 'hide it' })
    const outcome = { status: 'error' as const, result: 'boom' }
    expect(await resultReviewer(sessionWith({ math: 'on-error' }), ask)(call, outcome)).toEqual({
      approved: false,
      reason: 'hide it',
    })
    const always = sessionWith({}, 'always')
    expect(await resultReviewer(always, ask)(call, { status: 'success', result: '2' })).toEqual({
      approved: false,
      reason: 'hide it',
    })
    expect(await resultReviewer(sessionWith({ math: 'never' }, 'always'), ask)(call, outcome)).toBe(true)
    expect(asked).toEqual([
      { kind: 'result', outcome },
      { kind: 'result', outcome: { status: 'success', result: '2' } },
    ])
  })
})

describe('roundApproval', () => {
  it("asks as a 'call' question until the person approves the rest of the round", async () => {
    const { asked, ask } = recorder({ approved: false, reason: 'no' })
    const round = roundApproval(ask)
    expect(await round.confirm(call)).toEqual({ approved: false, reason: 'no' })
    round.approveRound()
    expect(await round.confirm(call)).toEqual({ approved: true })
    round.startRound()
    expect(await round.confirm(call)).toEqual({ approved: false, reason: 'no' })
    expect(asked).toEqual([
      { kind: 'call', outcome: undefined },
      { kind: 'call', outcome: undefined },
    ])
  })
})
