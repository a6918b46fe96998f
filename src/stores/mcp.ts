/**
 * MCP servers in the browser: their configuration (saved, secrets included, on this machine
 * only), their connections, and their tools in the app's registry while connected. stdio servers
 * are started through `npm start`'s bridge; HTTP servers are reached directly. Saved servers
 * reconnect on load, and one that cannot be reached says so.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import { toolRegistryManager } from '../core'
// The configuration alone: the SDK (in the sources) loads when the first server is added or restored.
import { parseMcpConfig, readMcpConfig, writeMcpConfig, type McpServerConfig } from '../core/mcp/config'
import type { McpToolSource } from '../core/mcp'
import { persistedRef } from './persisted'

interface McpState {
  /** The `mcpServers` object, as a person would write it. */
  config: { mcpServers: Record<string, unknown> }
}

export interface ServerView {
  name: string
  config: McpServerConfig
  source: McpToolSource
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
  /** Bumped on every change of a source (status, tools, log), for views. */
  const tick = ref(0)
  const removers = new Map<string, () => void>()
  /** Sentences about saved servers that could not be reached when the page loaded. */
  const notices = ref<string[]>([])

  const servers = computed<ServerView[]>(() => {
    void tick.value
    return [...sources.value.values()].map((source) => ({ name: source.config.name, config: source.config, source }))
  })

  async function sourceFor(config: McpServerConfig): Promise<McpToolSource> {
    const { createBrowserMcpSource } = await import('../mcp/browser-source')
    const source = createBrowserMcpSource(config)
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
      void remove(config.name)
      sources.value.set(config.name, await sourceFor(config))
    }
    state.value.config = writeMcpConfig([...sources.value.values()].map((s) => s.config), { secrets: true })
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
    triggerRef(sources)
    await source.disconnect()
    syncRegistration(source)
    state.value.config = writeMcpConfig([...sources.value.values()].map((s) => s.config), { secrets: true })
  }

  /** The saved servers, connected again (on load). */
  async function restore(): Promise<void> {
    const { servers: saved } = readMcpConfig(state.value.config)
    for (const config of saved) if (!sources.value.has(config.name)) sources.value.set(config.name, await sourceFor(config))
    triggerRef(sources)
    await Promise.all(saved.map((config) => connect(config.name, { onLoad: true })))
  }

  /** The configuration to share: secrets replaced. */
  const exportText = computed(() => {
    void tick.value
    return JSON.stringify(writeMcpConfig([...sources.value.values()].map((s) => s.config)), null, 2)
  })

  return { state, servers, notices, tick, importConfig, connect, disconnect, remove, restore, exportText }
})
