// @vitest-environment happy-dom
/** Log levels: remembered per server, sent now and on every connect, only to servers that declare logging. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { persistNotices, STORAGE_PREFIX } from '../../../src/persistence/persisted'
import { followLogLevel, readLogLevels, useMcpLogLevelsStore } from '../../../src/stores/mcp/log-levels'
import { createMcpToolSource } from '../../../src/core/mcp'
import { loggingServer, type LoggingServer } from '../../fixtures/mcp/logging-server'

beforeEach(() => {
  localStorage.clear()
  persistNotices.value = []
  setActivePinia(createPinia())
})

const sourceOf = (heard: LoggingServer, name = 'everything') =>
  followLogLevel(
    createMcpToolSource({
      config: { name, transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
      createTransport: () => heard.connect(),
    }),
  )

describe('log levels', () => {
  it('a level chosen while connected is sent at once, remembered, and sent again on the next connect', async () => {
    const heard = loggingServer()
    const source = sourceOf(heard)
    await source.connect()
    expect(heard.levels).toEqual([])
    const levels = useMcpLogLevelsStore()
    await levels.setLevel(source, 'error')
    expect(heard.levels).toEqual(['error'])
    await source.disconnect()
    await source.connect()
    await vi.waitFor(() => expect(heard.levels).toEqual(['error', 'error']), { timeout: 20_000 })
    await nextTick()
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}mcp-log-levels`)!)).toEqual({
      version: 1,
      data: { everything: 'error' },
    })
    await source.disconnect()
  })

  it('a level chosen while disconnected waits for the connect', async () => {
    const heard = loggingServer()
    const source = sourceOf(heard)
    await useMcpLogLevelsStore().setLevel(source, 'debug')
    expect(heard.levels).toEqual([])
    await source.connect()
    await vi.waitFor(() => expect(heard.levels).toEqual(['debug']), { timeout: 20_000 })
    await source.disconnect()
  })

  it('a server that does not declare logging is never sent a level', async () => {
    const heard = loggingServer({ logging: false })
    const source = sourceOf(heard)
    await source.connect()
    const levels = useMcpLogLevelsStore()
    await levels.setLevel(source, 'warning')
    expect(levels.levelOf('everything')).toBe('warning')
    expect(levels.problems).toEqual({})
    await source.disconnect()
    await source.connect()
    expect(heard.levels).toEqual([])
    await source.disconnect()
  })

  it('a server that refuses the level: the reason is kept for the panel', async () => {
    const heard = loggingServer()
    const source = sourceOf(heard)
    await source.connect()
    heard.server.setRequestHandler(
      (await import('@modelcontextprotocol/sdk/types.js')).SetLevelRequestSchema,
      async () => {
        throw new Error('levels are fixed here')
      },
    )
    const levels = useMcpLogLevelsStore()
    await levels.setLevel(source, 'info')
    expect(levels.problems.everything).toContain('levels are fixed here')
    await source.disconnect()
  })

  it('saved levels that are not MCP levels are dropped, each said', () => {
    const repairs: string[] = []
    expect(readLogLevels({ a: 'error', b: 'loud', c: 4 }, repairs)).toEqual({ a: 'error' })
    expect(repairs).toHaveLength(2)
    expect(readLogLevels('error', [])).toBeNull()
    localStorage.setItem(`${STORAGE_PREFIX}mcp-log-levels`, '[]')
    expect(useMcpLogLevelsStore().levels).toEqual({})
    expect(persistNotices.value).toMatchObject([{ key: 'mcp-log-levels' }])
  })
})
