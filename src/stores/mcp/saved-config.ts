/**
 * The MCP servers kept in this browser: an `mcpServers` object under the `mcp` key, secrets
 * included (on this machine only). A saved server that cannot be read is dropped with a notice.
 */
import type { Ref } from 'vue'
// The configuration alone: the SDK (in the sources) loads when the first server is added or restored.
import { readMcpConfig, writeMcpConfig, type McpServerConfig } from '../../core/mcp/config'
import { persistedRef } from '../../persistence/persisted'

/** The saved state of the MCP store. */
export interface McpState {
  /** The `mcpServers` object, as a person would write it. */
  config: { mcpServers: Record<string, unknown> }
}

/** What useSavedMcpConfig returns. */
export interface SavedMcpConfigReturn {
  state: Ref<McpState>
  /** The saved servers, as configurations. */
  savedServers(): McpServerConfig[]
  /** Keeps exactly these servers, secrets included. */
  saveServers(servers: McpServerConfig[]): void
}

/** The saved MCP configuration under the `mcp` key (version 1). */
export function useSavedMcpConfig(): SavedMcpConfigReturn {
  const state = persistedRef<McpState>('mcp', 1, () => ({ config: { mcpServers: {} } }), readMcpState)
  return {
    state,
    savedServers: () => readMcpConfig(state.value.config).servers,
    saveServers: (servers) => (state.value.config = writeMcpConfig(servers, { secrets: true })),
  }
}

/**
 * The saved MCP state, its readable servers kept and each unreadable one said in `repairs`; null
 * when it is not an MCP state at all.
 */
export function readMcpState(data: unknown, repairs: string[]): McpState | null {
  if (data === null || typeof data !== 'object' || !('config' in data)) return null
  const { servers, problems } = readMcpConfig((data as McpState).config)
  repairs.push(...problems)
  return { config: writeMcpConfig(servers, { secrets: true }) }
}
