/**
 * Big and deep data from real stdio servers, through the bridge of the served app: four tools of
 * 50,000 properties each connect with notices of what was cut (or fail saying why, when the list
 * passes the bridge's cap), a tool is written as JSON with the notice and run, and the Messages log
 * draws a bounded part of the 2.4 MB list; a prompt and a JSON resource nested 1,000 deep are
 * listed at once and read with the depth notice, with no error in the page. Long tasks are
 * recorded and printed, not asserted: `npx tsx scripts/bench-ui.mjs huge-tools` measures them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'

const appUrl = inject('appUrl')
const HUGE = 'tests/fixtures/mcp/huge-tools-server.mjs'
const DEEP = 'tests/fixtures/mcp/deep-offer-server.mjs'
let browser: Browser
let context: BrowserContext
let page: Page
/** What the page reported as errors: uncaught exceptions and console errors. */
let errors: string[]

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
  errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  // Chromium's long tasks, kept in the page.
  await page.addInitScript(() => {
    const tasks: number[] = []
    Object.assign(window, { __tasks: tasks })
    new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration))).observe({
      type: 'longtask',
      buffered: true,
    })
  })
})

const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })
const card = (name: string) => page.locator(`[data-test="mcp-server"][data-name="${name}"]`)

/** Pastes one stdio server into the Servers panel and adds it; the drawer stays open. */
async function addServer(name: string, script: string, ...args: string[]): Promise<void> {
  await page.goto(appUrl)
  await page.locator('[data-test="open-servers"]').first().waitFor()
  // From here on: what the server costs, not the first load.
  await page.evaluate(() => ((window as unknown as { __tasks: number[] }).__tasks.length = 0))
  await page.locator('[data-test="open-servers"]').first().click()
  await page
    .locator('textarea[data-test="mcp-config"]')
    .fill(JSON.stringify({ mcpServers: { [name]: { command: process.execPath, args: [resolve(script), ...args] } } }))
  await page.locator('[data-test="mcp-import"]').click()
}

/** Waits until the card leaves "connecting" and returns where it ended. */
async function settled(name: string): Promise<string | null> {
  await card(name).and(page.locator(':not([data-status="connecting"])')).waitFor({ timeout: 60_000 })
  return card(name).getAttribute('data-status')
}

/** The long tasks recorded so far (ms), printed for the record; never asserted. */
async function reportLongTasks(what: string): Promise<void> {
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks)
  console.info(`${what}: ${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks))} ms`)
}

describe('a server of four tools of 50,000 properties', () => {
  it('connects with notices of what was cut, runs a tool written as JSON, and its log draws a bounded part', async () => {
    await addServer('huge', HUGE, 'lean')
    expect(await settled('huge')).toBe('connected')
    const notices = card('huge').locator('[data-test="mcp-notices"]')
    await expect.poll(() => notices.innerText()).toContain('its schema declares 50,000 parameters')
    await shot('mcp-huge-card')

    // The Messages log: the 2.4 MB tools/list answer is drawn cut, with its length and a download.
    await card('huge').locator('[data-test="mcp-log"]').click()
    const cutLine = card('huge').locator('[data-test="mcp-log-line"][data-cut="true"]').first()
    await cutLine.waitFor()
    expect(await cutLine.locator('[data-test="mcp-log-cut"]').innerText()).toBe('cut after 2,000 characters')
    expect((await card('huge').locator('[data-test="mcp-log-view"]').innerText()).length).toBeLessThan(100_000)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      cutLine.locator('[data-test="mcp-log-download"]').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.json$/)
    await shot('mcp-huge-log')
    await page.keyboard.press('Escape')

    // The Executor: a tool of 50,000 parameters is written as JSON, says why, and runs.
    await page.getByRole('tab', { name: 'Executor' }).click()
    await page.locator('[data-test="executor-method"]').click()
    await page.keyboard.type('huge_gamma')
    await page.keyboard.press('Enter')
    const notice = page.locator('[data-test="executor-schema-cut"]')
    await notice.waitFor()
    expect(await notice.innerText()).toContain('declares 50,000 parameters')
    expect(await page.locator('[data-test="executor-form"]').count()).toBe(0)
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain('gamma got')
    await shot('mcp-huge-executor')
    await reportLongTasks('four huge tools: connect, log, open and run')
    expect(errors).toEqual([])
  })

  it('a list past the bridge’s cap fails saying why, not only that the connection closed', async () => {
    await addServer('four', HUGE)
    expect(await settled('four')).toBe('failed')
    const error = await card('four').locator('[data-test="mcp-error"]').innerText()
    expect(error).toContain('Could not connect to "four"')
    expect(error).toMatch(/4 MB/)
    await shot('mcp-huge-failed')
  })
})

describe('a server offering a prompt and JSON nested 1,000 deep', () => {
  it('reads the resource with the depth notice, lists the prompt at once, and logs no error', async () => {
    await addServer('deep', DEEP)
    expect(await settled('deep')).toBe('connected')
    await page.keyboard.press('Escape')
    await page.locator('input[data-test="discovery-search"]').fill('deep')
    await page.locator('[data-test="tool-card"][data-tool="deep"]').click()
    const panel = page.locator('[data-test="offer-panel"][data-server="deep"]')

    await panel.locator('#tab-resources').click()
    const item = panel.locator('[data-test="offer-resource-item"][data-uri="test://deep.json"]')
    await item.locator('.el-collapse-item__header').click()
    const resource = panel.locator('[data-test="offer-resource"][data-uri="test://deep.json"]')
    await resource.locator('[data-test="offer-read"]').click()
    const tooDeep = resource.locator('[data-test="json-too-deep"]')
    await tooDeep.waitFor()
    expect(await tooDeep.innerText()).toContain('nested 1,000 levels deep')
    // What is past the cap is there, as text (inside the folded nodes).
    expect(await resource.locator('[data-test="json-rest"]').textContent()).toContain('[1,[1,')
    // The levels within the cap are drawn as foldable nodes.
    await resource.locator('details.json-node > summary').first().waitFor()
    await shot('mcp-huge-deep-resource')

    // The prompt is listed: waited for as a state, far short of a request's timeout.
    await panel.locator('#tab-prompts').click()
    await panel.locator('[data-test="offer-prompt"][data-name="greet"]').waitFor({ timeout: 10_000 })
    await panel.locator('#tab-prompts[aria-selected="true"]').waitFor()
    await shot('mcp-huge-deep-prompts')
    await reportLongTasks('deep offer: connect, list and read')
    expect(errors).toEqual([])
  })
})
