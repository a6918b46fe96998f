// @vitest-environment happy-dom
/**
 * The raw completion mode in the live run panel: its explanation, each target's chat template (the
 * endpoint's by default, a vendored one chosen), the format inferred from it and overridden, a run
 * refused while a target has none, and the choices kept across a reload (a corrupted one dropped
 * with a notice).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { IDBFactory } from 'fake-indexeddb'
import LiveRunPanel from '../../../src/components/eval/LiveRunPanel.vue'
import { useChatStore } from '../../../src/stores/chat'
import { useEvalStore } from '../../../src/stores/eval'
import { newProfile } from '../../../src/saved-chats/model'
import { persistNotices, STORAGE_PREFIX } from '../../../src/persistence/persisted'
import { SAMPLE_SUITE } from '../../../src/components/eval/sample-suite'
import CaseDrillDown from '../../../src/components/eval/CaseDrillDown.vue'
import { scoreReply } from '../../../src/core/eval'
import { freshPinia, mountWithApp, useFreshApp } from '../../helpers-ui'

const global = globalThis as { indexedDB?: IDBFactory }
beforeEach(() => {
  global.indexedDB = new IDBFactory()
  persistNotices.value = []
})
afterEach(() => {
  delete global.indexedDB
  document.body.innerHTML = ''
})

/** The panel with one endpoint (its saved template `template`, when given) and its model as a target. */
async function panel(options: { template?: string; raw?: boolean } = {}) {
  const wrapper = mountWithApp(LiveRunPanel, { attachTo: document.body })
  const chat = useChatStore()
  chat.profiles.push({
    ...newProfile('Local'),
    id: 'local',
    model: 'qwen-local',
    ...(options.template ? { template: options.template } : {}),
  })
  const store = useEvalStore()
  store.settings.targets.push({ profileId: 'local', model: 'qwen-local' })
  if (options.raw !== false) store.settings.protocols = ['raw']
  await settle()
  if (options.raw !== false) await pickerShown(wrapper)
  return { wrapper, store, chat }
}

/** Waits for the picker, an async component (its first load takes a moment under Vitest). */
async function pickerShown(wrapper: VueWrapper): Promise<void> {
  await vi.waitFor(
    async () => {
      await settle()
      expect(wrapper.find('[data-test="eval-raw-templates"]').exists()).toBe(true)
    },
    { timeout: 15_000, interval: 50 },
  )
}

/** Lets the picker's async component and the template analysis (on the page under Vitest) finish. */
async function settle(): Promise<void> {
  for (let n = 0; n < 5; n++) {
    await flushPromises()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

const rowOf = (wrapper: VueWrapper) => wrapper.find('[data-test="eval-raw-target"]')

/** Opens the template list of the first target and clicks the vendored template `id`. */
async function chooseTemplate(wrapper: VueWrapper, id: string): Promise<void> {
  await rowOf(wrapper).find('[data-test="eval-raw-template"] .el-select__wrapper').trigger('click')
  await settle()
  const option = document.querySelector<HTMLElement>(`[data-test="eval-raw-option-${id}"]`)
  expect(option, `option ${id}`).not.toBeNull()
  option?.click()
  await settle()
}

async function inferredText(wrapper: VueWrapper, pattern: RegExp): Promise<string> {
  await vi.waitFor(
    async () => {
      await settle()
      expect(rowOf(wrapper).find('[data-test="eval-raw-inferred"]').text()).toMatch(pattern)
    },
    { timeout: 15_000, interval: 50 },
  )
  return rowOf(wrapper).find('[data-test="eval-raw-inferred"]').text()
}

describe('the raw completion mode of a live run', () => {
  useFreshApp({ pinia: false })

  it('is offered beside the other protocols and, once chosen, explains itself and asks each target for a template', async () => {
    const { wrapper, store } = await panel({ raw: false })
    expect(wrapper.find('[data-test="eval-protocol-raw"]').text()).toBe('Raw completion')
    expect(wrapper.find('[data-test="eval-raw-templates"]').exists()).toBe(false)
    store.settings.protocols = ['vcp', 'raw']
    await pickerShown(wrapper)
    expect(wrapper.find('[data-test="eval-raw-explain"]').text()).toMatch(
      /renders the prompt with the model’s chat template, sends it to \/v1\/completions, and reads the reply in the template’s own format/,
    )
    const row = rowOf(wrapper)
    expect(row.attributes('data-label')).toBe('qwen-local')
    expect(row.find('[data-test="eval-raw-missing"]').text()).toBe('no chat template')
    expect(row.find('[data-test="eval-raw-template"] .el-select__placeholder').text()).toBe('No template: choose one')
  })

  it('uses the endpoint’s saved template by default and shows the format inferred from it', async () => {
    const { wrapper } = await panel({ template: 'hermes-3-llama-3.1-8b' })
    expect(rowOf(wrapper).attributes('data-template')).toBe('hermes-3-llama-3.1-8b')
    expect(rowOf(wrapper).find('[data-test="eval-raw-template"] .el-select__placeholder').text()).toBe(
      'Endpoint’s: Hermes 3 Llama 3.1 8B (tool_use)',
    )
    expect(await inferredText(wrapper, /^Inferred: /)).toBe('Inferred: Hermes (sure)')
  }, 30_000)

  it('takes a vendored template chosen for the target, infers its format, and lets the format be overridden', async () => {
    const { wrapper, store } = await panel()
    await chooseTemplate(wrapper, 'llama-3.1-8b-instruct')
    expect(store.settings.targets[0]).toMatchObject({ template: 'llama-3.1-8b-instruct' })
    expect(rowOf(wrapper).find('[data-test="eval-raw-missing"]').exists()).toBe(false)
    expect(await inferredText(wrapper, /^Inferred: /)).toMatch(/^Inferred: .*Llama 3/i)
    await rowOf(wrapper).find('[data-test="eval-raw-format"] .el-select__wrapper').trigger('click')
    await settle()
    document.querySelector<HTMLElement>('[data-test="eval-raw-format-hermes"]')?.click()
    await settle()
    expect(store.settings.targets[0]).toMatchObject({ template: 'llama-3.1-8b-instruct', format: 'hermes' })
  }, 30_000)

  it('refuses to run while a target has no template, naming it, and keeps every setting', async () => {
    const { wrapper, store } = await panel()
    store.useCases(SAMPLE_SUITE, 'sample')
    store.settings.protocols = ['vcp', 'raw']
    store.settings.repeat = 3
    await settle()
    await wrapper.find('[data-test="eval-run"]').trigger('click')
    await settle()
    const problem = wrapper.find('[data-test="eval-run-problem"]').text()
    expect(problem).toContain('Raw completion needs a chat template for every target')
    expect(problem).toContain('qwen-local')
    expect(store.running).toBe(false)
    expect(store.runs).toHaveLength(0)
    expect(store.settings).toMatchObject({
      protocols: ['vcp', 'raw'],
      repeat: 3,
      targets: [{ profileId: 'local', model: 'qwen-local' }],
    })
  })

  it('keeps the choices with the eval settings across a reload', async () => {
    const { wrapper } = await panel()
    await chooseTemplate(wrapper, 'qwen2.5-7b-instruct')
    await settle()
    const saved = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}eval`) ?? '{}') as { data: unknown }
    expect(saved.data).toMatchObject({
      protocols: ['raw'],
      targets: [{ profileId: 'local', model: 'qwen-local', template: 'qwen2.5-7b-instruct' }],
    })
    wrapper.unmount()
    freshPinia()
    const again = mountWithApp(LiveRunPanel, { attachTo: document.body })
    useChatStore().profiles.push({ ...newProfile('Local'), id: 'local', model: 'qwen-local' })
    await pickerShown(again)
    expect(rowOf(again).attributes('data-template')).toBe('qwen2.5-7b-instruct')
    expect(await inferredText(again, /^Inferred: /)).toBe('Inferred: Hermes (sure)')
  }, 30_000)

  it('drops a corrupted saved template choice with a notice, keeping the target, and does not crash', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}eval`,
      JSON.stringify({
        version: 1,
        data: {
          targets: [{ profileId: 'local', model: 'qwen-local', template: { id: 42 }, format: 7 }],
          protocols: ['raw', 'telepathy'],
          repeat: 1,
          concurrency: 4,
          offlineProtocol: 'auto',
        },
      }),
    )
    const wrapper = mountWithApp(LiveRunPanel, { attachTo: document.body })
    useChatStore().profiles.push({ ...newProfile('Local'), id: 'local', model: 'qwen-local' })
    await pickerShown(wrapper)
    expect(useEvalStore().settings).toMatchObject({
      protocols: ['raw'],
      targets: [{ profileId: 'local', model: 'qwen-local' }],
    })
    expect(useEvalStore().settings.targets[0]).not.toHaveProperty('template')
    expect(persistNotices.value).toMatchObject([{ key: 'eval', reason: 'repaired' }])
    expect(persistNotices.value[0]?.repairs).toEqual([
      'unknown protocols dropped',
      'the raw template chosen for qwen-local was not a name: dropped',
      'the raw format chosen for qwen-local was not a name: dropped',
    ])
    expect(rowOf(wrapper).find('[data-test="eval-raw-missing"]').exists()).toBe(true)
  })
})

describe('a saved template the catalog no longer has', () => {
  useFreshApp({ pinia: false })

  it('is shown as unknown, and a run is refused naming the target and the template', async () => {
    const { wrapper, store } = await panel()
    store.settings.targets[0]!.template = 'retired-model'
    store.useCases(SAMPLE_SUITE, 'sample')
    await settle()
    expect(rowOf(wrapper).find('[data-test="eval-raw-unknown"]').text()).toBe('unknown template retired-model')
    await wrapper.find('[data-test="eval-run"]').trigger('click')
    await vi.waitFor(async () => {
      await settle()
      expect(wrapper.find('[data-test="eval-run-problem"]').text()).toMatch(
        /^A chat template could not be loaded: qwen-local \(retired-model\): /,
      )
    })
    expect(store.runs).toHaveLength(0)
  })
})

describe('the drill-down of a raw case', () => {
  useFreshApp({ pinia: false })

  it('reads the reply’s cards in the format the template asked for, and offers What the model sees', async () => {
    const weather = SAMPLE_SUITE[0]!
    const reply = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
    const outcome = {
      ...scoreReply(weather, { result: reply }, { protocol: 'hermes' }),
      model: 'm',
      protocol: 'raw',
      reply,
    }
    mountWithApp(CaseDrillDown, { props: { outcome, testCase: weather, protocol: 'raw' }, attachTo: document.body })
    await flushPromises()
    const find = (test: string) => document.querySelector(`[data-test="${test}"]`)
    expect(find('eval-drill-verdict')?.getAttribute('data-valid')).toBe('true')
    expect(find('eval-drill-verdict')?.textContent).toContain('m · raw')
    expect(document.querySelectorAll('[data-test="eval-reply-cards"] [data-test="request-card"]')).toHaveLength(1)
    expect(find('eval-reply-diagnostics')).toBeNull()
    expect(document.body.textContent).toContain('Requests, read as Hermes')
    expect(find('open-template-view')).not.toBeNull()
  })
})
