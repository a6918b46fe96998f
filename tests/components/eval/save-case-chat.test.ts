// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import { IDBFactory } from 'fake-indexeddb'
import { directRequest, type RoundRecord } from '../../../src/core'
import ChatMessageItem from '../../../src/components/chat/ChatMessageItem.vue'
import { createAppI18n } from '../../../src/i18n'
import { useChatStore } from '../../../src/stores/chat'
import { useEvalStore } from '../../../src/stores/eval'
import { mathTool } from '../../fixtures/tools'
import { useFreshApp } from '../../helpers-ui'

const global = globalThis as { indexedDB?: IDBFactory }
useFreshApp({ pinia: false, extraTools: [mathTool()] })
beforeEach(() => {
  global.indexedDB = new IDBFactory()
})
afterEach(() => {
  delete global.indexedDB
  document.body.innerHTML = ''
})

const round = (index: number, extra: Partial<RoundRecord>): RoundRecord => ({
  index,
  kind: 'tools',
  content: '',
  toolCalls: [],
  requests: [],
  diagnostics: [],
  results: [],
  timings: { modelMs: 5, toolsMs: 1 },
  ...extra,
})

/** A chat whose one answer took two rounds: a call of math_add, then the answer. */
function mountAnsweredChat(running = false) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const chat = useChatStore()
  const messages = chat.activeSession.messages
  messages.push({ id: 'u1', role: 'user', content: 'Add 2 and 3.', createdAt: 1 })
  messages.push({
    id: 'a1',
    role: 'assistant',
    content: 'It is 5.',
    createdAt: 2,
    status: 'completed',
    run: {
      status: 'completed',
      rounds: [
        round(0, {
          requests: [directRequest('math_add', { a: 2, b: 3 }, 'call_1')],
          results: [{ requestId: 'call_1', toolName: 'math_add', status: 'success', result: '5', durationMs: 1 }],
        }),
        round(1, { content: 'It is 5.' }),
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      startedAt: 0,
      durationMs: 10,
      calling: 'native',
      protocol: 'vcp',
    },
  })
  const live = {
    sessionId: chat.activeSession.id,
    messageId: 'a1',
    run: {
      status: 'running' as const,
      error: null,
      rounds: [
        { index: 0, kind: 'tools' as const, content: 'Adding…', cards: [], timings: { modelMs: 5, toolsMs: 0 } },
      ],
      pending: [],
      manualRequest: null,
    },
  }
  return mount(ChatMessageItem, {
    props: { message: messages[1]!, live: running ? live : null },
    global: { plugins: [pinia, createAppI18n('en'), ElementPlus] },
    attachTo: document.body,
  })
}

const find = (test: string) => document.querySelector<HTMLElement>(`[data-test="${test}"]`)

describe('Save as eval case on a chat round', () => {
  it('is offered on each finished round: a round with calls as a case, one without as a no-call case', () => {
    const wrapper = mountAnsweredChat()
    const actions = wrapper.findAll('[data-test="chat-round-save-case"]').map((b) => b.text())
    expect(actions).toEqual(['Save as eval case', 'Save as no-call case'])
  })

  it('opens the dialog with the conversation before the round, the agent’s tools and the round’s calls', async () => {
    const wrapper = mountAnsweredChat()
    await wrapper.findAll('[data-test="chat-round-save-case"]')[0]!.trigger('click')
    await vi.waitFor(() => expect(find('save-case-dialog')).not.toBeNull())
    await flushPromises()
    expect(find('save-case-conversation')?.textContent).toContain('1 message before the reply')
    expect(find('save-case-conversation')?.textContent).toContain('Add 2 and 3.')
    const calls = [...document.querySelectorAll('[data-test="save-case-call"]')].map((c) => c.textContent?.trim())
    expect(calls).toEqual(['math_add(a=2, b=3)'])
    expect(find('save-case-category')?.dataset.category).toBe('multiple')

    const store = useEvalStore()
    await store.ready
    ;(find('save-case-save') as HTMLButtonElement).click()
    await vi.waitFor(() => expect(store.savedCases).toHaveLength(1))
    const saved = store.savedCases[0]!
    expect(saved.messages).toEqual([{ role: 'user', content: 'Add 2 and 3.' }])
    expect(saved.expected).toEqual([{ math_add: { a: [2], b: [3] } }])
    expect(saved.functions.map((f) => f.name)).toEqual(expect.arrayContaining(['math_add', 'calc_evaluate']))
  })

  it('is not offered while the run is going on', () => {
    const wrapper = mountAnsweredChat(true)
    expect(wrapper.find('[data-test="chat-round"]').text()).toContain('Adding…')
    expect(wrapper.find('[data-test="chat-round-save-case"]').exists()).toBe(false)
  })
})
