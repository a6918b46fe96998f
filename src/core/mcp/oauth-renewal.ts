/**
 * A sign-in kept fresh: the access token is renewed with the refresh token a little before it
 * ends, so calls never meet a refusal first; and when it cannot be renewed (no refresh token, the
 * authorization server unreachable), the provider's listeners are told the moment it ends, so a
 * view says so instead of showing a sign-in that no longer works.
 */
import { auth } from '@modelcontextprotocol/sdk/client/auth.js'
import type { McpOAuthProvider } from './oauth-provider'

/** Options of keepSignInFresh. */
export interface SignInFreshOptions {
  /** Renews the sign-in with its refresh token. @default the SDK's `auth()` for the provider's server */
  renew?: (provider: McpOAuthProvider) => Promise<unknown>
  /** Starts a timer; returns what cancels it. @default setTimeout */
  setTimer?: (run: () => void, delayMs: number) => () => void
  /** The time in ms since the epoch: the provider's own clock. @default Date.now */
  now?: () => number
}

/** The longest a browser timer waits (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** How long before its end a token is renewed: a tenth of its lifetime, at most a minute. */
export function renewalLeadMs(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(0, lifetimeMs) / 10)
}

const defaultRenew = (provider: McpOAuthProvider) => auth(provider, { serverUrl: provider.server.url })

const defaultTimer = (run: () => void, delayMs: number) => {
  const id = setTimeout(run, delayMs)
  return () => clearTimeout(id)
}

/** Keeps the provider's sign-in fresh until the returned function is called. */
export function keepSignInFresh(provider: McpOAuthProvider, options: SignInFreshOptions = {}): () => void {
  const { renew = defaultRenew, setTimer = defaultTimer, now = Date.now } = options
  let cancel: (() => void) | undefined
  /** The end the timer was set for: a change of tokens sets another. */
  let planned: number | undefined

  /** Runs `action` at `time`, in steps no timer refuses. */
  function at(time: number, action: () => void): void {
    const delay = Math.max(0, time - now())
    cancel = setTimer(delay > MAX_TIMER_MS ? () => at(time, action) : action, Math.min(delay, MAX_TIMER_MS))
  }

  function plan(): void {
    const end = provider.expiresAt
    if (end === planned) return
    cancel?.()
    cancel = undefined
    planned = end
    const tokens = provider.tokens()
    if (end === undefined || !tokens || tokens instanceof Promise) return
    const ended = () => provider.recheck()
    if (!tokens.refresh_token) return at(end, ended)
    const lifetime = (tokens.expires_in ?? 0) * 1000
    at(end - renewalLeadMs(lifetime), () => {
      // Renewed, new tokens plan the next renewal; otherwise the view is told when this one ends.
      void renew(provider)
        .catch(() => undefined)
        .then(() => {
          if (provider.expiresAt === end) at(end, ended)
        })
    })
  }

  const unsubscribe = provider.subscribe(plan)
  plan()
  return () => {
    unsubscribe()
    cancel?.()
  }
}
