// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import EndpointDialog from '../../../src/components/chat/EndpointDialog.vue'
import { useChatStore } from '../../../src/stores/chat'
import { mountWithApp } from '../../helpers-ui'

/** The dialog open on a new endpoint whose connection test answers with `models`. */
async function dialogFinding(models: string[], model = '') {
  const wrapper = mountWithApp(EndpointDialog, { props: { modelValue: false } })
  const chat = useChatStore()
  const profile = chat.addProfile()
  profile.model = model
  chat.activeSession.profileId = profile.id
  chat.testConnection = vi.fn(() => Promise.resolve({ ok: true as const, models }))
  await wrapper.setProps({ modelValue: true })
  await wrapper.find('[data-test="test-connection"]').trigger('click')
  await vi.waitFor(() => expect(wrapper.find('[data-test="connection-result"]').exists()).toBe(true), {
    timeout: 20_000,
  })
  return chat.profiles.find((p) => p.id === profile.id)!
}

describe('EndpointDialog', { timeout: 30_000 }, () => {
  it('Test connection that finds exactly one model selects it (it used to leave the model empty)', async () => {
    expect((await dialogFinding(['qwen2.5:7b'])).model).toBe('qwen2.5:7b')
  })

  it('with several models, or a model already chosen from the list, the choice stays the user’s', async () => {
    expect((await dialogFinding(['a', 'b'])).model).toBe('')
    expect((await dialogFinding(['a', 'b'], 'b')).model).toBe('b')
  })
})
