/** A connected MCP server's tools are in the app's registry; a disconnected one's are not. */
import { toolRegistryManager, type ToolRegistryManager } from '../../core'
import type { McpToolSource } from '../../core/mcp'

/** Keeps each server's tool registered exactly while it is connected. */
export interface ToolRegistration {
  /**
   * Registers a newly connected server's tool, removes a disconnected one's, and otherwise tells
   * the registry the tools changed (listed again while connected).
   */
  syncRegistration(source: McpToolSource): void
}

/** Registration of MCP servers' tools in `registry` (the app's by default), by server name. */
export function useToolRegistration(registry: ToolRegistryManager = toolRegistryManager): ToolRegistration {
  const removers = new Map<string, () => void>()

  function syncRegistration(source: McpToolSource): void {
    const name = source.config.name
    if (source.status === 'connected' && !removers.has(name)) {
      removers.set(name, registry.register(source.tool))
    } else if (source.status !== 'connected' && removers.has(name)) {
      removers.get(name)?.()
      removers.delete(name)
    } else {
      registry.touch()
    }
  }

  return { syncRegistration }
}
