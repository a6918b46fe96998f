/**
 * End-to-end support: the workbench served by Vite on loopback and Debian's Chromium driven by
 * playwright-core. No browser is ever downloaded.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'

export const CHROMIUM = '/usr/bin/chromium'
export const SCREENSHOTS = resolve('test-results/screenshots')

export interface Workbench {
  url: string
  browser: Browser
  newPage(): Promise<Page>
  close(): Promise<void>
}

/** Debian's Chromium, with the flags this machine needs. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium fonts-noto-cjk`,
    )
  }
  await mkdir(SCREENSHOTS, { recursive: true })
  // playwright-core gives every launch a fresh, empty profile of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** The dev server (source modules importable from the page) with Chromium: for API-level browser tests. */
export async function startWorkbench(): Promise<Workbench> {
  const browser = await launchChromium()
  const server: ViteDevServer = await createServer({
    configFile: resolve('vite.config.ts'),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 5199, strictPort: false, hmr: false },
  })
  await server.listen()
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('Vite did not report a local URL')
  return {
    url,
    browser,
    newPage: () => newPage(browser),
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/** The size the screenshots are taken at. */
const VIEWPORT = { width: 1400, height: 900 }

function reportErrors(page: Page): Page {
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
  return page
}

/** A page that reports its errors, at the size the screenshots are taken at. */
export async function newPage(browser: Browser): Promise<Page> {
  return reportErrors(await browser.newPage({ viewport: VIEWPORT }))
}

/** The same in a context of its own (its own storage and permissions), for a test to close. */
export async function newContextPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  return { context, page: reportErrors(await context.newPage()) }
}

export function screenshotPath(name: string): string {
  return resolve(SCREENSHOTS, `${name}.png`)
}

/**
 * Saves a chat state (and opens on the Chat tab) before the page's first load only: a reload
 * afterwards sees what the page itself saved.
 */
export async function seedChat(page: Page, chat: unknown, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.addInitScript(
    ([state, mode]) => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('vcp-workbench:chat', JSON.stringify({ version: 1, data: state }))
      localStorage.setItem(
        'vcp-workbench:tester',
        JSON.stringify({ version: 1, data: { tab: 'chat', theme: mode, locale: 'en' } }),
      )
    },
    [chat, theme] as const,
  )
}
