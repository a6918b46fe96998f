/**
 * The MCP SDK's OAuth client provider for one HTTP server: the authorization-code flow with PKCE,
 * dynamic client registration and refresh are the SDK's (`auth()`, called by its HTTP transports on
 * a 401, and by keepSignInFresh before the access token ends); this keeps what they produce in a
 * McpOAuthStorage with the moment the access token ends, hands out the `state` of each sign-in, and
 * says where the sign-in stands, for a view.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { McpHttpServer } from './config'
import { readOAuthRecord, writeOAuthRecord, type McpOAuthRecord } from './oauth-record'
import { oauthStorageKey, type McpOAuthStorage } from './oauth-storage'

/** Where a server's sign-in stands. */
export type McpSignInPhase = 'signed-out' | 'needs-sign-in' | 'signed-in'

/** A server's sign-in, as a view shows it. */
export interface McpSignInStatus {
  /**
   * 'needs-sign-in' from the server's first refusal, or from the moment the access token ended,
   * until tokens are saved (or the person signs out).
   */
  phase: McpSignInPhase
  /** Needs a sign-in because one that worked stopped working: expired and not renewed, or revoked. */
  expired: boolean
  /** Why a saved sign-in was dropped (it could not be read); kept until the next sign-in. */
  notice?: string
}

/** What a provider is made from. */
export interface McpOAuthProviderOptions {
  server: McpHttpServer
  storage: McpOAuthStorage
  /** Where the authorization server sends the browser back with the code: registered with the client. */
  redirectUrl: string
  /** The name the authorization server shows on its consent page. @default 'VCP Workbench' */
  clientName?: string
  /** Makes each sign-in's `state`. @default 32 random hex digits */
  newState?: () => string
  /** The time, in ms since the epoch, to tell when an access token ended. @default Date.now */
  now?: () => number
}

/** An OAuthClientProvider for the SDK's transports and `auth()`, with what a view needs. */
export interface McpOAuthProvider extends OAuthClientProvider {
  readonly server: McpHttpServer
  /** Its storage key (server name and URL). */
  readonly key: string
  readonly status: McpSignInStatus
  /** The `state` of the sign-in under way; undefined when none is. */
  readonly pendingState: string | undefined
  /** When the saved access token ends (ms since the epoch); undefined without tokens or an `expires_in`. */
  readonly expiresAt: number | undefined
  /** Tells the listeners that `status` may have changed with time alone (the access token ended). */
  recheck(): void
  /** Told of each authorization page the SDK prepares: the host opens it when the person asked to sign in. */
  onRedirect: ((url: URL) => void) | undefined
  /** Ends the sign-in under way (its answer came): the same `state` is never accepted twice. */
  forgetPending(): void
  /** Forgets the tokens and the registration of this server in this storage. */
  signOut(): void
  /** Called after every change of `status`. */
  subscribe(listener: () => void): () => void
}

/** A provider for the server, its saved sign-in read at once (an unreadable one is dropped, with a notice). */
export function createMcpOAuthProvider(options: McpOAuthProviderOptions): McpOAuthProvider {
  const { server, redirectUrl } = options
  const newState = options.newState ?? randomState
  const now = options.now ?? Date.now
  const saved = savedSignIn(options.storage, oauthStorageKey(server), server.name)
  let notice = saved.problem
  /** The server asked for a sign-in and no tokens were saved since. */
  let asked = false
  /** A sign-in that worked was lost (tokens invalidated, or refused while present). */
  let lost = false
  let discovery: OAuthDiscoveryState | undefined
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  const save = (change: Partial<McpOAuthRecord>, notify = false) => {
    saved.save(change)
    if (notify) changed()
  }

  const provider: McpOAuthProvider = {
    server,
    key: saved.key,
    onRedirect: undefined,
    redirectUrl,
    clientMetadata: workbenchClientMetadata(redirectUrl, options.clientName),
    get status(): McpSignInStatus {
      const { tokens, expiresAt } = saved.record
      // Tokens past their end are no sign-in, though no request was refused yet.
      const ended = tokens !== undefined && expiresAt !== undefined && now() >= expiresAt
      const phase = asked || ended ? 'needs-sign-in' : tokens ? 'signed-in' : 'signed-out'
      return { phase, expired: (asked && lost) || ended, ...(notice ? { notice } : {}) }
    },
    get pendingState() {
      return saved.record.pendingState
    },
    get expiresAt() {
      return saved.record.tokens ? saved.record.expiresAt : undefined
    },
    recheck: changed,
    state() {
      const state = newState()
      save({ pendingState: state })
      return state
    },
    clientInformation: () => saved.record.client,
    saveClientInformation: (client: OAuthClientInformationMixed) => save({ client }),
    tokens: () => saved.record.tokens,
    saveTokens(tokens: OAuthTokens) {
      asked = lost = false
      notice = undefined
      const expiresAt = tokens.expires_in === undefined ? undefined : now() + tokens.expires_in * 1000
      save({ tokens, expiresAt, codeVerifier: undefined, pendingState: undefined }, true)
    },
    redirectToAuthorization(url: URL) {
      if (saved.record.tokens) lost = true
      asked = true
      changed()
      provider.onRedirect?.(url)
    },
    saveCodeVerifier: (codeVerifier: string) => save({ codeVerifier }),
    codeVerifier() {
      if (!saved.record.codeVerifier) throw new Error(`No sign-in to "${server.name}" is under way in this page.`)
      return saved.record.codeVerifier
    },
    invalidateCredentials(scope) {
      if ((scope === 'all' || scope === 'tokens') && saved.record.tokens) lost = true
      if (scope === 'all')
        save({ client: undefined, tokens: undefined, expiresAt: undefined, codeVerifier: undefined }, true)
      else if (scope === 'client') save({ client: undefined })
      else if (scope === 'tokens') save({ tokens: undefined, expiresAt: undefined }, true)
      else if (scope === 'verifier') save({ codeVerifier: undefined })
      else discovery = undefined
    },
    saveDiscoveryState: (state) => void (discovery = state),
    discoveryState: () => discovery,
    forgetPending: () => save({ pendingState: undefined }),
    signOut() {
      asked = lost = false
      notice = undefined
      saved.clear()
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return provider
}

/** What this client registers: a public client (a page keeps no secret), with PKCE. */
function workbenchClientMetadata(redirectUrl: string, clientName = 'VCP Workbench'): OAuthClientMetadata {
  return {
    client_name: clientName,
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  }
}

/** The server's record, read once (dropped when unreadable) and written through on every change. */
function savedSignIn(storage: McpOAuthStorage, key: string, serverName: string) {
  const reading = readOAuthRecord(serverName, storage.read(key))
  if (reading.problem) storage.remove(key)
  const kept = {
    key,
    record: reading.record,
    problem: reading.problem,
    save(change: Partial<McpOAuthRecord>) {
      kept.record = { ...kept.record, ...change }
      try {
        storage.write(key, writeOAuthRecord(kept.record))
      } catch {
        // Storage full or refused: the sign-in still works from memory until the page closes.
      }
    },
    clear() {
      kept.record = {}
      storage.remove(key)
    },
  }
  return kept
}

/** 128 random bits as hex: a `state` no other page can guess. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
