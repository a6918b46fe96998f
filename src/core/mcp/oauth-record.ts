/**
 * What the workbench keeps of a sign-in (OAuth) to one HTTP server, and reading it back. Saved text
 * is untrusted (another page on this origin, an older version, a hand edit): anything that is not a
 * well-formed record is dropped with a sentence that says so, and never throws.
 */
import {
  OAuthClientInformationFullSchema,
  OAuthClientInformationSchema,
  OAuthTokensSchema,
  type OAuthClientInformationMixed,
  type OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import { isRecord } from '../own-record'

/** One server's sign-in as kept in storage. */
export interface McpOAuthRecord {
  /** This client as the authorization server registered it (dynamic client registration). */
  client?: OAuthClientInformationMixed
  /** The access token, and the refresh token that renews it. */
  tokens?: OAuthTokens
  /** When the access token ends (ms since the epoch): saved with it from its `expires_in`. */
  expiresAt?: number
  /** The PKCE code verifier of the sign-in under way. */
  codeVerifier?: string
  /** The `state` sent with the sign-in under way: an answer carrying another one is refused. */
  pendingState?: string
}

/** A record read back, or an empty one and why the saved text was dropped. */
export interface McpOAuthReading {
  record: McpOAuthRecord
  /** Set when saved text was there but could not be read: it was dropped, and the person signs in again. */
  problem?: string
}

/** Reads a saved record (`null`: nothing saved). Never throws. */
export function readOAuthRecord(serverName: string, text: string | null): McpOAuthReading {
  if (text === null) return { record: {} }
  const dropped = (why: string): McpOAuthReading => ({
    record: {},
    problem: `The saved sign-in of "${serverName}" could not be read (${why}); it was dropped: sign in again.`,
  })
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return dropped('it is not JSON')
  }
  if (!isRecord(data)) return dropped('it is not an object')
  const record: McpOAuthRecord = {}
  if (data.tokens !== undefined) {
    const tokens = OAuthTokensSchema.safeParse(data.tokens)
    if (!tokens.success) return dropped(`tokens: ${firstIssue(tokens.error.issues)}`)
    record.tokens = tokens.data
  }
  if (data.client !== undefined) {
    // A full registration keeps what the server said of it (its auth method); a bare one its id.
    const full = OAuthClientInformationFullSchema.safeParse(data.client)
    const bare = full.success ? full : OAuthClientInformationSchema.safeParse(data.client)
    if (!bare.success) return dropped(`client: ${firstIssue(bare.error.issues)}`)
    record.client = bare.data
  }
  if (data.expiresAt !== undefined) {
    if (typeof data.expiresAt !== 'number' || !Number.isFinite(data.expiresAt))
      return dropped('expiresAt must be a number')
    record.expiresAt = data.expiresAt
  }
  for (const field of ['codeVerifier', 'pendingState'] as const) {
    const value = data[field]
    if (value === undefined) continue
    if (typeof value !== 'string') return dropped(`${field} must be a string`)
    record[field] = value
  }
  return { record }
}

/** The record as saved text. */
export function writeOAuthRecord(record: McpOAuthRecord): string {
  return JSON.stringify(record)
}

/** "path: message" of a schema's first complaint. */
function firstIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0]
  if (!issue) return 'not in the expected form'
  const path = issue.path.map(String).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}
