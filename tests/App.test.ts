// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { toolRegistryManager } from '../src/core'
import { registerBuiltinTools, createMemoryFileStore } from '../src/tools'
import { createNodeSandboxRunner } from '../src/tools/node'
import { nextTick } from 'vue'
import App from '../src/App.vue'
import { useReplyStore } from '../src/stores/reply'

describe('App shell', () => {
  let unregister: () => void = () => {}
  beforeEach(() => {
    setActivePinia(createPinia())
    // The page's tools, with backends that exist in this test environment.
    unregister = registerBuiltinTools(toolRegistryManager, { files: createMemoryFileStore(), sandbox: createNodeSandboxRunner() })
  })
  afterEach(() => unregister())

  function mountApp() {
    return mount(App, { global: { plugins: [ElementPlus] } })
  }

  it('shows the sample reply parsed into request cards', () => {
    const wrapper = mountApp()
    const cards = wrapper.findAll('[data-test="request-card"]')
    expect(cards).toHaveLength(3)
    expect(cards[1]?.text()).toContain('fs_read')
    expect(cards[1]?.text()).toContain('/notes/today.md')
    expect(cards[1]?.text()).toContain('ready')
  })

  it('runs the requests against the built-in tools and shows each result', async () => {
    const wrapper = mountApp()
    await wrapper.get('[data-test="run"]').trigger('click')
    await flushPromises()
    const results = wrapper.findAll('[data-test="result-card"]').map((card) => card.text())
    expect(results).toHaveLength(3)
    expect(results[0]).toContain('fs_write')
    expect(results[0]).toContain('success')
    expect(results[1]).toContain('- try the workbench')
    expect(results[2]).toContain('"result": 14')
  })

  it('shows denied and error results for what a model may not or cannot call', async () => {
    const wrapper = mountApp()
    useReplyStore().text = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_wipe「末」\n<<<[END_TOOL_REQUEST]>>>\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evalute「末」\n<<<[END_TOOL_REQUEST]>>>'
    await nextTick()
    await wrapper.get('[data-test="run"]').trigger('click')
    await flushPromises()
    const results = wrapper.findAll('[data-test="result-card"]').map((card) => card.text())
    expect(results[0]).toContain('denied')
    expect(results[0]).toContain('"fs_wipe" is not agent-callable')
    expect(results[1]).toContain('Unknown tool "calc_evalute". Did you mean "calc_evaluate" or "calc"?')
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
