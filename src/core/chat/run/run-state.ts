/**
 * The run's state and who hears of its changes. The state is a plain object changed in place;
 * a `reactive` wrapper (Vue's, say) makes it observable, and listeners hear after each change.
 */
import type { ChatRunState } from './types'

/** The state of a chat run with its listeners. */
export interface RunStateStore {
  /** What `reactive` returned for the state: every change goes through it. */
  readonly state: ChatRunState
  /** Tells every listener that the state changed. */
  changed(): void
  /** Adds a listener; the returned function removes it. */
  subscribe(listener: (state: ChatRunState) => void): () => void
  /** Forgets every listener. */
  clearListeners(): void
}

/** An idle state (no run yet), made observable by `reactive` when given. */
export function createRunState(reactive: <T extends object>(state: T) => T = (state) => state): RunStateStore {
  const state = reactive<ChatRunState>({
    status: 'idle',
    error: null,
    rounds: [],
    pending: [],
    manualRequest: null,
  })
  const listeners = new Set<(state: ChatRunState) => void>()
  return {
    state,
    changed: () => listeners.forEach((listener) => listener(state)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clearListeners: () => listeners.clear(),
  }
}

/** Clears what the last run left and marks the state running; the caller announces the change. */
export function beginRun(state: ChatRunState): void {
  state.status = 'running'
  state.error = null
  state.rounds = []
  state.pending = []
  state.manualRequest = null
}
