/**
 * A server's schemas, names and text in Chromium, from real stdio servers through the bridge of
 * the served app: a 200,000-value choice is a search that draws a few dozen options, and what a
 * hostile server lists reaches the page as plain, clean text with its notices on the card.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { SEARCH_MATCHES } from '../../src/forms/parameter-form'

const appUrl = inject('appUrl')
// eslint-disable-next-line no-control-regex -- what a server must not get onto the page
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })

/** Adds one stdio server from the Servers panel and waits until it is connected; the drawer stays open. */
async function addServer(name: string, script: string): Promise<void> {
  await page.goto(appUrl)
  await page.locator('[data-test="open-servers"]').first().click()
  await page
    .locator('textarea[data-test="mcp-config"]')
    .fill(JSON.stringify({ mcpServers: { [name]: { command: process.execPath, args: [resolve(script)] } } }))
  await page.locator('[data-test="mcp-import"]').click()
  await page
    .locator(`[data-test="mcp-server"][data-name="${name}"][data-status="connected"]`)
    .waitFor({ timeout: 30_000 })
}

async function pickMethod(name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Executor' }).click()
  await page.locator('[data-test="executor-method"]').click()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
}

describe("a server's schemas in the page", () => {
  it('a 200,000-value choice is a search: a bounded number of options, a value deep in the list found and the call run', async () => {
    await addServer('big', 'tests/fixtures/mcp/big-enum-server.mjs')
    await page.keyboard.press('Escape')
    await pickMethod('big_pick')
    const field = page.locator('[data-test="field-choice"] input')
    await field.click()
    const options = page.locator('[data-test="search-option"]:visible')
    // Opened empty, it offers the first values, not all of them.
    await options.first().waitFor()
    expect(await options.count()).toBeLessThanOrEqual(SEARCH_MATCHES)
    await field.fill('v19999')
    await page.locator('[data-test="search-option"]:visible', { hasText: /^v199999$/ }).waitFor()
    expect(await options.count()).toBeLessThanOrEqual(SEARCH_MATCHES)
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(20_000)
    await shot('mcp-schemas-search')
    await page.locator('[data-test="search-option"]:visible', { hasText: /^v199999$/ }).click()
    expect(await field.inputValue()).toBe('v199999')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain('picked v199999')
  })

  it('a value the server does not list is said in the form, before any call', async () => {
    await addServer('big', 'tests/fixtures/mcp/big-enum-server.mjs')
    await page.keyboard.press('Escape')
    await pickMethod('big_pick')
    await page.locator('[data-test="field-choice"] input').fill('w1')
    await page.locator('[data-test="field-choice"] [data-test="field-error"]').waitFor()
    expect(await page.locator('[data-test="executor-run"]').isDisabled()).toBe(true)
  })

  it("a hostile server's names are refused on its card, escaped, and no control or direction character reaches the page", async () => {
    await addServer('hostile', 'tests/fixtures/mcp/hostile-stdio-server.mjs')
    const notices = page.locator('[data-test="mcp-server"][data-name="hostile"] [data-test="mcp-notices"]')
    await expect.poll(() => notices.innerText()).toContain('The tool "rtl\\u{202e}evil" of "hostile" was refused')
    expect(await notices.innerText()).toContain('The tool "bad\\nname" of "hostile" was refused')
    await shot('mcp-schemas-hostile-card')
    await page.keyboard.press('Escape')
    await page.locator('input[data-test="discovery-search"]').fill('match')
    await page.locator('[data-test="tool-card"]').first().click()
    await page.locator('[data-test="method-item"][data-method="hostile_match"]').click()
    expect(await page.locator('body').innerText()).not.toMatch(UNSAFE)
    expect(await page.locator('body').innerText()).toContain('Matchevil')
  })
})
