/** A server's notifications: classified by kind, levels ordered, filtered newest first, exported as JSON and JSON Lines. */
import { describe, expect, it } from 'vitest'
import type { McpNotification } from '../../../src/core/mcp'
import {
  MCP_LOG_LEVELS,
  TEXT_LIMIT,
  classifyNotification,
  isMcpLogLevel,
  levelRank,
  valueText,
} from '../../../src/core/mcp/notifications'
import {
  createNotificationClassifier,
  exportFileName,
  exportNotifications,
  filterNotifications,
} from '../../../src/core/mcp/notifications-view'

const note = (method: string, params: Record<string, unknown> = {}, at = 1_700_000_000_000): McpNotification => ({
  at,
  method,
  params,
})
const log = (level: unknown, data: unknown, at: number, logger?: string) =>
  note('notifications/message', { level, data, ...(logger ? { logger } : {}) }, at)

describe('levels', () => {
  it('orders the eight levels from debug to emergency', () => {
    expect(MCP_LOG_LEVELS.map(levelRank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(levelRank('error')).toBeGreaterThan(levelRank('warning'))
  })
  it('knows only those eight', () => {
    expect(isMcpLogLevel('notice')).toBe(true)
    for (const other of ['warn', 'ERROR', '', 3, null, undefined]) expect(isMcpLogLevel(other)).toBe(false)
  })
})

describe('classifyNotification', () => {
  it('a log message: its level, logger and data', () => {
    expect(classifyNotification(log('error', 'disk full', 1, 'storage'))).toMatchObject({
      kind: 'log',
      level: 'error',
      logger: 'storage',
      text: 'disk full',
    })
    expect(classifyNotification(log('info', { free: 0, unit: 'MB' }, 1)).text).toBe('{"free":0,"unit":"MB"}')
  })
  it('a log message with a level outside the eight has no level and is kept', () => {
    const entry = classifyNotification(log('loud', 'hi', 1))
    expect(entry.kind).toBe('log')
    expect(entry.level).toBeUndefined()
    expect(entry.text).toBe('hi')
  })
  it('progress, lists changed, resources updated and other methods', () => {
    expect(
      classifyNotification(
        note('notifications/progress', { progressToken: 't', progress: 3, total: 10, message: 'copying' }),
      ),
    ).toMatchObject({ kind: 'progress', text: '3 / 10 — copying' })
    expect(classifyNotification(note('notifications/progress', { progress: 0.5 })).text).toBe('0.5')
    for (const list of ['tools', 'prompts', 'resources'])
      expect(classifyNotification(note(`notifications/${list}/list_changed`))).toMatchObject({
        kind: 'list-changed',
        text: list,
      })
    expect(classifyNotification(note('notifications/resources/updated', { uri: 'test://1' }))).toMatchObject({
      kind: 'resource-updated',
      text: 'test://1',
    })
    expect(classifyNotification(note('notifications/cancelled', { requestId: 4 }))).toMatchObject({
      kind: 'other',
      text: '{"requestId":4}',
    })
    expect(classifyNotification(note('vendor/ping')).text).toBe('')
  })
  it('server text loses its controls and direction marks and is cut to the limit; odd data never throws', () => {
    expect(classifyNotification(log('info', 'a\u0007b\u202Ec\nd', 1)).text).toBe('abc\nd')
    const long = classifyNotification(log('info', 'x'.repeat(TEXT_LIMIT + 50), 1)).text
    expect(long).toHaveLength(TEXT_LIMIT + 1)
    expect(long.endsWith('…')).toBe(true)
    expect(classifyNotification(log(5, undefined, 1))).toMatchObject({ kind: 'log', text: '' })
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(valueText(loop)).toBe('[object Object]')
    expect(valueText(10n)).toBe('10')
  })
})

const entries = [
  log('debug', 'starting', 1),
  log('error', 'Disk FULL', 2, 'storage'),
  note('notifications/progress', { progress: 1, total: 2 }, 3),
  log('warning', 'slow', 4),
  note('notifications/tools/list_changed', {}, 5),
  log('nonsense', 'odd level', 6),
].map(classifyNotification)

describe('filterNotifications', () => {
  it('lists everything newest first by default', () => {
    expect(filterNotifications(entries).map((e) => e.at)).toEqual([6, 5, 4, 3, 2, 1])
  })
  it('by kind, by least level (log messages of no known level stay), and by text in any case', () => {
    expect(filterNotifications(entries, { kinds: ['log'] }).map((e) => e.at)).toEqual([6, 4, 2, 1])
    expect(filterNotifications(entries, { kinds: ['log'], minLevel: 'warning' }).map((e) => e.at)).toEqual([6, 4, 2])
    expect(filterNotifications(entries, { minLevel: 'error' }).map((e) => e.at)).toEqual([6, 5, 3, 2])
    expect(filterNotifications(entries, { text: 'disk full' }).map((e) => e.at)).toEqual([2])
    expect(filterNotifications(entries, { text: 'STORAGE' }).map((e) => e.at)).toEqual([2])
    expect(filterNotifications(entries, { text: 'list_changed' }).map((e) => e.at)).toEqual([5])
    expect(filterNotifications(entries, { kinds: [] })).toEqual([])
  })
  it('filters thousands of entries', () => {
    const many = Array.from({ length: 5000 }, (_, n) => classifyNotification(log(MCP_LOG_LEVELS[n % 8], `m${n}`, n)))
    const shown = filterNotifications(many, { minLevel: 'emergency', text: 'm4' })
    expect(shown.every((e) => e.level === 'emergency' && e.text.startsWith('m4'))).toBe(true)
    expect(shown[0]!.at).toBeGreaterThan(shown[1]!.at)
  })
})

describe('createNotificationClassifier', () => {
  it('classifies each notification object once', () => {
    const classify = createNotificationClassifier()
    const list = [log('info', 'a', 1), log('error', 'b', 2)]
    const first = classify(list)
    const again = classify([...list, log('info', 'c', 3)])
    expect(again[0]).toBe(first[0])
    expect(again[1]).toBe(first[1])
    expect(again[2]!.text).toBe('c')
  })
})

describe('exportNotifications', () => {
  const shown = filterNotifications(entries, { kinds: ['log', 'progress'], minLevel: 'warning' })
  it('JSON: an array, oldest first, with time, method, kind, level, logger and params', () => {
    const records = JSON.parse(exportNotifications(shown, 'json')) as Record<string, unknown>[]
    expect(records.map((r) => r.at)).toEqual([2, 3, 4, 6])
    expect(records[0]).toEqual({
      time: '1970-01-01T00:00:00.002Z',
      at: 2,
      method: 'notifications/message',
      kind: 'log',
      level: 'error',
      logger: 'storage',
      params: { level: 'error', data: 'Disk FULL', logger: 'storage' },
    })
    expect(records[1]).not.toHaveProperty('level')
  })
  it('JSON Lines: one object a line', () => {
    const text = exportNotifications(shown, 'jsonl')
    const lines = text.trimEnd().split('\n')
    expect(lines).toHaveLength(4)
    expect(lines.map((line) => (JSON.parse(line) as { at: number }).at)).toEqual([2, 3, 4, 6])
    expect(text.endsWith('\n')).toBe(true)
    expect(exportNotifications([], 'jsonl')).toBe('')
    expect(JSON.parse(exportNotifications([], 'json'))).toEqual([])
  })
  it('names the file after the server and the time', () => {
    expect(exportFileName('everything', 'jsonl', new Date('2025-03-04T05:06:07Z'))).toBe(
      'everything-notifications-2025-03-04-05-06-07.jsonl',
    )
    expect(exportFileName('a/b c', 'json', new Date(0))).toBe('a_b_c-notifications-1970-01-01-00-00-00.json')
  })
})
