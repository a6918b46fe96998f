// @vitest-environment happy-dom
/**
 * The Template view mounted as the app mounts it (its jobs run on the page here, as where the
 * browser has no workers): a vendored template rendered with its tokens and spans, the call
 * arguments' shape switched, the analysis and its findings, and bad input said plainly.
 */
import { describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import TemplateLab from '../../../src/components/templates/TemplateLab.vue'
import { useTemplateLabStore } from '../../../src/stores/template-lab'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

const WAIT = { timeout: 20_000 }

async function openLab(): Promise<{ wrapper: VueWrapper; store: ReturnType<typeof useTemplateLabStore> }> {
  const wrapper = mountWithApp(TemplateLab)
  const store = useTemplateLabStore()
  // The vendored template loads, then renders.
  await vi.waitFor(() => expect(store.loading).toBe(false), WAIT)
  await vi.waitFor(() => expect(promptText(wrapper)).toContain('<|im_start|>'), WAIT)
  return { wrapper, store }
}

const status = (wrapper: VueWrapper) => wrapper.find('[data-test="template-prompt"]').attributes('data-status')
const promptText = (wrapper: VueWrapper) => wrapper.find('[data-test="template-prompt-text"]').text()

/** Sets the template's text as a person pastes it (the editor is a text box where Monaco is not). */
async function paste(wrapper: VueWrapper, text: string): Promise<void> {
  await wrapper.find('[data-test="editor-template-source-fallback"]').setValue(text)
}

describe('the Template view', { timeout: 60_000 }, () => {
  useFreshApp()

  it('renders the vendored template with its special tokens and each message’s span', async () => {
    const { wrapper, store } = await openLab()
    expect(store.state.source).toEqual({ kind: 'vendored', id: 'qwen3-0.6b' })
    expect(wrapper.find('[data-test="template-meta"]').text()).toContain('Licence: MIT')
    expect(promptText(wrapper)).toContain('<|im_start|>user\nWhat is the weather in Paris?<|im_end|>')
    const tokens = wrapper
      .findAll('[data-test="template-token"]')
      .map((m) => `${m.attributes('data-kind')}:${m.text()}`)
    expect(tokens).toEqual(expect.arrayContaining(['marker:<|im_start|>', 'marker:<tool_call>']))
    await vi.waitFor(
      () => expect(wrapper.find('[data-test="template-prompt-text"]').attributes('data-spans')).toBe('ready'),
      WAIT,
    )
    const spans = wrapper.findAll('[data-test="template-span"]')
    expect(spans.map((s) => s.attributes('data-role'))).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      '',
    ])
    expect(spans[2]?.text()).toContain('"arguments": {"city": "Paris", "unit": "celsius"}')
    expect(spans[3]?.text()).toContain('<tool_response>')
    expect(wrapper.find('[data-test="template-render-time"]').attributes('data-render-ms')).toMatch(/^\d+\.\d\d$/)
  })

  it('switches the call arguments to JSON text and back', async () => {
    const { wrapper, store } = await openLab()
    store.state.argumentsAs = 'json-string'
    await vi.waitFor(
      () => expect(promptText(wrapper)).toContain('"arguments": {"city":"Paris","unit":"celsius"}'),
      WAIT,
    )
    store.state.argumentsAs = 'object'
    await vi.waitFor(
      () => expect(promptText(wrapper)).toContain('"arguments": {"city": "Paris", "unit": "celsius"}'),
      WAIT,
    )
  })

  it('analyses the template: the format, the round trip and the findings with their evidence', async () => {
    const { wrapper, store } = await openLab()
    await store.pickVendored('llama-3.1-8b-instruct')
    await vi.waitFor(
      () => expect(wrapper.find('[data-test="template-format"]').attributes('data-format')).toBe('llama3-json'),
      WAIT,
    )
    const findings = wrapper.findAll('[data-test="template-finding"]')
    expect(findings.map((f) => f.attributes('data-id'))).toEqual(['string-arguments', 'parallel-flattened'])
    expect(findings[0]?.text()).toContain('Arguments as JSON text')
    expect(findings[0]?.find('[data-test="template-finding-evidence"] mark').text()).toBe(
      '"{\\"city\\":\\"Zzyzx\\",\\"n\\":7}"',
    )
    expect(wrapper.find('[data-test="template-round-trip"]').text()).toContain('comes back as sent')
  })

  it('renders a template written for llama.cpp as llama.cpp does, from the analysis or the setting', async () => {
    const { wrapper, store } = await openLab()
    await store.pickVendored('kimi-k2-instruct')
    // Under transformers the call turn fails on list.append; the analysis decides in llama.cpp's dialect.
    await vi.waitFor(() => expect(status(wrapper)).toBe('template-error'), WAIT)
    expect(wrapper.find('[data-test="template-error-message"]').text()).toContain("'append' of 'list' object is unsafe")
    await vi.waitFor(
      () => expect(wrapper.find('[data-test="template-format"]').attributes('data-format')).toBe('kimi-k2'),
      WAIT,
    )
    expect(wrapper.find('[data-test="template-analysis-dialect"]').text()).toContain('as llama.cpp renders')
    await wrapper.find('[data-test="template-use-dialect"]').trigger('click')
    expect(store.state.dialect).toBe('llama.cpp')
    await vi.waitFor(() => expect(promptText(wrapper)).toContain('<|tool_calls_section_begin|>'), WAIT)
    expect(wrapper.find('[data-test="template-use-dialect"]').exists()).toBe(false)
    store.state.dialect = 'transformers'
    await vi.waitFor(() => expect(status(wrapper)).toBe('template-error'), WAIT)
  })

  it('says where a syntax error is, and names an unknown filter', async () => {
    const { wrapper } = await openLab()
    await paste(wrapper, '{% for m in messages %}\n{{ m.content }\n{% endfor %}')
    await vi.waitFor(() => expect(status(wrapper)).toBe('template-error'), WAIT)
    const error = wrapper.find('[data-test="template-error"]')
    expect(error.attributes()).toMatchObject({ 'data-kind': 'syntax', 'data-line': '2' })
    expect(wrapper.find('[data-test="template-error-where"]').text()).toMatch(/^Line 2, column \d+/)
    expect(wrapper.find('[data-test="template-error-line"]').text()).toContain('2 | {{ m.content }')
    expect(wrapper.find('[data-test="template-tab-template"]').classes()).toContain('inputs__flag')

    await paste(wrapper, '{{ messages | shout }}')
    await vi.waitFor(() => expect(wrapper.find('[data-test="template-error-message"]').text()).toContain('shout'), WAIT)
    expect(wrapper.find('[data-test="template-error"]').attributes('data-kind')).toBe('syntax')
  })

  it('refuses a 10 MB template and stops a loop without end, with a clear message', async () => {
    const { wrapper } = await openLab()
    await paste(wrapper, `{# ${'x'.repeat(10 * 1024 * 1024)} #}`)
    await vi.waitFor(() => expect(status(wrapper)).toBe('template-error'), WAIT)
    expect(wrapper.find('[data-test="template-error"]').attributes('data-kind')).toBe('limit')
    expect(wrapper.find('[data-test="template-error-message"]').text()).toContain('more than the 1048576 allowed')

    await paste(wrapper, '{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}')
    await vi.waitFor(() => expect(wrapper.find('[data-test="template-error-message"]').text()).toContain('steps'), WAIT)
    expect(wrapper.find('[data-test="template-error"]').attributes('data-kind')).toBe('limit')
  })

  it('says which input does not read, and marks its tab', async () => {
    const { wrapper, store } = await openLab()
    store.messages = '[{"role": "user", "content": "hi"}'
    await vi.waitFor(() => expect(status(wrapper)).toBe('input-error'), WAIT)
    expect(wrapper.find('[data-test="template-input-problem"]').attributes('data-field')).toBe('messages')
    expect(wrapper.find('[data-test="template-input-problem"]').text()).toContain('Conversation: not JSON')
    expect(wrapper.find('[data-test="template-tab-conversation"]').classes()).toContain('inputs__flag')
    store.messages = '[]'
    store.state.variables = '[1]'
    await vi.waitFor(
      () => expect(wrapper.find('[data-test="template-input-problem"]').attributes('data-field')).toBe('variables'),
      WAIT,
    )
  })

  it('renders the registry’s tools, or none, as chosen', async () => {
    const { wrapper, store } = await openLab()
    store.state.toolsFrom = 'registry'
    await vi.waitFor(() => expect(promptText(wrapper)).toContain('"name": "calc_evaluate"'), WAIT)
    store.state.toolsFrom = 'none'
    await vi.waitFor(() => expect(promptText(wrapper)).not.toContain('# Tools'), WAIT)
    await flushPromises()
  })

  it('diffs the prompt against the arguments as JSON text, line by line', async () => {
    const { wrapper, store } = await openLab()
    await wrapper
      .findAll('.el-tabs__item')
      .find((tab) => tab.text() === 'Diff')
      ?.trigger('click')
    await vi.waitFor(
      () => expect(wrapper.find('[data-test="template-diff-summary"]').attributes('data-removed')).toBe('1'),
      WAIT,
    )
    expect(wrapper.find('[data-test="template-diff-line"][data-kind="added"]').text()).toContain(
      '{"city":"Paris","unit":"celsius"}',
    )
    // What the JSON text leaves out: the spaces after the colons and commas.
    const removed = wrapper.find('[data-test="template-diff-line"][data-kind="removed"]')
    expect(removed.findAll('[data-test="template-diff-changed"]').map((mark) => mark.element.textContent)).toEqual([
      ' ',
      ' ',
      ' ',
    ])
    store.state.compare.layout = 'split'
    await vi.waitFor(() => expect(wrapper.find('[data-test="template-diff-split"]').exists()).toBe(true), WAIT)
  })
})
