// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { IDBFactory } from 'fake-indexeddb'
import { scoreReply } from '../../../src/core/eval'
import { useEvalStore } from '../../../src/stores/eval'
import CaseDrillDown from '../../../src/components/eval/CaseDrillDown.vue'
import ComparePanel from '../../../src/components/eval/ComparePanel.vue'
import RunProgress from '../../../src/components/eval/RunProgress.vue'
import SuitePanel from '../../../src/components/eval/SuitePanel.vue'
import StorageNotices from '../../../src/components/eval/StorageNotices.vue'
import { EVAL_DB_NAME, openEvalRunStore } from '../../../src/persistence/eval-runs'
import { SAMPLE_SUITE } from '../../../src/components/eval/sample-suite'
import { mountWithApp } from '../../helpers-ui'
import { fixtureFile } from '../../stores/eval-fixtures'

const global = globalThis as { indexedDB?: IDBFactory }
beforeEach(() => {
  global.indexedDB = new IDBFactory()
})
afterEach(() => {
  delete global.indexedDB
  document.body.innerHTML = ''
})

describe('the suite panel', () => {
  it('loads the sample suite into the case list', async () => {
    const wrapper = mountWithApp(SuitePanel)
    await wrapper.find('[data-test="eval-sample"]').trigger('click')
    expect(wrapper.find('[data-test="eval-suite-status"]').text()).toBe(`sample: ${SAMPLE_SUITE.length} cases`)
    const rows = wrapper.findAll('[data-test="eval-case"]')
    expect(rows.map((r) => r.attributes('data-id'))).toEqual(SAMPLE_SUITE.map((c) => c.id))
    expect(rows[0]?.text()).toContain('get_weather(city="Paris"|"Paris, France", unit?="celsius")')
    expect(rows[5]?.text()).toContain('no call')
  })

  it('reads the questions file chosen, and again with the answers chosen after it', async () => {
    const wrapper = mountWithApp(SuitePanel)
    const choose = async (test: string, file: File) => {
      const input = wrapper.find(`[data-test="${test}"]`).element as HTMLInputElement
      Object.defineProperty(input, 'files', { value: [file], configurable: true })
      await wrapper.find(`[data-test="${test}"]`).trigger('change')
    }
    await choose('eval-questions-file', fixtureFile('questions.jsonl'))
    await choose('eval-answers-file', fixtureFile('possible_answer.jsonl'))
    const store = useEvalStore()
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(store.cases).toHaveLength(15)
    expect(store.caseById.get('simple_python_0')?.expected).toHaveLength(1)
    expect(wrapper.find('[data-test="eval-suite-status"]').text()).toBe('questions.jsonl: 15 cases')
    expect(wrapper.find('[data-test="eval-suite-errors"]').exists()).toBe(false)
  })
})

describe('the drill-down of a case', () => {
  const weather = SAMPLE_SUITE[0]!
  const reply =
    'Let me check.\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」get_weather「末」,\ncity:「始」Atlantis「末」\n<<<[END_TOOL_REQUEST]>>>'
  const failing = { ...scoreReply(weather, { result: reply }, { protocol: 'vcp' }), model: 'm', protocol: 'vcp', reply }

  it('shows the verdict with its error type, the calls expected and decoded, the reply and its cards', async () => {
    mountWithApp(CaseDrillDown, {
      props: { outcome: failing, testCase: weather, protocol: 'vcp' },
      attachTo: document.body,
    })
    await flushPromises()
    const find = (test: string) => document.querySelector(`[data-test="${test}"]`)
    expect(find('eval-drill-verdict')?.getAttribute('data-valid')).toBe('false')
    expect(find('eval-drill-error-type')?.textContent).toBe('value_error:string')
    expect(find('eval-drill-errors')?.textContent).toContain('Atlantis')
    expect(find('eval-drill-expected')?.textContent).toContain(
      'get_weather(city="Paris"|"Paris, France", unit?="celsius")',
    )
    expect(find('eval-drill-decoded')?.textContent).toContain('get_weather(city="Atlantis")')
    expect(find('eval-drill-reply')?.textContent).toContain('<<<[TOOL_REQUEST]>>>')
    const cards = document.querySelectorAll('[data-test="eval-reply-cards"] [data-test="request-card"]')
    expect(cards).toHaveLength(1)
    expect(cards[0]?.textContent).toContain('get_weather')
  })

  it('shows a native reply’s tool_calls as JSON, with no cards', async () => {
    const toolCalls = [
      { id: 'c1', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city": "Paris"}' } },
    ]
    const native = {
      ...scoreReply(weather, { content: '', toolCalls }),
      protocol: 'native',
      reply: '',
      replyToolCalls: toolCalls,
    }
    mountWithApp(CaseDrillDown, {
      props: { outcome: native, testCase: weather, protocol: 'native' },
      attachTo: document.body,
    })
    await flushPromises()
    expect(document.querySelector('[data-test="eval-drill-verdict"]')?.getAttribute('data-valid')).toBe('true')
    expect(document.querySelector('[data-test="eval-drill-reply"]')?.textContent).toContain('"c1"')
    expect(document.querySelector('[data-test="eval-drill-reply"]')?.textContent).toContain('get_weather')
    expect(document.querySelector('[data-test="eval-reply-cards"]')).toBeNull()
  })
})

describe('the progress of a run', () => {
  it('counts jobs kept from before as done, and shows the time left while running', () => {
    const progress = { done: 4, total: 20, skipped: 6, failedRequests: 1, elapsedMs: 2000, etaMs: 5000 }
    const wrapper = mountWithApp(RunProgress, { props: { progress, running: true } })
    expect(wrapper.attributes('data-done')).toBe('10')
    expect(wrapper.find('[data-test="eval-progress-count"]').text()).toBe('10 of 20 done')
    expect(wrapper.text()).toContain('6 kept from before')
    expect(wrapper.text()).toContain('1 failed request')
    expect(wrapper.find('[data-test="eval-eta"]').text()).toBe('about 5.0 s left')
  })
})

describe('the comparison panel', () => {
  it('shows how many cases changed each way, regressions first', async () => {
    const wrapper = mountWithApp(ComparePanel)
    const store = useEvalStore()
    await store.ready
    await store.readSuiteFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
    await store.scoreOffline(fixtureFile('results-decoded.jsonl'), 'auto')
    const before = store.shownRunId
    await store.scoreOffline(fixtureFile('results-raw.jsonl'), 'auto')
    await store.compareWith(before)
    await flushPromises()
    const counts = Object.fromEntries(
      wrapper
        .findAll('[data-test="eval-compare-count"]')
        .map((c) => [c.attributes('data-change'), Number(c.attributes('data-count'))]),
    )
    // From the fixture verdicts: parallel_multiple_1 broke; multiple_0, parallel_1 and parallel_multiple_0 were fixed.
    expect(counts).toEqual({ regression: 1, fixed: 3, 'still-failing': 8, added: 0, removed: 0, 'still-passing': 3 })
    const changes = wrapper.findAll('[data-test="eval-compare-row"]').map((r) => r.attributes('data-change'))
    expect(changes[0]).toBe('regression')
    expect(wrapper.text()).toContain('cases are matched by id alone')
  })
})

describe('the notices about kept runs', () => {
  it('says which stored records could not be read, offers their text, and goes once dismissed', async () => {
    const created = await openEvalRunStore()
    if (created.ok) created.store.close()
    const request = indexedDB.open(EVAL_DB_NAME)
    await new Promise<void>((resolve) => {
      request.onsuccess = () => {
        const db = request.result
        const tx = db.transaction('runs', 'readwrite')
        tx.objectStore('runs').put({ id: 'old-run', label: 'x', createdAt: 'yesterday' })
        tx.oncomplete = () => resolve(db.close())
      }
    })
    const wrapper = mountWithApp(StorageNotices)
    await useEvalStore().ready
    await flushPromises()
    const notice = wrapper.find('[data-test="eval-unreadable"]')
    expect(notice.text()).toContain('1 kept eval record could not be read and was removed')
    expect(notice.text()).toContain('run old-run: no creation time')
    expect(wrapper.find('[data-test="eval-unreadable-download"]').exists()).toBe(true)
    useEvalStore().dismissUnreadable()
    await flushPromises()
    expect(wrapper.find('[data-test="eval-unreadable"]').exists()).toBe(false)
  })

  it('says runs last only until the page closes when IndexedDB cannot be used', async () => {
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB
    const wrapper = mountWithApp(StorageNotices)
    await useEvalStore().ready
    await flushPromises()
    expect(wrapper.find('[data-test="eval-storage-problem"]').text()).toContain(
      'Eval runs are kept only until this page closes',
    )
  })
})
