/**
 * Native mode: a reply with no tool_calls whose text holds tool-call markup. The loop waits on
 * the round's notice until a person takes the calls (they run as the round's tool_calls) or
 * dismisses them (the reply stays an answer).
 */
import type { ContentToolCalls } from '../content-calls'
import type { RoundView } from '../live-round'

/** The one open question about a round's content calls, if any. */
export interface ContentCallsQuestion {
  /**
   * Shows the question on `round`'s notice, applying each change through `apply`; resolves with
   * the answer, or at once with false when the run is stopped or the round has no view.
   */
  ask(
    found: ContentToolCalls,
    round: RoundView | undefined,
    signal: AbortSignal,
    apply: (job: () => void) => void,
  ): Promise<boolean>
  /** Answers the open question (true: take the calls); false when none is open. */
  answer(take: boolean): boolean
}

/** A content-calls question with nothing open yet. */
export function createContentCallsQuestion(): ContentCallsQuestion {
  let open: ((take: boolean) => void) | null = null
  return {
    ask: (found, round, signal, apply) =>
      new Promise<boolean>((resolve) => {
        if (signal.aborted || !round) return resolve(false)
        apply(() => (round.contentCalls = { formats: found.formats, calls: found.calls.length, state: 'asking' }))
        open = (take) => {
          open = null
          apply(() => {
            if (round.contentCalls) round.contentCalls.state = take ? 'taken' : 'dismissed'
          })
          resolve(take)
        }
      }),
    answer(take) {
      if (!open) return false
      open(take)
      return true
    },
  }
}
