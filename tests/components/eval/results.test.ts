// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { IDBFactory } from 'fake-indexeddb'
import { openEvalRunStore } from '../../../src/persistence/eval-runs'
import { useEvalStore } from '../../../src/stores/eval'
import AccuracyMatrix from '../../../src/components/eval/AccuracyMatrix.vue'
import OutcomeTable from '../../../src/components/eval/OutcomeTable.vue'
import MetricCards from '../../../src/components/eval/MetricCards.vue'
import { summarize } from '../../../src/core/eval'
import { mountWithApp } from '../../helpers-ui'
import { outcome, runRecord, without } from '../../stores/eval-fixtures'

/** What the fake chart was given: its options, and the click handler the component set. */
const chart = vi.hoisted(() => ({
  options: [] as unknown[],
  click: null as ((p: { dataIndex: number }) => void) | null,
  disposed: 0,
}))
vi.mock('../../../src/components/eval/echarts-setup', () => ({
  createChart: () => ({
    setOption: (option: unknown) => chart.options.push(option),
    on: (_: string, handler: (p: { dataIndex: number }) => void) => (chart.click = handler),
    resize: () => undefined,
    dispose: () => chart.disposed++,
  }),
}))

const global = globalThis as { indexedDB?: IDBFactory }

async function keptRun(): Promise<void> {
  const opened = await openEvalRunStore()
  if (!opened.ok) throw new Error(opened.reason)
  const settings = { ...runRecord('r', 1).settings, protocols: ['vcp', 'hermes'] }
  await opened.store.putRun(runRecord('r', 1, { settings }))
  await opened.store.putOutcome('r', 'k1', outcome('case_a', true))
  await opened.store.putOutcome('r', 'k2', outcome('case_b', false, { protocol: 'vcp', latencyMs: 100 }))
  await opened.store.putOutcome(
    'r',
    'k3',
    outcome('case_a', false, { protocol: 'hermes', errorType: 'value_error:string' }),
  )
  opened.store.close()
}

async function mounted<C extends Parameters<typeof mountWithApp>[0]>(component: C) {
  const wrapper = mountWithApp(component)
  await useEvalStore().ready
  await flushPromises()
  return wrapper
}

describe('the results of the Eval pane', () => {
  beforeEach(async () => {
    global.indexedDB = new IDBFactory()
    chart.options = []
    chart.click = null
    await keptRun()
  })
  afterEach(() => {
    delete global.indexedDB
  })

  it('the matrix: a cell per model and protocol with its share and counts, drawn as a heatmap', async () => {
    const wrapper = await mounted(AccuracyMatrix)
    const cells = wrapper.findAll('[data-test="eval-matrix-cell"]')
    expect(
      cells.map((c) => [c.attributes('data-protocol'), c.attributes('data-passed'), c.attributes('data-total')]),
    ).toEqual([
      ['vcp', '1', '2'],
      ['hermes', '0', '1'],
    ])
    expect(cells[0]?.text()).toBe('50.0% (1/2)')
    // Drawn once the chart module is loaded, and again as the run's outcomes come in: the last is what shows.
    await vi.waitFor(() => expect(chart.options.length).toBeGreaterThan(0), { timeout: 20_000 })
    await flushPromises()
    const option = chart.options[chart.options.length - 1] as {
      series: { data: number[][] }[]
      xAxis: { data: string[] }
    }
    expect(option.xAxis.data).toEqual(['VCP', 'Hermes'])
    expect(option.series[0]?.data).toEqual([
      [0, 0, 0.5],
      [1, 0, 0],
    ])
    wrapper.unmount()
    expect(chart.disposed).toBe(1)
  })

  it('a click on a cell (in the table or the chart) lists only its cases; a second click lists all', async () => {
    const wrapper = await mounted(AccuracyMatrix)
    const store = useEvalStore()
    await wrapper.findAll('[data-test="eval-matrix-cell"]')[1]!.trigger('click')
    expect(store.filter.place).toEqual({ model: 'eval-right', protocol: 'hermes' })
    expect(store.shownOutcomes.map((o) => o.id)).toEqual(['case_a'])
    expect(wrapper.findAll('[data-test="eval-matrix-cell"]')[1]!.attributes('aria-pressed')).toBe('true')
    await vi.waitFor(() => expect(chart.click).not.toBeNull(), { timeout: 20_000 })
    chart.click?.({ dataIndex: 1 })
    expect(store.filter.place).toBeNull()
    chart.click?.({ dataIndex: 0 })
    expect(store.filter.place).toEqual({ model: 'eval-right', protocol: 'vcp' })
  })

  it('the case table: a row per reply, filtered, and a click opens the case', async () => {
    const wrapper = await mounted(OutcomeTable)
    const store = useEvalStore()
    expect(wrapper.findAll('[data-test="eval-outcome"]')).toHaveLength(3)
    expect(wrapper.find('[data-test="eval-outcome-count"]').text()).toBe('3 of 3')
    store.filter.failuresOnly = true
    await flushPromises()
    const rows = wrapper.findAll('[data-test="eval-outcome"]')
    expect(rows.map((r) => r.attributes('data-valid'))).toEqual(['false', 'false'])
    await rows[1]!.trigger('click')
    expect(wrapper.emitted('open')?.[0]?.[0]).toMatchObject({ id: 'case_a', protocol: 'hermes' })
  })

  it('the metric cards keep each metric apart; latency only when replies report it, flaky cases listed', () => {
    const flaky = [outcome('a', true), outcome('a', false, { repeat: 1 })]
    const wrapper = mountWithApp(MetricCards, { props: { summary: summarize(flaky) } })
    const card = (key: string) => wrapper.find(`[data-test="eval-metric-${key}"]`).text()
    expect(card('compliance')).toContain('Format compliance')
    expect(card('correctness')).toContain('1 of 2')
    expect(card('passk')).toContain('k = 2')
    expect(card('flaky')).toContain('1')
    expect(card('p95')).toContain('ms')
    expect(wrapper.find('[data-test="eval-flaky"]').text()).toContain('a @ eval-right / vcp')
    const noLatency = without(outcome('b', true), 'latencyMs')
    const bare = mountWithApp(MetricCards, { props: { summary: summarize([noLatency]) } })
    expect(bare.find('[data-test="eval-metric-p50"]').exists()).toBe(false)
    expect(bare.find('[data-test="eval-flaky"]').exists()).toBe(false)
  })
})
