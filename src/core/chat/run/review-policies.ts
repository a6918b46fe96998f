/**
 * When a run asks a person: the call approval gate and the result reviewer a run's settings
 * (`approval`, `resultReview`, `approvalMemory`) call for.
 */
import type { ResultReviewer } from '../../execution/executor'
import { createApprovalGate, type ApprovalGate } from '../approvals'
import type { PendingApprovals } from './pending-approvals'
import type { ChatRunStart } from './types'

/** The approval gate for one run: asks through `ask` whenever the policy of a call says so. */
export function callApprovalGate(
  approval: NonNullable<ChatRunStart['approval']>,
  ask: PendingApprovals['ask'],
  memory?: ChatRunStart['approvalMemory'],
): ApprovalGate {
  return createApprovalGate({
    policyFor: typeof approval === 'function' ? approval : () => approval,
    ask: (call) => ask('call', call),
    decisions: memory,
  })
}

/** A result reviewer that lets a result through unasked unless its policy shows it to a person first. */
export function resultReviewer(
  resultReview: NonNullable<ChatRunStart['resultReview']>,
  ask: PendingApprovals['ask'],
): ResultReviewer {
  return (call, outcome) => {
    const policy = typeof resultReview === 'function' ? resultReview(call, outcome) : resultReview
    if (policy === 'never' || (policy === 'on-error' && outcome.status === 'success')) return true
    return ask('result', call, outcome)
  }
}
