// @vitest-environment happy-dom
/** Where the template comes from: a vendored pick, a .jinja file, a tokenizer_config.json (with a choice), a file too big. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import TemplateSourceBar from '../../../src/components/templates/TemplateSourceBar.vue'
import { readConfig } from '../../../src/template-lab/jobs'
import { useTemplateLabStore } from '../../../src/stores/template-lab'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

async function choose(wrapper: VueWrapper, file: File): Promise<void> {
  const input = wrapper.find('[data-test="template-file"]')
  Object.defineProperty(input.element, 'files', { value: [file], configurable: true })
  await input.trigger('change')
  await vi.waitFor(() => expect(wrapper.emitted()).toBeTruthy())
  await flushPromises()
  await new Promise((resolve) => setTimeout(resolve, 0))
  await flushPromises()
}

function mounted() {
  const wrapper = mountWithApp(TemplateSourceBar, {
    props: { readConfig: async (text: string) => readConfig(text) },
    attachTo: document.body,
  })
  return { wrapper, store: useTemplateLabStore() }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the template source', () => {
  useFreshApp()

  it('shows the vendored template’s source, licence and formats', async () => {
    const { wrapper, store } = mounted()
    await store.pickVendored('hermes-3-llama-3.1-8b')
    await flushPromises()
    const meta = wrapper.find('[data-test="template-meta"]')
    expect(meta.attributes('data-id')).toBe('hermes-3-llama-3.1-8b')
    expect(meta.text()).toContain('Licence:')
    expect(meta.text()).toContain('Writes: hermes')
    expect(meta.find('a').attributes('href')).toMatch(/^https:\/\/github\.com\//)
  })

  it('loads a .jinja file as the template', async () => {
    const { wrapper, store } = mounted()
    await choose(wrapper, new File(['{{ messages[0].content }}'], 'mine.jinja'))
    expect(store.template).toBe('{{ messages[0].content }}')
    expect(store.state.source).toEqual({ kind: 'text', name: 'mine.jinja' })
  })

  it('asks which template of a tokenizer_config.json naming several, and takes its special tokens', async () => {
    const { wrapper, store } = mounted()
    const config = {
      chat_template: [
        { name: 'default', template: 'DEFAULT' },
        { name: 'tool_use', template: 'TOOLS' },
      ],
      bos_token: { content: '<|begin_of_text|>' },
      eos_token: '<|eot_id|>',
    }
    await choose(wrapper, new File([JSON.stringify(config)], 'tokenizer_config.json'))
    await vi.waitFor(() => expect(document.querySelector('[data-test="template-choose"]')).not.toBeNull())
    expect(document.querySelector('[data-test="template-choose"]')?.textContent).toContain(
      'With tools, apply_chat_template uses “tool_use”.',
    )
    ;(document.querySelector('[data-test="template-choose-use"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(store.template).toBe('TOOLS')
    expect(store.state.source).toEqual({ kind: 'text', name: 'tokenizer_config.json · tool_use' })
    expect(JSON.parse(store.state.specialTokens)).toEqual({ bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>' })
    expect(wrapper.find('[data-test="template-file-note"]').text()).toContain('2 special tokens')
  })

  it('refuses a template file past the limit before reading it, and says a config it cannot use', async () => {
    const { wrapper, store } = mounted()
    await vi.waitFor(() => expect(store.loading).toBe(false))
    const before = store.template
    const huge = new File(['x'], 'huge.jinja')
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 })
    await choose(wrapper, huge)
    expect(wrapper.find('[data-test="template-file-problem"]').text()).toContain(
      'The file has 10 MB; a chat template may have at most 1 MB. It was not loaded.',
    )
    expect(store.template).toBe(before)
    await choose(wrapper, new File(['{"bos_token": "<s>"}'], 'tokenizer_config.json'))
    expect(wrapper.find('[data-test="template-file-problem"]').text()).toContain(
      'This tokenizer_config.json cannot be used: the tokenizer config has no chat_template',
    )
  })
})
