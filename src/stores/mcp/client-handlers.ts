/**
 * What the page answers when an MCP server asks: each answer is a store of its own (the person
 * sees the request and decides); a store is asked only when its server asks.
 */
import type { McpClientHandlers } from '../../core/mcp'
import { useMcpRootsStore } from './roots'
import { useMcpSamplingStore } from './sampling'
import { useMcpElicitationStore } from './elicitation'

/** The handlers every browser source is made with. */
export function browserClientHandlers(): McpClientHandlers {
  return {
    roots: (server) => useMcpRootsStore().rootsOf(server),
    sampling: (request, context) => useMcpSamplingStore().answer(request, context),
    elicitation: (request, context) => useMcpElicitationStore().answer(request, context),
  }
}
