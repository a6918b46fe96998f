/** The servers' configuration as text: an `mcpServers` JSON to import, and one to share. */
import { computed, triggerRef, type ComputedRef } from 'vue'
import { toolRegistryManager, type ToolRegistryManager } from '../../core'
import { parseMcpConfig, writeMcpConfig, type McpServerConfig } from '../../core/mcp/config'
import type { ServerListReturn } from './server-list'

/** Options of useServerConfiguration. */
export interface ServerConfigurationOptions {
  list: Pick<ServerListReturn, 'sources' | 'tick' | 'fileName' | 'sourceFor' | 'originOf' | 'ownConfigs'>
  connect: (name: string) => Promise<void>
  remove: (name: string) => Promise<void>
  /** Keeps the servers this browser keeps. */
  save: () => void
  /** Where a server's name must not clash with a built-in tool's id. @default the app's toolRegistryManager */
  registry?: ToolRegistryManager
}

/** What useServerConfiguration returns. */
export interface ServerConfigurationReturn {
  /** Adds (or replaces, by name) the servers of an `mcpServers` JSON and connects them; returns what it could not use. */
  importConfig(text: string): Promise<string[]>
  /** The configuration to share: this browser's servers, secrets replaced. */
  exportText: ComputedRef<string>
}

/** Import and export of the servers' configuration. */
export function useServerConfiguration({
  list,
  connect,
  remove,
  save,
  registry = toolRegistryManager,
}: ServerConfigurationOptions): ServerConfigurationReturn {
  const { sources } = list

  /** Why a server of an import cannot be used; null when it can. */
  function clashOf(config: McpServerConfig): string | null {
    if (registry.get(config.name) && !sources.value.has(config.name))
      return `Server "${config.name}": a built-in tool already has that id; give the server another name.`
    if (list.originOf(config.name) === 'file')
      return `Server "${config.name}": ${list.fileName.value || 'mcp.json'} already defines it; give the server another name.`
    return null
  }

  async function importConfig(text: string): Promise<string[]> {
    const { servers: found, problems } = parseMcpConfig(text)
    for (const config of found) {
      const clash = clashOf(config)
      if (clash) {
        problems.push(clash)
        continue
      }
      void remove(config.name)
      sources.value.set(config.name, await list.sourceFor(config, 'added'))
    }
    save()
    triggerRef(sources)
    // Added means wanted: each connects at once (a failure is said on its card).
    for (const config of found) if (sources.value.has(config.name)) void connect(config.name)
    return problems
  }

  const exportText = computed(() => {
    void list.tick.value
    return JSON.stringify(writeMcpConfig(list.ownConfigs()), null, 2)
  })

  return { importConfig, exportText }
}
