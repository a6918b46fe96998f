// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import ElementPlus from 'element-plus'
import AgentDialog from '../../../src/components/chat/AgentDialog.vue'
import { useChatStore } from '../../../src/stores/chat'
import { createAppI18n } from '../../../src/i18n'
import { DEFAULT_NAMES } from '../../../src/saved-chats/model'
import { freshPinia, mountWithApp, useFreshApp } from '../../helpers-ui'
import { mount } from '@vue/test-utils'

useFreshApp()

/** The name field (the dialog is teleported to the body). */
const nameInput = () =>
  document.querySelector<HTMLInputElement>('input[data-test="agent-name"], [data-test="agent-name"] input')

describe('AgentDialog', { timeout: 30_000 }, () => {
  it('shows the default agent under the name the list shows, in Chinese too (it showed "Tool user")', async () => {
    const wrapper = mount(AgentDialog, {
      props: { modelValue: true },
      global: { plugins: [freshPinia(), createAppI18n('zh'), ElementPlus] },
      attachTo: document.body,
    })
    await vi.waitFor(() => expect(nameInput()).not.toBeNull(), { timeout: 20_000 })
    expect(useChatStore().activeAgent.name).toBe(DEFAULT_NAMES.agent)
    expect(nameInput()!.value).toBe('工具助手')
    nameInput()!.value = '我的助手'
    nameInput()!.dispatchEvent(new Event('input'))
    expect(useChatStore().activeAgent.name).toBe('我的助手')
    wrapper.unmount()
  })

  it('keeps a name the person typed as typed', async () => {
    const wrapper = mountWithApp(AgentDialog, { props: { modelValue: true }, attachTo: document.body })
    const chat = useChatStore()
    chat.activeAgent.name = 'Researcher'
    await vi.waitFor(() => expect(nameInput()?.value).toBe('Researcher'), { timeout: 20_000 })
    wrapper.unmount()
  })
})
