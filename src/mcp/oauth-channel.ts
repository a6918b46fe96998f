/**
 * How the sign-in page the authorization server sends the browser back to
 * (public/oauth-callback.html) and the workbench page that started the sign-in talk: a
 * BroadcastChannel of this origin. The callback page sends the query it was opened with; the
 * workbench answers with a sentence the callback page shows. Kept free of the MCP SDK so the page
 * loads it cheaply. public/oauth-callback.js repeats these names: change both together.
 */

/** Where the authorization server sends the browser back to, on the workbench's own origin. */
export const OAUTH_CALLBACK_PATH = '/oauth-callback.html'

/** The channel's name. */
export const OAUTH_CHANNEL = 'vcp-mcp-oauth'

/** Sent by the callback page: the query it was opened with (code and state, or error). */
export interface OAuthCallbackMessage {
  type: 'vcp-mcp-oauth-callback'
  query: string
}

/** Sent back by the workbench page that had the sign-in under way: what happened, in a sentence. */
export interface OAuthAnswerMessage {
  type: 'vcp-mcp-oauth-answer'
  /** The `state` of the answer it replies to, so a callback page shows only its own. */
  state: string
  ok: boolean
  text: string
}

/** The redirect URI this page registers with authorization servers: the callback page on this origin. */
export function oauthRedirectUrl(origin: string = location.origin): string {
  return `${origin}${OAUTH_CALLBACK_PATH}`
}

/** The query of a callback message, or null when the message is something else. Never throws. */
export function callbackQuery(data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null
  const { type, query } = data as Partial<OAuthCallbackMessage>
  return type === 'vcp-mcp-oauth-callback' && typeof query === 'string' ? query : null
}
