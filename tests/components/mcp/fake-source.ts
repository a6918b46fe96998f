/** A tool source that is only its notifications and its status, for the server card's panels. */
import { vi } from 'vitest'
import type { McpNotification, McpToolSource } from '../../../src/core/mcp'

/** A disconnected source named `name` that holds `notifications`; `rootsChanged` is a spy. */
export function fakeSource(name: string, notifications: McpNotification[] = []): McpToolSource {
  return {
    config: { name, transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
    status: 'disconnected',
    server: {},
    client: null,
    toolsVersion: 0,
    log: [],
    notifications,
    notificationsLeftOut: { older: 0, progress: 0 },
    notices: [],
    tool: { id: name, name, description: '', getMetadata: () => ({ methods: [] }), callMethod: async () => null },
    connect: async () => {},
    disconnect: async () => {},
    refresh: async () => {},
    rootsChanged: vi.fn(async () => {}),
    subscribe: () => () => {},
  } as unknown as McpToolSource
}
