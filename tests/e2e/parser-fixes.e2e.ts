/**
 * The Parser's suggested fixes and reading hints in Chromium, against the built app: a fix applied
 * through Monaco (so Ctrl+Z and Undo take it back), and a swallowing block's hint, in both
 * languages and both themes, with a screenshot of each in test-results/screenshots.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const HEAD = 'I will work it out.\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\n'
const MISSING_END = `${HEAD}expression:「始」6*7「末」\n`
const MISSING_CLOSER = `${HEAD}expression:「始」6*7\n<<<[END_TOOL_REQUEST]>>>`
const SWALLOWING = [
  'Two sums:',
  '<tool_call>',
  '{"name": "calc_evaluate", "arguments": {"expression": "1+1"}}',
  '<tool_call>',
  '{"name": "calc_evaluate", "arguments": {"expression": "2+2"}}',
  '</tool_call>',
].join('\n')

/** Opens the Parser in a language and theme, as a saved layout would. */
async function openParser(locale: 'en' | 'zh', theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([language, mode]) =>
      localStorage.setItem(
        'vcp-workbench:tester',
        JSON.stringify({ version: 1, data: { tab: 'parser', theme: mode, locale: language } }),
      ),
    [locale, theme] as const,
  )
  await page.goto(appUrl)
  await page.locator('[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor').waitFor()
}

/** Replaces the reply the way a paste does. */
async function paste(text: string): Promise<void> {
  await page.locator('[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor').click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

/** The diagnostics' codes, without auto's note of what it detected. */
const codes = () =>
  page
    .locator('[data-test="diagnostic"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-code')).filter((c) => c !== 'protocol-detected'))
const verdicts = () =>
  page.locator('[data-test="request-card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')))
const fixButton = () => page.locator('[data-test="diagnostic-fix"]').first()
/** The shot once the theme's fade and the editor's squiggles have settled. */
async function shot(name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
  await page.screenshot({ path: screenshotPath(name) })
}

describe('Parser fixes', () => {
  it('applies the end-marker fix in Monaco, and Ctrl+Z and Undo take it back', async () => {
    await openParser('en', 'light')
    await paste(MISSING_END)
    await expect.poll(codes).toEqual(['missing-end-marker'])
    expect(await fixButton().innerText()).toBe('Apply fix: Insert <<<[END_TOOL_REQUEST]>>>')
    await shot('parser-fix-offered-en-light')

    await fixButton().click()
    await expect.poll(codes).toEqual([])
    expect(await verdicts()).toEqual(['ready'])
    expect(await page.locator('[data-test="fix-applied"]').innerText()).toContain(
      'Fix applied: Insert <<<[END_TOOL_REQUEST]>>>',
    )
    await shot('parser-fix-applied-en-light')

    // Monaco's own undo takes the fix back as one step.
    await page.locator('[data-test="editor-parser-reply"] .monaco-editor').click()
    await page.keyboard.press('Control+Z')
    await expect.poll(codes).toEqual(['missing-end-marker'])
    await expect.poll(() => page.locator('[data-test="fix-applied"]').count()).toBe(0)

    // And the Undo button does the same.
    await fixButton().click()
    await expect.poll(codes).toEqual([])
    await page.locator('[data-test="fix-undo"]').click()
    await expect.poll(codes).toEqual(['missing-end-marker'])
  })

  it('closes a value missing 「末」: the invalid request becomes valid', async () => {
    await openParser('en', 'dark')
    await paste(MISSING_CLOSER)
    await expect.poll(verdicts).toEqual(['malformed'])
    expect(await fixButton().innerText()).toBe('Apply fix: Close the value of "expression" with 「末」')
    await fixButton().click()
    await expect.poll(verdicts).toEqual(['ready'])
    expect(await codes()).toEqual([])
    await page.locator('[data-test="fix-undo"]').click()
    await expect.poll(verdicts).toEqual(['malformed'])
  })

  const looks = [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh', 'light'],
    ['zh', 'dark'],
  ] as const
  it.each(looks)('shows a swallowing Hermes block’s hint and its fix (%s, %s)', async (locale, theme) => {
    await openParser(locale, theme)
    await paste(SWALLOWING)
    const hint = page.locator('[data-test="request-hint"][data-kind="swallowed"]')
    await hint.waitFor()
    expect(await hint.innerText()).toContain(locale === 'en' ? 'swallows 1 more request' : '吞掉了后面的 1 个请求')
    expect(await hint.innerText()).toContain(locale === 'en' ? 'line 4' : '第 4 行')
    expect(await fixButton().innerText()).toContain('</tool_call>')
    await shot(`parser-fix-swallowed-${locale}-${theme}`)

    await fixButton().click()
    await expect.poll(verdicts).toEqual(['ready', 'ready'])
    expect(await hint.count()).toBe(0)
    await shot(`parser-fix-swallowed-applied-${locale}-${theme}`)
  })
})
