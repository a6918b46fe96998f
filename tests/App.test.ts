// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import App from '../src/App.vue'
import { useReplyStore } from '../src/stores/reply'

describe('App shell', () => {
  beforeEach(() => setActivePinia(createPinia()))

  function mountApp() {
    return mount(App, { global: { plugins: [ElementPlus] } })
  }

  it('shows the sample reply parsed into a request card', () => {
    const wrapper = mountApp()
    const cards = wrapper.findAll('[data-test="request-card"]')
    expect(cards).toHaveLength(1)
    expect(cards[0]?.text()).toContain('vfs_read')
    expect(cards[0]?.text()).toContain('/notes/today.md')
    expect(cards[0]?.text()).toContain('ready')
  })

  it('re-parses as the reply changes and shows diagnostics with their position', async () => {
    const wrapper = mountApp()
    useReplyStore().text = 'oops <<<[END_TOOL_REQUEST]>>>\n<<<[TOOL_REQUEST]>>>\npath:「始」/a「末」\n<<<[END_TOOL_REQUEST]>>>'
    await nextTick()
    const card = wrapper.get('[data-test="request-card"]')
    expect(card.text()).toContain('(no tool_name)')
    expect(card.text()).toContain('invalid')
    const diagnostics = wrapper.findAll('[data-test="diagnostic"]').map((d) => d.text())
    expect(diagnostics).toHaveLength(2)
    expect(diagnostics[0]).toContain('1:6 stray-end-marker')
    expect(diagnostics[1]).toContain('2:1 missing-tool-name')
  })
})
