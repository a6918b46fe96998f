/** A plan's problems as diagnostics on the request's text, so an editor can underline them. */
import type { Diagnostic } from '../types'
import { REFUSED_ARGUMENT_STATES } from './arguments'
import type { TextSpan } from './spans'
import type { CallPlan } from './plan-types'
import { positionIn } from '../protocols/json/calls'
import type { MessageRef } from '../messages/types'
import { ref } from '../messages/say'
import { asWritten, problemRefOf, said } from './plan-messages'

const IN_REASONING = said(ref('plan.diagnostic.in-reasoning'))
const QUOTED = said(ref('plan.diagnostic.quoted'))

/**
 * Problems a plan finds in the arguments, as diagnostics on the values (so an editor can
 * underline them), plus one for a request that will not run for another reason.
 */
export function planDiagnostics(plan: CallPlan, text: string): Diagnostic[] {
  const out: Diagnostic[] = []
  const at = (span: TextSpan, severity: Diagnostic['severity'], code: string, message: MessageRef): void => {
    out.push({
      severity,
      code,
      ...said(message),
      offset: span.offset,
      length: span.length,
      ...positionIn(text, span.offset),
    })
  }
  const block = { offset: plan.request.start, length: Math.max(1, plan.request.end - plan.request.start) }
  // Inside reasoning or quoted nothing runs: one warning over the block says so, and nothing more.
  if (plan.verdict === 'in-reasoning' || plan.verdict === 'quoted') {
    const inReasoning = plan.verdict === 'in-reasoning'
    out.push({
      severity: 'warning',
      code: inReasoning ? 'request-in-reasoning' : 'request-quoted',
      ...(inReasoning ? IN_REASONING : QUOTED),
      ...block,
      ...positionIn(text, block.offset),
    })
    return out
  }
  const calls = plan.items ?? [plan]
  for (const call of calls) {
    // A batch item's findings say which item they are about.
    const itemOf = (message: MessageRef): MessageRef =>
      call.index === undefined
        ? message
        : ref('plan.batch-item', { index: call.index, command: String(call.command), reason: message })
    for (const check of call.checks) {
      if (!REFUSED_ARGUMENT_STATES.has(check.state)) continue
      at(check.span ?? block, 'error', `argument-${check.state}`, itemOf(problemRefOf(check)))
    }
    if (
      call.verdict === 'unknown-tool' ||
      call.verdict === 'not-callable' ||
      call.verdict === 'disabled' ||
      call.verdict === 'denied'
    ) {
      at(
        block,
        call.verdict === 'unknown-tool' ? 'error' : 'warning',
        call.verdict,
        itemOf(call.reasonRef ?? asWritten(call.reason ?? call.verdict)),
      )
    }
  }
  return out
}
