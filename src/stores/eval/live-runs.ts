/**
 * The live lane as the lab runs it: every case of the suite asked of the chosen targets in the
 * chosen protocols, each outcome kept in the database as it is scored, so Stop (or a closed page)
 * loses nothing, and Resume asks only what is not kept yet.
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import {
  outcomeKey,
  runLiveEval,
  summarize,
  type CaseOutcome,
  type LiveProgress,
  type LiveRunOptions,
  type LiveTarget,
} from '../../core/eval'
import type { EvalRunRecord, EvalRunTarget } from '../../persistence/eval-runs'
import { newId, type EndpointProfile } from '../../saved-chats/model'
import type { RunHistoryReturn } from './run-history'
import type { EvalSettings } from './run-settings'
import type { SelectedRunReturn } from './selected-run'
import type { SuiteStateReturn } from './suite-state'
import { resolveTargets, runTargetsOf } from './targets'
import { withRawTemplates } from './raw-templates'

/** Why a run did not start, for the form to say in the interface's language. */
export interface LiveRunProblem {
  code:
    | 'busy'
    | 'no-cases'
    | 'no-targets'
    | 'no-protocols'
    | 'missing-endpoints'
    | 'no-template'
    | 'template-failed'
    | 'suite-changed'
    | 'failed'
  /** The endpoints missing, the targets with no chat template, the suite the run was started with, or the failure's message. */
  detail?: string
}

/** What a live run reads and writes. */
export interface LiveRunsDeps {
  suite: Pick<SuiteStateReturn, 'cases' | 'name'>
  settings: Ref<EvalSettings>
  /** The chat's endpoints as they are now. */
  profiles(): readonly EndpointProfile[]
  history: Pick<RunHistoryReturn, 'runs' | 'saveRun' | 'saveOutcome'>
  selected: Pick<
    SelectedRunReturn,
    'runId' | 'run' | 'startShowing' | 'select' | 'append' | 'flush' | 'keys' | 'outcomes'
  >
  /** How a target is reached. @default an OpenAI-compatible client of the target's endpoint */
  clientFor?: LiveRunOptions['clientFor']
  /** How a target is reached in the raw protocol. @default a completions client of the target's endpoint */
  rawClientFor?: LiveRunOptions['rawClientFor']
}

/** What useLiveRuns returns. */
export interface LiveRunsReturn {
  running: Ref<boolean>
  /** The id of the run going on; null when none. */
  runningId: Ref<string | null>
  /** Where the run going on (or the last one) stands. */
  progress: ShallowRef<LiveProgress | null>
  /** Why the last Run or Resume did not start or failed; null when it did not. */
  problem: Ref<LiveRunProblem | null>
  /** Starts a run of the loaded suite with the settings. */
  start(): Promise<void>
  /** Whether the run shown can be resumed: a live run that stopped, and none running. */
  canResume: ComputedRef<boolean>
  /** Goes on with a stopped run: the jobs whose outcomes are kept are skipped. */
  resume(runId: string): Promise<void>
  stop(): void
}

/** How often (in outcomes) a run's record is written again during the run, for its count. */
const RECORD_EVERY = 100

/** The state of the lane, shared by its actions. */
interface LaneState extends Omit<LiveRunsReturn, 'start' | 'resume' | 'stop' | 'canResume'> {
  controller: AbortController | null
}

/** The live lane over the lab's state. */
export function useLiveRuns(deps: LiveRunsDeps): LiveRunsReturn {
  const state: LaneState = {
    running: ref(false),
    runningId: ref<string | null>(null),
    progress: shallowRef<LiveProgress | null>(null),
    problem: ref<LiveRunProblem | null>(null),
    controller: null,
  }
  const { running, problem } = state
  let preparing = false

  async function start(): Promise<void> {
    const { settings, suite } = deps
    const choices = settings.value.targets.filter((t) => t.model.trim() !== '')
    problem.value =
      running.value || preparing
        ? { code: 'busy' }
        : suite.cases.value.length === 0
          ? { code: 'no-cases' }
          : choices.length === 0
            ? { code: 'no-targets' }
            : settings.value.protocols.length === 0
              ? { code: 'no-protocols' }
              : null
    if (problem.value) return
    const kept = runTargetsOf(choices, deps.profiles(), settings.value.protocols.includes('raw'))
    // Loading the chat templates takes a moment: a second Run meanwhile is told a run is going on.
    preparing = true
    const resolved = await liveTargets(kept, settings.value.protocols, deps.profiles()).finally(
      () => (preparing = false),
    )
    if (!resolved.ok) return void (problem.value = resolved.problem)
    const run = newLiveRun(kept, settings.value, suite)
    deps.selected.startShowing(run.id)
    await execute(deps, state, run, resolved.targets, [])
  }

  async function resume(runId: string): Promise<void> {
    const run = deps.history.runs.value.find((r) => r.id === runId)
    if (running.value || preparing) return void (problem.value = { code: 'busy' })
    if (!run || run.settings.kind !== 'live') return
    const { suite } = deps
    if (suite.name.value !== run.settings.suiteName || suite.cases.value.length !== run.settings.caseCount)
      return void (problem.value = {
        code: 'suite-changed',
        detail: `${run.settings.suiteName} (${run.settings.caseCount})`,
      })
    preparing = true
    const resolved = await liveTargets(run.settings.targets, run.settings.protocols, deps.profiles()).finally(
      () => (preparing = false),
    )
    if (!resolved.ok) return void (problem.value = resolved.problem)
    problem.value = null
    await deps.selected.select(run.id)
    await execute(deps, state, run, resolved.targets, [...deps.selected.outcomes.value])
  }

  const canResume = computed(() => {
    const shown = deps.selected.run.value
    return !running.value && shown?.settings.kind === 'live' && shown.status === 'stopped'
  })

  return {
    running,
    canResume,
    runningId: state.runningId,
    progress: state.progress,
    problem,
    start,
    resume,
    stop: () => state.controller?.abort(),
  }
}

/** The live targets of kept ones, with their chat templates when the run asks in the raw protocol. */
async function liveTargets(
  kept: EvalRunTarget[],
  protocols: readonly string[],
  profiles: readonly EndpointProfile[],
): Promise<{ ok: true; targets: LiveTarget[] } | { ok: false; problem: LiveRunProblem }> {
  const resolved = resolveTargets(kept, profiles)
  if (!resolved.ok) return { ok: false, problem: { code: 'missing-endpoints', detail: resolved.missing.join(', ') } }
  if (!protocols.includes('raw')) return resolved
  const raw = await withRawTemplates(resolved.targets, kept)
  return raw.ok ? raw : { ok: false, problem: { code: raw.code, detail: raw.detail } }
}

/** A new run's record, labelled by its targets, protocols and repeats. */
function newLiveRun(
  targets: EvalRunTarget[],
  settings: EvalSettings,
  suite: Pick<SuiteStateReturn, 'cases' | 'name'>,
): EvalRunRecord {
  const { protocols, repeat, concurrency } = settings
  const label = [targets.map((t) => t.label).join(', '), protocols.join(', '), ...(repeat > 1 ? [`k=${repeat}`] : [])]
  return {
    id: newId('eval'),
    label: label.join(' · '),
    createdAt: Date.now(),
    status: 'running',
    settings: {
      kind: 'live',
      suiteName: suite.name.value,
      caseCount: suite.cases.value.length,
      targets,
      protocols: [...protocols],
      repeat,
      concurrency,
    },
    outcomeCount: 0,
  }
}

/**
 * Runs the jobs of `run` not kept yet (`earlier` are its outcomes kept), keeping each outcome as it
 * comes and the run's record with its status and summary at the end.
 */
async function execute(
  deps: LiveRunsDeps,
  state: LaneState,
  run: EvalRunRecord,
  targets: LiveTarget[],
  earlier: CaseOutcome[],
): Promise<void> {
  const { selected, history } = deps
  const all = [...earlier]
  const controller = (state.controller = new AbortController())
  state.running.value = true
  state.runningId.value = run.id
  state.progress.value = null
  let record: EvalRunRecord = { ...run, status: 'running', outcomeCount: all.length }
  await history.saveRun(record)
  try {
    const result = await runLiveEval({
      cases: deps.suite.cases.value,
      targets,
      protocols: run.settings.protocols as LiveRunOptions['protocols'],
      repeat: run.settings.repeat,
      concurrency: run.settings.concurrency,
      completed: new Set(selected.keys()),
      signal: controller.signal,
      ...(deps.clientFor ? { clientFor: deps.clientFor } : {}),
      ...(deps.rawClientFor ? { rawClientFor: deps.rawClientFor } : {}),
      onProgress: (p) => (state.progress.value = p),
      onOutcome: async (outcome) => {
        const key = outcomeKey(outcome)
        await history.saveOutcome(run.id, key, outcome)
        all.push(outcome)
        if (selected.runId.value === run.id) selected.append(key, outcome)
        if (all.length % RECORD_EVERY === 0) await history.saveRun((record = { ...record, outcomeCount: all.length }))
      },
    })
    record = { ...record, status: result.status === 'aborted' ? 'stopped' : 'completed' }
  } catch (error) {
    state.problem.value = { code: 'failed', detail: error instanceof Error ? error.message : String(error) }
    record = { ...record, status: 'stopped' }
  } finally {
    selected.flush()
    state.running.value = false
    state.runningId.value = null
    state.controller = null
  }
  await history.saveRun({ ...record, outcomeCount: all.length, summary: summarize(all) })
}
