/**
 * The questions waiting for a person: may a call run, may the model see a result. Each is asked
 * on the card of its call in the current round and stays in `state.pending` until answered.
 */
import type { ApprovalDecision, PendingCall } from '../../execution/executor'
import type { ChatRunState, PendingApproval } from './types'

/** Asks and answers the run's questions. */
export interface PendingApprovals {
  /** Asks on the card of the call; resolves with the answer, or at once with a rejection when no run is open. */
  ask(kind: PendingApproval['kind'], call: PendingCall, outcome?: PendingApproval['outcome']): Promise<ApprovalDecision>
  /** Answers the question `id`; nothing happens when it is no longer waiting. */
  decide(id: string, decision: ApprovalDecision): void
  /** Answers every waiting question the same way, oldest first. */
  decideAll(decision: ApprovalDecision): void
}

// Ids stay unique across runs, so an old id never answers a new question.
let approvalCounter = 0

/** Questions kept in `state.pending`; `isOpen` tells whether a run is in progress and not stopped. */
export function createPendingApprovals(
  state: ChatRunState,
  changed: () => void,
  isOpen: () => boolean,
): PendingApprovals {
  function ask(
    kind: PendingApproval['kind'],
    call: PendingCall,
    outcome?: PendingApproval['outcome'],
  ): Promise<ApprovalDecision> {
    if (!isOpen()) return Promise.resolve({ approved: false, reason: 'the run was stopped' })
    return new Promise<ApprovalDecision>((resolve) => {
      const round = state.rounds.length - 1
      const card = state.rounds[round]?.cards.find((c) => c.request?.requestId === call.requestId)
      const pending: PendingApproval = {
        id: `approval-${++approvalCounter}`,
        kind,
        call,
        outcome,
        round,
        decide: (decision) => {
          if (!state.pending.some((p) => p.id === pending.id)) return
          state.pending = state.pending.filter((p) => p.id !== pending.id)
          // An approved call runs now; a rejected one gets its (denied) result in a moment.
          if (card && kind === 'call') card.state = 'running'
          changed()
          resolve(decision)
        },
      }
      state.pending = [...state.pending, pending]
      if (card && kind === 'call') card.state = 'awaiting-approval'
      changed()
    })
  }

  return {
    ask,
    decide: (id, decision) => state.pending.find((p) => p.id === id)?.decide(decision),
    decideAll(decision) {
      for (const pending of [...state.pending]) pending.decide(decision)
    },
  }
}
