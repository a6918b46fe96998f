// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { IDBFactory } from 'fake-indexeddb'
import { exchangesToJsonl } from '../../../src/core/conformance'
import { newProfile } from '../../../src/saved-chats/model'
import { useChatStore } from '../../../src/stores/chat'
import { useConformanceStore } from '../../../src/stores/conformance'
import { CONFORMANCE_DB_NAME } from '../../../src/persistence/conformance-runs'
import ConformancePane from '../../../src/components/conformance/ConformancePane.vue'
import { mountWithApp } from '../../helpers-ui'
import { referenceReport, referenceServer } from './reports'

const global = globalThis as { indexedDB?: IDBFactory }
beforeEach(() => {
  global.indexedDB = new IDBFactory()
  localStorage.clear()
})
afterEach(() => {
  delete global.indexedDB
  document.body.innerHTML = ''
})

/** The pane as a fresh page opens it, with the reference server as a chat endpoint and `models` chosen. */
async function openPane(models: string[] = []) {
  const server = await referenceServer()
  const wrapper = mountWithApp(ConformancePane)
  const chat = useChatStore()
  chat.profiles.push({ ...newProfile('Reference'), id: 'ref', baseUrl: server.baseUrl, model: 'reference' })
  const store = useConformanceStore()
  await store.ready
  if (models.length > 0) store.settings.targets = models.map((model) => ({ profileId: 'ref', model }))
  await flushPromises()
  return { wrapper, store, server }
}

async function runAndWait(wrapper: Awaited<ReturnType<typeof openPane>>['wrapper']): Promise<void> {
  await wrapper.find('[data-test="conformance-run"]').trigger('click')
  const store = useConformanceStore()
  await vi.waitFor(() => expect(store.running).toBe(false), { timeout: 20_000 })
  await flushPromises()
}

const attrs = (wrapper: Awaited<ReturnType<typeof openPane>>['wrapper'], test: string, name: string) =>
  wrapper.findAll(`[data-test="${test}"]`).map((e) => e.attributes(name))

/** Puts records into the tab's database as another version (or a hand edit) might have left them. */
async function putRaw(store: 'runs' | 'captures', value: unknown): Promise<void> {
  const request = indexedDB.open(CONFORMANCE_DB_NAME)
  await new Promise<void>((resolve) => {
    request.onsuccess = () => {
      const db = request.result
      const tx = db.transaction(store, 'readwrite')
      tx.objectStore(store).put(value)
      tx.oncomplete = () => resolve(db.close())
    }
  })
}

describe('the Conformance pane', () => {
  it('probes two servers side by side, shows a card for each, keeps both and compares them', async () => {
    const { wrapper, store } = await openPane(['reference', 'reference:index-zero'])
    expect(attrs(wrapper, 'conformance-server', 'data-label')).toEqual(['reference', 'reference:index-zero'])
    await runAndWait(wrapper)
    expect(store.runProblem).toBeNull()
    const progress = wrapper.findAll('[data-test="conformance-progress-server"]')
    expect(progress.map((p) => p.attributes('data-label'))).toEqual(['reference', 'reference:index-zero'])
    for (const p of progress) expect(p.attributes('data-done')).toBe(p.attributes('data-total'))
    expect(attrs(wrapper, 'conformance-report', 'data-label')).toEqual(['reference', 'reference:index-zero'])
    const deltaIndex = wrapper.findAll('[data-category="delta-index"]').map((c) => c.attributes('data-status'))
    expect(deltaIndex).toEqual(['pass', 'fail'])

    // Compared at once, the rows that differ first.
    expect(wrapper.find('[data-test="conformance-compare-count"]').text()).toBe('1 check differs')
    const rows = wrapper.findAll('[data-test="conformance-compare-row"]')
    expect(rows[0]?.attributes()).toMatchObject({
      'data-id': 'delta-index/parallel-distinct',
      'data-a': 'pass',
      'data-b': 'fail',
      'data-differs': 'true',
    })
    expect(rows.slice(1).every((r) => r.attributes('data-differs') === 'false')).toBe(true)
    expect(attrs(wrapper, 'conformance-kept-run', 'data-id')).toHaveLength(2)
  })

  it('shows the newest run again after a reload, with its wire capture read back', async () => {
    const first = await openPane(['reference', 'reference:index-zero'])
    await runAndWait(first.wrapper)
    first.wrapper.unmount()
    const { wrapper, store } = await openPane()
    expect(attrs(wrapper, 'conformance-report', 'data-label')).toEqual(['reference', 'reference:index-zero'])
    expect(store.shown[1]?.report.exchanges.length).toBe(
      (await referenceReport('reference:index-zero')).exchanges.length,
    )
    expect(wrapper.find('[data-test="conformance-compare-count"]').text()).toBe('1 check differs')
  })

  it('Stop keeps what came back, marked as stopped', async () => {
    const { wrapper, store } = await openPane(['reference'])
    store.settings.concurrency = 1
    await wrapper.find('[data-test="conformance-run"]').trigger('click')
    await vi.waitFor(() => expect(store.progress[0]?.done).toBeGreaterThanOrEqual(2), { timeout: 20_000 })
    await wrapper.find('[data-test="conformance-stop"]').trigger('click')
    await vi.waitFor(() => expect(store.running).toBe(false), { timeout: 20_000 })
    await flushPromises()
    const [shown] = store.shown
    expect(shown?.run.stopped).toBe(true)
    expect(shown?.report.exchanges.length).toBeLessThan(store.progress[0]?.total ?? 0)
    expect(wrapper.find('[data-test="conformance-report"]').text()).toContain('Stopped before the end')
    expect(wrapper.find('[data-test="conformance-kept-run"]').text()).toContain('stopped')
  })

  it('a kept record that cannot be read costs only itself, with a notice naming it', async () => {
    const first = await openPane(['reference'])
    await runAndWait(first.wrapper)
    const good = useConformanceStore().runs[0]!.id
    first.wrapper.unmount()
    await putRaw('runs', { id: 'broken', label: 'x', createdAt: 1 })
    const { wrapper, store } = await openPane()
    expect(store.runs.map((r) => r.id)).toEqual([good])
    expect(attrs(wrapper, 'conformance-report', 'data-id')).toEqual([good])
    const notice = wrapper.find('[data-test="conformance-unreadable"]')
    expect(notice.text()).toContain('A kept record could not be read and was removed; everything else was kept')
    expect(notice.text()).toContain('run broken: no batch id')

    // A broken capture: the run is kept with its checks, the capture alone is dropped.
    wrapper.unmount()
    await putRaw('captures', { runId: good, exchanges: [{ probe: 1 }] })
    const again = await openPane()
    expect(again.store.runs.map((r) => r.id)).toEqual([good])
    expect(again.store.shown[0]?.report.exchanges).toEqual([])
    expect(again.store.shown[0]?.report.checks.length).toBeGreaterThan(0)
    expect(again.wrapper.find('[data-test="conformance-unreadable"]').text()).toContain(
      `the capture of run ${good}: exchange 0 of the wrong shape`,
    )
  })

  it('checks a capture file again offline, listing the lines it could not read', async () => {
    const { wrapper, store } = await openPane()
    const report = await referenceReport('reference:index-zero')
    const text = `${exchangesToJsonl(report.exchanges)}not json\n{"probe": 1}\n`
    await store.importCapture(new File([text], 'capture.jsonl'))
    await flushPromises()
    expect(store.importFailure).toBeNull()
    const errors = wrapper.findAll('[data-test="conformance-import-error"]').map((e) => e.text())
    const lines = report.exchanges.length
    expect(errors).toEqual([
      expect.stringMatching(new RegExp(`^line ${lines + 1}: not JSON`)),
      `line ${lines + 2}: "probe" is not a string`,
    ])
    expect(wrapper.find('[data-test="conformance-import-errors"]').text()).toContain(
      '2 lines could not be read and were skipped',
    )
    const card = wrapper.find('[data-test="conformance-report"]')
    expect(card.attributes('data-label')).toBe('reference:index-zero')
    expect(card.text()).toContain('Checked again offline from capture.jsonl.')
    expect(card.find('[data-category="delta-index"]').attributes('data-status')).toBe('fail')
    expect(store.runs[0]?.source).toBe('imported')
  })

  it('says when a file holds no exchange', async () => {
    const { wrapper, store } = await openPane()
    await store.importCapture(new File(['nothing here\n'], 'empty.jsonl'))
    await flushPromises()
    expect(wrapper.find('[data-test="conformance-import-failure"]').text()).toBe(
      'No exchange could be read from this file.',
    )
    expect(store.runs).toEqual([])
  })
})
