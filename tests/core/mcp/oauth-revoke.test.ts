/**
 * Sign out: the tokens are forgotten in this storage at once, and revoked at the authorization
 * server when its metadata offers a `revocation_endpoint` (RFC 7009), against the local
 * authorization server of tests/fixtures; a server that offers none, or fails, is said as a value.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMcpOAuthProvider,
  memoryOAuthStorage,
  revokeMcpSignIn,
  type McpHttpServer,
  type McpOAuthProvider,
} from '../../../src/core/mcp'
import { startOAuthMcpServer, type OAuthMcpServer } from '../../fixtures/mcp/oauth-server'
import { signInAtConsentPage } from './oauth-sign-in'

const REDIRECT = 'http://127.0.0.1:5747/oauth-callback.html'
let server: OAuthMcpServer

beforeEach(async () => {
  server = await startOAuthMcpServer()
})
afterEach(async () => {
  await server.close()
})

async function signedIn(): Promise<{ provider: McpOAuthProvider; storage: ReturnType<typeof memoryOAuthStorage> }> {
  const config: McpHttpServer = { name: 'guarded', transport: 'http', url: server.url, headers: {} }
  const storage = memoryOAuthStorage()
  const provider = createMcpOAuthProvider({ server: config, storage, redirectUrl: REDIRECT })
  const pages: URL[] = []
  provider.onRedirect = (url) => void pages.push(url)
  await signInAtConsentPage(provider, pages)
  return { provider, storage }
}

/** The MCP endpoint's answer to an initialize carrying this access token: 401 once it is revoked. */
async function statusWith(accessToken: string): Promise<number> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  })
  await response.body?.cancel()
  return response.status
}

describe('revokeMcpSignIn', () => {
  it('forgets the tokens here and revokes them at the server that offers revocation', async () => {
    const { provider, storage } = await signedIn()
    const access = (await provider.tokens())!.access_token
    expect(await statusWith(access)).toBe(200)
    const result = await revokeMcpSignIn(provider)
    expect(result).toEqual({ revocation: 'done' })
    expect(storage.texts.size).toBe(0)
    expect(provider.status.phase).toBe('signed-out')
    // The access token and the refresh token: both revoked.
    expect(server.counts.revocations).toBe(2)
    expect(await statusWith(access)).toBe(401)
  }, 30_000)

  it('nothing saved: nothing is sent', async () => {
    const config: McpHttpServer = { name: 'guarded', transport: 'http', url: server.url, headers: {} }
    const provider = createMcpOAuthProvider({ server: config, storage: memoryOAuthStorage(), redirectUrl: REDIRECT })
    expect(await revokeMcpSignIn(provider)).toEqual({ revocation: 'nothing' })
    expect(server.counts.revocations).toBe(0)
  })

  it('an authorization server that cannot be reached: forgotten here all the same, and the failure said', async () => {
    const { provider, storage } = await signedIn()
    const offline = () => Promise.reject(new TypeError('fetch failed'))
    const result = await revokeMcpSignIn(provider, offline)
    expect(result).toMatchObject({ revocation: 'failed' })
    expect(result.revocation === 'failed' && result.message).toContain('fetch failed')
    expect(storage.texts.size).toBe(0)
    expect(server.counts.revocations).toBe(0)
  }, 30_000)
})
