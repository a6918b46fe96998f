/** The contract of OfferPanel.vue: which of a server's offers is shown. */

/** The tabs of an MCP server in Discovery: its tools (shown by ToolDetail) and what else it offers. */
export type OfferTab = 'tools' | 'prompts' | 'resources' | 'templates'

/** Every tab, in the order shown. */
export const OFFER_TABS: readonly OfferTab[] = ['tools', 'prompts', 'resources', 'templates']
