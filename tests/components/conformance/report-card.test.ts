// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { CHECK_CATEGORIES, runConformance } from '../../../src/core/conformance'
import { shownReport } from '../../../src/stores/conformance/shown-reports'
import ReportCard from '../../../src/components/conformance/ReportCard.vue'
import { mountWithApp } from '../../helpers-ui'
import { recordOf, referenceReport } from './reports'

afterEach(() => {
  document.body.innerHTML = ''
})

async function card(model: string) {
  const report = await referenceReport(model)
  const wrapper = mountWithApp(ReportCard, {
    props: { shown: shownReport(recordOf(report, `run-${model}`), report.exchanges) },
    attachTo: document.body,
  })
  await flushPromises()
  return wrapper
}

describe('the report card of a server', () => {
  it('shows every category with its status as a word, and the counts', async () => {
    const wrapper = await card('reference:index-zero')
    const categories = wrapper.findAll('[data-test="conformance-category"]')
    expect(categories.map((c) => c.attributes('data-category'))).toEqual([...CHECK_CATEGORIES])
    const deltaIndex = wrapper.find('[data-category="delta-index"]')
    expect(deltaIndex.attributes('data-status')).toBe('fail')
    expect(deltaIndex.find('.el-collapse-item__header').text()).toContain('Delta indexes')
    expect(deltaIndex.find('[data-test="conformance-status"]').text()).toBe('fail')
    const others = categories.filter((c) => c.attributes('data-category') !== 'delta-index')
    expect(others.map((c) => c.attributes('data-status'))).toEqual(others.map(() => 'pass'))
    expect(wrapper.find('[data-test="conformance-report-counts"]').text()).toMatch(
      /^\d+ pass · 1 fail · 0 inconclusive$/,
    )
    expect(wrapper.find('[data-test="conformance-errors"]').exists()).toBe(false)
  })

  it('opens a failing check on its chunks, the evidence highlighted, with the note and what a client receives', async () => {
    const wrapper = await card('reference:index-zero')
    await wrapper.find('[data-category="delta-index"] .el-collapse-item__header').trigger('click')
    const failing = wrapper.find('[data-test="conformance-check"][data-status="fail"]')
    expect(failing.attributes('data-id')).toBe('delta-index/parallel-distinct')
    await failing.find('[data-test="conformance-check-evidence"]').trigger('click')
    await flushPromises()
    const drawer = document.querySelector('[data-test="conformance-evidence"]') as HTMLElement
    expect(drawer.textContent).toContain('Evidence of delta-index/parallel-distinct')
    const item = drawer.querySelector('[data-test="conformance-evidence-item"]') as HTMLElement
    expect(item.dataset.probe).toBe('parallel')
    expect(item.dataset.mode).toBe('stream')
    const report = await referenceReport('reference:index-zero')
    const evidence = report.checks.find((c) => c.id === 'delta-index/parallel-distinct')!.evidence[0]!
    const exchange = report.exchanges.find(
      (e) => e.probe === evidence.probe && e.mode === evidence.mode && e.attempt === evidence.attempt,
    )!
    // Every chunk listed in order, the evidence's highlighted and showing an index 0 call delta.
    const rows = [...item.querySelectorAll<HTMLElement>('[data-test="conformance-chunk"]')]
    expect(rows.map((r) => Number(r.dataset.index))).toEqual(exchange.chunks.map((_, n) => n))
    const marked = rows.filter((r) => r.dataset.highlighted === 'true')
    expect(marked.map((r) => Number(r.dataset.index))).toEqual(evidence.chunks)
    for (const row of marked) expect(row.textContent).toContain('"index":0')
    expect(item.querySelector('[data-test="conformance-evidence-note"]')?.textContent).toContain(evidence.note)
    expect(item.querySelector('[data-test="conformance-client-view"]')?.textContent).toBe(evidence.clientView)
  })

  it('lists each probe that failed with the message, and says when the server could not be reached', async () => {
    // A refused connection, as fetch reports it.
    const refused = (): Promise<Response> => Promise.reject(new TypeError('fetch failed'))
    const report = await runConformance({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, { repeat: 1, fetch: refused })
    const wrapper = mountWithApp(ReportCard, {
      props: { shown: shownReport(recordOf(report, 'down'), report.exchanges) },
    })
    await flushPromises()
    expect(wrapper.attributes('data-unreachable')).toBe('true')
    expect(wrapper.find('[data-test="conformance-unreachable"]').text()).toContain('could not be reached')
    const errors = wrapper.find('[data-test="conformance-errors"]')
    expect(errors.find('summary').text()).toBe(`${report.exchanges.length} probes failed`)
    const listed = errors.findAll('[data-test="conformance-error"]')
    expect(listed).toHaveLength(Math.min(20, report.exchanges.length))
    expect(listed[0]?.text()).toContain('Could not connect to http://127.0.0.1:1/v1/chat/completions')
    expect(wrapper.findAll('[data-test="conformance-category"]').map((c) => c.attributes('data-status'))).toEqual(
      CHECK_CATEGORIES.map(() => 'inconclusive'),
    )
  })
})
