// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import SaveCallDialog from '../../../src/components/executor/SaveCallDialog.vue'
import { useExecutorStore } from '../../../src/stores/executor'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

const args = { expression: '6*7' }

function mountDialog() {
  const wrapper = mountWithApp(SaveCallDialog, {
    props: { method: 'calc_evaluate', args, open: false },
    attachTo: document.body,
  })
  return wrapper
}

const inBody = (id: string) => document.body.querySelector<HTMLElement>(`[data-test="${id}"]`)
const nameInput = () =>
  document.body.querySelector<HTMLInputElement>('input[data-test="save-name"], [data-test="save-name"] input')!

async function open(wrapper: ReturnType<typeof mountDialog>): Promise<void> {
  await wrapper.setProps({ open: true })
  await vi.waitFor(() => expect(inBody('save-confirm')).not.toBeNull(), { timeout: 20_000 })
}

describe('the save call dialog', () => {
  useFreshApp({ pinia: false })

  it('saves into Default under the method name by default', async () => {
    const wrapper = mountDialog()
    await open(wrapper)
    expect(nameInput().value).toBe('calc_evaluate')
    inBody('save-confirm')!.click()
    const store = useExecutorStore()
    await vi.waitFor(() => expect(store.savedCollections).toHaveLength(1), { timeout: 20_000 })
    expect(store.savedCollections[0]).toEqual({
      name: 'Default',
      calls: [{ name: 'calc_evaluate', method: 'calc_evaluate', arguments: args }],
    })
    expect(wrapper.emitted('update:open')).toEqual([[false]])
    wrapper.unmount()
  })

  it('says when the browser did not keep the call, instead of "Saved as"', async () => {
    const wrapper = mountDialog()
    await open(wrapper)
    // A name of its own: the earlier test's call is already saved.
    nameInput().value = 'not kept'
    nameInput().dispatchEvent(new Event('input'))
    await nextTick()
    const refuse = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    try {
      inBody('save-confirm')!.click()
      // The newest message (an earlier test's may still be fading out).
      const newest = () => [...document.body.querySelectorAll('.el-message')].at(-1)?.textContent ?? ''
      await vi.waitFor(() => expect(newest()).toContain('for this page only'), { timeout: 20_000 })
      expect(newest()).toContain('Saved as “not kept” in “Default”')
      expect(newest()).toContain('QuotaExceededError')
    } finally {
      refuse.mockRestore()
      wrapper.unmount()
    }
  }, 30_000)

  it('asks before a taken name is replaced', async () => {
    const wrapper = mountDialog()
    const store = useExecutorStore()
    store.saveCall('Default', 'calc_evaluate', 'calc_evaluate', { expression: '1' })
    await open(wrapper)
    inBody('save-confirm')!.click()
    await vi.waitFor(() => expect(inBody('save-exists')?.textContent).toContain('is already in “Default”'), {
      timeout: 20_000,
    })
    expect(store.savedCollections[0]?.calls[0]?.arguments).toEqual({ expression: '1' })
    inBody('save-replace')!.click()
    await nextTick()
    expect(store.savedCollections[0]?.calls).toEqual([
      { name: 'calc_evaluate', method: 'calc_evaluate', arguments: args },
    ])
    wrapper.unmount()
  })
})
