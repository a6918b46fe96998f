/**
 * Sign-ins to HTTP servers in the browser: one OAuth provider per server (by name and URL), its
 * tokens and registration kept in this browser's localStorage under a key of its own
 * (`vcp-workbench:mcp-oauth:NAME@URL`), apart from the servers' configuration, so no export ever
 * carries them.
 */
import {
  createMcpOAuthProvider,
  keepSignInFresh,
  oauthStorageKey,
  type McpHttpServer,
  type McpOAuthProvider,
  type McpOAuthStorage,
} from '../core/mcp'
import { oauthRedirectUrl } from './oauth-channel'

/** The prefix of the localStorage keys that keep sign-ins. */
export const OAUTH_STORAGE_PREFIX = 'vcp-workbench:mcp-oauth:'

/** localStorage under OAUTH_STORAGE_PREFIX; a browser that refuses storage keeps nothing (and says nothing: memory still works). */
export function localOAuthStorage(): McpOAuthStorage {
  const store = (): Storage | null => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage
    } catch {
      return null
    }
  }
  return {
    read: (key) => store()?.getItem(OAUTH_STORAGE_PREFIX + key) ?? null,
    write: (key, text) => store()?.setItem(OAUTH_STORAGE_PREFIX + key, text),
    remove: (key) => store()?.removeItem(OAUTH_STORAGE_PREFIX + key),
  }
}

const providers = new Map<string, McpOAuthProvider>()
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

/**
 * The provider of the server in this page, made (and its saved sign-in read) on first use: when the
 * server connects or the person signs in or out, never from storage alone. From then on its tokens
 * are renewed before they end, for as long as the page lives.
 */
export function browserOAuthProvider(server: McpHttpServer): McpOAuthProvider {
  const key = oauthStorageKey(server)
  const known = providers.get(key)
  if (known) return known
  const made = createMcpOAuthProvider({ server, storage: localOAuthStorage(), redirectUrl: oauthRedirectUrl() })
  providers.set(made.key, made)
  made.subscribe(changed)
  keepSignInFresh(made)
  changed()
  return made
}

/** Every provider made in this page. */
export function browserOAuthProviders(): McpOAuthProvider[] {
  return [...providers.values()]
}

/** Calls `listener` when a provider is made or its status changes; returns the unsubscribe. */
export function onBrowserOAuthChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export { finishMcpSignIn, readSignInCallback, revokeMcpSignIn, startMcpSignIn } from '../core/mcp'
