import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { useOfflineRuns } from '../../src/stores/eval/offline-runs'
import { useRunHistory } from '../../src/stores/eval/run-history'
import { useSelectedRun } from '../../src/stores/eval/selected-run'
import { useSuiteState } from '../../src/stores/eval/suite-state'
import { accuracyMatrix, placeOf } from '../../src/stores/eval/results-view'
import { fixtureFile } from './eval-fixtures'

const expected = JSON.parse(
  readFileSync(new URL('../fixtures/eval/expected-verdicts.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string | null>>

async function lane() {
  const history = useRunHistory({ factory: new IDBFactory() })
  await history.refresh()
  const selected = useSelectedRun(history)
  const suite = useSuiteState()
  await suite.readFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
  return { history, selected, suite, offline: useOfflineRuns({ suite, history, selected }) }
}

describe('offline scoring in the Eval pane', () => {
  it('scores a result file against the suite, keeps it as a run named after the file, each reply with its outcome', async () => {
    const { history, selected, offline } = await lane()
    await offline.score(fixtureFile('results-raw.jsonl'), 'auto')
    const run = history.runs.value[0]!
    expect(run).toMatchObject({ label: 'results-raw.jsonl', status: 'completed', outcomeCount: 15 })
    expect(run.settings).toMatchObject({
      kind: 'offline',
      protocols: ['auto'],
      fileName: 'results-raw.jsonl',
      targets: [],
    })
    const verdicts = Object.fromEntries(selected.outcomes.value.map((o) => [o.id, o.errorType ?? null]))
    expect(verdicts).toEqual(expected['results-raw.jsonl'])
    const weather = selected.outcomes.value.find((o) => o.id === 'simple_python_1')
    expect(weather?.reply).toContain('tool_name:「始」get_weather「末」')
    expect(weather).not.toHaveProperty('model')
    expect(offline.problems.value).toEqual([])
    expect(await history.outcomesOf(run.id)).toHaveLength(15)
    // The row is the file, the column the way the replies were read.
    const matrix = accuracyMatrix(selected.outcomes.value, placeOf(run))
    expect(matrix.models).toEqual(['results-raw.jsonl'])
    expect(matrix.protocols).toEqual(['auto'])
    expect(matrix.cells[0]?.total).toBe(15)
  })

  it('keeps decoded results as JSON text, and lists the lines it could not score', async () => {
    const { selected, offline } = await lane()
    const text = readFileSync(new URL('../fixtures/eval/results-decoded.jsonl', import.meta.url), 'utf8')
    // The file ends with a line break: line 16 is blank, the two bad lines are 17 and 18.
    await offline.score(fixtureFile('decoded.jsonl', `${text}\n{broken\n{"id": "nowhere_1", "result": "x"}\n`), 'auto')
    expect(selected.outcomes.value).toHaveLength(15)
    const verdicts = Object.fromEntries(selected.outcomes.value.map((o) => [o.id, o.errorType ?? null]))
    expect(verdicts).toEqual(expected['results-decoded.jsonl'])
    expect(JSON.parse(selected.outcomes.value.find((o) => o.id === 'parallel_0')?.reply ?? '')).toBeInstanceOf(Array)
    expect(offline.problems.value).toHaveLength(2)
    expect(offline.problems.value[0]).toMatch(/^line 17: not JSON/)
    expect(offline.problems.value[1]).toBe('line 18: no case "nowhere_1" in the suite')
  })

  it('reads the replies with the protocol chosen', async () => {
    const { selected, offline } = await lane()
    await offline.score(fixtureFile('results-raw.jsonl'), 'hermes')
    const vcpReply = selected.outcomes.value.find((o) => o.id === 'simple_python_1')
    // Read as Hermes, the VCP reply holds no call.
    expect(vcpReply?.errorType).toBe('ast_decoder:decoder_failed')
  })

  it('does nothing without a suite', async () => {
    const { history, suite, offline } = await lane()
    suite.useCases([], '')
    await offline.score(fixtureFile('results-raw.jsonl'), 'auto')
    expect(history.runs.value).toEqual([])
  })
})
