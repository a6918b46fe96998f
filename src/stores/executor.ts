/**
 * The Executor pane: the chosen method, its form or JSON text, the run in progress, the last ten
 * runs (persisted, so history survives a reload) and the saved calls in their collections (the
 * lasting place). Each concern is a piece in `executor/`; this store puts them together.
 */
import { defineStore } from 'pinia'
import { directRequest, type Approver, type ToolExecutionResult } from '../core'
import { useArgumentsForm } from './executor/arguments-form'
import { useCopyText } from './executor/copy-request'
import { useRunHistory } from './executor/history'
import { useMethodTarget } from './executor/method-target'
import { usePreflight } from './executor/preflight'
import { useSavedCalls } from './executor/saved-calls'
import { useSavedExecutorState, type HistoryEntry } from './executor/saved-state'
import { createExecutorSession, useToolRun } from './executor/tool-run'

export { argumentSummary, HISTORY_SIZE } from './executor/history'
export type { MethodChoice } from './executor/method-target'
export type { ExecutorMode, HistoryEntry } from './executor/saved-state'
export { DEFAULT_COLLECTION, type ImportCheck, type SaveOutcome } from './executor/saved-calls'

export const useExecutorStore = defineStore('executor', () => {
  const state = useSavedExecutorState()
  const { methods, target, targetError } = useMethodTarget(() => state.value.routingName)
  const form = useArgumentsForm(state, target)
  const session = createExecutorSession()
  const { plan, blocker } = usePreflight(state, target, form, session.tools)
  const runner = useToolRun(session)
  const history = useRunHistory(state)
  const copyText = useCopyText(target, form.currentArguments, () => state.value.copyProtocol)
  const saved = useSavedCalls()

  /** Runs the current call (or `args` on `name`); a call its tool wants approved is shown to `approve`. */
  async function run(
    args: Record<string, unknown> = form.currentArguments.value,
    name = state.value.routingName.trim(),
    approve?: Approver,
  ): Promise<ToolExecutionResult | null> {
    if (runner.running.value) return null
    const id = state.value.nextRunId++
    const result = await runner.execute(directRequest(name, args, `run-${id}`), approve)
    history.record(id, name, args, result)
    return result
  }

  /**
   * Puts `method` and `args` into the picker, the form and the JSON editor, then runs exactly
   * `args`: the pane, Copy as request and the result all show the same call.
   */
  function runCall(
    method: string,
    args: Record<string, unknown>,
    approve?: Approver,
  ): Promise<ToolExecutionResult | null> {
    if (runner.running.value) return Promise.resolve(null)
    form.choose(method, args)
    return run(args, method, approve)
  }

  function replay(entry: HistoryEntry, approve?: Approver): Promise<ToolExecutionResult | null> {
    return runCall(entry.routingName, entry.arguments, approve)
  }

  function loadFromHistory(entry: HistoryEntry): void {
    form.choose(entry.routingName, entry.arguments)
  }

  return {
    state,
    methods,
    target,
    targetError,
    parameters: form.parameters,
    mode: form.mode,
    formReading: form.formReading,
    jsonReading: form.jsonReading,
    plan,
    blocker,
    currentArguments: form.currentArguments,
    choose: form.choose,
    setMode: form.setMode,
    running: runner.running,
    elapsedMs: runner.elapsedMs,
    lastResult: runner.lastResult,
    progress: runner.progress,
    fullResult: runner.fullResult,
    variables: session.variables,
    run,
    cancel: runner.cancel,
    replay,
    loadFromHistory,
    clearHistory: history.clearHistory,
    copyText,
    runCall,
    ...saved,
  }
})
