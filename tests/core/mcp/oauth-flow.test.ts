/**
 * Signing in to an OAuth-guarded MCP server with the SDK's flow (registration, PKCE, `state`,
 * code exchange, refresh), against the local authorization server of tests/fixtures: the consent
 * page is answered by posting its form, as a person's click would.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createToolRegistryManager, directRequest, executeToolRequest } from '../../../src/core'
import {
  createMcpOAuthProvider,
  createMcpToolSource,
  finishMcpSignIn,
  httpTransport,
  memoryOAuthStorage,
  readSignInCallback,
  startMcpSignIn,
  type McpHttpServer,
  type McpOAuthProvider,
  type McpToolSource,
} from '../../../src/core/mcp'
import { startOAuthMcpServer, type OAuthMcpServer } from '../../fixtures/mcp/oauth-server'

const REDIRECT = 'http://127.0.0.1:5747/oauth-callback.html'
let server: OAuthMcpServer
let source: McpToolSource | undefined

beforeEach(async () => {
  server = await startOAuthMcpServer()
})
afterEach(async () => {
  await source?.disconnect()
  await server.close()
})

/** A provider whose authorization pages are collected (the last one is the one to open). */
function signInSetup() {
  const config: McpHttpServer = { name: 'guarded', transport: 'http', url: server.url, headers: {} }
  const storage = memoryOAuthStorage()
  const provider = createMcpOAuthProvider({ server: config, storage, redirectUrl: REDIRECT })
  const pages: URL[] = []
  provider.onRedirect = (url) => void pages.push(url)
  source = createMcpToolSource({
    config,
    createTransport: (c, fallback) => httpTransport(c as McpHttpServer, fallback, provider),
  })
  return { config, storage, provider, pages, source }
}

/** Opens the consent page and presses Approve or Deny; the redirect page's query comes back. */
async function answerConsent(page: URL, decision: 'approve' | 'deny'): Promise<URLSearchParams> {
  const html = await (await fetch(page)).text()
  expect(html).toContain('VCP Workbench')
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const answer = await fetch(new URL('/consent', page), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision }),
  })
  const back = new URL(answer.headers.get('location') ?? '')
  expect(back.origin + back.pathname).toBe(REDIRECT)
  return back.searchParams
}

async function signIn(provider: McpOAuthProvider, pages: URL[]): Promise<void> {
  expect(await startMcpSignIn(provider)).toBe('REDIRECT')
  const query = await answerConsent(pages.at(-1)!, 'approve')
  expect(await finishMcpSignIn(provider, readSignInCallback(query)!)).toEqual({ ok: true })
}

async function add(registry: ReturnType<typeof createToolRegistryManager>) {
  return executeToolRequest(directRequest('guarded_add', { a: 2, b: 40 }, 'r1'), { registry })
}

describe('OAuth sign-in to an HTTP server', () => {
  it('asks for a sign-in on connect; approved, it connects and calls tools; an expired token is renewed silently', async () => {
    const { provider, pages, source, storage } = signInSetup()
    await expect(source.connect()).rejects.toThrow(/Unauthorized/)
    expect(provider.status).toEqual({ phase: 'needs-sign-in', expired: false })
    expect(server.counts.registrations).toBe(1)
    const page = pages.at(-1)!
    expect(page.searchParams.get('code_challenge_method')).toBe('S256')
    expect(page.searchParams.get('redirect_uri')).toBe(REDIRECT)
    expect(page.searchParams.get('state')).toBe(provider.pendingState)

    await signIn(provider, pages)
    expect(provider.status.phase).toBe('signed-in')
    expect(provider.pendingState).toBeUndefined()
    expect(storage.read(provider.key)).toContain('refresh_token')

    await source.connect()
    const registry = createToolRegistryManager()
    registry.register(source.tool)
    expect(await add(registry)).toMatchObject({ status: 'success', result: '42' })

    server.expireTokens()
    expect(await add(registry)).toMatchObject({ status: 'success', result: '42' })
    expect(server.counts.refreshes).toBe(1)
    expect(provider.status.phase).toBe('signed-in')
  }, 30_000)

  it('a revoked refresh token asks for a sign-in again, marked expired; signing in again makes calls work', async () => {
    const { provider, pages, source } = signInSetup()
    await signIn(provider, pages)
    await source.connect()
    const registry = createToolRegistryManager()
    registry.register(source.tool)
    server.expireTokens({ revokeRefresh: true })
    expect(await add(registry)).toMatchObject({ status: 'error' })
    expect(server.counts.failedRefreshes).toBe(1)
    expect(provider.status).toEqual({ phase: 'needs-sign-in', expired: true })
    await signIn(provider, pages)
    expect(await add(registry)).toMatchObject({ status: 'success', result: '42' })
  }, 30_000)

  it('Deny on the consent page is a refusal that names the server; no token is asked for', async () => {
    const { provider, pages } = signInSetup()
    await startMcpSignIn(provider)
    const query = await answerConsent(pages.at(-1)!, 'deny')
    const result = await finishMcpSignIn(provider, readSignInCallback(query)!)
    expect(result).toMatchObject({ ok: false, reason: 'refused' })
    expect(result.ok || result.message).toMatch(/Access to "guarded" was refused on its sign-in page/)
    expect(server.counts.codeExchanges).toBe(0)
    expect(provider.status.phase).toBe('needs-sign-in')
  }, 30_000)

  it('an answer whose state is not the one sent is refused before any exchange, and so is a replayed one', async () => {
    const { provider, pages } = signInSetup()
    await startMcpSignIn(provider)
    const query = await answerConsent(pages.at(-1)!, 'approve')
    const forged = { code: query.get('code') ?? '', state: 'not-the-state' }
    expect(await finishMcpSignIn(provider, forged)).toMatchObject({ ok: false, reason: 'state' })
    expect(server.counts.codeExchanges).toBe(0)
    expect(await finishMcpSignIn(provider, readSignInCallback(query)!)).toEqual({ ok: true })
    expect(await finishMcpSignIn(provider, readSignInCallback(query)!)).toMatchObject({ ok: false, reason: 'state' })
    expect(server.counts.codeExchanges).toBe(1)
  }, 30_000)
})
