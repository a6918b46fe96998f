/**
 * Signing out of an HTTP server: its tokens and registration are forgotten in this storage at once,
 * then revoked at the authorization server when its metadata offers a `revocation_endpoint` (RFC
 * 7009), so a copy of them left anywhere stops working too. The server's answer is untrusted and
 * may never come: what happened is a value, and the local sign-out holds whatever it is.
 */
import { discoverOAuthServerInfo } from '@modelcontextprotocol/sdk/client/auth.js'
import type { AuthorizationServerMetadata, OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js'

/** What the metadata says of revocation (RFC 8414 fields; OpenID metadata may carry them too). */
interface Revocation {
  endpoint?: string
  methods?: string[]
}
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpOAuthProvider } from './oauth-provider'

/**
 * What became of the tokens at the server: revoked ('done'), kept because it offers no revocation
 * ('not-offered'), nothing to revoke ('nothing'), or a failure said in a sentence.
 */
export type McpSignOutResult =
  | { revocation: 'done' | 'not-offered' | 'nothing' }
  | { revocation: 'failed'; message: string }

/** Forgets the provider's sign-in here, then revokes its tokens where the server offers it. Never rejects. */
export async function revokeMcpSignIn(
  provider: McpOAuthProvider,
  fetchFn: FetchLike = fetch,
): Promise<McpSignOutResult> {
  // Read before forgetting: the sign-out here must not wait for the network.
  const tokens = await provider.tokens()
  const client = await provider.clientInformation()
  const known = (await provider.discoveryState?.())?.authorizationServerMetadata
  provider.signOut()
  if (!tokens || !client) return { revocation: 'nothing' }
  const name = provider.server.name
  try {
    const metadata =
      known ?? (await discoverOAuthServerInfo(provider.server.url, { fetchFn })).authorizationServerMetadata
    const { endpoint, methods } = revocationOf(metadata)
    if (!endpoint) return { revocation: 'not-offered' }
    // The refresh token first: revoking it ends what it could renew.
    const hints = [
      ['refresh_token', tokens.refresh_token],
      ['access_token', tokens.access_token],
    ] as const
    for (const [hint, token] of hints) if (token) await revoke(endpoint, token, hint, client, methods, fetchFn)
    return { revocation: 'done' }
  } catch (problem) {
    const why = problem instanceof Error ? problem.message : String(problem)
    return { revocation: 'failed', message: `The server of "${name}" did not revoke its tokens: ${why}` }
  }
}

/** The revocation endpoint and its client authentication methods, when the metadata names them. */
function revocationOf(metadata: AuthorizationServerMetadata | undefined): Revocation {
  const fields: Record<string, unknown> = { ...metadata }
  const endpoint = typeof fields.revocation_endpoint === 'string' ? fields.revocation_endpoint : undefined
  const listed = fields.revocation_endpoint_auth_methods_supported
  const methods = Array.isArray(listed) ? listed.filter((m): m is string => typeof m === 'string') : undefined
  return { endpoint, methods }
}

/** One RFC 7009 request; rejects with the server's reason when it answers anything but 200. */
async function revoke(
  endpoint: string,
  token: string,
  hint: string,
  client: OAuthClientInformationMixed,
  methods: string[] | undefined,
  fetchFn: FetchLike,
): Promise<void> {
  const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id })
  // A confidential client authenticates as the server asks; this page registers as a public one.
  if (client.client_secret && (!methods || methods.includes('client_secret_post')))
    body.set('client_secret', client.client_secret)
  const response = await fetchFn(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  })
  if (response.ok) return
  const text = (await response.text().catch(() => '')).slice(0, 300)
  throw new Error(`${endpoint} answered ${response.status}${text ? ` (${text})` : ''}`)
}
