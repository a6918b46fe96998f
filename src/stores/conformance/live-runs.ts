/**
 * A conformance run as the tab starts it: every probe sent to each chosen server (the servers side
 * by side, each with its own concurrency), the progress of each as exchanges come back, Stop, and
 * the reports kept and shown once every server is done.
 */
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import { runConformance, type ConformanceEndpoint, type ConformanceReport } from '../../core/conformance'
import type { ConformanceRunRecord } from '../../persistence/conformance-runs'
import { newId, type EndpointProfile } from '../../saved-chats/model'
import { askableProfiles, endpointSettingsOf, targetLabels } from '../eval/targets'
import type { ConformanceHistoryReturn } from './run-history'
import type { ConformanceSettings } from './settings'
import { shownReport, type ShownReport, type ShownReportsReturn } from './shown-reports'

/** Where one server's run stands. */
export interface ServerProgress {
  label: string
  done: number
  /** 0 until the server's first exchange is back. */
  total: number
}

/** Why a run did not start or failed, for the form to say in the interface's language. */
export interface ConformanceRunProblem {
  code: 'busy' | 'no-targets' | 'missing-endpoints' | 'failed'
  /** The endpoints missing, or the failure's message. */
  detail?: string
}

/** What a run reads and writes. */
export interface ConformanceRunsDeps {
  settings: Ref<ConformanceSettings>
  /** The chat's endpoints as they are now. */
  profiles(): readonly EndpointProfile[]
  history: Pick<ConformanceHistoryReturn, 'saveRun'>
  shown: Pick<ShownReportsReturn, 'replace'>
  /** Told the reports of a run just done, in the order of the servers. */
  onDone?(reports: readonly ShownReport[]): void
  /** How requests are sent. @default the page's fetch */
  fetch?: typeof fetch
}

/** What useConformanceRuns returns. */
export interface ConformanceRunsReturn {
  running: Ref<boolean>
  /** One entry per server of the run going on (or the last one). */
  progress: ShallowRef<readonly ServerProgress[]>
  problem: Ref<ConformanceRunProblem | null>
  /** Runs every probe against the chosen servers; resolves once the reports are kept. */
  start(): Promise<void>
  stop(): void
}

interface Target {
  label: string
  endpoint: ConformanceEndpoint
  profile: EndpointProfile
}

export function useConformanceRuns(deps: ConformanceRunsDeps): ConformanceRunsReturn {
  const running = ref(false)
  const progress = shallowRef<readonly ServerProgress[]>([])
  const problem = ref<ConformanceRunProblem | null>(null)
  let controller: AbortController | null = null

  function targets(): Target[] | ConformanceRunProblem {
    const choices = deps.settings.value.targets.filter((t) => t.model.trim() !== '')
    if (choices.length === 0) return { code: 'no-targets' }
    const profiles = askableProfiles(deps.profiles())
    const labels = targetLabels(choices, profiles)
    const missing = choices.filter((c) => !profiles.some((p) => p.id === c.profileId)).map((c) => c.profileId)
    if (missing.length > 0) return { code: 'missing-endpoints', detail: missing.join(', ') }
    return choices.map((choice, n) => {
      const profile = profiles.find((p) => p.id === choice.profileId) as EndpointProfile
      const { baseUrl, apiKey, model } = endpointSettingsOf(profile, choice.model.trim())
      return { label: labels[n] as string, profile, endpoint: { baseUrl, model, ...(apiKey ? { apiKey } : {}) } }
    })
  }

  async function start(): Promise<void> {
    if (running.value) return void (problem.value = { code: 'busy' })
    const chosen = targets()
    if (!Array.isArray(chosen)) return void (problem.value = chosen)
    problem.value = null
    const signal = (controller = new AbortController()).signal
    running.value = true
    progress.value = chosen.map((t) => ({ label: t.label, done: 0, total: 0 }))
    const batchId = newId('conformance')
    const startedAt = Date.now()
    try {
      const reports = await Promise.all(chosen.map((target, n) => runOne(target, n, signal)))
      const kept: ShownReport[] = []
      for (const [n, report] of reports.entries()) {
        const record = runRecord(chosen[n] as Target, report, batchId, startedAt + n)
        kept.push(shownReport(await deps.history.saveRun(record, report.exchanges), report.exchanges))
      }
      deps.shown.replace(kept)
      deps.onDone?.(kept)
    } catch (error) {
      problem.value = { code: 'failed', detail: error instanceof Error ? error.message : String(error) }
    } finally {
      running.value = false
      controller = null
    }
  }

  function runOne(target: Target, n: number, signal: AbortSignal): Promise<ConformanceReport> {
    const { settings } = deps
    const client = endpointSettingsOf(target.profile, target.endpoint.model)
    return runConformance(target.endpoint, {
      repeat: settings.value.repeat,
      concurrency: settings.value.concurrency,
      timeoutMs: settings.value.timeoutSeconds * 1000,
      ...(client.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: client.idleTimeoutMs }),
      ...(client.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: client.maxAnswerBytes }),
      ...(client.maxLineBytes === undefined ? {} : { maxLineBytes: client.maxLineBytes }),
      signal,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      onProgress: ({ done, total }) => {
        progress.value = progress.value.map((p, k) => (k === n ? { ...p, done, total } : p))
      },
    })
  }

  return { running, progress, problem, start, stop: () => controller?.abort() }
}

function runRecord(
  target: Target,
  report: ConformanceReport,
  batchId: string,
  createdAt: number,
): ConformanceRunRecord {
  const { endpoint, startedAt, durationMs, repeat, checks, aborted } = report
  return {
    id: newId('conformance-run'),
    batchId,
    label: target.label,
    createdAt,
    source: 'live',
    stopped: aborted === true,
    report: { endpoint, startedAt, durationMs, repeat, checks, ...(aborted ? { aborted } : {}) },
    captureDropped: false,
  }
}
