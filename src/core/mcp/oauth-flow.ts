/**
 * A sign-in from start to end: starting it (the SDK registers this client when needed and prepares
 * the authorization page, with PKCE and a `state`), and finishing it with what the authorization
 * server sent back to the redirect page: a code to exchange, or a refusal. The answer is untrusted
 * (any page can open the redirect page with any query): its `state` must be the one sent.
 */
import { auth } from '@modelcontextprotocol/sdk/client/auth.js'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import { isRecord } from '../own-record'
import type { McpOAuthProvider } from './oauth-provider'

/** What the authorization server sent back to the redirect page (its query). */
export interface McpSignInCallback {
  code?: string
  state?: string
  /** An OAuth error code: `access_denied` when the person refused. */
  error?: string
  errorDescription?: string
}

/** How a sign-in ended: expected failures are values, each with a sentence that names the server. */
export type McpSignInResult = { ok: true } | { ok: false; reason: 'state' | 'refused' | 'failed'; message: string }

/**
 * Reads a callback from the redirect page's query (`code`, `state`, `error`, `error_description`),
 * as an object or URLSearchParams; null when it carries neither a code nor an error. Never throws.
 */
export function readSignInCallback(data: unknown): McpSignInCallback | null {
  const entries = data instanceof URLSearchParams ? Object.fromEntries(data) : data
  if (!isRecord(entries)) return null
  const text = (name: string) => (typeof entries[name] === 'string' ? entries[name] : undefined)
  const callback: McpSignInCallback = {
    code: text('code'),
    state: text('state'),
    error: text('error'),
    errorDescription: text('error_description'),
  }
  return callback.code || callback.error ? callback : null
}

/**
 * Starts a sign-in: 'REDIRECT' once the provider was given the authorization page to open
 * (`onRedirect`), or 'AUTHORIZED' when saved tokens could be renewed without the person. Rejects
 * when the server's authorization cannot be discovered or this client cannot be registered.
 */
export function startMcpSignIn(provider: McpOAuthProvider, fetchFn?: FetchLike): Promise<'AUTHORIZED' | 'REDIRECT'> {
  return auth(provider, { serverUrl: provider.server.url, fetchFn })
}

/**
 * Finishes the sign-in under way with the redirect page's answer: refused unless its `state` is the
 * one sent; a refusal (`access_denied`) or another error said in a sentence; otherwise the code is
 * exchanged for tokens (saved by the provider). Never rejects.
 */
export async function finishMcpSignIn(
  provider: McpOAuthProvider,
  callback: McpSignInCallback,
  fetchFn?: FetchLike,
): Promise<McpSignInResult> {
  const name = provider.server.name
  const expected = provider.pendingState
  if (!expected || callback.state !== expected)
    return {
      ok: false,
      reason: 'state',
      message: `The sign-in answer for "${name}" does not belong to the sign-in this page started (its state differs); it was ignored.`,
    }
  provider.forgetPending()
  if (callback.error === 'access_denied')
    return {
      ok: false,
      reason: 'refused',
      message: `Access to "${name}" was refused on its sign-in page${describe(callback)}. Its tools stay unavailable until you sign in.`,
    }
  if (callback.error || !callback.code)
    return {
      ok: false,
      reason: 'failed',
      message: `The sign-in to "${name}" failed: ${callback.error ?? 'no code came back'}${describe(callback)}.`,
    }
  return exchange(provider, callback.code, fetchFn)
}

/** The code exchanged for tokens (with the PKCE verifier kept for it), which the provider saves. */
async function exchange(provider: McpOAuthProvider, code: string, fetchFn?: FetchLike): Promise<McpSignInResult> {
  try {
    const result = await auth(provider, { serverUrl: provider.server.url, authorizationCode: code, fetchFn })
    if (result === 'AUTHORIZED') return { ok: true }
    return { ok: false, reason: 'failed', message: `The sign-in to "${provider.server.name}" did not complete.` }
  } catch (problem) {
    const message = problem instanceof Error ? problem.message : String(problem)
    return { ok: false, reason: 'failed', message: `The sign-in to "${provider.server.name}" failed: ${message}` }
  }
}

/** " (the server's description)", or nothing. */
function describe(callback: McpSignInCallback): string {
  return callback.errorDescription ? ` (${callback.errorDescription})` : ''
}
