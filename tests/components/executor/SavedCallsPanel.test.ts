// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { writeCollectionFile } from '../../../src/core/collections'
import SavedCallsPanel from '../../../src/components/executor/SavedCallsPanel.vue'
import { SAVED_CALLS_KEY } from '../../../src/persistence/executor-saved-calls'
import { STORAGE_PREFIX } from '../../../src/persistence/persisted'
import { useExecutorStore } from '../../../src/stores/executor'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

const answer = { name: 'answer', method: 'calc_evaluate', arguments: { expression: '6*7' } }
const saved = (text: string) => localStorage.setItem(STORAGE_PREFIX + SAVED_CALLS_KEY, text)

function mountPanel() {
  return mountWithApp(SavedCallsPanel, { props: { running: false }, attachTo: document.body })
}

async function pickFile(wrapper: ReturnType<typeof mountPanel>, text: string): Promise<void> {
  const input = wrapper.find('[data-test="saved-import"]')
  Object.defineProperty(input.element, 'files', { value: [new File([text], 'c.json')], configurable: true })
  await input.trigger('change')
}

describe('the saved calls panel', () => {
  useFreshApp({ pinia: false })

  it('lists collections with their calls; Run asks the pane, Load fills the editor', async () => {
    saved(writeCollectionFile({ name: 'Maths', calls: [answer] }))
    const wrapper = mountPanel()
    expect(wrapper.find('[data-test="saved-collection"]').attributes('data-name')).toBe('Maths')
    expect(wrapper.find('[data-test="saved-call-args"]').text()).toBe('expression: 6*7')
    await wrapper.find('[data-test="saved-call-run"]').trigger('click')
    expect(wrapper.emitted('run')).toEqual([[answer]])
    await wrapper.find('[data-test="saved-call-load"]').trigger('click')
    const store = useExecutorStore()
    expect(store.state.routingName).toBe('calc_evaluate')
    expect(store.state.values.expression).toBe('6*7')
    wrapper.unmount()
  })

  it('renames a call in place and deletes it', async () => {
    saved(writeCollectionFile({ name: 'Maths', calls: [answer] }))
    const wrapper = mountPanel()
    await wrapper.find('[data-test="saved-call-rename"]').trigger('click')
    await wrapper.find('input[data-test="saved-call-rename-input"]').setValue('forty-two')
    await wrapper.find('[data-test="saved-call-rename-ok"]').trigger('click')
    await vi.waitFor(() => expect(wrapper.find('[data-test="saved-call-name"]').text()).toBe('forty-two'), {
      timeout: 20_000,
    })
    await wrapper.find('[data-test="saved-call-delete"]').trigger('click')
    await vi.waitFor(() => expect(wrapper.findAll('[data-test="saved-call"]')).toHaveLength(0), { timeout: 20_000 })
    wrapper.unmount()
  })

  it('an import with bad entries changes nothing and names each entry with its index and reason', async () => {
    const wrapper = mountPanel()
    const bad = JSON.stringify({
      format: 'vcp-workbench.collection',
      version: 1,
      name: 'X',
      calls: [answer, { name: 'no method' }, { name: 'answer', method: 'fs_tree' }],
    })
    await pickFile(wrapper, bad)
    await vi.waitFor(() => expect(wrapper.find('[data-test="saved-import-error"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="saved-import-error"]').text()).toContain(
      'The file was not imported2 entries are not valid; nothing was changed:',
    )
    expect(wrapper.findAll('[data-test="saved-import-problem"]').map((li) => li.text())).toEqual([
      '“X”, call at index 1: no method (a routing name such as calc_evaluate)',
      '“X”, call at index 2: the name "answer" is used by an earlier call',
    ])
    expect(useExecutorStore().savedCollections).toEqual([])
    await pickFile(wrapper, writeCollectionFile({ name: 'X', calls: [answer] }))
    await vi.waitFor(() => expect(wrapper.find('[data-test="saved-collection"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="saved-import-error"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('saved calls that cannot be read give a notice naming what was lost, with the original to download', async () => {
    const raw = JSON.stringify({
      format: 'vcp-workbench.collections',
      version: 1,
      collections: [{ name: 'Maths', calls: [answer, { name: 'x', method: 'calc_evaluate', arguments: 5 }] }],
    })
    saved(raw)
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (created.push(blob as Blob), 'blob:saved'))
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const wrapper = mountPanel()
    const notice = wrapper.find('[data-test="saved-notice"]')
    expect(notice.text()).toContain('Some saved calls could not be read')
    expect(notice.text()).toContain('These were removed and the others kept; the rest of the workbench is unaffected')
    expect(notice.find('[data-test="saved-notice-problems"]').text()).toBe(
      '"Maths" calls[1]: "arguments" is not an object of named arguments',
    )
    expect(wrapper.findAll('[data-test="saved-call"]')).toHaveLength(1)
    await wrapper.find('[data-test="saved-notice-download"]').trigger('click')
    expect(await created[0]?.text()).toBe(raw)
    vi.restoreAllMocks()
    wrapper.unmount()
  })

  it('an import nested 200,000 deep is refused with its entry named', async () => {
    const wrapper = mountPanel()
    const depth = 200_000
    const args = `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`
    await pickFile(
      wrapper,
      `{"format": "vcp-workbench.collection", "version": 1, "name": "Deep", "calls": [{"name": "deep", "method": "calc_evaluate", "arguments": ${args}}]}`,
    )
    await vi.waitFor(() => expect(wrapper.find('[data-test="saved-import-error"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.findAll('[data-test="saved-import-problem"]').map((li) => li.text())).toEqual([
      '“Deep”, call at index 0: the arguments nest deeper than 64 levels',
    ])
    expect(useExecutorStore().savedCollections).toEqual([])
    wrapper.unmount()
  })

  it('a save the browser refuses is said with its reason for as long as it lasts', async () => {
    const wrapper = mountPanel()
    const store = useExecutorStore()
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('the quota is used up', 'QuotaExceededError')
    })
    store.saveCall('', 'answer', answer.method, answer.arguments)
    await vi.waitFor(() => expect(wrapper.find('[data-test="saved-not-saved"]').exists()).toBe(true))
    expect(wrapper.find('[data-test="saved-not-saved"]').text()).toBe(
      'The browser refused to save the calls; they are kept until the page closes.QuotaExceededError: the quota is used up',
    )
    setItem.mockRestore()
    store.saveCall('', 'again', answer.method, answer.arguments)
    await vi.waitFor(() => expect(wrapper.find('[data-test="saved-not-saved"]').exists()).toBe(false))
    expect(localStorage.getItem(STORAGE_PREFIX + SAVED_CALLS_KEY)).toContain('"again"')
    wrapper.unmount()
  })
})
