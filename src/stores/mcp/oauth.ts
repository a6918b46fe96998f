/**
 * Signing in to HTTP MCP servers (OAuth) from their cards: where each server's sign-in stands, a
 * Sign in that opens the server's authorization page in a window of its own and finishes when that
 * window comes back to public/oauth-callback.html, and a Sign out that forgets the tokens and revokes
 * them at the server when it offers revocation. The MCP SDK (in src/mcp/browser-oauth) loads with
 * the first server, not with this store.
 */
import { defineStore } from 'pinia'
import { getCurrentScope, onScopeDispose } from 'vue'
import type { McpServerConfig, McpSignInResult, McpSignOutResult } from '../../core/mcp'
import type * as BrowserOAuthModule from '../../mcp/browser-oauth'
import { callbackQuery, OAUTH_CHANNEL, type OAuthAnswerMessage } from '../../mcp/oauth-channel'
import { useMcpStore, type ServerView } from '../mcp'
import { openSignInWindow } from './oauth-window'
import { useSignInViews, type SignInOutcome, type SignInView } from './oauth-views'

export type { SignInOutcome, SignInView } from './oauth-views'
type BrowserOAuth = typeof BrowserOAuthModule

/** The sentence the callback window shows for an outcome (the card's language). */
export type AnswerText = (outcome: SignInOutcome, server: string) => string

export const useMcpOAuthStore = defineStore('mcpOAuth', () => {
  const { views, sync: syncViews, note: noteOutcome } = useSignInViews()
  /** The sign-ins this page started, by provider key: the words of their answers. */
  const started = new Map<string, AnswerText>()
  let oauth: BrowserOAuth | null = null

  const sync = () => syncViews(oauth?.browserOAuthProviders() ?? [])
  const note = (key: string, outcome: SignInOutcome | undefined) => {
    noteOutcome(key, outcome)
    sync()
  }

  async function load(): Promise<BrowserOAuth> {
    if (oauth) return oauth
    const loaded = await import('../../mcp/browser-oauth')
    // The sign-in modules are evaluated in one task on first use; redrawing waits for the next.
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (!oauth) loaded.onBrowserOAuthChange(sync)
    oauth = loaded
    sync()
    return loaded
  }

  /** The sign-in view of an HTTP server; undefined until its first connection, and for stdio servers. */
  function viewOf(config: McpServerConfig): SignInView | undefined {
    if (config.transport === 'stdio') return undefined
    return views.value.find((view) => view.name === config.name && view.url === config.url)
  }

  /** Opens the server's authorization page in a new window; the callback window finishes it. Call from a click. */
  async function signIn(server: ServerView, answerText: AnswerText, waiting: string): Promise<void> {
    if (server.config.transport === 'stdio') return
    const popup = openSignInWindow(waiting)
    const { browserOAuthProvider, startMcpSignIn } = await load()
    const provider = browserOAuthProvider(server.config)
    started.set(provider.key, answerText)
    note(provider.key, { kind: 'waiting' })
    provider.onRedirect = (url) => {
      if (!popup.go(url)) note(provider.key, { kind: 'blocked', url: url.href })
    }
    try {
      // Saved tokens that could still be renewed need no window.
      if ((await startMcpSignIn(provider)) === 'AUTHORIZED') {
        popup.close()
        note(provider.key, { kind: 'signed-in' })
        await useAgain(server.name)
      }
    } catch (problem) {
      popup.close()
      note(provider.key, { kind: 'failed', detail: problem instanceof Error ? problem.message : String(problem) })
    } finally {
      provider.onRedirect = undefined
    }
  }

  /**
   * Forgets the server's tokens and registration in this browser, disconnects it, and revokes the
   * tokens at the server when it offers revocation; the card says which.
   */
  async function signOut(server: ServerView): Promise<void> {
    if (server.config.transport === 'stdio') return
    const { browserOAuthProvider, revokeMcpSignIn } = await load()
    const provider = browserOAuthProvider(server.config)
    // Forgotten here at once; the server's answer may take a while, or never come.
    const revoking = revokeMcpSignIn(provider)
    if (server.source.status === 'connected') await useMcpStore().disconnect(server.name)
    note(provider.key, signOutOutcome(await revoking))
  }

  /** A callback window's query: finished by the sign-in whose `state` it carries, answered in a sentence. */
  async function onCallback(query: string, reply: (answer: OAuthAnswerMessage) => void): Promise<void> {
    const finished = await finishCallback(await load(), query, started, note)
    if (finished) reply(finished.answer)
    if (finished?.signedIn) await useAgain(finished.signedIn)
  }

  listen(onCallback)
  // The servers' providers are made with their connections: show them from the start.
  void load()
  return { views, viewOf, signIn, signOut }
})

/** After a sign-in: a connected server goes on with the new tokens (its tools listed again); another connects. */
async function useAgain(name: string): Promise<void> {
  const mcp = useMcpStore()
  const server = mcp.servers.find((view) => view.name === name)
  if (server?.source.status === 'connected') await server.source.refresh().catch(() => undefined)
  else await mcp.connect(name)
}

/**
 * Finishes the sign-in whose `state` the callback carries: the answer for the callback window, and
 * the server signed in to, if any. Null when there is nothing to say: not a callback, or another
 * page's sign-in (only a page with a sign-in under way says that a state does not match).
 */
async function finishCallback(
  oauth: BrowserOAuth,
  query: string,
  started: Map<string, AnswerText>,
  note: (key: string, outcome: SignInOutcome) => void,
): Promise<{ answer: OAuthAnswerMessage; signedIn?: string } | null> {
  const callback = oauth.readSignInCallback(new URLSearchParams(query))
  if (!callback) return null
  const state = callback.state ?? ''
  const provider = oauth.browserOAuthProviders().find((p) => p.pendingState !== undefined && p.pendingState === state)
  if (!provider) {
    const words = [...started.values()][0]
    if (!words) return null
    return { answer: { type: 'vcp-mcp-oauth-answer', state, ok: false, text: words({ kind: 'state' }, '') } }
  }
  const result = await oauth.finishMcpSignIn(provider, callback)
  const outcome = outcomeOf(result)
  note(provider.key, outcome)
  const words = started.get(provider.key)
  started.delete(provider.key)
  const text = words ? words(outcome, provider.server.name) : result.ok ? 'Signed in.' : result.message
  const answer: OAuthAnswerMessage = { type: 'vcp-mcp-oauth-answer', state, ok: result.ok, text }
  return result.ok ? { answer, signedIn: provider.server.name } : { answer }
}

function signOutOutcome(result: McpSignOutResult): SignInOutcome {
  if (result.revocation === 'done') return { kind: 'revoked' }
  if (result.revocation === 'failed') return { kind: 'revoke-failed', detail: result.message }
  if (result.revocation === 'not-offered') return { kind: 'not-revoked' }
  return { kind: 'signed-out' }
}

function outcomeOf(result: McpSignInResult): SignInOutcome {
  if (result.ok) return { kind: 'signed-in' }
  if (result.reason === 'failed') return { kind: 'failed', detail: result.message }
  return { kind: result.reason }
}

/** Listens on the callback channel while the store's scope lives. */
function listen(handle: (query: string, reply: (answer: OAuthAnswerMessage) => void) => Promise<void>): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(OAUTH_CHANNEL)
  channel.onmessage = (event: MessageEvent) => {
    const query = callbackQuery(event.data)
    if (query !== null) void handle(query, (answer) => channel.postMessage(answer))
  }
  if (getCurrentScope()) onScopeDispose(() => channel.close())
}
