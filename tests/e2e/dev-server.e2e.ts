/**
 * The dev server on a cold start, as `npm start` meets it on a fresh clone: every dependency the
 * app loads is bundled up front. A dependency found late re-bundles them all and reloads the page,
 * and a module the page asked for under the old hash fails to load (504, the sandbox worker's did).
 * Each test has a server of its own on an empty dependency cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, newPage, screenshotPath } from './support/browser'
import { startColdDevServer, type ColdDevServer } from './support/cold-dev-server'
import { holdPaneModule, LAZY_PANES, trackFirstVisit, visitTab, type FirstVisit } from './support/first-visit'

/** A cold server transforms every module on first request: on a busy 2-core machine a page takes long. */
const COLD_TIMEOUT = 180_000
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('the sandbox worker on a cold start', () => {
  let cold: ColdDevServer
  let page: Page
  const pageErrors: string[] = []
  beforeAll(async () => {
    cold = await startColdDevServer(5198)
    page = await newPage(browser)
    page.setDefaultTimeout(COLD_TIMEOUT)
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })
  afterAll(async () => {
    await page?.close()
    await cold?.close()
  })

  it(
    'a cold start bundles every dependency up front: no re-bundling, no reload, no module lost',
    async () => {
      await page.goto(cold.url)
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
      for (const pane of ['executor', 'parser', 'chat'] as const) await visitTab(page, pane)
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
      expect(cold.optimizerNews).toEqual([])
      expect(pageErrors).toEqual([])
    },
    COLD_TIMEOUT * 3,
  )
})

describe('a first visit to every tab on a cold start', () => {
  let cold: ColdDevServer
  let page: Page
  let visit: FirstVisit
  beforeAll(async () => {
    cold = await startColdDevServer(5196)
    page = await newPage(browser)
    page.setDefaultTimeout(COLD_TIMEOUT)
    visit = await trackFirstVisit(page)
  })
  afterAll(async () => {
    await page?.close()
    await cold?.close()
  })

  it(
    'each lazily loaded pane shows a skeleton until it is there; no reload, no 504, nothing re-bundled',
    async () => {
      await page.goto(cold.url)
      await page.locator('[data-test="tool-card"]').first().waitFor()
      // Set once: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { firstVisitMarker: true }))
      for (const pane of LAZY_PANES) {
        await visitTab(page, pane)
        expect(await visit.skeletonsSeen()).toContain(pane)
        expect(await page.locator(`[data-test="pane-skeleton"][data-pane="${pane}"]`).count()).toBe(0)
      }
      await visitTab(page, 'discovery')
      // What the panes load later on: ECharts with the first heatmap, Monaco's JSON worker with the first check.
      await page.evaluate(`(async () => {
      const { createChart } = await import('/src/components/eval/echarts-setup.ts')
      const host = Object.assign(document.createElement('div'), { style: 'width:200px;height:100px' })
      document.body.append(host)
      createChart(host, false).dispose()
      host.remove()
      const monaco = await (await import('/src/monaco/load.ts')).loadMonaco()
      const uri = monaco.Uri.parse('inmemory://first-visit/probe.json')
      window.jsonProbe = { monaco, uri, model: monaco.editor.createModel('{"a": ', 'json', uri) }
    })()`)
      // Markers on broken JSON come from the JSON worker: they show that it loaded and ran.
      await page.waitForFunction(
        `window.jsonProbe.monaco.editor.getModelMarkers({ resource: window.jsonProbe.uri }).length > 0`,
        undefined,
        { timeout: COLD_TIMEOUT },
      )
      await cold.settled()
      expect(cold.lateDependencies).toEqual([])
      expect(await page.evaluate(() => 'firstVisitMarker' in window)).toBe(true)
      expect(visit.loads()).toBe(1)
      expect(visit.failedResponses()).toEqual([])
      expect(cold.optimizerNews).toEqual([])
      expect(visit.pageErrors()).toEqual([])
    },
    COLD_TIMEOUT * 3,
  )

  for (const locale of ['en', 'zh'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(
        `a pane still loading shows its skeleton (${locale}, ${theme})`,
        async () => {
          const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
          const skeletonPage = await context.newPage()
          skeletonPage.setDefaultTimeout(COLD_TIMEOUT)
          await skeletonPage.addInitScript(
            ([language, mode]) =>
              localStorage.setItem(
                'vcp-workbench:tester',
                JSON.stringify({ version: 1, data: { tab: 'executor', theme: mode, locale: language } }),
              ),
            [locale, theme] as const,
          )
          // The pane's module is held until the screenshot is taken: the skeleton stays as long as needed.
          const release = await holdPaneModule(skeletonPage, 'executor/ExecutorPane.vue')
          await skeletonPage.goto(cold.url)
          const skeleton = skeletonPage.locator('[data-test="pane-skeleton"][data-pane="executor"]')
          await skeleton.waitFor()
          await expect
            .poll(() => skeleton.innerText())
            .toContain(locale === 'zh' ? '正在加载执行器' : 'Loading Executor')
          await skeletonPage.screenshot({ path: screenshotPath(`first-visit-skeleton-${locale}-${theme}`) })
          release()
          await skeletonPage.locator('[data-test="executor-method"]').first().waitFor()
          await skeleton.waitFor({ state: 'detached' })
          await context.close()
        },
        COLD_TIMEOUT,
      )
    }
  }
})
