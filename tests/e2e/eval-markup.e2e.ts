/**
 * Data is never markup in the Eval tab: a result file, a live target's model, a case and a
 * function are all named with HTML that runs script when it is parsed, and the pointer goes over
 * every part of the charts (cells, axes, labels) in English and in Chinese. Nothing may run, and
 * the tooltip must still show the names as they are written.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { addEvalEndpoint, chooseEvalProtocols } from './support/eval'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

const appUrl = inject('appUrl')
/** Counts in the page each time a planted handler runs. */
const ran = (what: string) => `<img src=x onerror="window.__ran=(window.__ran||[]).concat('${what}')">`
const FILE = ran('file')
const MODEL = ran('model')
const CASE = ran('case')
const FUNCTION = ran('function')

const question = {
  id: CASE,
  question: [[{ role: 'user', content: 'Pick the marked function.' }]],
  function: [
    {
      name: FUNCTION,
      description: `Described as ${ran('description')}.`,
      parameters: { type: 'dict', properties: { x: { type: 'integer', description: ran('parameter') } } },
    },
  ],
}
const answer = { id: CASE, ground_truth: [{ [FUNCTION]: { x: [1] } }] }
const hermesCall = (name: string) => `<tool_call>\n${JSON.stringify({ name, arguments: { x: 2 } })}\n</tool_call>`
const result = { id: CASE, result: `I call it. ${ran('reply')}\n${hermesCall(FUNCTION)}` }
const jsonl = (value: unknown) => Buffer.from(JSON.stringify(value) + '\n')

let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm

beforeAll(async () => {
  browser = await launchChromium()
  // A model with a marked name that answers with a marked call to a marked function.
  llm = await startMockLlm({
    scenarios: { [MODEL]: () => ({ type: 'reply', content: `Sure. ${ran('live reply')}\n${hermesCall(FUNCTION)}` }) },
  })
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
  await llm?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const test = (id: string) => page.locator(`[data-test="${id}"]`)
const handlersRun = () => page.evaluate(() => (window as unknown as { __ran?: string[] }).__ran ?? [])

/** Moves the pointer over the whole chart, row by row, and returns every tooltip text it saw. */
async function sweepChart(): Promise<string[]> {
  const chart = test('eval-heatmap')
  const box = await chart.boundingBox()
  if (!box) throw new Error('the heatmap has no box')
  const seen = new Set<string>()
  const columns = 24
  const rows = 12
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      await page.mouse.move(box.x + ((column + 0.5) * box.width) / columns, box.y + ((row + 0.5) * box.height) / rows)
      const tips = await chart
        .locator('div')
        .evaluateAll((divs) =>
          divs
            .filter((d) => d.style.position === 'absolute' && d.style.display !== 'none' && d.textContent)
            .map((d) => d.textContent as string),
        )
      for (const tip of tips) seen.add(tip)
    }
  }
  // Clicking a cell filters the cases: the filtered list draws the names again.
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.5)
  await page.mouse.move(0, 0)
  return [...seen]
}

describe('the Eval tab draws data as text', () => {
  it('a marked file, model, case and function: the charts, tables and cases run nothing, in English and Chinese', async () => {
    await page.goto(appUrl)
    await page.locator('#tab-eval').click()
    await test('eval-pane').waitFor()
    await test('eval-answers-file').setInputFiles({
      name: 'answers.jsonl',
      mimeType: 'text/plain',
      buffer: jsonl(answer),
    })
    await test('eval-questions-file').setInputFiles({
      name: 'questions.jsonl',
      mimeType: 'text/plain',
      buffer: jsonl(question),
    })
    await expect.poll(() => test('eval-suite-status').innerText()).toBe('questions.jsonl: 1 case')

    // A live run against the marked model, in Hermes.
    await addEvalEndpoint(page, llm.baseUrl, MODEL)
    await test('eval-target-add').click()
    await expect.poll(() => test('eval-target').allInnerTexts()).toEqual([MODEL])
    await chooseEvalProtocols(page, ['hermes'])
    await test('eval-run').click()
    await expect.poll(() => test('eval-run-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed')

    // The same case scored offline from a marked file name.
    await test('eval-results-file').setInputFiles({
      name: `${FILE}.jsonl`,
      mimeType: 'text/plain',
      buffer: jsonl(result),
    })
    await expect.poll(() => test('eval-run-status').getAttribute('data-status')).toBe('completed')
    await test('eval-heatmap').locator('canvas').waitFor()

    const english = await sweepChart()
    expect(await handlersRun()).toEqual([])
    // The tooltip shows the file's name as written, not as markup.
    expect(english.some((tip) => tip.includes(`${FILE}.jsonl`))).toBe(true)
    await test('eval-outcome').first().click()
    await test('eval-drill').waitFor()
    expect(await page.locator('img[src="x"]').count()).toBe(0)
    await page.screenshot({ path: screenshotPath('eval-markup-en'), fullPage: true })
    await page.keyboard.press('Escape')
    await expect.poll(() => test('eval-drill').isVisible()).toBe(false)

    // In Chinese, the offline run and then the live one, labelled by the marked model.
    await page.locator('[data-test="locale-select"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await test('eval-heatmap').locator('canvas').waitFor()
    const chinese = await sweepChart()
    expect(chinese.some((tip) => tip.includes(`${FILE}.jsonl`) && tip.includes('通过'))).toBe(true)
    await test('eval-run-select').click()
    await page.locator('.el-select-dropdown__item:visible').filter({ hasNotText: '.jsonl' }).first().click()
    await expect.poll(() => test('eval-matrix-cell').getAttribute('data-model')).toBe(MODEL)
    await test('eval-heatmap').locator('canvas').waitFor()
    const live = await sweepChart()
    expect(live.some((tip) => tip.includes(MODEL) && tip.includes('通过'))).toBe(true)
    expect(await handlersRun()).toEqual([])

    // A reload draws the kept run from storage: still nothing runs.
    await page.reload()
    await page.locator('#tab-eval').click()
    await test('eval-heatmap').locator('canvas').waitFor()
    await sweepChart()
    expect(await handlersRun()).toEqual([])
    expect(await page.locator('img[src="x"]').count()).toBe(0)
    await page.screenshot({ path: screenshotPath('eval-markup-zh'), fullPage: true })
  }, 180_000)
})
