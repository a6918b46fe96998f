// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { nextTick } from 'vue'
import App from '../../src/App.vue'
import { persistNotices, STORAGE_PREFIX } from '../../src/stores/persisted'
import { useTesterStore } from '../../src/stores/tester'
import { useDiscoveryStore } from '../../src/stores/discovery'
import { mountWithApp, useFreshApp } from '../helpers-ui'

describe('ToolCallingTester', () => {
  useFreshApp({ pinia: false })
  beforeEach(() => {
    persistNotices.value = []
  })

  it('shows the three panes and switches language and theme', async () => {
    const wrapper = mountWithApp(App)
    await flushPromises()
    expect(wrapper.findAll('.el-tabs__item').map((t) => t.text())).toEqual(['Discovery', 'Executor', 'Parser', 'Chat'])
    expect(wrapper.findAll('[data-test="tool-card"]').length).toBeGreaterThan(0)
    const tester = useTesterStore()
    tester.locale = 'zh'
    await nextTick()
    expect(wrapper.findAll('.el-tabs__item').map((t) => t.text())).toEqual(['工具发现', '执行器', '解析器', '对话'])
    expect(wrapper.text()).toContain('VCP 工作台')
    tester.theme = 'dark'
    await nextTick()
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    tester.theme = 'light'
    await nextTick()
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })

  it('replaces a corrupt saved state with a visible notice, never a blank page', async () => {
    localStorage.setItem(`${STORAGE_PREFIX}tester`, '{"version": 1, "data": {"tab": "nowhere"}}')
    localStorage.setItem(`${STORAGE_PREFIX}executor`, 'not json at all')
    localStorage.setItem(`${STORAGE_PREFIX}chat`, '{"version": 1, "data": {"profiles": "broken"}}')
    const wrapper = mountWithApp(App)
    await flushPromises()
    const notices = wrapper.findAll('[data-test="persist-notice"]').map((n) => n.text())
    expect(notices).toHaveLength(3)
    expect(notices[0]).toContain('The saved layout (tab, theme, language) did not have the expected shape, so it was reset to the defaults.')
    expect(notices).toContainEqual(expect.stringContaining('The saved Chat sessions, agents and endpoints did not have the expected shape'))
    expect(wrapper.findAll('.el-tabs__item')).toHaveLength(4)
  })

  it('Ctrl+Enter runs the open pane’s action', async () => {
    const wrapper = mountWithApp(App)
    await flushPromises()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }))
    await nextTick()
    expect(useDiscoveryStore().state.selected).toBe('calc')
    expect(wrapper.find('[data-test="tool-detail"]').text()).toContain('calc_evaluate')
  })
})
