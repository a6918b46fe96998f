/**
 * What the Executor keeps across reloads: the chosen method, the form values and JSON text, the
 * protocol "Copy as request" writes, and the run history. Saved state is read field by field, so one
 * bad field or history entry costs only itself.
 */
import type { Ref } from 'vue'
import { protocolRegistry, type ToolExecutionResult } from '../../core'
import type { FormValues } from '../../forms/parameter-form'
import { isRecord, persistedRef } from '../../persistence/persisted'

/** How the arguments are written: a form built from the parameters, or JSON text. */
export type ExecutorMode = 'form' | 'json'

/** One finished run, as the history keeps it (the arguments are a copy, not the live form). */
export interface HistoryEntry {
  id: number
  routingName: string
  arguments: Record<string, unknown>
  status: ToolExecutionResult['status']
  result: string
  durationMs: number
  at: number
}

/** Everything the Executor saves; `nextRunId` is always above every history entry's id. */
export interface ExecutorState {
  routingName: string
  mode: ExecutorMode
  values: FormValues
  json: string
  copyProtocol: string
  history: HistoryEntry[]
  nextRunId: number
}

const STATUSES: readonly string[] = ['success', 'error', 'denied', 'timeout', 'aborted']

/** A first visit: no method, form mode, an empty object, copy as VCP, no history. */
export function defaultExecutorState(): ExecutorState {
  return { routingName: '', mode: 'form', values: {}, json: '{}', copyProtocol: 'vcp', history: [], nextRunId: 1 }
}

function isHistoryEntry(h: unknown): h is HistoryEntry {
  return (
    isRecord(h) &&
    typeof h.id === 'number' &&
    typeof h.routingName === 'string' &&
    isRecord(h.arguments) &&
    STATUSES.includes(h.status as string) &&
    typeof h.result === 'string' &&
    typeof h.durationMs === 'number' &&
    typeof h.at === 'number'
  )
}

function readHistory(history: unknown, repairs: string[]): HistoryEntry[] {
  if (!Array.isArray(history)) {
    if (history !== undefined) repairs.push('the run history could not be read and was cleared')
    return []
  }
  return history.filter((h): h is HistoryEntry => {
    const ok = isHistoryEntry(h)
    if (!ok) repairs.push('a run in the history could not be read and was removed')
    return ok
  })
}

/**
 * Saved executor state, read field by field: a bad field or history entry is reset or dropped, and
 * a sentence pushed to `repairs` says so. Returns null when `data` is not a record at all.
 */
export function checkExecutorState(data: unknown, repairs: string[]): ExecutorState | null {
  if (!isRecord(data)) return null
  const state = defaultExecutorState()
  if (typeof data.routingName === 'string') state.routingName = data.routingName
  if (data.mode === 'form' || data.mode === 'json') state.mode = data.mode
  if (isRecord(data.values)) state.values = data.values as FormValues
  else if (data.values !== undefined) repairs.push('the form values could not be read and were cleared')
  if (typeof data.json === 'string') state.json = data.json
  if (typeof data.copyProtocol === 'string' && protocolRegistry.get(data.copyProtocol))
    state.copyProtocol = data.copyProtocol
  else if (data.copyProtocol !== undefined)
    repairs.push(`"Copy as request" named an unknown protocol (${JSON.stringify(data.copyProtocol)}); it is VCP again`)
  state.history = readHistory(data.history, repairs)
  const highest = Math.max(0, ...state.history.map((h) => h.id))
  state.nextRunId = typeof data.nextRunId === 'number' && data.nextRunId > highest ? data.nextRunId : highest + 1
  return state
}

/** The Executor's state, restored from and saved to localStorage (`executor`, version 1) on every change. */
export function useSavedExecutorState(): Ref<ExecutorState> {
  return persistedRef<ExecutorState>('executor', 1, defaultExecutorState, checkExecutorState)
}
