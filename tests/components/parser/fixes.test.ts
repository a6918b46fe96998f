// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import ParserPane from '../../../src/components/parser/ParserPane.vue'
import DiagnosticList from '../../../src/components/parser/DiagnosticList.vue'
import { parseToolRequests, suggestFixes } from '../../../src/core'
import { createAppI18n } from '../../../src/i18n'
import { useParserStore } from '../../../src/stores/parser'
import { freshPinia, mountWithApp, useFreshApp } from '../../helpers-ui'

const UNCLOSED = 'Checking.\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」6*7「末」\n'
const SWALLOWING =
  '<tool_call>\n{"name": "calc_evaluate", "arguments": {"expression": "1+1"}}\n<tool_call>\n{"name": "calc_evaluate", "arguments": {"expression": "2+2"}}\n</tool_call>'

describe('Parser fixes and hints', { timeout: 60_000 }, () => {
  useFreshApp({ pinia: false })

  it('applies a fix to the reply, shows Undo, and undoes it', async () => {
    const wrapper = mountWithApp(ParserPane)
    const store = useParserStore()
    store.state.protocol = 'vcp'
    store.text = UNCLOSED
    store.flush()
    const fix = () => wrapper.find('[data-test="diagnostic-fix"]')
    await vi.waitFor(() => expect(fix().exists()).toBe(true), { timeout: 20_000 })
    expect(fix().text()).toBe('Apply fix: Insert <<<[END_TOOL_REQUEST]>>>')
    expect(wrapper.find('[data-test="diagnostic"]').attributes('data-code')).toBe('missing-end-marker')

    await fix().trigger('click')
    await vi.waitFor(() => expect(wrapper.find('[data-test="fix-applied"]').exists()).toBe(true), { timeout: 20_000 })
    const textarea = wrapper.find<HTMLTextAreaElement>('[data-test="editor-parser-reply-fallback"]')
    expect(textarea.element.value).toBe(`${UNCLOSED.trimEnd()}\n<<<[END_TOOL_REQUEST]>>>\n`)
    expect(wrapper.findAll('[data-test="diagnostic"]')).toHaveLength(0)
    expect(wrapper.find('[data-test="fix-applied"]').text()).toContain('Fix applied: Insert <<<[END_TOOL_REQUEST]>>>')

    await wrapper.find('[data-test="fix-undo"]').trigger('click')
    await vi.waitFor(() => expect(wrapper.find('[data-test="fix-applied"]').exists()).toBe(false), { timeout: 20_000 })
    expect(textarea.element.value).toBe(UNCLOSED)
    expect(wrapper.find('[data-test="diagnostic"]').attributes('data-code')).toBe('missing-end-marker')
  })

  it('shows a swallowing block’s hint next to its card, and a batch’s', async () => {
    const wrapper = mountWithApp(ParserPane)
    const store = useParserStore()
    store.state.protocol = 'hermes'
    store.text = SWALLOWING
    store.flush()
    const hint = () => wrapper.find('[data-test="request-hint"][data-kind="swallowed"]')
    await vi.waitFor(() => expect(hint().exists()).toBe(true), { timeout: 20_000 })
    expect(hint().text()).toContain('swallows 1 more request')
    expect(hint().element.parentElement?.nextElementSibling?.getAttribute('data-test')).toBe('request-card')
    // The fix closes the first call before the second: two valid requests.
    await wrapper.find('[data-test="diagnostic-fix"]').trigger('click')
    await vi.waitFor(() => expect(wrapper.findAll('[data-test="request-card"]')).toHaveLength(2), { timeout: 20_000 })
    expect(wrapper.findAll('[data-test="request-hint"]')).toHaveLength(0)

    store.state.protocol = 'vcp'
    store.text =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」text「末」,\ncommand1:「始」hash「末」\ncommand3:「始」hash「末」\n<<<[END_TOOL_REQUEST]>>>'
    store.flush()
    await vi.waitFor(
      () =>
        expect(wrapper.findAll('[data-test="request-hint"]').map((h) => h.attributes('data-kind'))).toEqual([
          'batch',
          'batch-gap',
        ]),
      { timeout: 20_000 },
    )
  })

  it('renders diagnostics and fixes in Chinese', () => {
    const text = '<tool_call>\n{"name": "a_b", "arguments": {}}'
    const result = parseToolRequests(text, 'hermes')
    const wrapper = mount(DiagnosticList, {
      props: { diagnostics: result.diagnostics, fixes: suggestFixes(text, 'hermes', { result }) },
      global: { plugins: [freshPinia(), createAppI18n('zh'), ElementPlus] },
    })
    expect(wrapper.find('[data-test="diagnostic-fix"]').text()).toBe('应用修复：插入 </tool_call>')
  })

  it('keeps the fix buttons disabled while the reply has changes not yet read', () => {
    const text = '<tool_call>\n{"name": "a_b", "arguments": {}}'
    const result = parseToolRequests(text, 'hermes')
    const wrapper = mount(DiagnosticList, {
      props: { diagnostics: result.diagnostics, fixes: suggestFixes(text, 'hermes', { result }), fixesDisabled: true },
      global: { plugins: [freshPinia(), createAppI18n('en'), ElementPlus] },
    })
    expect(wrapper.find('[data-test="diagnostic-fix"]').attributes('disabled')).toBeDefined()
    expect(wrapper.emitted('applyFix')).toBeUndefined()
  })
})
