/**
 * The raw completion mode of the Eval pane in Chromium, against the built app and the mock server's
 * /v1/completions on 127.0.0.1: the template engine kept out of the Eval tab until raw is chosen, a
 * run refused while the target has no chat template, a vendored template chosen with its inferred
 * format, a run scored beside VCP, and a raw case's drill-down opening What the model sees.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { addEvalEndpoint, chooseEvalProtocols } from './support/eval'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

const appUrl = inject('appUrl')
const FIXTURES = resolve('tests/fixtures/eval')
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm
/** Every script the page fetched, and whether it holds the template engine. */
let scripts: { url: string; engine: boolean }[]

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
  scripts = []
  page.on('response', async (response) => {
    const url = response.url()
    if (!/\/assets\/.+\.js$/.test(url)) return
    const text = await response.text().catch(() => '')
    // A message of the renderer's limits: in the engine's modules only.
    scripts.push({ url, engine: text.includes('maxTemplateLength') })
  })
})

const test = (id: string) => page.locator(`[data-test="${id}"]`)

async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: screenshotPath(name), fullPage: true })
}

async function matrixCells(): Promise<string[]> {
  return test('eval-matrix-cell').evaluateAll((cells) =>
    cells.map((c) => `${c.dataset.model} ${c.dataset.protocol} ${c.dataset.passed}/${c.dataset.total}`),
  )
}

describe('Eval, raw completion', () => {
  it('asks for a chat template, infers its format, runs against /v1/completions and opens a raw case’s prompt', async () => {
    await page.goto(appUrl)
    await page.locator('#tab-eval').click()
    await test('eval-pane').waitFor()
    await test('eval-answers-file').setInputFiles(resolve(FIXTURES, 'possible_answer.jsonl'))
    await test('eval-questions-file').setInputFiles(resolve(FIXTURES, 'questions.jsonl'))
    await expect.poll(() => test('eval-suite-status').innerText()).toBe('questions.jsonl: 15 cases')
    await addEvalEndpoint(page, llm.baseUrl, 'eval-right')
    await test('eval-target-add').click()
    await expect.poll(() => test('eval-target').allInnerTexts()).toEqual(['eval-right'])
    expect(scripts.filter((s) => s.engine)).toEqual([])

    // Raw with no template for the target: explained, and the run refused naming it.
    await chooseEvalProtocols(page, ['vcp', 'raw'])
    expect(await test('eval-raw-explain').innerText()).toContain('sends it to /v1/completions')
    await test('eval-raw-missing').waitFor()
    await test('eval-run').click()
    await expect
      .poll(() => test('eval-run-problem').innerText())
      .toMatch(/Raw completion needs a chat template for every target, and these have none: eval-right\./)
    expect(await test('eval-run-status').count()).toBe(0)

    // A vendored template chosen; its format inferred by the Template view's analysis.
    await test('eval-raw-template').click()
    await page.keyboard.type('Qwen2.5 7B')
    await page.locator('[data-test="eval-raw-option-qwen2.5-7b-instruct"]:visible').click()
    await expect.poll(() => test('eval-raw-inferred').innerText()).toBe('Inferred: Hermes (sure)')
    await test('eval-run').click()
    await expect.poll(() => test('eval-run').isDisabled()).toBe(false)
    await expect.poll(() => test('eval-run-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed')
    expect(await matrixCells()).toEqual(['eval-right vcp 15/15', 'eval-right raw 15/15'])
    expect(llm.requests.filter((r) => r.path === '/v1/completions')).toHaveLength(15)
    const prompts = llm.requests.filter((r) => r.path === '/v1/completions').map((r) => r.body as { prompt?: string })
    expect(prompts.every((b) => b.prompt?.startsWith('<|im_start|>system'))).toBe(true)
    await test('eval-heatmap').locator('canvas').waitFor()
    await shot('eval-raw-run-light-en')

    // A raw case: its verdict, its reply in the template's markup, and What the model sees.
    await test('eval-matrix-cell').nth(1).click()
    await expect.poll(() => test('eval-outcome-count').innerText()).toBe('15 of 30')
    await test('eval-outcome').first().click()
    await test('eval-drill').waitFor()
    await expect.poll(() => test('eval-drill-verdict').getAttribute('data-valid')).toBe('true')
    expect(await test('eval-drill-verdict').innerText()).toContain('eval-right · raw')
    // The reply's cards read it in the template's format, Hermes, not as a protocol named raw.
    expect(await test('eval-drill-reply').innerText()).toContain('<tool_call>')
    expect(await test('eval-drill').locator('[data-test="request-card"]').count()).toBeGreaterThan(0)
    expect(await test('eval-reply-diagnostics').count()).toBe(0)
    await shot('eval-raw-drill-light-en')
    await test('eval-drill').locator('[data-test="open-template-view"]').click()
    await page.locator('[data-test="template-meta"][data-id="qwen2.5-7b-instruct"]').waitFor()
    await expect.poll(() => test('template-prompt-text').innerText()).toContain('<|im_start|>assistant')

    // The panel in Chinese and dark: the mode, its explanation and the template row translated.
    await page.locator('#tab-eval').click()
    await test('locale-select').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await test('theme-switch').click()
    await expect.poll(() => page.locator('html.dark').count()).toBe(1)
    await expect.poll(() => test('eval-protocol-raw').innerText()).toBe('原始补全')
    expect(await test('eval-raw-explain').innerText()).toContain('/v1/completions')
    await expect.poll(() => test('eval-raw-inferred').innerText()).toBe('推断格式：Hermes 格式（确定）')
    await shot('eval-raw-panel-dark-zh')
  })
})
