// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import SamplingDialog from '../../../src/components/mcp/SamplingDialog.vue'
import { useMcpSamplingStore } from '../../../src/stores/mcp/sampling'
import { USER_REFUSED_MESSAGE, type McpSamplingRequest } from '../../../src/core/mcp'
import { mountWithApp, useFreshApp } from '../../helpers-ui'

const inBody = (id: string) => document.body.querySelector<HTMLElement>(`[data-test="${id}"]`)
const context = (server: string) => ({ server, signal: new AbortController().signal })

const request: McpSamplingRequest = {
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Describe this.' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/ogg' },
      ],
    },
  ],
  maxTokens: 30,
  modelPreferences: { hints: [{ name: 'claude-3-sonnet' }], speedPriority: 0.5 },
}

describe('the sampling dialog', () => {
  useFreshApp({ pinia: false })

  it('shows the request, says what cannot be sent (Approve off), queues the next, and Refuse answers the server', async () => {
    const wrapper = mountWithApp(SamplingDialog, { attachTo: document.body })
    const store = useMcpSamplingStore()
    const first = store.answer(request, context('files'))
    const second = store.answer({ ...request, messages: [] }, context('other'))
    await vi.waitFor(() => expect(inBody('sampling-panel')).not.toBeNull(), { timeout: 20_000 })
    expect(document.body.querySelector('.el-dialog__title')?.textContent).toBe('Sampling request from "files"')
    expect(inBody('sampling-queue')?.textContent).toContain('1 more request waits')
    expect(inBody('sampling-message-text')?.textContent?.trim()).toBe('Describe this.')
    expect(document.body.querySelector('[data-test="sampling-message"] img')?.getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    )
    expect(inBody('sampling-limits')?.textContent).toContain('Max tokens 30')
    expect(inBody('sampling-preferences')?.textContent).toContain('hints: claude-3-sonnet · speed 0.5')
    expect(inBody('sampling-problems')?.textContent).toContain('audio of type "audio/ogg" cannot be sent')
    expect(inBody('sampling-approve')?.hasAttribute('disabled')).toBe(true)

    inBody('sampling-refuse')!.click()
    await expect(first).rejects.toThrow(USER_REFUSED_MESSAGE)
    await vi.waitFor(
      () => expect(document.body.querySelector('.el-dialog__title')?.textContent).toBe('Sampling request from "other"'),
      { timeout: 20_000 },
    )
    expect(inBody('sampling-problems')?.textContent).toContain('The request holds no message to answer.')
    store.refuse(store.current!.id)
    await expect(second).rejects.toThrow(USER_REFUSED_MESSAGE)
    wrapper.unmount()
  }, 60_000)
})
