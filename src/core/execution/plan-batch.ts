/**
 * A numbered batch (`command1`, `path1`, `command2`, ...): ordered calls on one tool, each planned
 * as a call of its own, and the one verdict the batch as a whole gets.
 */
import type { BatchItem } from '../types'
import type { ToolRegistryManager } from '../tools/registry-manager'
import { resolveRoute } from './routing-table'
import type { TextSpan } from './spans'
import { RUNNABLE_VERDICTS, type PlannedCall, type PlanOptions } from './plan-types'
import { planTargetCall } from './plan-guards'
import { emptyArgs } from './plan-values'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { asWritten, english, joinedBySemicolons } from './plan-messages'

/**
 * Plans every item of the batch `toolName` holds, in order; an item's id is `<requestId>.<n>`.
 * `spanAt` finds an argument's value in the request's text.
 */
export function planBatchItems(
  batch: readonly BatchItem[],
  request: { requestId: string; toolName: string },
  registry: ToolRegistryManager,
  options: PlanOptions,
  spanAt: (name: string) => TextSpan | undefined,
): PlannedCall[] {
  return batch.map((item): PlannedCall => {
    const callId = `${request.requestId}.${item.index}`
    const itemRoute = resolveRoute(registry, request.toolName, item.command)
    if (!itemRoute.ok)
      return {
        index: item.index,
        command: item.command,
        callId,
        verdict: 'unknown-tool',
        reason: itemRoute.message,
        reasonRef: itemRoute.messageRef,
        args: emptyArgs(),
        checks: [],
      }
    // An item's own `path2` wins over a shared `path`: its span is looked up the same way.
    const spanOf = (name: string): TextSpan | undefined => spanAt(`${name}${item.index}`) ?? spanAt(name)
    return Object.assign(planTargetCall(itemRoute.target, item.args, callId, options, spanOf), {
      index: item.index,
      command: item.command,
    })
  })
}

/** A batch is ready when every item is; otherwise it takes its first item's verdict that is not. */
export function batchVerdict(
  items: readonly PlannedCall[],
): Pick<PlannedCall, 'verdict' | 'reason' | 'reasonRef' | 'approvalReason' | 'approvalReasonRef'> {
  const blocking = items.find((item) => !RUNNABLE_VERDICTS.has(item.verdict))
  if (blocking) {
    const reasonRef = ref('plan.batch-item', {
      index: String(blocking.index),
      command: String(blocking.command),
      reason: itemReason(blocking.reasonRef, blocking.reason ?? blocking.verdict),
    })
    return { verdict: blocking.verdict, reason: english(reasonRef), reasonRef }
  }
  const asking = items.filter((item) => item.verdict === 'needs-approval')
  if (asking.length > 0) {
    const approvalReasonRef = joinedBySemicolons(
      asking.map((item) =>
        ref('plan.batch-item-approval', {
          index: String(item.index),
          reason: itemReason(item.approvalReasonRef, String(item.approvalReason)),
        }),
      ),
    )
    return { verdict: 'needs-approval', approvalReason: english(approvalReasonRef), approvalReasonRef }
  }
  return { verdict: 'ready' }
}

/** An item's reason by id, or as written (a tool policy's own words). */
function itemReason(reasonRef: MessageRef | undefined, reason: string): MessageRef {
  return reasonRef ?? asWritten(reason)
}
