// @vitest-environment happy-dom
/**
 * "What the model sees": one click from a chat round's raw exchange, or from an eval case's
 * drill-down, to the Parser's Template view with that conversation and its tools; the endpoint's
 * chat template picked when it has one, asked for (and kept) when it has none.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia, type Pinia } from 'pinia'
import ElementPlus from 'element-plus'
import { createAppI18n } from '../../../src/i18n'
import type { RawExchange } from '../../../src/core'
import { scoreReply } from '../../../src/core/eval'
import { newProfile } from '../../../src/saved-chats/model'
import { useChatStore } from '../../../src/stores/chat'
import { useTemplateLabStore } from '../../../src/stores/template-lab'
import { useTesterStore } from '../../../src/stores/tester'
import RawExchangeDialog from '../../../src/components/chat/RawExchangeDialog.vue'
import CaseDrillDown from '../../../src/components/eval/CaseDrillDown.vue'
import OriginNotice from '../../../src/components/templates/OriginNotice.vue'
import { SAMPLE_SUITE } from '../../../src/components/eval/sample-suite'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

const MESSAGES = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Oslo?' },
]
const TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: {} } }]

function exchange(body: string): RawExchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1:1/v1/chat/completions', headers: {}, body },
    events: ['data: [DONE]'],
  }
}

/** Opens the raw exchange of round 2 sent through an endpoint (with `template` when given). */
async function openRaw(body: string, template?: string) {
  const wrapper = mountWithApp(RawExchangeDialog, {
    props: { exchange: exchange(body), round: 1, modelValue: true },
    attachTo: document.body,
  })
  const chat = useChatStore()
  const profile = { ...newProfile('Mock'), id: 'mock', model: 'mock-model', ...(template ? { template } : {}) }
  chat.profiles.push(profile)
  chat.activeSession.profileId = 'mock'
  await flushPromises()
  return { wrapper, button: () => document.querySelector<HTMLButtonElement>('[data-test="open-template-view"]') }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('What the model sees', () => {
  useFreshApp()

  it("opens the Template view from a chat round with the request's messages and tools, on the endpoint's template", async () => {
    const { wrapper, button } = await openRaw(
      JSON.stringify({ model: 'mock-model', messages: MESSAGES, tools: TOOLS }, null, 2),
      'hermes-3-llama-3.1-8b',
    )
    button()?.click()
    await flushPromises()
    const lab = useTemplateLabStore()
    expect(useTesterStore().tab).toBe('parser')
    expect(lab.view).toBe('template')
    expect(JSON.parse(lab.messages)).toEqual(MESSAGES)
    expect(lab.state.toolsFrom).toBe('pasted')
    expect(JSON.parse(lab.pastedTools)).toEqual(TOOLS)
    expect(lab.origin).toEqual({
      kind: 'chat',
      round: 1,
      model: 'mock-model',
      profile: { id: 'mock', name: 'Mock', template: 'hermes-3-llama-3.1-8b' },
    })
    expect(lab.state.source).toEqual({ kind: 'vendored', id: 'hermes-3-llama-3.1-8b' })
    // The dialog closes behind it.
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual([false])
  })

  it('cannot open a round whose request body was cut, and says why', async () => {
    const { button } = await openRaw('{\n  "messages": [\n[cut: 12 more bytes of the body were not kept]')
    expect(button()?.disabled).toBe(true)
    expect(button()?.getAttribute('title')).toBe(
      'The request body was cut at the capture limit: its messages cannot be read back.',
    )
  })

  it('asks for a template when the endpoint has none, and keeps the one picked for it', async () => {
    const { button } = await openRaw(JSON.stringify({ messages: MESSAGES }))
    button()?.click()
    await flushPromises()
    const lab = useTemplateLabStore()
    expect(lab.state.toolsFrom).toBe('none')
    // The notice as the Template view shows it, in the same app (its stores as the click left them).
    mount(OriginNotice, {
      global: { plugins: [getActivePinia() as Pinia, createAppI18n('en'), ElementPlus] },
      attachTo: document.body,
    })
    const origin = () => document.querySelector('[data-test="template-origin"]')
    await flushPromises()
    expect(origin()?.getAttribute('data-needs-pick')).toBe('true')
    expect(document.querySelector('[data-test="template-pick-request"]')?.textContent).toContain(
      'Endpoint “Mock” has no chat template chosen',
    )
    expect(document.querySelector('[data-test="template-remember"]')).toBeNull()

    await lab.pickVendored('qwen3-0.6b')
    await flushPromises()
    expect(origin()?.getAttribute('data-needs-pick')).toBe('false')
    ;(document.querySelector('[data-test="template-remember"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(useChatStore().profiles.find((p) => p.id === 'mock')?.template).toBe('qwen3-0.6b')
    expect(document.querySelector('[data-test="template-remembered"]')?.textContent).toContain('“Mock” uses Qwen3 0.6B')
  })

  it("opens an eval case's messages and functions (as native tools) from its drill-down", async () => {
    const weather = SAMPLE_SUITE[0]!
    const outcome = { ...scoreReply(weather, { result: 'no call' }, { protocol: 'vcp' }), model: 'm', reply: 'no call' }
    const wrapper = mountWithApp(CaseDrillDown, {
      props: { outcome, testCase: weather, protocol: 'vcp' },
      attachTo: document.body,
    })
    await flushPromises()
    document.querySelector<HTMLButtonElement>('[data-test="open-template-view"]')?.click()
    await flushPromises()
    const lab = useTemplateLabStore()
    expect(useTesterStore().tab).toBe('parser')
    expect(lab.view).toBe('template')
    expect(JSON.parse(lab.messages)).toEqual(weather.messages)
    const tools = JSON.parse(lab.pastedTools) as { function: { name: string; parameters: unknown } }[]
    expect(tools.map((tool) => tool.function.name)).toEqual(['get_weather'])
    expect(tools[0]?.function.parameters).toMatchObject({ type: 'object', required: ['city'] })
    expect(lab.origin).toEqual({ kind: 'eval', caseId: weather.id, model: 'm' })
    expect(wrapper.emitted('close')).toHaveLength(1)
  })
})
