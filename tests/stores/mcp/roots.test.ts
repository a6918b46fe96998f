// @vitest-environment happy-dom
/** The roots store: per-server roots kept in their own key, answered to roots/list, and damaged saved data. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { persistNotices, STORAGE_PREFIX } from '../../../src/persistence/persisted'
import { readMcpRootsState, useMcpRootsStore } from '../../../src/stores/mcp/roots'
import { browserClientHandlers } from '../../../src/stores/mcp/client-handlers'
import { createMcpToolSource } from '../../../src/core/mcp'
import { loggingServer } from '../../fixtures/mcp/logging-server'

const KEY = `${STORAGE_PREFIX}mcp-roots`

beforeEach(() => {
  localStorage.clear()
  persistNotices.value = []
  setActivePinia(createPinia())
})

describe('the roots store', () => {
  it('adds roots per server as file:// URIs, refuses what cannot be one, and removes them', () => {
    const roots = useMcpRootsStore()
    expect(roots.add('files', '/home/me/My Notes', 'Notes')).toBeNull()
    expect(roots.add('files', 'C:\\工作')).toBeNull()
    expect(roots.add('files', 'notes')).toContain('not an absolute path')
    expect(roots.add('files', 'file:///home/me/My%20Notes')).toContain('already a root')
    expect(roots.rootsOf('files')).toEqual([
      { uri: 'file:///home/me/My%20Notes', name: 'Notes' },
      { uri: 'file:///C:/%E5%B7%A5%E4%BD%9C' },
    ])
    expect(roots.rootsOf('other')).toEqual([])
    roots.remove('files', 0)
    roots.remove('files', 7)
    expect(roots.entriesOf('files')).toEqual([{ path: 'C:\\工作' }])
    roots.remove('files', 0)
    expect(roots.state.servers).toEqual({})
  })

  it('keeps the roots under their own key and reads them back', async () => {
    useMcpRootsStore().add('files', '/srv/data', 'Data')
    await nextTick()
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      version: 1,
      data: { servers: { files: [{ path: '/srv/data', name: 'Data' }] } },
    })
    setActivePinia(createPinia())
    expect(useMcpRootsStore().rootsOf('files')).toEqual([{ uri: 'file:///srv/data', name: 'Data' }])
  })

  it('corrupt saved roots give a notice and touch nothing else', () => {
    localStorage.setItem(`${STORAGE_PREFIX}mcp`, '{"version":1,"data":{"config":{"mcpServers":{}}}}')
    localStorage.setItem(KEY, '{not json')
    expect(useMcpRootsStore().state.servers).toEqual({})
    expect(persistNotices.value).toMatchObject([{ key: 'mcp-roots', reason: 'corrupt' }])
    expect(localStorage.getItem(`${STORAGE_PREFIX}backup:mcp-roots`)).toBe('{not json')
    expect(localStorage.getItem(`${STORAGE_PREFIX}mcp`)).toBe('{"version":1,"data":{"config":{"mcpServers":{}}}}')
  })

  it('damaged entries are dropped one by one, each said', () => {
    const repairs: string[] = []
    const state = readMcpRootsState(
      {
        servers: {
          a: [{ path: '/ok', name: 'OK' }, { path: 'relative' }, { name: 'no path' }, 'text', { path: '/x', name: 3 }],
          b: 'not a list',
        },
      },
      repairs,
    )
    expect(state).toEqual({ servers: { a: [{ path: '/ok', name: 'OK' }, { path: '/x' }] } })
    expect(repairs).toHaveLength(4)
    expect(repairs[0]).toContain('Root 2 of "a"')
    expect(repairs[3]).toContain('"b"')
    expect(readMcpRootsState([], [])).toBeNull()
    expect(readMcpRootsState({ servers: null }, [])).toBeNull()
  })

  it('the browser handlers answer roots/list from the store, and a change reaches the server', async () => {
    const heard = loggingServer()
    const source = createMcpToolSource({
      config: { name: 'files', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
      createTransport: () => heard.connect(),
      handlers: browserClientHandlers(),
    })
    const roots = useMcpRootsStore()
    roots.add('files', '/home/me/a b', 'A')
    await source.connect()
    expect(await heard.server.listRoots()).toEqual({ roots: [{ uri: 'file:///home/me/a%20b', name: 'A' }] })
    roots.add('files', '/srv')
    await source.rootsChanged()
    await vi.waitFor(() => expect(heard.rootsChanges).toBe(1), { timeout: 20_000 })
    expect((await heard.server.listRoots()).roots.map((root) => root.uri)).toEqual([
      'file:///home/me/a%20b',
      'file:///srv',
    ])
    await source.disconnect()
  })
})
