// @vitest-environment happy-dom
/**
 * The chat view with quoted calls: a reply that quotes a call in a blockquote and in inline code
 * and fences a third. The quoted ones are shown as quotations and never run; the fenced one waits
 * on its card, saying why, and runs once approved. Real store, tools and manual model.
 */
import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ChatView from '../../../src/components/chat/ChatView.vue'
import { useChatStore } from '../../../src/stores/chat'
import ElementPlus from 'element-plus'
import { createAppI18n } from '../../../src/i18n'
import { freshPinia, useFreshApp } from '../../helpers-ui'

const calc = (expression: string): string =>
  `<<<[TOOL_REQUEST]>>> tool_name:「始」calc_evaluate「末」, expression:「始」${expression}「末」 <<<[END_TOOL_REQUEST]>>>`
const REPLY = [
  'The manual quotes this call:',
  '',
  `> ${calc('1+1')}`,
  '',
  `Inline it reads \`${calc('2+2')}\`, and fenced:`,
  '',
  '```',
  calc('6*7'),
  '```',
].join('\n')

describe('quoted calls in the chat view', () => {
  useFreshApp({ pinia: false })

  it('shows the fenced call as needing approval, with why, and never runs the quoted ones', async () => {
    const i18n = createAppI18n('en')
    // Mounted as the app does, with an i18n of its own so the test can switch the language.
    const wrapper = mount(ChatView, { global: { plugins: [freshPinia(), i18n, ElementPlus] } })
    const chat = useChatStore()
    chat.send('How is calc called?')
    await vi.waitFor(() => expect(chat.live?.run.manualRequest).toBeTruthy(), { timeout: 20_000 })
    chat.submitManualReply(REPLY)
    await vi.waitFor(() => expect(wrapper.findAll('[data-test="approval"]')).toHaveLength(1), { timeout: 20_000 })

    const cards = wrapper.findAll('[data-test="chat-card"]')
    expect(cards).toHaveLength(3)
    const [quoted, inline, fenced] = cards
    for (const card of [quoted!, inline!]) {
      expect(card.find('[data-test="chat-card-verdict"]').text()).toBe('quoted: not a call')
      expect(card.find('[data-test="chat-card-why"]').text()).toMatch(
        /^"calc_evaluate" is quoted in (a blockquote|inline code), so it is not a call and is not run\.$/,
      )
      expect(card.find('[data-test="approval"]').exists()).toBe(false)
    }
    expect(fenced!.attributes('data-state')).toBe('awaiting-approval')
    expect(fenced!.find('[data-test="approval-why"]').text()).toBe(
      'Approval needed: "calc_evaluate" is inside a Markdown code fence: a model may only be showing the call, so a person approves it first.',
    )
    // As the app's own tests do: the global composer's locale is a ref.
    const locale = i18n.global.locale as unknown as { value: string }
    locale.value = 'zh'
    await flushPromises()
    expect(fenced!.find('[data-test="approval-why"]').text()).toContain('代码围栏')
    expect(quoted!.find('[data-test="chat-card-why"]').text()).toContain('不是调用')
    locale.value = 'en'

    await fenced!.find('[data-test="approve"]').trigger('click')
    await vi.waitFor(() => expect(chat.live?.run.rounds).toHaveLength(2), { timeout: 20_000 })
    const round = chat.live!.run.rounds[0]!
    expect(round.cards.map((c) => c.result?.status)).toEqual([undefined, undefined, 'success'])
    // The model gets one result: the fenced call's.
    const sent = chat.live?.run.manualRequest?.messages.at(-1)?.content ?? ''
    expect(sent.split('<<<[TOOL_RESULT]>>>')).toHaveLength(2)
    expect(sent).toContain('42')
    wrapper.unmount()
  }, 60_000)
})
