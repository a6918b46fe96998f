// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { nextTick } from 'vue'
import App from '../../src/App.vue'
import { persistNotices, STORAGE_PREFIX } from '../../src/persistence/persisted'
import { useTesterStore } from '../../src/stores/tester'
import { useChatStore } from '../../src/stores/chat'
import { useDiscoveryStore } from '../../src/stores/discovery'
import { mountWithApp, useFreshApp } from '../helpers-ui'

// Mounting the whole app takes seconds on a busy machine: each test waits for states, never a clock.
describe('ToolCallingTester', { timeout: 60_000 }, () => {
  useFreshApp({ pinia: false })
  beforeEach(() => {
    persistNotices.value = []
  })

  it('shows the panes and switches language and theme', async () => {
    const wrapper = mountWithApp(App)
    await flushPromises()
    expect(wrapper.findAll('.el-tabs__item').map((t) => t.text())).toEqual([
      'Discovery',
      'Executor',
      'Parser',
      'Chat',
      'Eval',
      'Conformance',
    ])
    expect(wrapper.findAll('[data-test="tool-card"]').length).toBeGreaterThan(0)
    const tester = useTesterStore()
    tester.locale = 'zh'
    await nextTick()
    expect(wrapper.findAll('.el-tabs__item').map((t) => t.text())).toEqual([
      '工具发现',
      '执行器',
      '解析器',
      '对话',
      '评测',
      '一致性',
    ])
    expect(wrapper.text()).toContain('VCP 工作台')
    tester.theme = 'dark'
    await nextTick()
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    tester.theme = 'light'
    await nextTick()
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })

  it('replaces a corrupt saved state with a visible notice, never a blank page', async () => {
    localStorage.setItem(`${STORAGE_PREFIX}tester`, '{"version": 1, "data": {"tab": "nowhere"}}')
    localStorage.setItem(`${STORAGE_PREFIX}executor`, 'not json at all')
    localStorage.setItem(`${STORAGE_PREFIX}chat`, '{"version": 1, "data": {"profiles": "broken"}}')
    const wrapper = mountWithApp(App)
    // The first screen's state is read at once, the other panes' just after it is drawn.
    // Waits for a state, as long as a busy machine needs.
    await vi.waitFor(() => expect(wrapper.findAll('[data-test="persist-notice"]')).toHaveLength(3), { timeout: 20_000 })
    const notices = wrapper.findAll('[data-test="persist-notice"]').map((n) => n.text())
    expect(notices[0]).toContain(
      'The saved layout (tab, theme, language) did not have the expected shape, so it was reset to the defaults.',
    )
    expect(notices).toContainEqual(
      expect.stringContaining('Parts of the saved Chat sessions, agents and endpoints could not be read'),
    )
    expect(notices).toContainEqual(expect.stringContaining('the endpoints could not be read and were reset'))
    expect(wrapper.findAll('[data-test="persist-download"]')).toHaveLength(3)
    expect(localStorage.getItem(`${STORAGE_PREFIX}backup:executor`)).toBe('not json at all')
    expect(wrapper.findAll('.el-tabs__item')).toHaveLength(6)
  })

  it('one bad message or agent field costs nothing else: sessions, agents and endpoints with their keys stay (all were erased)', async () => {
    const saved = {
      profiles: [
        {
          id: 'manual',
          name: 'Manual',
          kind: 'manual',
          baseUrl: '',
          apiKey: '',
          model: '',
          temperature: null,
          maxTokens: null,
        },
        {
          id: 'ep-1',
          name: 'Work',
          kind: 'openai',
          baseUrl: 'http://127.0.0.1:1/v1',
          apiKey: 'sk-keep-me',
          model: 'm',
          temperature: null,
          maxTokens: null,
        },
      ],
      agents: [
        {
          id: 'a-1',
          name: 'Helper',
          systemPrompt: 'Be brief.',
          calling: 'text',
          flow: 'loop',
          policies: {},
          config: {
            enabled: true,
            mode: 'auto',
            toolToggles: {},
            defaultToolEnabled: true,
            maxIterations: 5,
            timeout: '30000',
            requireConfirmation: false,
            parallelExecution: false,
            protocol: 'vcp',
          },
        },
      ],
      sessions: [
        {
          id: 's-1',
          title: 'Kept',
          agentId: 'a-1',
          profileId: 'ep-1',
          createdAt: 1,
          messages: [
            { id: 'm-1', role: 'user', content: 'hello', createdAt: 1 },
            { id: 'm-2', role: 'assistant', content: null, createdAt: 2, run: { status: 'done', rounds: 'x' } },
          ],
        },
        {
          id: 's-2',
          title: 'Also kept',
          agentId: 'a-1',
          profileId: 'ep-1',
          createdAt: 3,
          messages: [{ id: 'm-3', role: 'user', content: 'hi', createdAt: 3 }],
        },
      ],
      activeSessionId: 's-2',
    }
    const raw = JSON.stringify({ version: 1, data: saved })
    localStorage.setItem(`${STORAGE_PREFIX}chat`, raw)
    const wrapper = mountWithApp(App)
    await flushPromises()
    const chat = useChatStore()
    expect(chat.state.sessions.map((s) => [s.title, s.messages.length])).toEqual([
      ['Kept', 2],
      ['Also kept', 1],
    ])
    expect(chat.state.sessions[0]?.messages[1]).toMatchObject({ id: 'm-2', role: 'assistant', content: '' })
    expect(chat.state.sessions[0]?.messages[1]?.run).toBeUndefined()
    expect(chat.state.agents[0]?.config.timeout).toBe(30000)
    expect(chat.state.profiles.find((p) => p.id === 'ep-1')?.apiKey).toBe('sk-keep-me')
    expect(chat.state.activeSessionId).toBe('s-2')
    const repairs = wrapper.findAll('[data-test="persist-repairs"] li').map((li) => li.text())
    expect(repairs).toEqual([
      'agent "Helper": config.timeout had the wrong type and was reset',
      'chat "Kept", message #2: content, run had the wrong type and were reset',
    ])
    expect(localStorage.getItem(`${STORAGE_PREFIX}backup:chat`)).toBe(raw)
  })

  it('Download the original never carries a secret: API keys and MCP header and env values are redacted, the rest kept', async () => {
    const API_KEY = 'sk-live-0a1b2c3d4e5f'
    const HEADER = 'Bearer mcp-9f8e7d6c5b4a'
    const ENV = 'ghp_env-secret-value'
    const profile = { name: 'Work', kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }
    const chat = {
      version: 1,
      data: {
        profiles: [{ id: 'ep-1', ...profile, apiKey: API_KEY, temperature: null, maxTokens: null }],
        agents: [],
        // One message to repair, and one where a server echoed the key back.
        sessions: [
          {
            id: 's-1',
            title: 'Kept',
            agentId: 'a-1',
            profileId: 'ep-1',
            createdAt: 1,
            messages: [
              { id: 'm-1', role: 'user', content: `my key is ${API_KEY}`, createdAt: 1 },
              { id: 'm-2', role: 'assistant', content: null, createdAt: 2 },
            ],
          },
        ],
        activeSessionId: 's-1',
      },
    }
    localStorage.setItem(`${STORAGE_PREFIX}chat`, JSON.stringify(chat))
    // Cut short, so not JSON at all: the secrets must still go.
    const mcp = JSON.stringify({
      version: 1,
      data: {
        config: {
          mcpServers: {
            web: { url: 'https://example.test/mcp', headers: { Authorization: HEADER } },
            files: { command: 'npx', args: ['server-files'], env: { GITHUB_TOKEN: ENV } },
          },
        },
      },
    })
    localStorage.setItem(`${STORAGE_PREFIX}mcp`, mcp.slice(0, -3))
    const blobs: Blob[] = []
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:download'
    })
    try {
      const wrapper = mountWithApp(App)
      await vi.waitFor(() => expect(wrapper.findAll('[data-test="persist-download"]')).toHaveLength(2), {
        timeout: 20_000,
      })
      for (const button of wrapper.findAll('[data-test="persist-download"]')) await button.trigger('click')
      const texts = await Promise.all(blobs.map((blob) => blob.text()))
      expect(texts).toHaveLength(2)
      for (const text of texts) for (const secret of [API_KEY, HEADER, ENV]) expect(text).not.toContain(secret)
      const [chatText, mcpText] = texts[0]!.includes('"profiles"') ? texts : [texts[1]!, texts[0]!]
      // Still the saved text, readable as it was, with only the secrets replaced.
      expect(JSON.parse(chatText!)).toMatchObject({ data: { profiles: [{ ...profile, apiKey: '[redacted]' }] } })
      expect(chatText).toContain('"title":"Kept"')
      expect(mcpText).toContain('"headers":{"Authorization":"[redacted]"}')
      expect(mcpText).toContain('"env":{"GITHUB_TOKEN":"[redacted]"}')
      expect(mcpText).toContain('"url":"https://example.test/mcp"')
    } finally {
      createObjectURL.mockRestore()
    }
  })

  it('Ctrl+Enter runs the open pane’s action', async () => {
    const wrapper = mountWithApp(App)
    await flushPromises()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }))
    await nextTick()
    expect(useDiscoveryStore().state.selected).toBe('calc')
    // The detail is its own chunk, loaded when a tool is first selected.
    await vi.waitFor(() => expect(wrapper.find('[data-test="tool-detail"]').text()).toContain('calc_evaluate'), {
      timeout: 20_000,
    })
  })
})
