// @vitest-environment happy-dom
/**
 * A server's prompts, resources and templates in Discovery, over an in-memory server: a prompt's
 * form (Get held back while a required argument is empty), its messages by role as text, a
 * resource read by kind, a template's live URI, a subscription's update mark, Insert into chat.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import { createMcpToolSource, readMcpConfig, type McpToolSource } from '../../../src/core/mcp'
import OfferPanel from '../../../src/components/mcp/OfferPanel.vue'
import { useChatDraftStore } from '../../../src/stores/chat/draft'
import { useTesterStore } from '../../../src/stores/tester'
import { mountWithApp } from '../../helpers-ui'
import { offerServer, type OfferServer } from '../../fixtures/mcp/offer-server'

const sources = vi.hoisted(() => ({ list: [] as unknown[] }))
// The MCP store's servers are the test's in-memory sources.
vi.mock('../../../src/stores/mcp', () => ({
  useMcpStore: defineStore('mcp', () => {
    const list = shallowRef(sources.list as McpToolSource[])
    return { servers: list.value.map((source) => ({ name: source.config.name, source })) }
  }),
}))
const downloads = vi.hoisted(() => [] as { name: string; size: number; type: string }[])
vi.mock('../../../src/components/common/download', () => ({
  downloadBytes: (name: string, bytes: Uint8Array, type: string) => downloads.push({ name, size: bytes.length, type }),
}))

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 20_000 })
let server: OfferServer
let source: McpToolSource
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  localStorage.clear()
  server = offerServer()
  const { servers } = readMcpConfig({ mcpServers: { offer: { url: 'http://127.0.0.1:1/x' } } })
  source = createMcpToolSource({ config: servers[0]!, createTransport: () => server.transport() })
  await source.connect()
  sources.list = [source]
  downloads.length = 0
})
afterEach(async () => {
  wrapper?.unmount()
  await source.disconnect()
})

async function panelOn(tab: 'prompts' | 'resources' | 'templates') {
  wrapper = mountWithApp(OfferPanel, { props: { server: 'offer', toolCount: 0, tab }, attachTo: document.body })
  await waitFor(() => expect(wrapper!.text()).toContain('Prompts (1)'))
  return wrapper
}

async function open(item: string) {
  await wrapper!.find(`${item} .el-collapse-item__header`).trigger('click')
  await flushPromises()
}

describe('OfferPanel', { timeout: 60_000 }, () => {
  it('gets a prompt once its required argument is filled, shows its messages by role as text, and inserts it into chat', async () => {
    await panelOn('prompts')
    expect(wrapper!.text()).toContain('Resources (3)')
    expect(wrapper!.text()).toContain('Templates (1)')
    await open('[data-test="offer-prompt"][data-name="weather"]')
    expect(wrapper!.find('[data-test="offer-arg-city"]').attributes('data-required')).toBe('true')
    expect(wrapper!.find('[data-test="offer-arg-unit"]').attributes('data-required')).toBe('false')
    const get = wrapper!.find('[data-test="offer-get"]')
    expect(get.attributes('disabled')).toBeDefined()
    await wrapper!.find('[data-test="offer-arg-city"] input').setValue('<b>Paris</b>')
    expect(get.attributes('disabled')).toBeUndefined()
    await get.trigger('click')
    await waitFor(() => expect(wrapper!.findAll('[data-test="offer-message"]')).toHaveLength(3))
    const messages = wrapper!.findAll('[data-test="offer-message"]')
    expect(messages.map((m) => m.attributes('data-role'))).toEqual(['user', 'assistant', 'user'])
    expect(messages[0]!.text()).toContain('Weather in <b>Paris</b>?')
    expect(messages[0]!.find('b').exists()).toBe(false)
    expect(messages[1]!.find('img').attributes('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(messages[2]!.text()).toContain('Embedded resource test://notes.txt')
    await wrapper!.find('[data-test="offer-prompt-form"] [data-test="offer-insert"]').trigger('click')
    expect(useChatDraftStore().draft).toContain('user:\nWeather in <b>Paris</b>?')
    expect(useTesterStore().tab).toBe('chat')
  })

  it('reads JSON pretty and offers bytes as a download with their type and size', async () => {
    await panelOn('resources')
    await open('[data-test="offer-resource-item"][data-uri="test://data.json"]')
    await wrapper!.find('[data-uri="test://data.json"] [data-test="offer-read"]').trigger('click')
    await waitFor(() => expect(wrapper!.find('[data-test="offer-content"][data-kind="json"]').exists()).toBe(true))
    await open('[data-test="offer-resource-item"][data-uri="test://archive.gz"]')
    await wrapper!.find('[data-uri="test://archive.gz"] [data-test="offer-read"]').trigger('click')
    await waitFor(() => expect(wrapper!.find('[data-test="offer-bytes"]').exists()).toBe(true))
    expect(wrapper!.find('[data-test="offer-bytes-size"]').text()).toBe('application/gzip, 9 bytes')
    await wrapper!.find('[data-test="offer-download"]').trigger('click')
    expect(downloads).toEqual([{ name: 'archive.gz', size: 9, type: 'application/gzip' }])
  })

  it('subscribes, and marks the contents when the server says they changed', async () => {
    await panelOn('resources')
    await open('[data-test="offer-resource-item"][data-uri="test://notes.txt"]')
    const resource = () => wrapper!.find('[data-test="offer-resource"][data-uri="test://notes.txt"]')
    await resource().find('[data-test="offer-subscribe"]').trigger('click')
    await waitFor(() => expect(resource().attributes('data-subscribed')).toBe('true'))
    await waitFor(() => expect(resource().text()).toContain('read 1 of test://notes.txt'))
    expect(resource().find('[data-test="offer-updated"]').exists()).toBe(false)
    await server.updated('test://notes.txt')
    await waitFor(() => expect(resource().text()).toContain('read 2 of test://notes.txt'))
    await waitFor(() =>
      expect(resource().find('[data-test="offer-updated"]').text()).toMatch(/^updated at \d\d:\d\d:\d\d$/),
    )
    await resource().find('[data-test="offer-subscribe"]').trigger('click')
    await waitFor(() => expect(resource().attributes('data-subscribed')).toBe('false'))
    expect([...server.subscribed]).toEqual([])
  })

  it('makes a URI from a template as its variable is typed, and reads it', async () => {
    await panelOn('templates')
    await open('[data-test="offer-template"]')
    expect(wrapper!.find('[data-test="offer-template-fill"]').exists()).toBe(true)
    expect(wrapper!.find('[data-test="offer-read"]').attributes('disabled')).toBeDefined()
    await wrapper!.find('input[data-test="offer-var-id"]').setValue('a b')
    expect(wrapper!.find('[data-test="offer-template-uri"]').text()).toBe('test://notes/a%20b')
    await wrapper!.find('[data-test="offer-read"]').trigger('click')
    await waitFor(() =>
      expect(wrapper!.find('[data-test="offer-contents"]').text()).toContain('read 1 of test://notes/a%20b'),
    )
  })

  it('says the server is not connected, and lists nothing then', async () => {
    await source.disconnect()
    wrapper = mountWithApp(OfferPanel, { props: { server: 'offer', toolCount: 0, tab: 'prompts' } })
    await flushPromises()
    expect(wrapper.text()).toContain('The server is not connected')
    expect(wrapper.text()).toContain('Prompts (0)')
  })
})
