/**
 * The MCP store's pieces, assembled as the store assembles them, over in-memory servers: import,
 * connection, tool registration, removal, export and restore at page load.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, ref } from 'vue'
import { createToolRegistryManager, type ToolRegistryManager } from '../../../src/core'
import { createMcpToolSource, REDACTED, type McpServerConfig } from '../../../src/core/mcp'
import { useToolRegistration } from '../../../src/stores/mcp/tool-registration'
import { useServerList, type CreateMcpSource } from '../../../src/stores/mcp/server-list'
import { useServerConnections } from '../../../src/stores/mcp/connections'
import { useServerConfiguration } from '../../../src/stores/mcp/server-configuration'
import { useServerRestore } from '../../../src/stores/mcp/restore'
import { hostileTransport } from '../../fixtures/mcp/hostile-server'

const fileServers = vi.hoisted(() => ({
  value: {
    file: '',
    servers: [] as { name: string; command: string; args: string[]; envNames: string[] }[],
    problems: [] as string[],
  },
}))
vi.mock('../../../src/mcp/bridge-transport', () => ({ listFileServers: async () => fileServers.value }))

/** Every server lists one tool, `ping`; a server whose name starts with "down" cannot be reached. */
const createSource: CreateMcpSource = async (config) =>
  createMcpToolSource({
    config,
    createTransport: () =>
      config.name.startsWith('down')
        ? Promise.reject(new Error(`${config.name} is not reachable`))
        : hostileTransport([{ name: 'ping', inputSchema: { type: 'object', properties: {} } }]),
  })

const http = (name: string, headers: Record<string, string> = {}): McpServerConfig => ({
  name,
  transport: 'http',
  url: `http://127.0.0.1:1/${name}`,
  headers,
})
const stdio = (name: string): McpServerConfig => ({ name, transport: 'stdio', command: 'node', args: [], env: {} })

const scopes: (() => void)[] = []
afterEach(() => {
  scopes.splice(0).forEach((stop) => stop())
  fileServers.value = { file: '', servers: [], problems: [] }
})

/** The pieces wired as useMcpStore wires them, on a registry of its own. */
function mcpServers(savedServers: McpServerConfig[] = []) {
  const scope = effectScope()
  scopes.push(() => scope.stop())
  return scope.run(() => {
    const registry: ToolRegistryManager = createToolRegistryManager()
    const notices = ref<string[]>([])
    const saves: McpServerConfig[][] = []
    const registration = useToolRegistration(registry)
    const list = useServerList({ onToolsChanged: registration.syncRegistration, createSource })
    const save = () => void saves.push(list.ownConfigs())
    const connections = useServerConnections({ list, ...registration, save, notices })
    const configuration = useServerConfiguration({ list, ...connections, save, registry })
    const { restore } = useServerRestore({
      list,
      savedServers: () => savedServers,
      connect: connections.connect,
      notices,
    })
    const status = () => Object.fromEntries(list.servers.value.map((s) => [s.name, s.source.status]))
    return { registry, notices, saves, list, ...connections, ...configuration, restore, status }
  })!
}

describe('MCP servers', () => {
  it('an imported server connects at once and its tool is registered; disconnected, the tool leaves', async () => {
    const mcp = mcpServers()
    const problems = await mcp.importConfig(
      JSON.stringify({
        mcpServers: { web: { url: 'http://127.0.0.1:1/web', headers: { Authorization: 'Bearer s3cret' } } },
      }),
    )
    expect(problems).toEqual([])
    await vi.waitFor(() => expect(mcp.registry.get('web')).toBeDefined())
    expect(mcp.status()).toEqual({ web: 'connected' })
    // Added by the person: its tools' read-only claims may count in the chat.
    expect(mcp.registry.get('web')?.connectedByPerson).toBe(true)
    expect(mcp.list.servers.value[0]).toMatchObject({ origin: 'added', envNames: ['Authorization'] })
    // Kept with its secret in this browser; shared without it.
    expect(mcp.saves.at(-1)).toEqual([http('web', { Authorization: 'Bearer s3cret' })])
    expect(JSON.parse(mcp.exportText.value)).toEqual({
      mcpServers: { web: { url: 'http://127.0.0.1:1/web', headers: { Authorization: REDACTED } } },
    })
    await mcp.disconnect('web')
    expect(mcp.registry.get('web')).toBeUndefined()
    expect(mcp.status()).toEqual({ web: 'disconnected' })
  })

  it('an import whose name is a built-in tool id is refused; a removed server is gone from the list, registry and storage', async () => {
    const mcp = mcpServers()
    // Any tool of that id: here one not from this list.
    mcp.registry.register((await createSource(http('calc'), { fileServer: false })).tool)
    const problems = await mcp.importConfig(
      JSON.stringify({
        mcpServers: { calc: { url: 'http://127.0.0.1:1/calc' }, web: { url: 'http://127.0.0.1:1/web' } },
      }),
    )
    expect(problems).toEqual(['Server "calc": a built-in tool already has that id; give the server another name.'])
    await vi.waitFor(() => expect(mcp.registry.get('web')).toBeDefined())
    await mcp.remove('web')
    expect(mcp.list.servers.value).toEqual([])
    expect(mcp.registry.get('web')).toBeUndefined()
    expect(mcp.saves.at(-1)).toEqual([])
  })

  it("restore: mcp.json's servers start; saved servers wait for a click whatever their transport; the file wins a clash", async () => {
    fileServers.value = {
      file: '/home/me/mcp.json',
      servers: [{ name: 'files', command: 'node', args: ['server.js'], envNames: ['TOKEN'] }],
      problems: ['Server "odd": needs "command".'],
    }
    const mcp = mcpServers([http('web'), stdio('local'), stdio('files'), http('down-web')])
    await mcp.restore()
    expect(mcp.status()).toEqual({
      files: 'connected',
      web: 'disconnected',
      local: 'disconnected',
      'down-web': 'disconnected',
    })
    // What storage alone holds registers nothing: any page of this origin could have written it.
    expect(mcp.registry.get('web')).toBeUndefined()
    // Started with the page, not by the person: its read-only claims do not lower an approval.
    expect(mcp.registry.get('files')?.connectedByPerson).toBeFalsy()
    expect(mcp.list.fileName.value).toBe('/home/me/mcp.json')
    expect(mcp.list.servers.value.find((s) => s.name === 'files')).toMatchObject({
      origin: 'file',
      envNames: ['TOKEN'],
    })
    expect(mcp.notices.value).toEqual([
      'Server "odd": needs "command".',
      'Server "files" is saved in this browser and listed in /home/me/mcp.json: the file\'s is used.',
    ])
    // mcp.json keeps its own servers: this browser keeps the others.
    expect(mcp.list.ownConfigs().map((c) => c.name)).toEqual(['web', 'local', 'down-web'])
    // The person's click connects one, and says on its card why another failed.
    await mcp.connect('web')
    await mcp.connect('down-web')
    expect(mcp.status()).toMatchObject({ web: 'connected', 'down-web': 'failed' })
    expect(mcp.registry.get('web')?.connectedByPerson).toBe(true)
    const problems = await mcp.importConfig(JSON.stringify({ mcpServers: { files: { url: 'http://127.0.0.1:1/x' } } }))
    expect(problems).toEqual(['Server "files": /home/me/mcp.json already defines it; give the server another name.'])
  })
})
