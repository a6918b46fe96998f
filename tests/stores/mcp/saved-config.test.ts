// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick } from 'vue'
import { persistNotices, STORAGE_PREFIX } from '../../../src/persistence/persisted'
import { readMcpState, useSavedMcpConfig } from '../../../src/stores/mcp/saved-config'

const KEY = `${STORAGE_PREFIX}mcp`

beforeEach(() => {
  localStorage.clear()
  persistNotices.value = []
})

describe('the saved MCP configuration', () => {
  it('keeps the readable servers, says which were dropped, and is not fooled by other data', () => {
    const repairs: string[] = []
    const state = readMcpState(
      { config: { mcpServers: { web: { url: 'http://127.0.0.1:1/' }, bad: { url: 'ftp://x/' } } } },
      repairs,
    )
    expect(state).toEqual({ config: { mcpServers: { web: { url: 'http://127.0.0.1:1/' } } } })
    expect(repairs).toEqual(['Server "bad": "url" must be http or https, not ftp:'])
    expect(readMcpState({ servers: [] }, [])).toBeNull()
    expect(readMcpState(null, [])).toBeNull()
  })

  it('loads with a repair notice, and saves servers with their secrets', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ version: 1, data: { config: { mcpServers: { ok: { command: 'node' }, '': {} } } } }),
    )
    const scope = effectScope()
    const saved = scope.run(() => useSavedMcpConfig())!
    expect(saved.savedServers().map((s) => s.name)).toEqual(['ok'])
    expect(persistNotices.value).toMatchObject([{ key: 'mcp', reason: 'repaired' }])
    saved.saveServers([{ name: 'web', transport: 'http', url: 'http://127.0.0.1:1/', headers: { Key: 's3cret' } }])
    await nextTick()
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      version: 1,
      data: { config: { mcpServers: { web: { url: 'http://127.0.0.1:1/', headers: { Key: 's3cret' } } } } },
    })
    scope.stop()
  })
})
