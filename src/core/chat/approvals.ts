/**
 * Approval policies: per tool, run without asking ('auto'), ask once per tool and
 * arguments and remember the answer ('once'), or ask every time ('always'). "Approve all in this
 * round" lets the rest of the current round through.
 */
import type { ApprovalDecision, Approver, PendingCall } from '../execution/executor'

import type { ApprovalPolicy } from '../execution/approval-rules'
import { approvalKey } from '../execution/approval-rules'

export type { ApprovalPolicy } from '../execution/approval-rules'

/** What an approval gate decides with: a policy per call, and a person to ask. */
export interface ApprovalGateOptions {
  /** The policy for a call: by its tool id, and by the call itself (its method, for per-method policies). */
  policyFor(toolId: string, call: PendingCall): ApprovalPolicy
  /** Asks a person. */
  ask(call: PendingCall): Promise<ApprovalDecision>
  /** Where 'once' answers are remembered: pass a conversation's own map to keep them across runs. */
  decisions?: Map<string, ApprovalDecision>
}

/** Turns policies into one approver for the executor, with "approve the rest of this round". */
export interface ApprovalGate {
  /** Pass as the run's approver: answers by policy, memory and round approval, else asks. */
  approver: Approver
  /** Approves every call until `startRound()` is called again. */
  approveRound(): void
  /** A new round begins: round approval ends. */
  startRound(): void
  /** A remembered 'once' decision for this call, if any. */
  remembered(call: PendingCall): ApprovalDecision | undefined
}

export { approvalKey }

/**
 * A gate over `options`. 'once' answers go to `options.decisions` (a new map by default); a remembered
 * rejection is answered again without asking, its reason saying it was remembered.
 */
export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  const decisions = options.decisions ?? new Map<string, ApprovalDecision>()
  let roundApproved = false

  async function approver(call: PendingCall): Promise<ApprovalDecision> {
    const policy = options.policyFor(call.toolId, call)
    // A tool's own request for approval (a large delete, say) is asked even under 'auto'.
    if ((policy === 'auto' && call.approvalReason === undefined) || roundApproved) return { approved: true }
    const key = approvalKey(call)
    if (policy === 'once') {
      const known = decisions.get(key)
      if (known)
        return known.approved
          ? known
          : {
              approved: false,
              reason: `${known.reason ? known.reason + ' ' : ''}(a remembered rejection of this call)`,
            }
    }
    const decision = roundApproved ? { approved: true } : await options.ask(call)
    if (policy === 'once') decisions.set(key, decision)
    return decision
  }

  return {
    approver,
    approveRound: () => (roundApproved = true),
    startRound: () => (roundApproved = false),
    remembered: (call) => decisions.get(approvalKey(call)),
  }
}
