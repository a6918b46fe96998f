// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import { h, type Component } from 'vue'
import { lazyPane } from '../../../src/components/common/lazy-pane'
import { createAppI18n } from '../../../src/i18n'

/** A pane whose code arrives when the test says so. */
function heldPane() {
  let arrive: (module: { default: Component }) => void = () => {}
  const loading = new Promise<{ default: Component }>((resolve) => (arrive = resolve))
  const pane: Component = { render: () => h('div', { 'data-test': 'the-pane' }, 'pane') }
  // Marked as a module namespace, as import() gives: its default export is the component.
  return {
    load: () => loading,
    arrive: () => arrive(Object.assign({ default: pane }, { [Symbol.toStringTag]: 'Module' })),
  }
}

function mountLazy(locale: 'en' | 'zh', load: () => Promise<{ default: Component }>) {
  // Inside a host, as in the tabs: an async component cannot be the mounted root.
  const Pane = lazyPane('executor', load)
  const host: Component = { render: () => h(Pane) }
  return mount(host, { global: { plugins: [createAppI18n(locale), ElementPlus] } })
}

/** Element Plus is imported by the first mount: slow on a busy machine. */
const MOUNT_TIMEOUT = 30_000

describe('lazyPane', () => {
  it(
    'shows a skeleton named after its tab until the pane has loaded, then the pane',
    async () => {
      const held = heldPane()
      const wrapper = mountLazy('en', held.load)
      await vi.waitFor(() => expect(wrapper.find('[data-test="pane-skeleton"]').exists()).toBe(true), {
        timeout: 20_000,
      })
      const skeleton = wrapper.find('[data-test="pane-skeleton"]')
      expect(skeleton.attributes('data-pane')).toBe('executor')
      expect(skeleton.attributes('aria-busy')).toBe('true')
      expect(skeleton.text()).toContain('Loading Executor…')
      expect(skeleton.find('.el-skeleton').exists()).toBe(true)
      held.arrive()
      await vi.waitFor(() => expect(wrapper.find('[data-test="the-pane"]').exists()).toBe(true), { timeout: 20_000 })
      expect(wrapper.find('[data-test="pane-skeleton"]').exists()).toBe(false)
    },
    MOUNT_TIMEOUT,
  )

  it(
    'says so in Chinese',
    async () => {
      const wrapper = mountLazy('zh', heldPane().load)
      await vi.waitFor(() => expect(wrapper.find('[data-test="pane-skeleton"]').text()).toContain('正在加载执行器…'), {
        timeout: 20_000,
      })
    },
    MOUNT_TIMEOUT,
  )
})
