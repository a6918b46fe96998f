/**
 * MCP in browser tests: the reference server-everything as an `mcpServers` configuration (started
 * over stdio through the bridge of the served app), and adding it from the Servers panel.
 */
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'

/** server-everything's entry point, run with this Node. */
export const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

/** The configuration of server-everything under the name `everything`, as a person pastes it. */
export const EVERYTHING_CONFIG = JSON.stringify(
  { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } },
  null,
  2,
)

/**
 * Pastes `config` into the Servers panel, adds it, waits until the server `name` is connected (its
 * tools listed) and closes the panel.
 */
export async function addServers(page: Page, config = EVERYTHING_CONFIG, name = 'everything'): Promise<void> {
  await page.locator('[data-test="open-servers"]').first().click()
  await page.locator('textarea[data-test="mcp-config"]').fill(config)
  await page.locator('[data-test="mcp-import"]').click()
  await page
    .locator(`[data-test="mcp-server"][data-name="${name}"][data-status="connected"]`)
    .waitFor({ timeout: 30_000 })
  await page.keyboard.press('Escape')
}
