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
