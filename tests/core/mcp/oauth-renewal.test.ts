/**
 * A sign-in kept fresh: its access token is renewed with the refresh token before `expires_in`
 * runs out, not only after the server refused it; when it cannot be renewed, the status says
 * expired by the time it is. Against the local authorization server of tests/fixtures, with the
 * clock and the timers in the test's hands (no waiting on time).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createMcpOAuthProvider,
  keepSignInFresh,
  memoryOAuthStorage,
  type McpHttpServer,
  type McpOAuthProvider,
} from '../../../src/core/mcp'
import { startOAuthMcpServer, type OAuthMcpServer } from '../../fixtures/mcp/oauth-server'
import { signInAtConsentPage } from './oauth-sign-in'

const REDIRECT = 'http://127.0.0.1:5747/oauth-callback.html'
const LIFETIME_MS = 3_600_000
let server: OAuthMcpServer
let stop: (() => void) | undefined

beforeEach(async () => {
  server = await startOAuthMcpServer()
})
afterEach(async () => {
  stop?.()
  await server.close()
})

interface Timer {
  run: () => void
  delay: number
  cancelled: boolean
}

/** A provider on a clock the test moves, kept fresh with timers the test fires. */
function freshSetup(renew?: (provider: McpOAuthProvider) => Promise<unknown>) {
  const clock = { now: 5_000_000 }
  const config: McpHttpServer = { name: 'guarded', transport: 'http', url: server.url, headers: {} }
  const provider = createMcpOAuthProvider({
    server: config,
    storage: memoryOAuthStorage(),
    redirectUrl: REDIRECT,
    now: () => clock.now,
  })
  const pages: URL[] = []
  provider.onRedirect = (url) => void pages.push(url)
  const timers: Timer[] = []
  stop = keepSignInFresh(provider, {
    now: () => clock.now,
    setTimer(run, delay) {
      const timer = { run, delay, cancelled: false }
      timers.push(timer)
      return () => void (timer.cancelled = true)
    },
    ...(renew ? { renew } : {}),
  })
  /** The one timer waiting, fired after moving the clock to it. */
  const fire = () => {
    const waiting = timers.filter((timer) => !timer.cancelled)
    expect(waiting).toHaveLength(1)
    const timer = waiting[0]!
    timer.cancelled = true
    clock.now += timer.delay
    timer.run()
    return timer.delay
  }
  return { clock, provider, pages, timers, fire }
}

describe('keepSignInFresh', () => {
  it('renews the access token before expires_in runs out, again and again, with no refusal first', async () => {
    const { provider, pages, fire } = freshSetup()
    await signInAtConsentPage(provider, pages)
    const first = (await provider.tokens())?.access_token
    const delay = fire()
    expect(delay).toBeGreaterThan(0)
    expect(delay).toBeLessThan(LIFETIME_MS)
    await vi.waitFor(() => expect(server.counts.refreshes).toBe(1))
    await vi.waitFor(async () => expect((await provider.tokens())?.access_token).not.toBe(first))
    expect(provider.status).toEqual({ phase: 'signed-in', expired: false })
    // The renewed token is renewed in its turn, before it too runs out.
    expect(fire()).toBeLessThan(LIFETIME_MS)
    await vi.waitFor(() => expect(server.counts.refreshes).toBe(2))
    expect(provider.status).toEqual({ phase: 'signed-in', expired: false })
    expect(server.counts.failedRefreshes).toBe(0)
  }, 30_000)

  it('a refresh token the server revoked: the status says expired, and no window opens by itself', async () => {
    const { provider, pages, fire } = freshSetup()
    await signInAtConsentPage(provider, pages)
    const opened = pages.length
    provider.onRedirect = undefined
    server.expireTokens({ revokeRefresh: true })
    fire()
    await vi.waitFor(() => expect(provider.status).toEqual({ phase: 'needs-sign-in', expired: true }))
    expect(server.counts.failedRefreshes).toBe(1)
    expect(pages).toHaveLength(opened)
  }, 30_000)

  it('an authorization server that cannot be reached: at expires_in the status says expired, and listeners are told', async () => {
    const { provider, pages, fire, clock, timers } = freshSetup(() => Promise.reject(new Error('offline')))
    await signInAtConsentPage(provider, pages)
    const expiresAt = clock.now + LIFETIME_MS
    const told: boolean[] = []
    provider.subscribe(() => told.push(provider.status.expired))
    fire()
    expect(provider.status).toEqual({ phase: 'signed-in', expired: false })
    // The renewal failed: what is left is the moment the token ends.
    await vi.waitFor(() => expect(timers.filter((timer) => !timer.cancelled)).toHaveLength(1))
    const left = expiresAt - clock.now
    expect(fire()).toBe(left)
    expect(provider.status).toEqual({ phase: 'needs-sign-in', expired: true })
    expect(told).toContain(true)
  }, 30_000)
})
