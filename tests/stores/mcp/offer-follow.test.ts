/** Following a source for its offer: connects, disconnects, lists changed and resources updated, each reported once. */
import { describe, expect, it } from 'vitest'
import type { McpNotification, McpStatus, McpToolSource } from '../../../src/core/mcp/source'
import { followOffer } from '../../../src/stores/mcp/offer-follow'

/** Just what the follower reads of a source, changed by the test. */
function fakeSource(status: McpStatus = 'disconnected') {
  const listeners = new Set<() => void>()
  const notifications: McpNotification[] = []
  const fake = {
    status,
    notifications,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const changed = () => listeners.forEach((listener) => listener())
  let clock = 0
  return {
    source: fake as unknown as McpToolSource,
    listeners,
    setStatus(next: McpStatus) {
      fake.status = next
      changed()
    },
    notify(...methods: [string, Record<string, unknown>?][]) {
      for (const [method, params = {}] of methods) notifications.push({ at: ++clock, method, params })
      changed()
    },
  }
}

function recorder() {
  const events: string[] = []
  return {
    events,
    handlers: {
      connected: () => events.push('connected'),
      disconnected: () => events.push('disconnected'),
      listChanged: () => events.push('listChanged'),
      resourceUpdated: (uri: string) => events.push(`updated ${uri}`),
    },
  }
}

describe('followOffer', () => {
  it('reports connecting, a reconnect and going away', () => {
    const fake = fakeSource()
    const { events, handlers } = recorder()
    followOffer(fake.source, handlers)
    fake.setStatus('connecting')
    fake.setStatus('connected')
    fake.setStatus('connected')
    fake.setStatus('disconnected')
    fake.setStatus('failed')
    fake.setStatus('connected')
    expect(events).toEqual(['connected', 'disconnected', 'connected'])
  })

  it('counts a source already connected as connecting now, and ignores older notifications', () => {
    const fake = fakeSource('connected')
    fake.notify(['notifications/prompts/list_changed'])
    const { events, handlers } = recorder()
    followOffer(fake.source, handlers)
    fake.notify(['notifications/message', { level: 'info' }])
    expect(events).toEqual(['connected'])
  })

  it('reports a batch once: one list change, each updated URI once, nothing for a URI that is not text', () => {
    const fake = fakeSource('connected')
    const { events, handlers } = recorder()
    followOffer(fake.source, handlers)
    fake.notify(
      ['notifications/prompts/list_changed'],
      ['notifications/resources/list_changed'],
      ['notifications/resources/updated', { uri: 'a://1' }],
      ['notifications/resources/updated', { uri: 'a://1' }],
      ['notifications/resources/updated', { uri: 42 }],
      ['notifications/resources/updated', {}],
      ['notifications/resources/updated', { uri: 'a://2' }],
    )
    expect(events).toEqual(['connected', 'listChanged', 'updated a://1', 'updated a://2'])
    fake.notify(['notifications/resources/updated', { uri: 'a://1' }])
    expect(events.at(-1)).toBe('updated a://1')
    expect(events).toHaveLength(5)
  })

  it('still finds the new ones when the one seen last was dropped from a full list', () => {
    const fake = fakeSource('connected')
    const { events, handlers } = recorder()
    followOffer(fake.source, handlers)
    fake.notify(['notifications/message'])
    const all = fake.source.notifications as McpNotification[]
    fake.notify(['notifications/resources/updated', { uri: 'a://new' }])
    all.splice(0, 2)
    fake.notify(['notifications/resources/updated', { uri: 'a://newer' }])
    expect(events).toEqual(['connected', 'updated a://new', 'updated a://newer'])
  })

  it('stops: nothing is reported afterwards and the listener is gone', () => {
    const fake = fakeSource()
    const { events, handlers } = recorder()
    const stop = followOffer(fake.source, handlers)
    stop()
    fake.setStatus('connected')
    fake.notify(['notifications/prompts/list_changed'])
    expect(events).toEqual([])
    expect(fake.listeners.size).toBe(0)
  })
})
