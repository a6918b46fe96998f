/**
 * The OAuth provider and what it keeps: saved text read back (or dropped with a sentence), tokens
 * kept apart from the servers' configuration, sign-out forgetting them, `state` never reused.
 */
import { describe, expect, it } from 'vitest'
import {
  createMcpOAuthProvider,
  finishMcpSignIn,
  memoryOAuthStorage,
  oauthStorageKey,
  readOAuthRecord,
  readSignInCallback,
  writeMcpConfig,
  type McpHttpServer,
} from '../../../src/core/mcp'

const server: McpHttpServer = { name: 'guarded', transport: 'http', url: 'https://mcp.example.test/mcp', headers: {} }
const TOKENS = { access_token: 'access-s3cret', token_type: 'bearer', refresh_token: 'refresh-s3cret', issuer: 'x' }
const CLIENT = { client_id: 'client-1', redirect_uris: ['http://127.0.0.1:5747/oauth-callback.html'] }

function provider(saved?: string) {
  const storage = memoryOAuthStorage()
  if (saved !== undefined) storage.write(oauthStorageKey(server), saved)
  const made = createMcpOAuthProvider({
    server,
    storage,
    redirectUrl: CLIENT.redirect_uris[0]!,
    newState: () => 'st-1',
  })
  return { storage, provider: made }
}

describe('readOAuthRecord', () => {
  it.each([
    ['not JSON', '{tokens', 'it is not JSON'],
    ['not an object', '[1,2]', 'it is not an object'],
    ['tokens without an access token', '{"tokens":{"token_type":"bearer"}}', 'tokens: access_token'],
    ['a client without an id', '{"client":{"client_name":"x"}}', 'client: client_id'],
    ['a verifier that is not text', '{"codeVerifier":42}', 'codeVerifier must be a string'],
  ])('%s: dropped, with a sentence naming the server and the field', (_, text, why) => {
    const reading = readOAuthRecord('guarded', text)
    expect(reading.record).toEqual({})
    expect(reading.problem).toContain('The saved sign-in of "guarded" could not be read (')
    expect(reading.problem).toContain(why)
    expect(reading.problem).toContain('it was dropped: sign in again.')
  })

  it('keeps what the SDK saved, its issuer stamp included', () => {
    const reading = readOAuthRecord('guarded', JSON.stringify({ tokens: TOKENS, client: CLIENT, pendingState: 's' }))
    expect(reading).toEqual({ record: { tokens: TOKENS, client: CLIENT, pendingState: 's' } })
  })
})

describe('createMcpOAuthProvider', () => {
  it('corrupt saved tokens: a readable notice on the status, and the saved text is removed', () => {
    const { storage, provider: made } = provider('{"tokens":{"access_token":7}}')
    expect(made.status.phase).toBe('signed-out')
    expect(made.status.notice).toMatch(/^The saved sign-in of "guarded" could not be read \(tokens: access_token: /)
    expect(made.tokens()).toBeUndefined()
    expect(storage.texts.size).toBe(0)
  })

  it('registers as a public client with PKCE, redirected to the workbench page', () => {
    const { provider: made } = provider()
    expect(made.clientMetadata).toMatchObject({
      client_name: 'VCP Workbench',
      redirect_uris: [CLIENT.redirect_uris[0]],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    })
  })

  it('tokens live under the server key only, never in the exported configuration; Sign out forgets them', async () => {
    const { storage, provider: made } = provider()
    made.saveClientInformation!(CLIENT)
    await made.saveTokens(TOKENS)
    expect(made.status).toEqual({ phase: 'signed-in', expired: false })
    expect([...storage.texts.keys()]).toEqual(['guarded@https://mcp.example.test/mcp'])
    for (const secrets of [false, true]) {
      const exported = JSON.stringify(writeMcpConfig([server], { secrets }))
      expect(exported).not.toContain('s3cret')
      expect(exported).not.toContain('client-1')
    }
    made.signOut()
    expect(storage.texts.size).toBe(0)
    expect(made.tokens()).toBeUndefined()
    expect(made.status.phase).toBe('signed-out')
  })

  it('a refusal while tokens are kept marks the sign-in expired; new tokens clear it', async () => {
    const { provider: made } = provider(JSON.stringify({ tokens: TOKENS }))
    expect(made.status.phase).toBe('signed-in')
    const opened: string[] = []
    made.onRedirect = (url) => void opened.push(url.href)
    await made.invalidateCredentials!('tokens')
    await made.redirectToAuthorization(new URL('https://auth.example.test/authorize?x=1'))
    expect(made.status).toEqual({ phase: 'needs-sign-in', expired: true })
    expect(opened).toEqual(['https://auth.example.test/authorize?x=1'])
    await made.saveTokens(TOKENS)
    expect(made.status).toEqual({ phase: 'signed-in', expired: false })
  })

  it('an access token past its expires_in is expired though nothing was refused, and so it reads back', async () => {
    let clock = 1_000_000
    const storage = memoryOAuthStorage()
    const made = createMcpOAuthProvider({ server, storage, redirectUrl: CLIENT.redirect_uris[0]!, now: () => clock })
    const told: string[] = []
    made.subscribe(() => told.push(made.status.phase))
    await made.saveTokens({ ...TOKENS, expires_in: 3600 })
    expect(made.status).toEqual({ phase: 'signed-in', expired: false })
    clock += 3_599_000
    expect(made.status).toEqual({ phase: 'signed-in', expired: false })
    clock += 1_000
    expect(made.status).toEqual({ phase: 'needs-sign-in', expired: true })
    // A page loaded later reads the same: the saved sign-in knows when it ends.
    const later = createMcpOAuthProvider({ server, storage, redirectUrl: CLIENT.redirect_uris[0]!, now: () => clock })
    expect(later.status).toEqual({ phase: 'needs-sign-in', expired: true })
    expect((await later.tokens())?.refresh_token).toBe('refresh-s3cret')
    // New tokens end it.
    await later.saveTokens({ ...TOKENS, expires_in: 3600 })
    expect(later.status).toEqual({ phase: 'signed-in', expired: false })
  })

  it('an answer with another state is refused, and the state is saved until its answer comes', async () => {
    const { storage, provider: made } = provider()
    expect(await made.state!()).toBe('st-1')
    expect(storage.read(made.key)).toContain('"pendingState":"st-1"')
    const wrong = await finishMcpSignIn(made, readSignInCallback({ code: 'c', state: 'st-2' })!)
    expect(wrong).toMatchObject({ ok: false, reason: 'state' })
    expect(wrong.ok || wrong.message).toContain('"guarded"')
    expect(made.pendingState).toBe('st-1')
    const refused = await finishMcpSignIn(made, readSignInCallback({ error: 'access_denied', state: 'st-1' })!)
    expect(refused).toMatchObject({ ok: false, reason: 'refused' })
    expect(made.pendingState).toBeUndefined()
  })

  it('reads a callback from a query or an object; anything else is null', () => {
    expect(readSignInCallback(new URLSearchParams('code=a&state=b'))).toEqual({
      code: 'a',
      state: 'b',
      error: undefined,
      errorDescription: undefined,
    })
    expect(readSignInCallback({ error: 'access_denied', error_description: 'no' })).toMatchObject({
      error: 'access_denied',
      errorDescription: 'no',
    })
    expect(readSignInCallback({ state: 'b' })).toBeNull()
    expect(readSignInCallback('code=a')).toBeNull()
    expect(readSignInCallback({ code: 5 })).toBeNull()
  })
})
