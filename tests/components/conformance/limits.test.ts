import { describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import type { WireExchange } from '../../../src/core/conformance'
import { chunkRows } from '../../../src/components/conformance/chunk-rows'
import { MAX_CAPTURE_CHARS, MAX_KEPT_RUNS, useConformanceHistory } from '../../../src/stores/conformance/run-history'
import { checkConformanceSettings } from '../../../src/stores/conformance/settings'
import { recordOf } from './reports'

const report = {
  endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  repeat: 1,
  checks: [],
  exchanges: [],
}
const exchange = (chunk: string): WireExchange => ({
  probe: 'p',
  mode: 'stream',
  attempt: 0,
  request: { url: 'http://127.0.0.1:9/v1/chat/completions', headers: {}, body: {} },
  chunks: [chunk],
  durationMs: 1,
})

describe('the chunks listed as evidence', () => {
  it('lists a short stream whole, the evidence marked', () => {
    const rows = chunkRows(['a', 'b', 'c'], [1])
    expect(rows).toEqual([
      { kind: 'chunk', index: 0, text: 'a', cut: 0, highlighted: false },
      { kind: 'chunk', index: 1, text: 'b', cut: 0, highlighted: true },
      { kind: 'chunk', index: 2, text: 'c', cut: 0, highlighted: false },
    ])
  })

  it('caps a long stream to its start, its end and a window around each highlighted chunk', () => {
    const chunks = Array.from({ length: 1000 }, (_, n) => `chunk ${n}`)
    const rows = chunkRows(chunks, [500], { head: 3, tail: 2, around: 1 })
    const shape = rows.map((r) =>
      r.kind === 'gap' ? `gap ${r.from}+${r.count}` : `${r.index}${r.highlighted ? '*' : ''}`,
    )
    expect(shape).toEqual(['0', '1', '2', 'gap 3+496', '499', '500*', '501', 'gap 502+496', '998', '999'])
  })

  it('cuts a very long chunk, saying how much is left out', () => {
    const [row] = chunkRows(['x'.repeat(2500)], [], { maxChars: 2000 })
    expect(row).toMatchObject({ kind: 'chunk', cut: 500 })
    expect(row?.kind === 'chunk' && row.text.length).toBe(2000)
  })
})

describe('the runs kept', () => {
  it(`keeps the newest ${MAX_KEPT_RUNS} runs`, async () => {
    const factory = new IDBFactory()
    const history = useConformanceHistory({ factory })
    await history.refresh()
    for (let n = 0; n <= MAX_KEPT_RUNS; n++) await history.saveRun(recordOf(report, `run-${n}`, n), [exchange('x')])
    expect(history.runs.value).toHaveLength(MAX_KEPT_RUNS)
    expect(history.runs.value.at(-1)?.id).toBe('run-1')
    // Read back from the database, not from memory.
    const again = useConformanceHistory({ factory })
    await again.refresh()
    expect(again.runs.value.map((r) => r.id)).toEqual(history.runs.value.map((r) => r.id))
    expect(await again.captureOf('run-0')).toBeNull()
    expect((await again.captureOf('run-1'))?.[0]?.chunks).toEqual(['x'])
  })

  it('keeps only the checks of a capture too large to keep, and says so', async () => {
    const history = useConformanceHistory({ factory: new IDBFactory() })
    await history.refresh()
    const kept = await history.saveRun(recordOf(report, 'big'), [exchange('x'.repeat(MAX_CAPTURE_CHARS))])
    expect(kept.captureDropped).toBe(true)
    expect(await history.captureOf('big')).toBeNull()
  })

  it('goes on in memory, saying why, when IndexedDB cannot be used', async () => {
    // Node has no IndexedDB: the same as a browser that refuses it.
    const history = useConformanceHistory()
    await history.refresh()
    expect(history.storageProblem.value).toBe('this browser offers no IndexedDB')
    await history.saveRun(recordOf(report, 'r'), [exchange('x')])
    expect((await history.captureOf('r'))?.length).toBe(1)
  })
})

describe('the saved settings', () => {
  it('repairs what it can, item by item', () => {
    const repairs: string[] = []
    const settings = checkConformanceSettings(
      { targets: [{ profileId: 'a', model: 'm' }, 'x'], repeat: 99, concurrency: 'two', timeoutSeconds: 30 },
      repairs,
    )
    expect(settings).toEqual({
      targets: [{ profileId: 'a', model: 'm' }],
      repeat: 10,
      concurrency: 4,
      timeoutSeconds: 30,
    })
    expect(repairs).toEqual([
      '1 server(s) of the wrong shape dropped',
      'repeat 99 brought to 10',
      'concurrency was not a whole number: 4 used',
    ])
    expect(checkConformanceSettings('nope', [])).toBeNull()
  })
})
