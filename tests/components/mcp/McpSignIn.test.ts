// @vitest-environment happy-dom
/**
 * A server's sign-in on its card: hidden for a server that never asked; the first request, an
 * expired sign-in and a dropped (unreadable) saved sign-in each said with the server's name.
 */
import { describe, expect, it, vi } from 'vitest'
import McpSignIn from '../../../src/components/mcp/McpSignIn.vue'
import { browserOAuthProvider, OAUTH_STORAGE_PREFIX } from '../../../src/mcp/browser-oauth'
import type { McpHttpServer } from '../../../src/core/mcp'
import type { ServerView } from '../../../src/stores/mcp'
import { useMcpOAuthStore } from '../../../src/stores/mcp/oauth'
import { mountWithApp } from '../../helpers-ui'
import { fakeSource } from './fake-source'

const TOKENS = { access_token: 'a', token_type: 'bearer', refresh_token: 'r' }

function serverView(name: string): { view: ServerView; config: McpHttpServer } {
  const source = fakeSource(name)
  const config = source.config as McpHttpServer
  return { view: { name, config, source, origin: 'added', envNames: [] }, config }
}

const mounted = (view: ServerView) => mountWithApp(McpSignIn, { props: { server: view } })

describe('McpSignIn', () => {
  it('shows nothing for a server that never asked for a sign-in', async () => {
    const { view, config } = serverView('plain')
    browserOAuthProvider(config)
    const wrapper = mounted(view)
    // Once the store knows the server's sign-in (signed out, nothing to say), the card shows nothing of it.
    await vi.waitFor(() => expect(useMcpOAuthStore().viewOf(config)?.phase).toBe('signed-out'), { timeout: 20_000 })
    expect(wrapper.find('[data-test="mcp-sign-in"]').exists()).toBe(false)
  })

  it('a server that asks: the request names it, with Sign in', async () => {
    const { view, config } = serverView('asking')
    const wrapper = mounted(view)
    await browserOAuthProvider(config).redirectToAuthorization(new URL('https://auth.example.test/authorize'))
    await vi.waitFor(() => expect(wrapper.find('[data-test="mcp-sign-in-needed"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="mcp-sign-in-needed"]').text()).toContain('“asking” asks you to sign in (OAuth)')
    expect(wrapper.find('[data-test="mcp-sign-in-button"]').exists()).toBe(true)
  })

  it('signed in, then refused: the card says the sign-in expired, naming the server', async () => {
    const { view, config } = serverView('lapsed')
    localStorage.setItem(`${OAUTH_STORAGE_PREFIX}lapsed@${config.url}`, JSON.stringify({ tokens: TOKENS }))
    const provider = browserOAuthProvider(config)
    const wrapper = mounted(view)
    await vi.waitFor(() => expect(wrapper.find('[data-test="mcp-sign-out"]').exists()).toBe(true), { timeout: 20_000 })
    await provider.invalidateCredentials!('tokens')
    await provider.redirectToAuthorization(new URL('https://auth.example.test/authorize'))
    await vi.waitFor(() => expect(wrapper.find('[data-test="mcp-sign-in"]').attributes('data-expired')).toBe('true'), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="mcp-sign-in-needed"]').text()).toBe(
      'Your sign-in to “lapsed” has expired or was revoked, and could not be renewed. Sign in again to use its tools.',
    )
  })

  it('a saved sign-in past its expires_in, never refused: the card says expired, not signed in', async () => {
    const { view, config } = serverView('stale')
    // Saved an hour ago with a lifetime of a minute, and no refresh token to renew it with.
    const tokens = { access_token: 'a', token_type: 'bearer', expires_in: 60 }
    const saved = { tokens, expiresAt: Date.now() - 3_600_000 }
    localStorage.setItem(`${OAUTH_STORAGE_PREFIX}stale@${config.url}`, JSON.stringify(saved))
    browserOAuthProvider(config)
    const wrapper = mounted(view)
    await vi.waitFor(() => expect(wrapper.find('[data-test="mcp-sign-in"]').exists()).toBe(true), { timeout: 20_000 })
    expect(wrapper.find('[data-test="mcp-sign-in"]').attributes('data-expired')).toBe('true')
    expect(wrapper.find('[data-test="mcp-signed-in"]').exists()).toBe(false)
    expect(wrapper.find('[data-test="mcp-sign-in-expired-tag"]').text()).toBe('Sign-in expired')
    expect(wrapper.find('[data-test="mcp-sign-in-needed"]').text()).toContain('Your sign-in to “stale” has expired')
  })

  it('an unreadable saved sign-in is dropped, and the card says so', async () => {
    const { view, config } = serverView('broken')
    const key = `${OAUTH_STORAGE_PREFIX}broken@${config.url}`
    localStorage.setItem(key, '{"tokens": {"access_token": 42}}')
    browserOAuthProvider(config)
    expect(localStorage.getItem(key)).toBeNull()
    const wrapper = mounted(view)
    await vi.waitFor(() => expect(wrapper.find('[data-test="mcp-sign-in-notice"]').exists()).toBe(true), {
      timeout: 20_000,
    })
    expect(wrapper.find('[data-test="mcp-sign-in-notice"]').text()).toContain(
      'The saved sign-in of "broken" could not be read (tokens: access_token',
    )
  })
})
