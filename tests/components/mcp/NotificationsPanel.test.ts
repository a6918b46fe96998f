// @vitest-environment happy-dom
/** The notifications panel: newest first, server text as text, filters, a capped list and the downloads. */
import { describe, expect, it, vi } from 'vitest'
import NotificationsPanel from '../../../src/components/mcp/NotificationsPanel.vue'
import { mountWithApp } from '../../helpers-ui'
import { fakeSource } from './fake-source'
import type { McpNotification } from '../../../src/core/mcp'

const downloads = vi.hoisted(() => [] as { name: string; text: string }[])
vi.mock('../../../src/components/common/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}))

const log = (at: number, level: string, data: string): McpNotification => ({
  at,
  method: 'notifications/message',
  params: { level, data },
})
const notifications: McpNotification[] = [
  log(1000, 'info', 'Roots updated'),
  log(2000, 'error', '<b>Disk full</b>'),
  { at: 3000, method: 'notifications/tools/list_changed', params: {} },
  log(4000, 'debug', 'tick'),
]

const mountPanel = (list = notifications) =>
  mountWithApp(NotificationsPanel, { props: { source: fakeSource('everything', list) } })
const rows = (wrapper: ReturnType<typeof mountPanel>) => wrapper.findAll('[data-test="mcp-note"]')

describe('the notifications panel', () => {
  it('lists the notifications newest first, with the server text as text', () => {
    const wrapper = mountPanel()
    expect(rows(wrapper).map((row) => row.attributes('data-kind'))).toEqual(['log', 'list-changed', 'log', 'log'])
    const error = rows(wrapper)[2]!
    expect(error.attributes('data-level')).toBe('error')
    expect(error.text()).toContain('<b>Disk full</b>')
    expect(error.find('b').exists()).toBe(false)
  })

  it('filters by kind, by least level and by text', async () => {
    const wrapper = mountPanel()
    await wrapper.find('[data-test="mcp-note-kinds"] [data-kind="list-changed"] input').setValue(false)
    expect(rows(wrapper)).toHaveLength(3)
    await wrapper.find('input[data-test="mcp-note-filter"]').setValue('disk')
    expect(rows(wrapper).map((row) => row.attributes('data-level'))).toEqual(['error'])
    await wrapper.find('input[data-test="mcp-note-filter"]').setValue('')
    ;(wrapper.vm as unknown as { $: { setupState: { minLevel: string } } }).$.setupState.minLevel = 'warning'
    await wrapper.vm.$nextTick()
    expect(rows(wrapper).map((row) => row.attributes('data-level'))).toEqual(['error'])
  })

  it('draws a hundred rows at a time of thousands', { timeout: 30_000 }, async () => {
    const many = Array.from({ length: 2500 }, (_, n) => log(n, 'info', `line ${n}`))
    const wrapper = mountPanel(many)
    expect(rows(wrapper)).toHaveLength(100)
    expect(rows(wrapper)[0]!.text()).toContain('line 2499')
    expect(wrapper.find('[data-test="mcp-note-count"]').text()).toContain('100 of 2500')
    await wrapper.find('[data-test="mcp-note-more"]').trigger('click')
    expect(rows(wrapper)).toHaveLength(200)
  })

  it('downloads what is shown as JSON and as JSON Lines', async () => {
    downloads.length = 0
    const wrapper = mountPanel()
    await wrapper.find('input[data-test="mcp-note-filter"]').setValue('disk')
    await wrapper.find('[data-test="mcp-note-json"]').trigger('click')
    await wrapper.find('[data-test="mcp-note-jsonl"]').trigger('click')
    expect(downloads[0]!.name).toMatch(/^everything-notifications-.*\.json$/)
    expect(JSON.parse(downloads[0]!.text)).toMatchObject([{ level: 'error', params: { data: '<b>Disk full</b>' } }])
    expect(downloads[1]!.name.endsWith('.jsonl')).toBe(true)
    expect(downloads[1]!.text.trimEnd().split('\n')).toHaveLength(1)
  })

  it('says when there is nothing yet', () => {
    expect(mountPanel([]).text()).toContain('No notifications yet.')
  })
})
