/**
 * Signing in to an OAuth-guarded HTTP MCP server in Chromium: the local authorization server of
 * tests/fixtures (consent page with Approve and Deny), the sign-in window coming back to the
 * workbench's own callback page, the tools listed and run, a token renewed silently, a revoked one
 * asking to sign in again, Sign out revoking the tokens at the server, a refusal said on the card,
 * in English and in Chinese.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { startOAuthMcpServer, type OAuthMcpServer } from '../fixtures/mcp/oauth-server'

const appUrl = inject('appUrl')
let browser: Browser
let server: OAuthMcpServer
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  server = await startOAuthMcpServer({ allowedOrigin: new URL(appUrl).origin })
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const card = () => page.locator('[data-test="mcp-server"][data-name="guarded"]')
const signInPart = () => card().locator('[data-test="mcp-sign-in"]')

/** Opens the workbench in `locale` and adds the guarded server: it asks for a sign-in. */
async function addGuarded(locale: 'en' | 'zh'): Promise<void> {
  await page.addInitScript((language) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem(
      'vcp-workbench:tester',
      JSON.stringify({ version: 1, data: { tab: 'discovery', theme: 'light', locale: language } }),
    )
  }, locale)
  await page.goto(appUrl)
  await page.locator('[data-test="open-servers"]').first().click()
  await page
    .locator('textarea[data-test="mcp-config"]')
    .fill(JSON.stringify({ mcpServers: { guarded: { url: server.url } } }))
  await page.locator('[data-test="mcp-import"]').click()
  await card().locator('[data-test="mcp-sign-in"][data-phase="needs-sign-in"]').waitFor({ timeout: 30_000 })
}

/** Presses Sign in and answers the consent page; returns the sign-in window, back on the callback page. */
async function consent(decision: 'approve' | 'deny', shotName?: string): Promise<Page> {
  const opened = context.waitForEvent('page')
  await signInPart().locator('[data-test="mcp-sign-in-button"]').click()
  const popup = await opened
  await popup.locator(`#${decision}`).waitFor({ timeout: 30_000 })
  expect(await popup.locator('[data-test="consent-client"]').innerText()).toBe('VCP Workbench')
  if (shotName) await popup.screenshot({ path: screenshotPath(shotName) })
  await popup.locator(`#${decision}`).click()
  await popup.locator('#status[data-result="ok"], #status[data-result="refused"]').waitFor({ timeout: 30_000 })
  // The code left the window's address as soon as it was handed over.
  expect(popup.url()).not.toContain('code=')
  return popup
}

async function runAdd(a: number, b: number): Promise<{ status: string | null; text: string }> {
  await page.locator('[data-test="executor-method"]').click()
  await page.keyboard.type('guarded_add')
  await page.keyboard.press('Enter')
  await page.locator('[data-test="field-a"] input').fill(String(a))
  await page.locator('[data-test="field-b"] input').fill(String(b))
  await page.locator('[data-test="executor-run"]').click()
  const result = page.locator('[data-test="executor-result"]')
  await expect
    .poll(
      async () =>
        (await result.innerText()).includes(String(a + b)) || (await result.getAttribute('data-status')) === 'error',
    )
    .toBe(true)
  return { status: await result.getAttribute('data-status'), text: await result.innerText() }
}

describe('Signing in to an HTTP MCP server (OAuth)', () => {
  it('signs in through the consent page, runs a tool, renews an expired token silently, asks again when revoked, signs out', async () => {
    await addGuarded('en')
    expect(await signInPart().locator('[data-test="mcp-sign-in-needed"]').innerText()).toContain(
      '“guarded” asks you to sign in (OAuth)',
    )
    await page.screenshot({ path: screenshotPath('mcp-oauth-needed-en') })

    const popup = await consent('approve', 'mcp-oauth-consent')
    expect(await popup.locator('#status').innerText()).toBe(
      'Signed in to “guarded”. You can close this window and go back to the workbench.',
    )
    await popup.screenshot({ path: screenshotPath('mcp-oauth-callback-en') })
    await page.locator('[data-test="mcp-server"][data-name="guarded"][data-status="connected"]').waitFor()
    await signInPart().locator('[data-test="mcp-signed-in"]').waitFor()
    expect(await card().locator('[data-test="mcp-tool-count"]').innerText()).toBe('2')
    await page.screenshot({ path: screenshotPath('mcp-oauth-signed-in-en') })

    // Tokens live under a key of their own, never in the configuration or its export.
    const saved = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.includes('mcp')))
    const oauthEntry = saved.find(([key]) => key === `vcp-workbench:mcp-oauth:guarded@${server.url}`)
    const accessToken = (JSON.parse(oauthEntry?.[1] ?? '{}') as { tokens?: { access_token?: string } }).tokens
      ?.access_token
    expect(accessToken).toMatch(/\w{8}/)
    for (const [key, value] of saved) if (key !== oauthEntry?.[0]) expect(value).not.toContain(accessToken)
    expect(await page.locator('[data-test="mcp-export"]').textContent()).not.toContain(accessToken)
    await page.keyboard.press('Escape')

    await page.getByRole('tab', { name: 'Executor' }).click()
    expect(await runAdd(2, 40)).toMatchObject({ status: 'success' })

    // An access token that expired is renewed with the refresh token, without the person.
    server.expireTokens()
    expect(await runAdd(3, 4)).toMatchObject({ status: 'success' })
    expect(server.counts.refreshes).toBe(1)

    // Revoked as well: the call fails and the card asks to sign in again, naming the server.
    server.expireTokens({ revokeRefresh: true })
    expect((await runAdd(5, 6)).status).toBe('error')
    await page.getByRole('tab', { name: 'Discovery' }).click()
    await page.locator('[data-test="open-servers"]').first().click()
    const expired = signInPart().locator('[data-test="mcp-sign-in-needed"]')
    await expired.waitFor()
    expect(await signInPart().getAttribute('data-expired')).toBe('true')
    expect(await expired.innerText()).toBe(
      'Your sign-in to “guarded” has expired or was revoked, and could not be renewed. Sign in again to use its tools.',
    )
    await page.screenshot({ path: screenshotPath('mcp-oauth-expired-en') })

    await (await consent('approve')).close()
    await signInPart().locator('[data-test="mcp-signed-in"]').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: 'Executor' }).click()
    expect(await runAdd(6, 7)).toMatchObject({ status: 'success' })

    // Sign out forgets the tokens in this browser and revokes them at the server (it offers revocation).
    await page.getByRole('tab', { name: 'Discovery' }).click()
    await page.locator('[data-test="open-servers"]').first().click()
    expect(server.counts.revocations).toBe(0)
    await signInPart().locator('[data-test="mcp-sign-out"]').click()
    const revoked = signInPart().locator('[data-test="mcp-sign-in-outcome"][data-kind="revoked"]')
    await revoked.waitFor()
    expect(await revoked.innerText()).toContain('its server revoked the tokens')
    expect(server.counts.revocations).toBe(2)
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `vcp-workbench:mcp-oauth:guarded@${server.url}`),
    ).toBeNull()
  })

  it('Deny on the consent page: the card and the sign-in window say access was refused (in Chinese)', async () => {
    await addGuarded('zh')
    await page.screenshot({ path: screenshotPath('mcp-oauth-needed-zh') })
    const popup = await consent('deny')
    expect(await popup.locator('#status').innerText()).toBe('已拒绝“guarded”的授权。你可以关闭此窗口。')
    await popup.screenshot({ path: screenshotPath('mcp-oauth-callback-zh') })
    const refused = signInPart().locator('[data-test="mcp-sign-in-outcome"][data-kind="refused"]')
    await refused.waitFor()
    expect(await refused.innerText()).toContain('你在“guarded”的登录页面上拒绝了授权')
    expect(await card().getAttribute('data-status')).not.toBe('connected')
    await page.screenshot({ path: screenshotPath('mcp-oauth-refused-zh') })
  })
})
