/** Where each server's sign-in stands, as the cards show it: its provider's status and what last happened. */
import { shallowRef, type ShallowRef } from 'vue'
import type { McpOAuthProvider, McpSignInPhase } from '../../core/mcp'

/** What last happened to a server's sign-in, for its card to say. */
export type SignInOutcome =
  | { kind: 'waiting' | 'signed-in' | 'signed-out' | 'revoked' | 'not-revoked' | 'refused' | 'state' }
  | { kind: 'failed' | 'revoke-failed'; detail: string }
  | { kind: 'blocked'; url: string }

/** A server's sign-in as its card shows it. */
export interface SignInView {
  name: string
  url: string
  phase: McpSignInPhase
  /** Needs a sign-in because one that worked stopped working. */
  expired: boolean
  /** Why a saved sign-in was dropped. */
  notice?: string
  outcome?: SignInOutcome
}

/** What useSignInViews returns. */
export interface SignInViewsReturn {
  views: ShallowRef<SignInView[]>
  /** Builds the views again from these providers (call after any of them changed). */
  sync(providers: readonly McpOAuthProvider[]): void
  /** Sets (or, undefined, clears) what last happened to the sign-in under `key`; call sync after. */
  note(key: string, outcome: SignInOutcome | undefined): void
}

/** The phase an outcome tells of, for those that tell one. */
const PHASE_SAID: Partial<Record<SignInOutcome['kind'], McpSignInPhase>> = {
  'signed-in': 'signed-in',
  'signed-out': 'signed-out',
  revoked: 'signed-out',
  'not-revoked': 'signed-out',
  'revoke-failed': 'signed-out',
}

/** The views of the servers' sign-ins. */
export function useSignInViews(): SignInViewsReturn {
  const views = shallowRef<SignInView[]>([])
  const outcomes = new Map<string, SignInOutcome>()

  function sync(providers: readonly McpOAuthProvider[]): void {
    views.value = providers.map((provider) => {
      const status = provider.status
      const outcome = outcomes.get(provider.key)
      // "Signed in" or "signed out" said once the sign-in moved on would contradict the card.
      const saidPhase = outcome ? PHASE_SAID[outcome.kind] : undefined
      const stale = saidPhase !== undefined && saidPhase !== status.phase
      if (stale) outcomes.delete(provider.key)
      return { name: provider.server.name, url: provider.server.url, ...status, outcome: stale ? undefined : outcome }
    })
  }

  function note(key: string, outcome: SignInOutcome | undefined): void {
    if (outcome) outcomes.set(key, outcome)
    else outcomes.delete(key)
  }

  return { views, sync, note }
}
