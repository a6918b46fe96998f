/**
 * Running parsed requests one at a time through the Parser's tool session, and what each gave.
 */
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import type { Approver, ParsedRequest, ToolExecutionResult, ToolSession } from '../../core'

/** How a request is run. */
export interface RequestRunOptions {
  /** Asked about a call its tool wants approved; without it such a call is denied. */
  approve?: Approver
  /** Runs a request that sits in reasoning instead of skipping it. @default false */
  runAnyway?: boolean
}

/** What {@link useRequestRuns} returns. */
export interface RequestRunsReturn {
  /** The last result of each request run, by request id. */
  results: ShallowRef<Record<string, ToolExecutionResult>>
  /** The ids of the requests running now. */
  running: Ref<Set<string>>
  /** Runs one request as its plan says and keeps its result. */
  runRequest(request: ParsedRequest, options: RequestRunOptions): Promise<void>
  /** Forgets every result (the reply was read again). */
  clearResults(): void
}

/** Runs requests in `session`. */
export function useRequestRuns(session: Pick<ToolSession, 'execute'>): RequestRunsReturn {
  const results = shallowRef<Record<string, ToolExecutionResult>>({})
  const running = ref(new Set<string>())

  async function runRequest(request: ParsedRequest, options: RequestRunOptions): Promise<void> {
    running.value = new Set(running.value).add(request.requestId)
    try {
      const [result] = await session.execute([request], {
        reasoning: options.runAnyway ? 'run' : 'skip',
        confirm: options.approve,
      })
      if (result) results.value = { ...results.value, [request.requestId]: result }
    } finally {
      const next = new Set(running.value)
      next.delete(request.requestId)
      running.value = next
    }
  }

  function clearResults(): void {
    results.value = {}
  }

  return { results, running, runRequest, clearResults }
}
