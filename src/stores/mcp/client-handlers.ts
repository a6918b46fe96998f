/**
 * What the page answers when an MCP server asks: each answer is a store of its own (the person
 * sees the request and decides); a store is asked only when its server asks. Sampling and
 * elicitation pass the per-server limits first, so no server can keep the page's dialogs open.
 */
import type { McpClientHandlers } from '../../core/mcp'
import { useMcpRootsStore } from './roots'
import { useMcpSamplingStore } from './sampling'
import { useMcpElicitationStore } from './elicitation'
import { useMcpAskLimitsStore } from './ask-limits'

/** The handlers every browser source is made with. */
export function browserClientHandlers(): McpClientHandlers {
  return {
    roots: (server) => useMcpRootsStore().rootsOf(server),
    sampling: (request, context) =>
      useMcpAskLimitsStore().guard(context.server, () => useMcpSamplingStore().answer(request, context)),
    elicitation: (request, context) =>
      useMcpAskLimitsStore().guard(context.server, () => useMcpElicitationStore().answer(request, context)),
  }
}
