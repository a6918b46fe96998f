/**
 * The tool loop's callbacks that draw the run: a round view per round, its text and cards filled
 * as the stream arrives (batched per frame), results and timings as they come. Each callback
 * also passes its event on to the caller's own callbacks.
 */
import {
  applyNativeCalls,
  applyResult,
  applyStreamEvents,
  emptyRound,
  liveRequestFor,
  type RoundView,
} from '../live-round'
import type { ToolLoopCallbacks } from '../tool-loop'
import type { StateUpdates } from './state-updates'
import type { ChatRunState } from './types'

/** What the drawing callbacks draw into, and what they pass events on to. */
export interface RoundViewsOptions {
  state: ChatRunState
  updates: StateUpdates
  /** The caller's callbacks; each hears its event after the state was given it. */
  callbacks: ToolLoopCallbacks
  /** Runs as a round's view is added (a new round resets "approve all in this round"). */
  onRoundStart(): void
}

/** Callbacks for runToolLoop that keep `state.rounds` up to date with the run. */
export function roundViewCallbacks({ state, updates, callbacks, onRoundStart }: RoundViewsOptions): ToolLoopCallbacks {
  // A job for the round at `index` when it is applied; a round that is gone by then is skipped.
  const atRound = (index: number, apply: (round: RoundView) => void) => (): void => {
    const round = state.rounds[index]
    if (round) apply(round)
  }
  return {
    onRoundStart(index, kind) {
      updates.now(() => {
        onRoundStart()
        state.rounds.push(emptyRound(index, kind))
        state.manualRequest = null
      })
      callbacks.onRoundStart?.(index, kind)
    },
    onResponseUpdate(content, index) {
      updates.later(
        `content:${index}`,
        atRound(index, (round) => (round.content = content)),
      )
      callbacks.onResponseUpdate?.(content, index)
    },
    onStreamEvents(events, index) {
      updates.later(
        null,
        atRound(index, (round) => applyStreamEvents(round, events)),
      )
      callbacks.onStreamEvents?.(events, index)
    },
    onToolCallsUpdate(calls, index) {
      updates.later(
        `calls:${index}`,
        atRound(index, (round) => applyNativeCalls(round, calls)),
      )
      callbacks.onToolCallsUpdate?.(calls, index)
    },
    onToolCallStart(request, index) {
      updates.now(atRound(index, (round) => (liveRequestFor(round, request).state = 'running')))
      callbacks.onToolCallStart?.(request, index)
    },
    onToolCallComplete(result, request, index) {
      updates.now(atRound(index, (round) => applyResult(round, result, request)))
      callbacks.onToolCallComplete?.(result, request, index)
    },
    onRoundComplete(record) {
      updates.now(
        atRound(record.index, (round) => {
          round.content = record.content
          round.usage = record.usage
          round.timings = record.timings
          if (record.error) round.error = record.error
        }),
      )
      callbacks.onRoundComplete?.(record)
    },
    onBeforeSend: callbacks.onBeforeSend,
  }
}
