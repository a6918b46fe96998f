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
  /**
   * Says, before a server connects, whether a person asked for it (a click in this page) or the
   * page did (mcp.json's servers at load): its tool is registered marked `connectedByPerson` only
   * in the first case, so the chat lets read-only claims count only from servers the person chose.
   */
  noteConnecting(name: string, byPerson: boolean): void
}

/** Registration of MCP servers' tools in `registry` (the app's by default), by server name. */
export function useToolRegistration(registry: ToolRegistryManager = toolRegistryManager): ToolRegistration {
  const removers = new Map<string, () => void>()
  const byPerson = new Set<string>()

  function syncRegistration(source: McpToolSource): void {
    const name = source.config.name
    if (source.status === 'connected' && !removers.has(name)) {
      const tool = byPerson.has(name) ? { ...source.tool, connectedByPerson: true } : source.tool
      removers.set(name, registry.register(tool))
    } else if (source.status !== 'connected' && removers.has(name)) {
      removers.get(name)?.()
      removers.delete(name)
    } else {
      registry.touch()
    }
  }

  function noteConnecting(name: string, person: boolean): void {
    if (person) byPerson.add(name)
    else byPerson.delete(name)
  }

  return { syncRegistration, noteConnecting }
}
