/**
 * What a first visit to the workbench shows: the tabs visited one by one, the skeletons drawn while
 * their panes loaded, how many times the page loaded, and every response that failed.
 */
import type { Page } from 'playwright-core'

/** The tabs of the workbench, by the name the tester store gives them. */
export type Tab = 'discovery' | 'executor' | 'parser' | 'chat' | 'eval' | 'conformance'

/** The tabs whose panes load when first opened (Discovery is the first screen). */
export const LAZY_PANES = ['executor', 'parser', 'chat', 'eval', 'conformance'] as const

/** What shows that each tab's pane has been drawn and is ready to use. */
export const PANE_READY: Record<Tab, string> = {
  discovery: '[data-test="tool-card"]',
  executor: '[data-test="executor-method"]',
  parser: '[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor',
  chat: '[data-test="chat-input"]',
  eval: '[data-test="eval-pane"]',
  conformance: '[data-test="conformance-pane"]',
}

/** Opens a tab and waits until its pane is ready. */
export async function visitTab(page: Page, tab: Tab): Promise<void> {
  await page.locator(`#tab-${tab}`).click()
  await page.locator(PANE_READY[tab]).first().waitFor({ timeout: 120_000 })
}

/** What a page went through since trackFirstVisit started watching it. */
export interface FirstVisit {
  /** How many times the page loaded (a reload counts again). */
  loads(): number
  /** Responses of 400 or more and requests that failed, as "status url". */
  failedResponses(): string[]
  pageErrors(): string[]
  /** The panes (their data-pane) a skeleton was ever drawn for, in order, read from the page. */
  skeletonsSeen(): Promise<string[]>
}

/**
 * Watches a page before it loads: every skeleton added to the document is noted as it is added
 * (a skeleton shown for a single frame is still seen), and loads and failures are counted.
 */
export async function trackFirstVisit(page: Page): Promise<FirstVisit> {
  let loads = 0
  const failures: string[] = []
  const errors: string[] = []
  page.on('load', () => loads++)
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => failures.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`))
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { skeletonsSeen: seen })
    const note = (node: Node) => {
      if (!(node instanceof Element)) return
      const found = [node, ...node.querySelectorAll('[data-test="pane-skeleton"]')]
      for (const element of found)
        if (element.matches('[data-test="pane-skeleton"]')) seen.push(element.getAttribute('data-pane') ?? '')
    }
    new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(note))).observe(document, {
      childList: true,
      subtree: true,
    })
  })
  return {
    loads: () => loads,
    failedResponses: () => [...failures],
    pageErrors: () => [...errors],
    skeletonsSeen: () => page.evaluate(() => (window as unknown as { skeletonsSeen: string[] }).skeletonsSeen),
  }
}

/**
 * Holds back the dev server's answer for one pane module (`path` under src/components/) until the
 * returned function is called, so a test can look at what shows while it loads.
 */
export async function holdPaneModule(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === `/src/components/${path}`,
    async (route) => {
      await released
      await route.continue()
    },
  )
  return release
}
