// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { IDBFactory } from 'fake-indexeddb'
import { caseFromCalls, readSuite, type EvalCase } from '../../../src/core/eval'
import { openEvalRunStore } from '../../../src/persistence/eval-runs'
import SuitePanel from '../../../src/components/eval/SuitePanel.vue'
import { useEvalStore } from '../../../src/stores/eval'
import { SAMPLE_SUITE } from '../../../src/components/eval/sample-suite'
import { mountWithApp } from '../../helpers-ui'

const global = globalThis as { indexedDB?: IDBFactory }
beforeEach(() => {
  global.indexedDB = new IDBFactory()
})
afterEach(() => {
  delete global.indexedDB
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

const weather = {
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
}
const time = { name: 'get_time', parameters: { type: 'object', properties: {} } }
const SAVED: EvalCase[] = [
  caseFromCalls({
    id: 'paris',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    functions: [weather],
    calls: [{ get_weather: { city: 'Paris' } }],
  }),
  caseFromCalls({
    id: 'hello',
    messages: [{ role: 'user', content: 'Hello!' }],
    functions: [weather, time],
    calls: [],
  }),
]

/** The suite panel over a database that holds the saved cases above. */
async function mountPanel() {
  const opened = await openEvalRunStore()
  if (!opened.ok) throw new Error(opened.reason)
  for (const [n, testCase] of SAVED.entries())
    await opened.store.putSavedCase({ id: testCase.id, savedAt: n, case: testCase })
  opened.store.close()
  const wrapper = mountWithApp(SuitePanel)
  const store = useEvalStore()
  await store.ready
  await flushPromises()
  return { wrapper, store }
}

/** The files downloaded while `work` runs, by name. */
async function downloads(work: () => void): Promise<Map<string, string>> {
  const blobs: Blob[] = []
  const names: string[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob)
    return `blob:${blobs.length}`
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  work()
  const texts = await Promise.all(blobs.map((blob) => blob.text()))
  return new Map(names.map((name, n) => [name, texts[n] ?? '']))
}

describe('the saved cases in the suite panel', () => {
  it('counts them, loads them as the suite "Saved cases", and deletes a row', async () => {
    const { wrapper, store } = await mountPanel()
    expect(wrapper.find('[data-test="eval-saved-count"]').text()).toBe('2 cases')
    expect(wrapper.find('[data-test="eval-case-list"]').exists()).toBe(false)
    await wrapper.find('[data-test="eval-saved-load"]').trigger('click')
    expect(wrapper.find('[data-test="eval-suite-status"]').text()).toBe('Saved cases: 2 cases')
    const rows = wrapper.findAll('[data-test="eval-case"]')
    expect(rows.map((r) => r.attributes('data-id'))).toEqual(['paris', 'hello'])
    expect(rows[1]?.text()).toContain('no call')
    const remove = rows[0]!.find('[data-test="eval-case-delete"]')
    expect(remove.attributes('aria-label')).toBe('Delete paris from the saved cases')
    await remove.trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-test="eval-case"]').map((r) => r.attributes('data-id'))).toEqual(['hello'])
    expect(store.savedCases.map((c) => c.id)).toEqual(['hello'])
  })

  it('offers no delete on the rows of another suite', async () => {
    const { wrapper } = await mountPanel()
    await wrapper.find('[data-test="eval-sample"]').trigger('click')
    expect(wrapper.findAll('[data-test="eval-case"]')).toHaveLength(SAMPLE_SUITE.length)
    expect(wrapper.find('[data-test="eval-case-delete"]').exists()).toBe(false)
  })

  it('exports them as BFCL’s question and possible-answer files, which read back as the same cases', async () => {
    const { wrapper } = await mountPanel()
    const files = await downloads(() => void wrapper.find('[data-test="eval-saved-export"]').trigger('click'))
    expect([...files.keys()]).toEqual(['vcp-saved-cases_questions.jsonl', 'vcp-saved-cases_possible_answer.jsonl'])
    const questions = files.get('vcp-saved-cases_questions.jsonl') ?? ''
    const answers = files.get('vcp-saved-cases_possible_answer.jsonl') ?? ''
    // The no-call case has no answer line, as BFCL has none for irrelevance.
    expect(answers.trim().split('\n')).toHaveLength(1)
    const read: unknown[] = []
    for await (const entry of readSuite(questions, { answers })) read.push(entry)
    expect(read).toEqual(SAVED.map((testCase) => ({ case: testCase })))
  })

  it('has nothing to load or export before a case is saved', async () => {
    const wrapper = mountWithApp(SuitePanel)
    await useEvalStore().ready
    await flushPromises()
    expect(wrapper.find('[data-test="eval-saved-count"]').text()).toContain('None yet')
    expect(wrapper.find('[data-test="eval-saved-load"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-test="eval-saved-export"]').attributes('disabled')).toBeDefined()
  })
})
