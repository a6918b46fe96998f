/**
 * When a run asks a person: the calls whose plan needs approval (the tool session decides which),
 * with "approve the rest of this round", and the results its settings show a person first.
 */
import type { Approver, ResultReviewer } from '../../execution/executor'
import type { ToolSession } from '../../session/tool-session'
import type { PendingApprovals } from './pending-approvals'

/** The run's questions about calls: asked through `ask`, unless the person approved the rest of the round. */
export interface RoundApproval {
  /** Pass as the run's `confirm`: asked only about calls whose plan is `needs-approval`. */
  confirm: Approver
  /** Approves every call until `startRound()` is called again. */
  approveRound(): void
  /** A new round begins: round approval ends. */
  startRound(): void
}

export function roundApproval(ask: PendingApprovals['ask']): RoundApproval {
  let roundApproved = false
  return {
    confirm: (call) => (roundApproved ? { approved: true } : ask('call', call)),
    approveRound: () => (roundApproved = true),
    startRound: () => (roundApproved = false),
  }
}

/** A result reviewer that lets a result through unasked unless the session's policy shows it to a person first. */
export function resultReviewer(tools: ToolSession, ask: PendingApprovals['ask']): ResultReviewer {
  return (call, outcome) => {
    const policy = tools.resultPolicyFor(call.toolId)
    if (policy === 'never' || (policy === 'on-error' && outcome.status === 'success')) return true
    return ask('result', call, outcome)
  }
}
