/**
 * The dev server on a cold start, as `npm start` meets it on a fresh clone: every dependency the
 * app loads is bundled up front. A dependency found late re-bundles them all and reloads the page,
 * and a module the page asked for under the old hash fails to load (the sandbox worker's did).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { createLogger, createServer, type ViteDevServer } from 'vite'
import { launchChromium, newPage, screenshotPath } from './support/browser'

let browser: Browser
let server: ViteDevServer
let page: Page
let cacheDir = ''
/** What the dev server said about its dependencies after it started. */
const optimizerNews: string[] = []
const pageErrors: string[] = []

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'vcp-vite-cache-'))
  const logger = createLogger('error')
  const info = logger.info
  logger.info = (message, options) => {
    if (/optimized|reloading/i.test(message)) optimizerNews.push(message)
    info(message, options)
  }
  browser = await launchChromium()
  server = await createServer({
    configFile: resolve('vite.config.ts'),
    cacheDir,
    customLogger: logger,
    server: { host: '127.0.0.1', port: 5198, strictPort: false, hmr: false },
  })
  await server.listen()
  page = await newPage(browser)
  page.on('pageerror', (error) => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await rm(cacheDir, { recursive: true, force: true })
})

it('a cold start bundles every dependency up front: no re-bundling, no reload, no module lost', async () => {
  await page.goto(server.resolvedUrls?.local[0] ?? '')
  const open = async (button: string, drawer?: string) => {
    await page.locator(`[data-test="${button}"]`).first().click()
    if (drawer) {
      await page.locator(`[data-test="${drawer}"]`).waitFor()
      await page.keyboard.press('Escape')
      await page.locator(`[data-test="${drawer}"]`).waitFor({ state: 'hidden' })
    }
  }
  await page.locator('[data-test="tool-card"]').first().waitFor()
  await page.locator('[data-test="tool-card"]').first().click()
  await open('open-groups', 'groups-drawer')
  await open('open-servers', 'servers-drawer')
  const panes = {
    Executor: '[data-test="executor-method"]',
    Parser: '[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor',
    Chat: '[data-test="chat-input"]',
  }
  for (const [name, ready] of Object.entries(panes)) {
    await page.getByRole('tab', { name }).click()
    await page.locator(ready).first().waitFor()
  }
  await open('open-variables', 'variables-drawer')
  await open('open-record', 'record-drawer')
  // The sandbox worker loads its own dependency (QuickJS) when the first code runs.
  const status = await page.evaluate(`(async () => {
    const core = await import('/src/core/index.ts')
    const tools = await import('/src/tools/browser/index.ts')
    const registry = core.createToolRegistryManager()
    for (const tool of tools.createBrowserBuiltinTools({ databaseName: 'cold-start' })) registry.register(tool)
    const result = await core.executeToolRequest(core.directRequest('js_evaluate', { code: '6 * 7' }, 'cold'), { registry, timeout: 30000 })
    return result.status + ' ' + result.result
  })()`)
  await page.screenshot({ path: screenshotPath('dev-server-cold-start') })
  expect(status).toContain('success')
  expect(optimizerNews).toEqual([])
  expect(pageErrors).toEqual([])
})
