/**
 * End-to-end support: the workbench served by Vite on loopback and Debian's Chromium driven by
 * playwright-core. No browser is ever downloaded.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'

export const CHROMIUM = '/usr/bin/chromium'
export const SCREENSHOTS = resolve('test-results/screenshots')

export interface Workbench {
  url: string
  browser: Browser
  newPage(): Promise<Page>
  close(): Promise<void>
}

export async function startWorkbench(): Promise<Workbench> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium fonts-noto-cjk`)
  }
  const server: ViteDevServer = await createServer({
    configFile: resolve('vite.config.ts'),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 5199, strictPort: false, hmr: false },
  })
  await server.listen()
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('Vite did not report a local URL')
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // playwright-core gives every launch a fresh, empty profile of its own.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  })
  await mkdir(SCREENSHOTS, { recursive: true })
  return {
    url,
    browser,
    async newPage() {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
      return page
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
