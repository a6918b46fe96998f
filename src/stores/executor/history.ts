/**
 * The Executor's run history: the last HISTORY_SIZE runs, newest first, kept in the saved state.
 */
import type { Ref } from 'vue'
import type { ToolExecutionResult } from '../../core'
import type { ExecutorState, HistoryEntry } from './saved-state'

/** How many runs the history keeps. */
export const HISTORY_SIZE = 10

/** What {@link useRunHistory} returns. */
export interface RunHistoryReturn {
  /** Puts a finished run first (its arguments copied), dropping the oldest beyond HISTORY_SIZE. */
  record(id: number, routingName: string, args: Record<string, unknown>, result: ToolExecutionResult): void
  /** Forgets every run. */
  clearHistory(): void
}

/** The history kept in `state`. */
export function useRunHistory(state: Ref<ExecutorState>): RunHistoryReturn {
  function record(id: number, routingName: string, args: Record<string, unknown>, result: ToolExecutionResult): void {
    const entry: HistoryEntry = {
      id,
      routingName,
      // A copy: the form may change after the run, the history must not.
      arguments: JSON.parse(JSON.stringify(args)) as Record<string, unknown>,
      status: result.status,
      result: result.result,
      durationMs: result.durationMs,
      at: Date.now(),
    }
    state.value.history = [entry, ...state.value.history].slice(0, HISTORY_SIZE)
  }

  function clearHistory(): void {
    state.value.history = []
  }

  return { record, clearHistory }
}

/** A history row's one-line view of its arguments: `path: /notes, depth: 2`, cut to `max` characters. */
export function argumentSummary(args: Record<string, unknown>, max = 80): string {
  const short = (value: unknown): string => {
    const text = typeof value === 'string' ? value.replace(/\s+/g, ' ') : (JSON.stringify(value) ?? String(value))
    return text.length > 24 ? `${text.slice(0, 23)}…` : text
  }
  const line = Object.keys(args)
    .map((key) => `${key}: ${short(args[key])}`)
    .join(', ')
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
