/** Signs a provider in at the local authorization server: its consent page approved, the redirect finished. */
import { expect } from 'vitest'
import { finishMcpSignIn, readSignInCallback, startMcpSignIn, type McpOAuthProvider } from '../../../src/core/mcp'

/** `pages` is where the provider's `onRedirect` puts the pages it opens. */
export async function signInAtConsentPage(provider: McpOAuthProvider, pages: URL[]): Promise<void> {
  expect(await startMcpSignIn(provider)).toBe('REDIRECT')
  const html = await (await fetch(pages.at(-1)!)).text()
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const answer = await fetch(new URL('/consent', pages.at(-1)!), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision: 'approve' }),
  })
  const back = new URL(answer.headers.get('location') ?? '')
  expect(await finishMcpSignIn(provider, readSignInCallback(back.searchParams)!)).toEqual({ ok: true })
}
