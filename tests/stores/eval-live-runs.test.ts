import { describe, expect, it } from 'vitest'
import { ref, watch } from 'vue'
import { IDBFactory } from 'fake-indexeddb'
import { outcomeKey } from '../../src/core/eval'
import { newProfile, type EndpointProfile } from '../../src/saved-chats/model'
import { useLiveRuns } from '../../src/stores/eval/live-runs'
import { useRunHistory } from '../../src/stores/eval/run-history'
import { defaultEvalSettings, type EvalSettings } from '../../src/stores/eval/run-settings'
import { useSelectedRun } from '../../src/stores/eval/selected-run'
import { useSuiteState } from '../../src/stores/eval/suite-state'
import { accuracyMatrix, placeOf } from '../../src/stores/eval/results-view'
import { SAMPLE_SUITE } from '../../src/components/eval/sample-suite'
import { evalServer } from '../core/eval/live-fixtures'
import { fixtureFile } from './eval-fixtures'

/** The lane over a fresh database, the fixture suite and one endpoint on the mock server. */
async function lane(model: string, settings: Partial<EvalSettings> = {}) {
  const server = await evalServer()
  const history = useRunHistory({ factory: new IDBFactory() })
  await history.refresh()
  const selected = useSelectedRun(history)
  const suite = useSuiteState()
  await suite.readFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
  const profiles = ref<EndpointProfile[]>([{ ...newProfile('Mock'), id: 'mock', baseUrl: server.baseUrl }])
  const chosen = ref<EvalSettings>({
    ...defaultEvalSettings(),
    targets: [{ profileId: 'mock', model }],
    protocols: ['vcp', 'hermes'],
    ...settings,
  })
  const live = useLiveRuns({ suite, settings: chosen, profiles: () => profiles.value, history, selected })
  return { server, history, selected, suite, profiles, settings: chosen, live }
}

describe('live runs of the Eval pane', () => {
  it('asks every case in every protocol, keeps each outcome as it comes, and ends with the run summed up', async () => {
    const { history, selected, live, server } = await lane('eval-mixed')
    await live.start()
    expect(live.problem.value).toBeNull()
    expect(live.running.value).toBe(false)
    const run = history.runs.value[0]!
    expect(run).toMatchObject({ status: 'completed', outcomeCount: 30, label: 'eval-mixed · vcp, hermes' })
    expect(run.settings.targets).toEqual([{ label: 'eval-mixed', profileId: 'mock', model: 'eval-mixed' }])
    expect(server.chatRequests()).toHaveLength(30)
    expect(selected.runId.value).toBe(run.id)
    expect(selected.outcomes.value).toHaveLength(30)
    expect((await history.outcomesOf(run.id)).map((k) => k.key).sort()).toEqual(
      selected.outcomes.value.map(outcomeKey).sort(),
    )
    const matrix = accuracyMatrix(selected.outcomes.value, placeOf(run))
    expect(matrix.cells.map((c) => [c.protocol, c.passed, c.total])).toEqual([
      ['vcp', 15, 15],
      ['hermes', 0, 15],
    ])
    expect(run.summary?.overall).toEqual({ passed: 15, total: 30 })
    expect(live.progress.value).toMatchObject({ done: 30, total: 30, skipped: 0 })
  })

  it('Stop keeps what was scored; Resume asks only the rest and completes the same run', async () => {
    const { history, selected, live, server } = await lane('eval-right', { protocols: ['vcp'], concurrency: 1 })
    // One request at a time: stopped on the third outcome, nothing else is in flight.
    const stopAfterThree = watch(live.progress, (p) => p && p.done === 3 && live.stop(), { flush: 'sync' })
    await live.start()
    stopAfterThree()
    const run = history.runs.value[0]!
    expect(run.status).toBe('stopped')
    expect(live.canResume.value).toBe(true)
    expect((await history.outcomesOf(run.id)).length).toBe(3)
    expect(server.chatRequests()).toHaveLength(3)

    await live.resume(run.id)
    expect(live.problem.value).toBeNull()
    expect(history.runs.value.find((r) => r.id === run.id)).toMatchObject({ status: 'completed', outcomeCount: 15 })
    expect(server.chatRequests()).toHaveLength(15)
    expect(live.progress.value).toMatchObject({ done: 12, skipped: 3, total: 15 })
    const ids = selected.outcomes.value.map((o) => o.id)
    expect(new Set(ids).size).toBe(15)
    expect(ids).toHaveLength(15)
    expect(selected.outcomes.value.every((o) => o.valid)).toBe(true)
  })

  it('says why a run cannot start, and does not start it', async () => {
    const { live, settings, suite, history, profiles } = await lane('eval-right')
    settings.value.protocols = []
    await live.start()
    expect(live.problem.value).toEqual({ code: 'no-protocols' })
    settings.value.protocols = ['vcp']
    settings.value.targets = [{ profileId: 'mock', model: '  ' }]
    await live.start()
    expect(live.problem.value).toEqual({ code: 'no-targets' })
    settings.value.targets = [{ profileId: 'gone', model: 'eval-right' }]
    await live.start()
    expect(live.problem.value).toEqual({ code: 'missing-endpoints', detail: 'eval-right' })
    expect(history.runs.value).toEqual([])

    settings.value.targets = [{ profileId: 'mock', model: 'eval-right' }]
    await live.start()
    const run = history.runs.value[0]!
    suite.useCases(SAMPLE_SUITE, 'sample')
    await live.resume(run.id)
    expect(live.problem.value).toEqual({ code: 'suite-changed', detail: 'questions.jsonl (15)' })
    suite.useCases([], 'none')
    await live.start()
    expect(live.problem.value).toEqual({ code: 'no-cases' })
    profiles.value = []
    await suite.readFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
    await live.resume(run.id)
    expect(live.problem.value).toEqual({ code: 'missing-endpoints', detail: 'eval-right' })
    expect(history.runs.value).toHaveLength(1)
  })

  it('runs the raw protocol with each target’s chat template, kept with the run, and refuses a target with none', async () => {
    const { live, settings, history, selected, profiles, server } = await lane('eval-right', { protocols: ['raw'] })
    await live.start()
    expect(live.problem.value).toEqual({ code: 'no-template', detail: 'eval-right' })
    expect(history.runs.value).toEqual([])
    settings.value.targets = [
      { profileId: 'gone', model: 'x' },
      { profileId: 'mock', model: 'eval-right', template: 'no-such' },
    ]
    await live.start()
    expect(live.problem.value).toEqual({ code: 'missing-endpoints', detail: 'x' })
    settings.value.targets = [{ profileId: 'mock', model: 'eval-right', template: 'no-such' }]
    await live.start()
    expect(live.problem.value).toMatchObject({ code: 'template-failed', detail: expect.stringContaining('no-such') })

    // The endpoint's template by default; the format inferred from it.
    profiles.value = [{ ...profiles.value[0]!, template: 'qwen2.5-7b-instruct' }]
    settings.value.targets = [{ profileId: 'mock', model: 'eval-right' }]
    await live.start()
    expect(live.problem.value).toBeNull()
    const run = history.runs.value[0]!
    expect(run.settings.targets).toEqual([
      { label: 'eval-right', profileId: 'mock', model: 'eval-right', template: 'qwen2.5-7b-instruct' },
    ])
    expect(server.requests.filter((r) => r.path === '/v1/completions')).toHaveLength(15)
    expect(selected.outcomes.value.every((o) => o.valid && o.protocol === 'raw')).toBe(true)
    expect(selected.outcomes.value[0]?.compliance.format).toBe('hermes')
  }, 60_000)
})
