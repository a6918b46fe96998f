/**
 * Semi-automatic mode: the model's requests become cards a person runs one by one, instead of
 * the loop running them. The loop only records the requests; each click runs one in the
 * conversation's tool session, and the results go back to the model as the next user message.
 */
import type { ParsedRequest, ToolExecutionResult } from '../../types'
import { isQuotation } from '../../quoted-requests'
import type { ToolSession } from '../../session/tool-session'
import type { ToolLoopOptions } from '../tool-loop'
import type { RunRecord } from '../types'
import type { ChatRunStart } from './types'

type Flow = NonNullable<ChatRunStart['flow']>

/** How the tool loop runs for a flow: in semi-automatic mode requests are recorded, not run, and calling is 'text'. */
export function loopOptionsFor(
  flow: Flow,
  calling: ToolLoopOptions['calling'],
): Pick<ToolLoopOptions, 'calling' | 'execute'> {
  // Semi-automatic results go back as user messages, which native tool_calls cannot take.
  return { calling: flow === 'semi-automatic' ? 'text' : calling, execute: flow === 'loop' }
}

/** Semi-automatic mode: the calls of the last reply of a completed run (not what it only quotes); none otherwise. */
export function awaitingRequests(flow: Flow, record: RunRecord): ParsedRequest[] {
  const last = record.rounds[record.rounds.length - 1]
  return flow === 'semi-automatic' && record.status === 'completed' && last
    ? last.requests.filter((request) => !isQuotation(request))
    : []
}

/**
 * Runs one request by hand in the conversation's tool session, as that session plans it
 * (variables, presets, tool switches), with no approval asked: the person's click is the approval.
 */
export async function runRequestByHand(
  request: ParsedRequest,
  { toolSession, signal }: { toolSession: ToolSession; signal?: AbortSignal },
): Promise<ToolExecutionResult> {
  const [result] = await toolSession.execute([request], { approved: true, signal })
  return result!
}
