/**
 * MCP servers in the browser: their configuration (saved, secrets included, on this machine
 * only), their connections, and their tools in the app's registry while connected. stdio servers
 * are started through `npm start`'s bridge; HTTP servers are reached directly.
 *
 * What starts a program must come from the user, never from storage alone: any page that once ran
 * on this origin could have written it. So a saved stdio server is listed with its command line
 * and starts only on a click; the servers of the user's own mcp.json (read by the bridge) start
 * with the page; saved HTTP servers, which start nothing, reconnect on load.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import { toolRegistryManager } from '../core'
// The configuration alone: the SDK (in the sources) loads when the first server is added or restored.
import { parseMcpConfig, readMcpConfig, writeMcpConfig, type McpServerConfig } from '../core/mcp/config'
import type { McpToolSource } from '../core/mcp'
import { persistedRef } from '../persistence/persisted'

interface McpState {
  /** The `mcpServers` object, as a person would write it. */
  config: { mcpServers: Record<string, unknown> }
}

/** Where a server's definition came from. */
export type ServerOrigin = 'added' | 'saved' | 'file'

export interface ServerView {
  name: string
  config: McpServerConfig
  source: McpToolSource
  origin: ServerOrigin
  /** For servers of mcp.json: the names of the variables it sets (their values stay with the bridge). */
  envNames: string[]
}

export const useMcpStore = defineStore('mcp', () => {
  const state = persistedRef<McpState>(
    'mcp',
    1,
    () => ({ config: { mcpServers: {} } }),
    (data, repairs) => {
      if (data === null || typeof data !== 'object' || !('config' in data)) return null
      const { servers, problems } = readMcpConfig((data as McpState).config)
      repairs.push(...problems)
      return { config: writeMcpConfig(servers, { secrets: true }) }
    },
  )
  const sources = shallowRef(new Map<string, McpToolSource>())
  const origins = new Map<string, { origin: ServerOrigin; envNames: string[] }>()
  /** The file the file servers came from. */
  const fileName = ref('')
  /** Bumped on every change of a source (status, tools, log), for views. */
  const tick = ref(0)
  const removers = new Map<string, () => void>()
  /** Sentences about saved servers that could not be reached when the page loaded. */
  const notices = ref<string[]>([])

  const servers = computed<ServerView[]>(() => {
    void tick.value
    return [...sources.value.values()].map((source) => {
      const known = origins.get(source.config.name) ?? { origin: 'added' as const, envNames: [] }
      return { name: source.config.name, config: source.config, source, ...known }
    })
  })

  async function sourceFor(
    config: McpServerConfig,
    origin: ServerOrigin,
    envNames: string[] = [],
  ): Promise<McpToolSource> {
    const { createBrowserMcpSource } = await import('../mcp/browser-source')
    const source = createBrowserMcpSource(config, { fileServer: origin === 'file' })
    origins.set(config.name, {
      origin,
      envNames:
        origin === 'file'
          ? envNames
          : config.transport === 'stdio'
            ? Object.keys(config.env)
            : Object.keys(config.headers),
    })
    let seen = source.toolsVersion
    source.subscribe(() => {
      tick.value++
      if (source.toolsVersion !== seen) {
        seen = source.toolsVersion
        syncRegistration(source)
      }
    })
    return source
  }

  /** A connected server's tools are in the registry; a disconnected one's are not. */
  function syncRegistration(source: McpToolSource): void {
    const name = source.config.name
    if (source.status === 'connected' && !removers.has(name)) {
      removers.set(name, toolRegistryManager.register(source.tool))
    } else if (source.status !== 'connected' && removers.has(name)) {
      removers.get(name)?.()
      removers.delete(name)
    } else {
      toolRegistryManager.touch()
    }
  }

  /** Adds (or replaces, by name) the servers of an `mcpServers` JSON; returns what it could not use. */
  async function importConfig(text: string): Promise<string[]> {
    const { servers: found, problems } = parseMcpConfig(text)
    for (const config of found) {
      const clash = toolRegistryManager.get(config.name)
      if (clash && !sources.value.has(config.name)) {
        problems.push(`Server "${config.name}": a built-in tool already has that id; give the server another name.`)
        continue
      }
      if (origins.get(config.name)?.origin === 'file') {
        problems.push(
          `Server "${config.name}": ${fileName.value || 'mcp.json'} already defines it; give the server another name.`,
        )
        continue
      }
      void remove(config.name)
      sources.value.set(config.name, await sourceFor(config, 'added'))
    }
    save()
    triggerRef(sources)
    // Added means wanted: each connects at once (a failure is said on its card).
    for (const config of found) if (sources.value.has(config.name)) void connect(config.name)
    return problems
  }

  /** Connects a server; why it failed shows on its card (and, for a server saved before, at the top). */
  async function connect(name: string, options: { onLoad?: boolean } = {}): Promise<void> {
    const source = sources.value.get(name)
    if (!source) return
    try {
      await source.connect()
      syncRegistration(source)
    } catch (error) {
      if (options.onLoad) notices.value = [...notices.value, error instanceof Error ? error.message : String(error)]
    }
    tick.value++
  }

  async function disconnect(name: string): Promise<void> {
    const source = sources.value.get(name)
    if (!source) return
    await source.disconnect()
    syncRegistration(source)
    tick.value++
  }

  async function remove(name: string): Promise<void> {
    const source = sources.value.get(name)
    if (!source) return
    sources.value.delete(name)
    origins.delete(name)
    triggerRef(sources)
    await source.disconnect()
    syncRegistration(source)
    save()
  }

  /** What is kept in this browser: every server but those of mcp.json (the file keeps them). */
  function save(): void {
    state.value.config = writeMcpConfig(ownConfigs(), { secrets: true })
  }
  const ownConfigs = (): McpServerConfig[] =>
    [...sources.value.values()].filter((s) => origins.get(s.config.name)?.origin !== 'file').map((s) => s.config)

  /**
   * On load: the servers of the user's mcp.json start; saved HTTP servers reconnect; saved stdio
   * servers are listed and wait for a click (storage alone never starts a program).
   */
  async function restore(): Promise<void> {
    const starts: string[] = []
    try {
      // The bridge's list alone: the SDK loads only when there is a server to connect.
      const { listFileServers } = await import('../mcp/bridge-transport')
      const listed = await listFileServers()
      fileName.value = listed.file
      if (listed.problems.length) notices.value = [...notices.value, ...listed.problems]
      for (const view of listed.servers) {
        if (sources.value.has(view.name)) continue
        const config: McpServerConfig = {
          name: view.name,
          transport: 'stdio',
          command: view.command,
          args: view.args,
          env: {},
          ...(view.cwd ? { cwd: view.cwd } : {}),
        }
        sources.value.set(view.name, await sourceFor(config, 'file', view.envNames))
        starts.push(view.name)
      }
    } catch (error) {
      notices.value = [
        ...notices.value,
        `The servers of mcp.json could not be read: ${error instanceof Error ? error.message : String(error)}`,
      ]
    }
    const { servers: saved } = readMcpConfig(state.value.config)
    for (const config of saved) {
      if (sources.value.has(config.name)) {
        notices.value = [
          ...notices.value,
          `Server "${config.name}" is saved in this browser and listed in ${fileName.value || 'mcp.json'}: the file's is used.`,
        ]
        continue
      }
      sources.value.set(config.name, await sourceFor(config, 'saved'))
      if (config.transport !== 'stdio') starts.push(config.name)
    }
    triggerRef(sources)
    await Promise.all(starts.map((name) => connect(name, { onLoad: true })))
  }

  /** The configuration to share: secrets replaced. */
  const exportText = computed(() => {
    void tick.value
    return JSON.stringify(writeMcpConfig(ownConfigs()), null, 2)
  })

  return { state, servers, notices, tick, fileName, importConfig, connect, disconnect, remove, restore, exportText }
})
