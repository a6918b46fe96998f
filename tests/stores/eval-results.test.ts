import { describe, expect, it } from 'vitest'
import { compareKeptRuns } from '../../src/stores/eval/comparison'
import { accuracyMatrix, filterOutcomes, placeOf } from '../../src/stores/eval/results-view'
import { checkEvalSettings, defaultEvalSettings } from '../../src/stores/eval/run-settings'
import { endpointSettingsOf, resolveTargets, runTargetsOf, targetLabels } from '../../src/stores/eval/targets'
import { newProfile, manualProfile } from '../../src/saved-chats/model'
import { outcome, runRecord, without } from './eval-fixtures'

describe('the accuracy matrix', () => {
  const outcomes = [
    outcome('a', true, { model: 'm1', protocol: 'hermes' }),
    outcome('a', false, { model: 'm1', protocol: 'vcp' }),
    outcome('b', true, { model: 'm1', protocol: 'vcp' }),
    outcome('a', true, { model: 'm2', protocol: 'native' }),
    outcome('a', true, { model: 'm2', protocol: 'gpt-oss' }),
  ]

  it('counts passes per model and protocol; protocols in the lab’s order, rows in the targets’ order', () => {
    const matrix = accuracyMatrix(outcomes, placeOf(undefined), ['m2', 'm1', 'never-answered'])
    expect(matrix.models).toEqual(['m2', 'm1'])
    expect(matrix.protocols).toEqual(['vcp', 'hermes', 'native', 'gpt-oss'])
    expect(matrix.cells).toContainEqual({ model: 'm1', protocol: 'vcp', passed: 1, total: 2 })
    expect(matrix.cells).toContainEqual({ model: 'm1', protocol: 'hermes', passed: 1, total: 1 })
    expect(matrix.cells).toHaveLength(4)
  })

  it('puts an offline run’s outcomes in the file’s row and the column of how they were read', () => {
    const run = runRecord('r', 1, {
      label: 'replies.jsonl',
      settings: { ...runRecord('r', 1).settings, kind: 'offline', targets: [], protocols: ['hermes'] },
    })
    const plain = without(outcome('a', true), 'model', 'protocol')
    expect(placeOf(run)(plain)).toEqual({ model: 'replies.jsonl', protocol: 'hermes' })
  })

  it('filters by a cell and by failures only', () => {
    const place = placeOf(undefined)
    const byCell = filterOutcomes(outcomes, place, { place: { model: 'm1', protocol: 'vcp' }, failuresOnly: false })
    expect(byCell.map((o) => o.id)).toEqual(['a', 'b'])
    const failing = filterOutcomes(outcomes, place, { place: { model: 'm1', protocol: 'vcp' }, failuresOnly: true })
    expect(failing.map((o) => o.id)).toEqual(['a'])
    expect(filterOutcomes(outcomes, place, { place: null, failuresOnly: false })).toBe(outcomes)
  })
})

describe('comparing kept runs', () => {
  it('pairs a case across runs of two models (each run one model): regressions first', () => {
    const before = [
      outcome('a', true, { model: 'old' }),
      outcome('b', false, { model: 'old' }),
      outcome('c', true, { model: 'old' }),
    ]
    const after = [
      outcome('a', false, { model: 'new' }),
      outcome('b', true, { model: 'new' }),
      outcome('c', true, { model: 'new' }),
    ]
    const compared = compareKeptRuns(before, after)
    expect(compared.basis).toEqual({ ignoresModel: true, ignoresProtocol: true })
    expect(compared.rows.map((r) => [r.id, r.change])).toEqual([
      ['a', 'regression'],
      ['b', 'fixed'],
      ['c', 'still-passing'],
    ])
    expect(compared.counts).toMatchObject({ regression: 1, fixed: 1, 'still-passing': 1, added: 0, removed: 0 })
  })

  it('keeps the protocol in the key when a run asked in several', () => {
    const before = [outcome('a', true, { protocol: 'vcp' }), outcome('a', true, { protocol: 'hermes' })]
    const after = [outcome('a', true, { protocol: 'vcp' }), outcome('a', false, { protocol: 'hermes' })]
    const compared = compareKeptRuns(before, after)
    expect(compared.basis).toEqual({ ignoresModel: true, ignoresProtocol: false })
    expect(compared.rows.map((r) => [r.key, r.change])).toEqual([
      ['a @  / hermes', 'regression'],
      ['a @  / vcp', 'still-passing'],
    ])
  })

  it('matches an offline run with a live run of one model and protocol by case id', () => {
    const offline = without(outcome('a', false), 'model', 'protocol')
    const compared = compareKeptRuns([offline], [outcome('a', true)])
    expect(compared.rows.map((r) => [r.key, r.change])).toEqual([['a', 'fixed']])
  })
})

describe('the saved settings of the Eval pane', () => {
  it('repairs what it can item by item and says what it changed', () => {
    const repairs: string[] = []
    const checked = checkEvalSettings(
      {
        targets: [{ profileId: 'p', model: 'm' }, { profileId: 3 }],
        protocols: ['vcp', 'smoke-signals'],
        repeat: 99,
        concurrency: 'many',
        offlineProtocol: 'hermes',
      },
      repairs,
    )
    expect(checked).toEqual({
      targets: [{ profileId: 'p', model: 'm' }],
      protocols: ['vcp'],
      repeat: 20,
      concurrency: 4,
      offlineProtocol: 'hermes',
    })
    expect(repairs).toEqual([
      '1 target(s) of the wrong shape dropped',
      'unknown protocols dropped',
      'repeat 99 brought to 20',
      'concurrency was not a whole number: 4 used',
    ])
  })

  it('takes defaults as they are, and refuses what is not an object', () => {
    const repairs: string[] = []
    expect(checkEvalSettings(defaultEvalSettings(), repairs)).toEqual(defaultEvalSettings())
    expect(repairs).toEqual([])
    expect(checkEvalSettings('settings', repairs)).toBeNull()
  })
})

describe('targets from the chat’s endpoints', () => {
  const mock = { ...newProfile('Mock'), id: 'mock', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-1', maxAnswerMB: 2 }
  const other = { ...newProfile('Other'), id: 'other' }

  it('names a target by its model, adding the endpoint where two targets share the model', () => {
    const choices = [
      { profileId: 'mock', model: 'qwen' },
      { profileId: 'other', model: 'qwen' },
      { profileId: 'mock', model: 'llama' },
    ]
    expect(targetLabels(choices, [mock, other])).toEqual(['qwen (Mock)', 'qwen (Other)', 'llama'])
  })

  it('reaches a target with the endpoint’s key and limits, asking the chosen model', () => {
    expect(endpointSettingsOf(mock, 'qwen')).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-1',
      model: 'qwen',
      maxAnswerBytes: 2 * 1024 * 1024,
    })
    const kept = runTargetsOf([{ profileId: 'mock', model: ' qwen ' }], [mock])
    expect(kept).toEqual([{ label: 'qwen', profileId: 'mock', model: 'qwen' }])
    const resolved = resolveTargets(kept, [mock])
    expect(resolved.ok && resolved.targets[0]?.endpoint.model).toBe('qwen')
  })

  it('never asks the manual endpoint, and names the targets whose endpoint is gone', () => {
    const kept = [
      { label: 'a', profileId: 'manual', model: 'x' },
      { label: 'b', profileId: 'deleted', model: 'y' },
    ]
    expect(resolveTargets(kept, [manualProfile(), mock])).toEqual({ ok: false, missing: ['a', 'b'] })
  })
})
