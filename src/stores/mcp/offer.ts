/**
 * The prompts, resources and templates of every MCP server on the page (see offer-state.ts), as a
 * store: the Discovery pane and the chat's message box share it, so nothing typed or read is lost
 * when a panel closes.
 */
import { defineStore } from 'pinia'
import { watch } from 'vue'
import { useMcpStore } from '../mcp'
import { useServerOffers } from './offer-state'

export type { PromptGet, ResourceRead, ServerOfferEntry } from './offer-state'

/** Every server's offer, following the MCP store's servers. */
export const useMcpOfferStore = defineStore('mcpOffer', () => {
  const mcp = useMcpStore()
  const sources = () => mcp.servers.map((server) => server.source)
  return useServerOffers(sources, (onChange) => watch(() => sources(), onChange))
})
