/**
 * Roots and notifications in Chromium, against the reference server-everything started over
 * stdio through the bridge: two roots declared on the card reach the server (its get-roots-list
 * tool lists their URIs), a change reaches it too, and its simulated logging arrives in the
 * notifications panel at the level set there, filtered and downloaded.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { EVERYTHING_CONFIG } from './support/mcp'
import { MCP_LOG_LEVELS, levelRank, type McpLogLevel } from '../../src/core/mcp/notifications'

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

const card = () => page.locator('[data-test="mcp-server"][data-name="everything"]')
const notes = () => card().locator('[data-test="mcp-note"]')

/** Opens the Servers panel from Discovery's toolbar. */
async function openServers(): Promise<void> {
  await page.getByRole('tab').first().click()
  await page.locator('[data-test="open-servers"]').first().click()
  await page.locator('[data-test="servers-drawer"]').waitFor()
}

/** Runs a method of the Executor with no arguments, and the result's text once it is new. */
async function runInExecutor(method: string, previous = ''): Promise<string> {
  await page.keyboard.press('Escape')
  await page.getByRole('tab', { name: 'Executor' }).click()
  await page.locator('[data-test="executor-method"]').click()
  await page.keyboard.type(method)
  await page.keyboard.press('Enter')
  await page.locator('[data-test="executor-run"]').click()
  const result = page.locator('[data-test="executor-result"][data-status="success"]')
  await expect.poll(async () => ((await result.count()) ? await result.innerText() : previous)).not.toBe(previous)
  return result.innerText()
}

async function addRoot(path: string, name: string): Promise<void> {
  await card().locator('input[data-test="mcp-root-path"]').fill(path)
  await card().locator('input[data-test="mcp-root-name"]').fill(name)
  await card().locator('[data-test="mcp-root-add"]').click()
}

/** How many log rows say two roots arrived (server-everything logs each roots list it receives). */
async function twoRootsReceived(): Promise<number> {
  return card().locator('[data-test="mcp-note"][data-kind="log"]', { hasText: 'Roots updated: 2 root' }).count()
}

async function choose(select: string, option: string): Promise<void> {
  await card().locator(`[data-test="${select}"]`).click()
  await page.locator('.el-select-dropdown__item:visible', { hasText: option }).first().click()
}

/** The levels of the simulated log rows, newest first. */
async function simulatedLevels(): Promise<McpLogLevel[]> {
  const rows = card().locator('[data-test="mcp-note"][data-kind="log"]', { hasText: '-level message' })
  return (await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-level')))) as McpLogLevel[]
}

describe('MCP roots, logs and notifications', () => {
  it('roots reach server-everything and a change reaches it too; its logs arrive at the chosen level, filtered and downloaded', async () => {
    await page.goto(appUrl)
    await openServers()
    await page.locator('textarea[data-test="mcp-config"]').fill(EVERYTHING_CONFIG)
    await page.locator('[data-test="mcp-import"]').click()
    await card().and(page.locator('[data-status="connected"]')).waitFor({ timeout: 30_000 })

    // Two roots declared while disconnected; the server asks for them when it connects.
    await card().locator('[data-test="mcp-disconnect"]').click()
    await card().and(page.locator('[data-status="disconnected"]')).waitFor()
    await card().locator('[data-test="mcp-roots"] summary').click()
    await addRoot('/home/me/My Notes', 'Notes')
    await addRoot('C:\\Users\\me\\文档', 'Documents')
    expect(await card().locator('[data-test="mcp-root-uri"]').allInnerTexts()).toEqual([
      'file:///home/me/My%20Notes',
      'file:///C:/Users/me/%E6%96%87%E6%A1%A3',
    ])
    await card().locator('[data-test="mcp-connect"]').click()
    await card().and(page.locator('[data-status="connected"]')).waitFor({ timeout: 30_000 })
    await card().locator('[data-test="mcp-notifications"]').click()
    await expect.poll(twoRootsReceived).toBe(1)

    let result = await runInExecutor('everything_get-roots-list')
    expect(result).toContain('file:///home/me/My%20Notes')
    expect(result).toContain('file:///C:/Users/me/%E6%96%87%E6%A1%A3')
    expect(result).toContain('Documents')

    // A change: the server is told, asks again, and lists the new roots.
    await openServers()
    await card().locator('[data-test="mcp-root-remove"]').first().click()
    await addRoot('/srv/team data', 'Team')
    await expect.poll(twoRootsReceived).toBeGreaterThanOrEqual(2)
    result = await runInExecutor('everything_get-roots-list', result)
    expect(result).toContain('file:///srv/team%20data')
    expect(result).not.toContain('My%20Notes')

    // Simulated logging, then the level set to error: what arrives afterwards is error or worse.
    await runInExecutor('everything_toggle-simulated-logging', result)
    await openServers()
    await choose('mcp-log-level', 'error')
    const before = (await simulatedLevels()).length
    await expect.poll(async () => (await simulatedLevels()).length, { timeout: 90_000 }).toBeGreaterThan(before + 1)
    expect(levelRank((await simulatedLevels())[0]!)).toBeGreaterThanOrEqual(levelRank('error'))
    await card().locator('[data-test="mcp-log"]').click()
    await card().locator('input[data-test="mcp-log-filter"]').fill('logging/setLevel')
    expect(await card().locator('[data-test="mcp-log-view"]').innerText()).toContain('"level":"error"')
    await card().locator('[data-test="mcp-notifications"]').click()

    // Filters: by least level, by text, by kind.
    await choose('mcp-note-min-level', 'error')
    const shown = await card()
      .locator('[data-test="mcp-note"][data-kind="log"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-level')))
    expect(shown.length).toBeGreaterThan(0)
    for (const level of shown) expect(MCP_LOG_LEVELS.indexOf(level as McpLogLevel)).toBeGreaterThanOrEqual(4)
    await card().locator('input[data-test="mcp-note-filter"]').fill('roots updated')
    expect(await notes().count()).toBe(0)
    await card().locator('input[data-test="mcp-note-filter"]').fill('')
    await card().locator('[data-test="mcp-note-kinds"] [data-kind="list-changed"]').click()
    expect(await card().locator('[data-test="mcp-note"][data-kind="list-changed"]').count()).toBe(0)
    await card().locator('[data-test="mcp-note-kinds"] [data-kind="list-changed"]').click()
    await page.screenshot({ path: screenshotPath('mcp-logs-roots-light-en') })

    // Download what is shown, as JSON Lines.
    const [download] = (await Promise.all([
      page.waitForEvent('download'),
      card().locator('[data-test="mcp-note-jsonl"]').click(),
    ])) as [Download, void]
    expect(download.suggestedFilename()).toMatch(/^everything-notifications-.*\.jsonl$/)
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\n')
    const records = lines.map((line) => JSON.parse(line) as { method: string; level?: McpLogLevel; kind: string })
    expect(records.length).toBe(await notes().count())
    for (const record of records.filter((r) => r.kind === 'log'))
      expect(levelRank(record.level!)).toBeGreaterThanOrEqual(levelRank('error'))

    // The same panel in dark, and in Chinese.
    for (const [name, steps] of [
      ['mcp-logs-roots-dark-en', ['theme']],
      ['mcp-logs-roots-dark-zh', ['locale']],
      ['mcp-logs-roots-light-zh', ['theme']],
    ] as const) {
      await page.keyboard.press('Escape')
      for (const step of steps) {
        if (step === 'theme') await page.locator('[data-test="theme-switch"]').click()
        else {
          await page.locator('[data-test="locale-select"]').click()
          await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
        }
      }
      await page.locator('[data-test="open-servers"]').first().click()
      await card().locator('[data-test="mcp-notifications-view"]').waitFor()
      await page.screenshot({ path: screenshotPath(name) })
    }
    expect(await card().locator('[data-test="mcp-notifications"]').innerText()).toContain('通知')
  }, 240_000)
})
