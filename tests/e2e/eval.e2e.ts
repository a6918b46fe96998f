/**
 * The Eval pane in Chromium, against the built app and the scripted OpenAI-compatible server on
 * 127.0.0.1: the fixture suite read from files, live runs through a chat endpoint, the matrix, a
 * failing case opened, two runs compared, runs kept across a reload, offline scoring, ECharts
 * kept out of the first screen, and a Parser reply saved as a case, kept and exported.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { addEvalEndpoint, chooseEvalProtocols } from './support/eval'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { readSuite, type SuiteEntry } from '../../src/core/eval'

const appUrl = inject('appUrl')
const FIXTURES = resolve('tests/fixtures/eval')
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

/** A full-page screenshot once bars and drawers stand still, with the pointer off the buttons. */
async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: screenshotPath(name), fullPage: true })
}
const test = (id: string) => page.locator(`[data-test="${id}"]`)

async function openEval(): Promise<void> {
  await page.goto(appUrl)
  await page.locator('#tab-eval').click()
  await test('eval-pane').waitFor()
}

async function loadFixtureSuite(): Promise<void> {
  await test('eval-answers-file').setInputFiles(resolve(FIXTURES, 'possible_answer.jsonl'))
  await test('eval-questions-file').setInputFiles(resolve(FIXTURES, 'questions.jsonl'))
  await expect.poll(() => test('eval-suite-status').innerText()).toBe('questions.jsonl: 15 cases')
}

/** Runs the suite and waits for the run to complete. */
async function runAndWait(): Promise<void> {
  await test('eval-run').click()
  await expect.poll(() => test('eval-run').isDisabled()).toBe(false)
  await expect.poll(() => test('eval-run-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed')
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** axe-core's serious and critical findings (WCAG 2.x A and AA) on the page, each with where it is. */
async function violations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  // Colours are checked once nothing fades any more.
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

async function matrixCells(): Promise<string[]> {
  return test('eval-matrix-cell').evaluateAll((cells) =>
    cells.map((c) => `${c.dataset.model} ${c.dataset.protocol} ${c.dataset.passed}/${c.dataset.total}`),
  )
}

describe('Eval', () => {
  it('a live run in two protocols, the matrix, a failing case, a second run compared with the first', async () => {
    await openEval()
    await loadFixtureSuite()
    expect(await test('eval-case').count()).toBeGreaterThan(3)
    await addEvalEndpoint(page, llm.baseUrl, 'eval-mixed')
    await test('eval-target-add').click()
    await expect.poll(() => test('eval-target').allInnerTexts()).toEqual(['eval-mixed'])
    await chooseEvalProtocols(page, ['vcp', 'hermes'])
    await runAndWait()
    // Right in VCP; in Hermes a value is wrong in every call (and an irrelevant question gets a call).
    expect(await matrixCells()).toEqual(['eval-mixed vcp 15/15', 'eval-mixed hermes 0/15'])
    await expect.poll(() => test('eval-progress-count').innerText()).toBe('30 of 30 done')
    expect(await test('eval-overall').innerText()).toContain('50.0% passed (15 of 30 replies)')
    await test('eval-heatmap').locator('canvas').waitFor()
    await shot('eval-run-light-en')

    // The Hermes cell lists its cases; one opens with the checker's verdict.
    await test('eval-matrix-cell').nth(1).click()
    await expect.poll(() => test('eval-outcome-count').innerText()).toBe('15 of 30')
    await test('eval-outcome').first().click()
    const drill = test('eval-drill')
    await drill.waitFor()
    await expect.poll(() => test('eval-drill-verdict').getAttribute('data-valid')).toBe('false')
    expect(await test('eval-drill-error-type').innerText()).toMatch(/^[a-z_]+:[a-z_/]+$/)
    expect(await test('eval-drill-reply').innerText()).toContain('<tool_call>')
    expect(await drill.locator('[data-test="request-card"]').count()).toBeGreaterThan(0)
    await shot('eval-drill-light-en')
    await page.keyboard.press('Escape')
    await expect.poll(() => drill.isVisible()).toBe(false)

    // The same suite against the model that answers right; compared with the first run.
    await test('eval-target').locator('.el-tag__close').click()
    await test('eval-target-model').click()
    await page.keyboard.type('eval-right')
    await page.keyboard.press('Enter')
    await test('eval-target-add').click()
    await expect.poll(() => test('eval-target').allInnerTexts()).toEqual(['eval-right'])
    await runAndWait()
    expect(await matrixCells()).toEqual(['eval-right vcp 15/15', 'eval-right hermes 15/15'])
    await test('eval-compare-select').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'eval-mixed · vcp, hermes' }).click()
    const counts = () =>
      test('eval-compare-count').evaluateAll((tags) => tags.map((t) => `${t.dataset.change}=${t.dataset.count}`))
    await expect
      .poll(counts)
      .toEqual(['regression=0', 'fixed=15', 'still-failing=0', 'added=0', 'removed=0', 'still-passing=15'])
    expect(await test('eval-compare-row').first().getAttribute('data-change')).toBe('fixed')

    // In Chinese and dark.
    await test('locale-select').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await test('theme-switch').click()
    await expect.poll(() => page.locator('html.dark').count()).toBe(1)
    await expect.poll(() => page.locator('#tab-eval').innerText()).toBe('评测')
    await shot('eval-compare-dark-zh')

    // Kept across a reload (from another tab, so the Eval tab is opened again).
    await page.locator('#tab-discovery').click()
    await page.reload()
    await page.locator('#tab-eval').click()
    await expect.poll(() => test('eval-run-status').getAttribute('data-status')).toBe('completed')
    await expect.poll(matrixCells).toEqual(['eval-right vcp 15/15', 'eval-right hermes 15/15'])
    await test('eval-run-select').click()
    await expect.poll(() => page.locator('.el-select-dropdown__item:visible').count()).toBe(2)
  })

  it('Stop keeps the replies so far; Resume asks only the rest', async () => {
    await openEval()
    await test('eval-sample').click()
    await addEvalEndpoint(page, llm.baseUrl, 'eval-slow')
    await test('eval-target-add').click()
    await chooseEvalProtocols(page, ['vcp'])
    await test('eval-concurrency').locator('input').fill('1')
    await test('eval-concurrency').locator('input').press('Tab')
    await test('eval-run').click()
    await expect.poll(async () => Number(await test('eval-progress').getAttribute('data-done'))).toBeGreaterThan(1)
    await test('eval-stop').click()
    await expect.poll(() => test('eval-run-status').getAttribute('data-status')).toBe('stopped')
    const kept = Number(await test('eval-progress').getAttribute('data-done'))
    expect(kept).toBeLessThan(7)
    await test('eval-resume').click()
    await expect.poll(() => test('eval-run-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed')
    await expect.poll(() => test('eval-progress-count').innerText()).toBe('7 of 7 done')
    expect(await test('eval-progress').innerText()).toContain(`${kept} kept from before`)
    // One request at a time: the one in flight when Stop was pressed is dropped and asked again.
    const asked = llm.chatRequests().filter((r) => r.model === 'eval-slow').length
    expect(asked).toBeGreaterThanOrEqual(7)
    expect(asked).toBeLessThanOrEqual(8)
    await expect.poll(() => test('eval-outcome').count()).toBe(7)
  })

  it('scores a result file offline; ECharts comes with the Eval pane, never with the first screen', async () => {
    const scripts = new Map<string, string>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.set(response.url(), await response.text().catch(() => ''))
    })
    await page.goto(appUrl)
    await test('tool-card').first().waitFor()
    await page.waitForLoadState('networkidle')
    // An attribute ECharts sets on every chart's element: it survives minification.
    const withEcharts = () => [...scripts].filter(([, text]) => text.includes('_echarts_instance_')).map(([url]) => url)
    expect(scripts.size).toBeGreaterThan(0)
    expect(withEcharts()).toEqual([])

    await page.locator('#tab-eval').click()
    await test('eval-pane').waitFor()
    await loadFixtureSuite()
    await test('eval-results-file').setInputFiles(resolve(FIXTURES, 'results-raw.jsonl'))
    await expect.poll(() => test('eval-run-status').getAttribute('data-status')).toBe('completed')
    expect(await matrixCells()).toEqual(['results-raw.jsonl auto 6/15'])
    await test('eval-heatmap').locator('canvas').waitFor()
    // A response's text is read after it arrives: wait for it.
    await expect.poll(() => withEcharts().length).toBe(1)
    const errorTypes = await test('eval-error-type').evaluateAll((rows) => rows.map((r) => r.dataset.type))
    expect(errorTypes).toContain('ast_decoder:decoder_failed')
    await shot('eval-offline-light-en')
    expect(await violations()).toEqual([])
    await test('theme-switch').click()
    await expect.poll(() => page.locator('html.dark').count()).toBe(1)
    expect(await violations()).toEqual([])
    await test('eval-outcome').first().click()
    await test('eval-drill').waitFor()
    await page.waitForTimeout(400)
    expect(await violations()).toEqual([])
    await shot('eval-offline-drill-dark-en')
  })

  it('saves a Parser reply as a case, keeps it across a reload, and exports it as BFCL files', async () => {
    const reply = [
      'I will work it out.',
      '<<<[TOOL_REQUEST]>>>',
      'tool_name:「始」calc_evaluate「末」,',
      'expression:「始」2 * (3 + 4)「末」',
      '<<<[END_TOOL_REQUEST]>>>',
    ].join('\n')
    await page.goto(appUrl)
    await page.locator('#tab-parser').click()
    const editor = page.locator('[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Delete')
    await page.keyboard.insertText(reply)
    await expect.poll(() => test('parser-summary').innerText()).toMatch(/^1 request: 1 ready/)

    await test('parser-save-case').click()
    const dialog = test('save-case-dialog')
    await dialog.waitFor()
    expect(await test('save-case-call').allInnerTexts()).toEqual(['calc_evaluate(expression="2 * (3 + 4)")'])
    expect(await test('save-case-save').isDisabled()).toBe(true)
    await page.locator('textarea[data-test="save-case-question"]').fill('What is 2 × (3 + 4)?')
    await expect.poll(() => test('save-case-save').isDisabled()).toBe(false)
    const id = await page.locator('input[data-test="save-case-id"]').inputValue()
    expect(id).toMatch(/^case-[0-9a-f]{8}$/)
    await shot('eval-save-case-light-en')
    await test('save-case-save').click()
    await expect.poll(() => test('save-case-saved').innerText()).toContain(`Saved as ${id} in Saved cases.`)

    // Open in Eval: no suite was loaded, so the saved cases are the suite shown.
    await test('save-case-open-eval').click()
    await test('eval-pane').waitFor()
    await expect.poll(() => test('eval-suite-status').innerText()).toBe('Saved cases: 1 case')

    await page.reload()
    await test('eval-pane').waitFor()
    await expect.poll(() => test('eval-saved-count').innerText()).toBe('1 case')
    await test('eval-saved-load').click()
    await expect.poll(() => test('eval-case').getAttribute('data-id')).toBe(id)
    expect(await test('eval-case').innerText()).toContain('What is 2 × (3 + 4)?')
    await shot('eval-saved-cases-light-en')

    // Two downloads: the questions and the possible answers, read back to the case kept.
    const downloads: Download[] = []
    page.on('download', (download) => void downloads.push(download))
    await test('eval-saved-export').click()
    await expect.poll(() => downloads.length).toBe(2)
    const files = new Map<string, string>()
    for (const download of downloads) {
      const path = await download.path()
      files.set(download.suggestedFilename(), await readFile(path, 'utf8'))
    }
    const read: SuiteEntry[] = []
    const questions = files.get('vcp-saved-cases_questions.jsonl') ?? ''
    for await (const entry of readSuite(questions, { answers: files.get('vcp-saved-cases_possible_answer.jsonl') })) {
      read.push(entry)
    }
    const kept = await page.evaluate(
      (caseId) =>
        new Promise<unknown>((done, fail) => {
          const request = indexedDB.open('vcp-workbench-eval')
          request.onerror = () => fail(request.error)
          request.onsuccess = () => {
            const get = request.result.transaction('savedCases').objectStore('savedCases').get(caseId)
            get.onsuccess = () => done(get.result)
            get.onerror = () => fail(get.error)
          }
        }),
      id,
    )
    expect(read).toEqual([{ case: (kept as { case: unknown }).case }])
    expect(read[0]).toMatchObject({
      case: { id, category: 'multiple', expected: [{ calc_evaluate: { expression: ['2 * (3 + 4)'] } }] },
    })

    // The dialog in Chinese and dark.
    await test('locale-select').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await test('theme-switch').click()
    await expect.poll(() => page.locator('html.dark').count()).toBe(1)
    await page.locator('#tab-parser').click()
    await test('parser-save-case').click()
    await dialog.waitFor()
    await page.locator('textarea[data-test="save-case-question"]').fill('2 × (3 + 4) 等于多少？')
    await expect.poll(() => test('save-case-save').isDisabled()).toBe(false)
    await shot('eval-save-case-dark-zh')
    await test('save-case-cancel').click()
    await expect.poll(() => dialog.isVisible()).toBe(false)
  })
})
