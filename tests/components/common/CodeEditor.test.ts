// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import CodeEditor from '../../../src/components/common/CodeEditor.vue'
import { createAppI18n } from '../../../src/i18n'

// Monaco is wanted here (as in the browser), and loading it fails the way a chunk that cannot be
// fetched does.
const monaco = vi.hoisted(() => ({ wanted: true, failure: new Error('Failed to fetch dynamically imported module') }))
vi.mock('../../../src/monaco/load', () => ({
  monacoWanted: () => monaco.wanted,
  loadMonaco: () => Promise.reject(monaco.failure),
}))

function mountEditor(locale: 'en' | 'zh') {
  return mount(CodeEditor, {
    props: { modelValue: '{"a": 1}', name: 'args', language: 'json' },
    global: { plugins: [createAppI18n(locale)] },
  })
}

describe('CodeEditor when Monaco cannot be loaded', () => {
  it('keeps the plain text box with a notice that gives the reason, in English', async () => {
    const wrapper = mountEditor('en')
    await vi.waitFor(() => expect(wrapper.find('[data-test="editor-args-notice"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="editor-args-notice"]').text()).toBe(
      'The code editor could not be loaded, so this is a plain text box. Reason: Failed to fetch dynamically imported module',
    )
    const fallback = wrapper.find('[data-test="editor-args-fallback"]')
    expect((fallback.element as HTMLTextAreaElement).value).toBe('{"a": 1}')
    await fallback.setValue('{"a": 2}')
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual(['{"a": 2}'])
  })

  it('says the same in Chinese', async () => {
    const wrapper = mountEditor('zh')
    await vi.waitFor(() => expect(wrapper.find('[data-test="editor-args-notice"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="editor-args-notice"]').text()).toBe(
      '代码编辑器未能加载，这里改用纯文本框。原因：Failed to fetch dynamically imported module',
    )
  })

  it('names an unknown error when the failure has no message', async () => {
    monaco.failure = new Error('')
    const wrapper = mountEditor('en')
    await vi.waitFor(() => expect(wrapper.find('[data-test="editor-args-notice"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="editor-args-notice"]').text()).toContain('Reason: unknown error')
  })

  it('shows no notice where Monaco is not loaded at all (nothing failed)', async () => {
    monaco.wanted = false
    const wrapper = mountEditor('en')
    await vi.waitFor(() => expect(wrapper.find('[data-test="editor-args-fallback"]').exists()).toBe(true))
    expect(wrapper.find('[data-test="editor-args-notice"]').exists()).toBe(false)
  })
})
