/**
 * An MCP server's prompts, resources and templates in Discovery, in Chromium: server-everything
 * started over stdio through the bridge; a prompt got with an argument, a resource read and
 * subscribed to (updated after its tool toggles updates), templates filled (text and bytes), and a
 * prompt inserted into the chat's message box; English and Chinese, light and dark.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { statSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { addServers } from './support/mcp'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  ;({ context, page } = await newContextPage(browser))
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
})

const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })
const panel = () => page.locator('[data-test="offer-panel"][data-server="everything"]')

/** Opens one of the server's tabs in Discovery. */
async function offerTab(name: 'tools' | 'prompts' | 'resources' | 'templates'): Promise<void> {
  await panel().locator(`#tab-${name}`).click()
}

/** Opens an item of the open list (once: a second click would close it). */
async function openItem(item: string): Promise<void> {
  const header = panel().locator(`${item} .el-collapse-item__header`)
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click()
}

async function theme(mode: 'light' | 'dark'): Promise<void> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
  if (dark !== (mode === 'dark')) await page.locator('[data-test="theme-switch"]').click()
}

describe('prompts, resources and templates of an MCP server', () => {
  it('gets a prompt, reads and subscribes to resources, fills templates, and inserts a prompt into chat', async () => {
    await page.goto(appUrl)
    await addServers(page)
    await page.locator('input[data-test="discovery-search"]').fill('toggle-subscriber')
    await page.locator('[data-test="tool-card"][data-tool="everything"]').click()
    await panel().waitFor()

    // A prompt: Get waits for its required argument, then shows the message.
    await offerTab('prompts')
    await openItem('[data-test="offer-prompt"][data-name="args-prompt"]')
    const get = panel().locator('[data-test="offer-get"]')
    expect(await panel().locator('[data-test="offer-arg-city"]').getAttribute('data-required')).toBe('true')
    expect(await get.isDisabled()).toBe(true)
    await panel().locator('[data-test="offer-arg-city"] input').fill('Paris')
    await get.click()
    const message = panel().locator('[data-test="offer-message"][data-role="user"]')
    await message.waitFor()
    expect(await message.innerText()).toContain("What's weather in Paris?")
    await shot('mcp-offer-prompt-en-light')

    // A listed resource, read, then subscribed to.
    await offerTab('resources')
    const first = panel().locator('[data-test="offer-resource-item"]').first()
    const uri = await first.getAttribute('data-uri')
    await openItem(`[data-test="offer-resource-item"][data-uri="${uri}"]`)
    const resource = panel().locator(`[data-test="offer-resource"][data-uri="${uri}"]`)
    await resource.locator('[data-test="offer-read"]').click()
    await resource.locator('[data-test="offer-content"]').waitFor()
    expect(await resource.locator('[data-test="offer-content"]').innerText()).toContain(uri!)
    await resource.locator('[data-test="offer-subscribe"]').click()
    await page.locator(`[data-test="offer-resource"][data-uri="${uri}"][data-subscribed="true"]`).waitFor()

    // The server sends updates once its tool says so: run it from the Executor.
    await page.getByRole('tab', { name: 'Executor' }).click()
    await page.locator('[data-test="executor-method"]').click()
    await page.keyboard.type('everything_toggle-subscriber-updates')
    await page.keyboard.press('Enter')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    await page.getByRole('tab', { name: 'Discovery' }).click()
    await resource.locator('[data-test="offer-updated"]').waitFor({ timeout: 30_000 })
    expect(await resource.locator('[data-test="offer-updated"]').innerText()).toMatch(/^updated at \d\d:\d\d:\d\d$/)
    await theme('dark')
    await shot('mcp-offer-resource-en-dark')

    // In Chinese: the text template filled and read, then a blob one offered as a download.
    await page.locator('[data-test="locale-select"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await offerTab('templates')
    const textTemplate = panel().locator('[data-test="offer-template"][data-template*="dynamic/text"]')
    await openItem('[data-test="offer-template"][data-template*="dynamic/text"]')
    await textTemplate.locator('input[data-test="offer-var-resourceId"]').fill('3')
    expect(await textTemplate.locator('[data-test="offer-template-uri"]').innerText()).toBe(
      'demo://resource/dynamic/text/3',
    )
    await textTemplate.locator('[data-test="offer-read"]').click()
    await textTemplate.locator('[data-test="offer-content"][data-kind="text"]').waitFor()
    const blobTemplate = panel().locator('[data-test="offer-template"][data-template*="dynamic/blob"]')
    await openItem('[data-test="offer-template"][data-template*="dynamic/blob"]')
    await blobTemplate.locator('input[data-test="offer-var-resourceId"]').fill('2')
    await blobTemplate.locator('[data-test="offer-read"]').click()
    await blobTemplate.locator('[data-test="offer-bytes"]').waitFor()
    const sizeText = await blobTemplate.locator('[data-test="offer-bytes-size"]').innerText()
    expect(sizeText).toMatch(/^[\w.+-]+\/[\w.+-]+，[\d,]+ 字节$/)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      blobTemplate.locator('[data-test="offer-download"]').click(),
    ])
    // Named after the URI's last part (Chromium may add an extension for the type).
    expect(download.suggestedFilename()).toMatch(/^2(\.\w+)?$/)
    const saved = await download.path()
    expect(String(statSync(saved).size)).toBe(sizeText.match(/([\d,]+) 字节/)![1]!.replace(/,/g, ''))
    await shot('mcp-offer-templates-zh-dark')
    await theme('light')
    await shot('mcp-offer-templates-zh-light')

    // The prompt got earlier, inserted into the chat's message box.
    await offerTab('prompts')
    await panel().locator('[data-test="offer-prompt-form"] [data-test="offer-insert"]').click()
    const input = page.locator('textarea[data-test="chat-input"]')
    await input.waitFor()
    expect(await input.inputValue()).toBe("What's weather in Paris?")
    await shot('mcp-offer-chat-zh-light')
  })
})
