/**
 * The plan of a request the reply only quotes (see quoted-requests.ts): in a blockquote or inline
 * code it is never a call; in a code fence it waits for a person, since a model may only be
 * showing it, unless the settings let fenced calls run.
 */
import type { ParsedRequest } from '../types'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { RUNNABLE_VERDICTS, type CallPlan, type PlannedCall, type PlanOptions } from './plan-types'
import { batchVerdict } from './plan-batch'
import { english } from './plan-messages'

/** `plan` as the request's quoting changes it; the plan itself when the request is not quoted. */
export function planQuoted(plan: CallPlan, options: PlanOptions): CallPlan {
  const { quoted } = plan.request
  if (quoted === undefined) return plan
  if (quoted === 'code-fence') return options.fencedCalls === 'run' ? plan : needsApproval(plan)
  // Every call of the block stays unrun, batch items too: the executor runs items by their own verdicts.
  const reasonRef = ref('plan.quoted', { name: nameOf(plan.request), place: ref(`plan.quoted.${quoted}`) })
  const reason = english(reasonRef)
  const held = <T extends PlannedCall>(call: T): T => ({
    ...call,
    verdict: 'quoted',
    whenRun: call.verdict,
    reason,
    reasonRef,
  })
  const items = plan.items?.map(held)
  return { ...held(plan), ...(items ? { items } : {}), policiesConsulted: true }
}

/** A fenced call: each runnable call asks a person first, saying why (in place of "every call is confirmed"). */
function needsApproval(plan: CallPlan): CallPlan {
  const approvalReasonRef = ref('plan.code-fence', { name: nameOf(plan.request) })
  const approvalReason = english(approvalReasonRef)
  const ask = <T extends PlannedCall>(call: T): T =>
    RUNNABLE_VERDICTS.has(call.verdict)
      ? { ...call, verdict: 'needs-approval', approvalReason, approvalReasonRef }
      : call
  if (!plan.items) return ask(plan)
  const items = plan.items.map(ask)
  return { ...plan, ...batchVerdict(items), items }
}

function nameOf(request: ParsedRequest): string | MessageRef {
  return request.toolName || ref('plan.no-tool-name')
}
