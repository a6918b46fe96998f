/** The run's record as the loop fills it: a round's empty record, usage totals, and why a run or a call ended. */
import type { ParsedRequest } from '../types'
import type { RoundRecord, RunRecord, RunStatus, TokenUsage } from './types'

/** A round's record before its reply arrives. */
export function emptyRoundRecord(index: number, kind: RoundRecord['kind']): RoundRecord {
  return {
    index,
    kind,
    content: '',
    toolCalls: [],
    requests: [],
    diagnostics: [],
    results: [],
    timings: { modelMs: 0, toolsMs: 0 },
  }
}

/** A run's record before its first round. */
export function emptyRunRecord(calling: RunRecord['calling'], protocol: string): RunRecord {
  return {
    status: 'completed',
    rounds: [],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    startedAt: Date.now(),
    durationMs: 0,
    calling,
    protocol,
  }
}

export function addUsage(total: TokenUsage, usage: TokenUsage): void {
  total.prompt_tokens += usage.prompt_tokens
  total.completion_tokens += usage.completion_tokens
  total.total_tokens += usage.total_tokens
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Why a run was stopped, in the words of whoever stopped it. */
export function abortMessage(signal: AbortSignal | undefined, error: unknown): string {
  const reason: unknown = signal?.reason
  if (reason instanceof Error && reason.message) return `Aborted: ${reason.message}.`
  if (typeof reason === 'string' && reason) return `Aborted: ${reason}.`
  return error instanceof Error && error.message ? error.message : 'Aborted.'
}

/** The requests of a reply that broke off stay cards and record entries, each marked as not run, with why. */
export function markNotRun(round: RoundRecord, requests: ParsedRequest[], status: RunStatus): void {
  round.requests = requests
  round.results = requests.map((request) => ({
    requestId: request.requestId,
    toolName: request.toolName,
    status: status === 'aborted' ? 'aborted' : 'error',
    result: `"${request.toolName || '(no tool name)'}" was not run: the reply ${status === 'aborted' ? 'was stopped' : 'broke off'} before the request was complete.`,
    durationMs: 0,
  }))
}
