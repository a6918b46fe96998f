/**
 * The Conformance pane in Chromium, against the built app and the mock server's reference models:
 * a clean server and one that numbers parallel calls all 0 probed side by side and compared, the
 * failing check opened on its chunks, the report exported as Markdown (and copied), and the wire
 * capture exported and checked again offline; in English, and in Chinese through the workbench's
 * proxy (a server without CORS is reached the way the chat reaches it).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm

beforeAll(async () => {
  browser = await launchChromium()
  llm = await startMockLlm()
})
afterAll(async () => {
  await browser?.close()
  await llm?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const test = (id: string) => page.locator(`[data-test="${id}"]`)
const card = (label: string) => page.locator(`[data-test="conformance-report"][data-label="${label}"]`)
/** The evidence drawer of the index-zero card (each card has its own). */
const evidence = () => page.locator('[data-test="conformance-evidence"][data-label="reference:index-zero"]')

/** A screenshot once nothing moves, with the pointer off the buttons; a drawer open is shot as the window shows it. */
async function shot(name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: screenshotPath(name), fullPage })
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** axe-core's serious and critical findings (WCAG 2.x A and AA) on the page, each with where it is. */
async function violations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { html: string }[] }
    const axe = (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: Found[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)
  })
}

async function openConformance(locale: 'en' | 'zh', theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.addInitScript(
    ([language, mode]) =>
      localStorage.setItem(
        'vcp-workbench:tester',
        JSON.stringify({ version: 1, data: { tab: 'conformance', theme: mode, locale: language } }),
      ),
    [locale, theme] as const,
  )
  await page.goto(appUrl)
  await test('conformance-pane').waitFor()
}

/** Adds the mock server as a chat endpoint through the pane's Endpoints… dialog, `reference` as its model. */
async function addEndpoint(baseUrl: string, connected: RegExp): Promise<void> {
  await test('conformance-endpoints').click()
  const dialog = test('endpoint-dialog')
  await dialog.locator('[data-test="add-endpoint"]').click()
  await dialog.locator('input[data-test="endpoint-name"]').fill('Mock')
  await dialog.locator('input[data-test="endpoint-base-url"]').fill(baseUrl)
  await dialog.locator('[data-test="test-connection"]').click()
  await expect.poll(() => dialog.locator('[data-test="connection-result"]').innerText()).toMatch(connected)
  await dialog.locator('[data-test="endpoint-model"]').click()
  await page.keyboard.type('reference')
  await page.locator('.el-select-dropdown__item:visible', { hasText: /^reference$/ }).click()
  await page.locator('.el-dialog:visible .el-dialog__headerbtn').click()
  await expect.poll(() => dialog.isVisible()).toBe(false)
}

/** Adds the endpoint's saved model, then `reference:index-zero` typed in, as the servers to probe. */
async function chooseServers(): Promise<void> {
  // The endpoint's saved model is chosen with it.
  await expect.poll(() => test('conformance-add').isDisabled()).toBe(false)
  await test('conformance-add').click()
  await test('conformance-model').click()
  await page.keyboard.type('reference:index-zero')
  await page.keyboard.press('Enter')
  await test('conformance-add').click()
  await expect
    .poll(() => test('conformance-server').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-label'))))
    .toEqual(['reference', 'reference:index-zero'])
}

/** Runs every probe against both servers and waits for both cards. */
async function runBoth(): Promise<void> {
  await test('conformance-run').click()
  await expect.poll(() => test('conformance-progress').getAttribute('data-running'), { timeout: 30_000 }).toBe('false')
  await expect.poll(() => test('conformance-report').count()).toBe(2)
  const progress = await test('conformance-progress-server').evaluateAll((rows) =>
    rows.map((r) => `${r.getAttribute('data-label')} ${r.getAttribute('data-done')}/${r.getAttribute('data-total')}`),
  )
  expect(progress).toEqual(['reference 36/36', 'reference:index-zero 36/36'])
}

const categoryStatuses = (label: string) =>
  card(label)
    .locator('[data-test="conformance-category"]')
    .evaluateAll((items) => items.map((i) => `${i.getAttribute('data-category')}=${i.getAttribute('data-status')}`))

/** Opens the failing delta-index check of the index-zero card; returns the highlighted chunks' texts. */
async function openFailingCheck(): Promise<string[]> {
  await card('reference:index-zero').locator('[data-category="delta-index"] .el-collapse-item__header').click()
  const failing = card('reference:index-zero').locator('[data-test="conformance-check"][data-status="fail"]')
  await expect.poll(() => failing.getAttribute('data-id')).toBe('delta-index/parallel-distinct')
  await failing.locator('[data-test="conformance-check-evidence"]').click()
  // Each attempt that failed is evidence; the first is read.
  const item = evidence().locator('[data-test="conformance-evidence-item"]').first()
  await item.locator('[data-test="conformance-chunks"]').waitFor()
  expect(await item.getAttribute('data-probe')).toBe('parallel')
  expect(await item.getAttribute('data-mode')).toBe('stream')
  const marked = item.locator('[data-test="conformance-chunk"][data-highlighted="true"]')
  await expect.poll(() => marked.count()).toBe(3)
  // The first highlighted chunk is brought into the list's view.
  await expect
    .poll(() =>
      marked.first().evaluate((row) => {
        const list = row.closest('[data-test="conformance-chunks"]') as HTMLElement
        const [a, b] = [row.getBoundingClientRect(), list.getBoundingClientRect()]
        return a.top >= b.top && a.bottom <= b.bottom
      }),
    )
    .toBe(true)
  return marked.locator('[data-test="conformance-chunk-text"]').allInnerTexts()
}

/** Chooses an export of the index-zero card; returns the file downloaded, saved under the name it was given. */
async function exportFile(item: string): Promise<{ name: string; text: string; path: string }> {
  await card('reference:index-zero').locator('[data-test="conformance-export"] .el-button').click()
  const downloaded = page.waitForEvent('download')
  await page.locator(`.el-dropdown-menu__item[data-test="${item}"]:visible`).click()
  const download: Download = await downloaded
  const name = download.suggestedFilename()
  const path = join(await mkdtemp(join(tmpdir(), 'conformance-e2e-')), name)
  await download.saveAs(path)
  return { name, text: await readFile(path, 'utf8'), path }
}

/** What every highlighted chunk shows: a call delta at index 0, the first that of get_weather. */
function expectIndexZero(chunks: string[]): void {
  expect(chunks).toHaveLength(3)
  for (const chunk of chunks) expect(chunk).toMatch(/"tool_calls":\[\{"index":0,/)
  expect(chunks[0]).toContain('"name":"get_weather"')
  expect(chunks[1]).toContain('"name":"get_time"')
  expect(chunks[2]).toContain('"name":"translate_text"')
}

describe('Conformance', () => {
  it('two servers probed and compared, the failing check on its chunks, the report exported (English)', async () => {
    await openConformance('en')
    await addEndpoint(llm.baseUrl, /Connected/)
    await chooseServers()
    await runBoth()
    const clean = await categoryStatuses('reference')
    expect(clean.every((c) => c.endsWith('=pass'))).toBe(true)
    expect(await categoryStatuses('reference:index-zero')).toContain('delta-index=fail')
    expect(
      await card('reference:index-zero')
        .locator('[data-category="delta-index"] .el-collapse-item__header [data-test="conformance-status"]')
        .innerText(),
    ).toBe('fail')

    // Compared at once: the one check that differs comes first, marked.
    expect(await test('conformance-compare-count').innerText()).toBe('1 check differs')
    const first = test('conformance-compare-row').first()
    expect(await first.getAttribute('data-id')).toBe('delta-index/parallel-distinct')
    expect(await first.innerText()).toMatch(/delta-index\/parallel-distinct\s+Delta indexes\s+pass\s+fail\s+≠ differs/)
    await shot('conformance-run-light-en')
    expect(await violations()).toEqual([])

    expectIndexZero(await openFailingCheck())
    const drawer = evidence()
    expect(await drawer.locator('[data-test="conformance-evidence-note"]').first().innerText()).toContain(
      'came at index 0, 0, 0, not 0, 1, 2',
    )
    expect(await drawer.locator('[data-test="conformance-client-view"]').first().innerText()).toContain(
      'get_weatherget_timetranslate_text',
    )
    await shot('conformance-evidence-light-en', false)
    expect(await violations()).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => drawer.isVisible()).toBe(false)

    const markdown = await exportFile('conformance-export-markdown')
    expect(markdown.name).toMatch(/^conformance-reference-index-zero-.+\.md$/)
    expect(markdown.text).toContain('## OpenAI tool-calling conformance: `reference:index-zero`')
    expect(markdown.text).toContain('### delta-index: ❌ fail')
    expect(markdown.text).toMatch(/\| `delta-index\/parallel-distinct` \| ❌ fail \|/)
    expect(markdown.text).toContain('**1 fail**')

    // Copied as Markdown too: the same text.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await card('reference:index-zero').locator('[data-test="conformance-export"] .el-button').click()
    await page.locator('.el-dropdown-menu__item[data-test="conformance-copy-markdown"]:visible').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(markdown.text)
  })

  it('the same in Chinese and dark, through the proxy; the capture exported and checked again offline', async () => {
    await openConformance('zh', 'dark')
    expect(await page.locator('#tab-conformance').innerText()).toBe('一致性')
    await addEndpoint(`/llm-proxy/${llm.port}/v1`, /已连接/)
    await chooseServers()
    await runBoth()
    const failing = card('reference:index-zero').locator('[data-category="delta-index"]')
    expect(await failing.locator('.el-collapse-item__header [data-test="conformance-status"]').innerText()).toBe('失败')
    expect(await failing.locator('.el-collapse-item__header').innerText()).toContain('增量索引')
    expect(await test('conformance-compare-count').innerText()).toBe('1 项检查不同')
    await shot('conformance-run-dark-zh')
    expect(await violations()).toEqual([])

    expectIndexZero(await openFailingCheck())
    expect(await evidence().innerText()).toContain('客户端将收到的内容')
    await shot('conformance-evidence-dark-zh', false)
    expect(await violations()).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => evidence().isVisible()).toBe(false)

    const markdown = await exportFile('conformance-export-markdown')
    expect(markdown.text).toContain('### delta-index: ❌ fail')
    const capture = await exportFile('conformance-export-capture')
    expect(capture.name).toMatch(/\.jsonl$/)
    expect(capture.text.trim().split('\n')).toHaveLength(36)

    // The capture checked again with no request sent.
    const asked = llm.chatRequests().length
    await test('conformance-import-file').setInputFiles(capture.path)
    await expect.poll(() => test('conformance-report').count()).toBe(1)
    const imported = test('conformance-report')
    expect(await imported.getAttribute('data-label')).toBe('reference:index-zero')
    expect(await imported.innerText()).toContain(`从 ${capture.name} 离线重新检查。`)
    expect(await imported.locator('[data-category="delta-index"]').getAttribute('data-status')).toBe('fail')
    expect(llm.chatRequests().length).toBe(asked)
    await shot('conformance-imported-dark-zh')
  })
})
