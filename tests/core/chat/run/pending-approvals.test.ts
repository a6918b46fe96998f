import { describe, expect, it } from 'vitest'
import { directRequest, type PendingCall } from '../../../../src/core'
import { emptyRound, liveRequestFor } from '../../../../src/core/chat/live-round'
import { createPendingApprovals } from '../../../../src/core/chat/run/pending-approvals'
import { createRunState } from '../../../../src/core/chat/run/run-state'

const call = (requestId: string): PendingCall => ({
  requestId,
  toolName: 'math_add',
  routingName: 'math_add',
  toolId: 'math',
  method: 'add',
  args: { a: 1 },
})

function setup(open = true) {
  const store = createRunState()
  const round = emptyRound(0, 'tools')
  const card = liveRequestFor(round, directRequest('math_add', { a: 1 }, 'r1'))
  store.state.rounds.push(round)
  let announced = 0
  store.subscribe(() => announced++)
  const approvals = createPendingApprovals(store.state, store.changed, () => open)
  return { state: store.state, card, approvals, announced: () => announced }
}

describe('createPendingApprovals', () => {
  it('asks on the card of the call and resolves with the answer', async () => {
    const { state, card, approvals, announced } = setup()
    const answer = approvals.ask('call', call('r1'))
    expect(state.pending).toHaveLength(1)
    expect(state.pending[0]).toMatchObject({ kind: 'call', round: 0 })
    expect(card.state).toBe('awaiting-approval')
    approvals.decide(state.pending[0]!.id, { approved: false, reason: 'no' })
    expect(await answer).toEqual({ approved: false, reason: 'no' })
    expect(state.pending).toEqual([])
    // The denied call gets its result next; until then it shows as running.
    expect(card.state).toBe('running')
    expect(announced()).toBe(2)
  })

  it('a result review carries the outcome and leaves the card as it is', async () => {
    const { state, card, approvals } = setup()
    card.state = 'done'
    const answer = approvals.ask('result', call('r1'), { status: 'success', result: '2' })
    expect(state.pending[0]?.outcome).toEqual({ status: 'success', result: '2' })
    expect(card.state).toBe('done')
    state.pending[0]!.decide({ approved: true })
    expect(await answer).toEqual({ approved: true })
    expect(card.state).toBe('done')
  })

  it('decideAll answers every waiting question; a second answer to one changes nothing', async () => {
    const { state, approvals } = setup()
    const answers = [approvals.ask('call', call('r1')), approvals.ask('call', call('r2'))]
    const [first] = state.pending
    expect(new Set(state.pending.map((p) => p.id)).size).toBe(2)
    approvals.decideAll({ approved: true })
    first!.decide({ approved: false })
    expect(await Promise.all(answers)).toEqual([{ approved: true }, { approved: true }])
    expect(state.pending).toEqual([])
  })

  it('asks nothing when no run is open', async () => {
    const { state, approvals } = setup(false)
    expect(await approvals.ask('call', call('r1'))).toEqual({ approved: false, reason: 'the run was stopped' })
    expect(state.pending).toEqual([])
  })
})
