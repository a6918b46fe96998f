/**
 * What the page answers when an MCP server asks: each answer is a store of its own (the person
 * sees the request and decides), reached lazily so that a server asking is what loads it.
 */
import type { McpClientHandlers } from '../../core/mcp/client-features'

/** The handlers every browser source is made with. */
export function browserClientHandlers(): McpClientHandlers {
  return {}
}
