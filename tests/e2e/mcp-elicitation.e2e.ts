/**
 * A server that asks the person for input, in Chromium: server-everything (over stdio, through
 * the bridge) runs trigger-elicitation-request from the Executor; its form shows in a dialog drawn
 * by the Executor's fields, a wrong email is refused before anything is sent, the person fixes it
 * and accepts, and the tool's result holds what the server received. A second run, in Chinese, is
 * declined, and the result says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { addServers } from './support/mcp'

const appUrl = inject('appUrl')
const METHOD = 'everything_trigger-elicitation-request'
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

const dialog = () => page.locator('[data-test="elicitation-dialog"]')
const field = (name: string) => dialog().locator(`[data-test="field-${name}"]`)

/** Screenshots of the page as it is, in the light theme and in the dark one. */
async function shots(name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    // The theme's colours fade in: the picture waits for the fades to end.
    await page.evaluate(async (dark) => {
      document.documentElement.classList.toggle('dark', dark)
      await Promise.all(document.getAnimations().map((animation) => animation.finished))
    }, theme === 'dark')
    await page.screenshot({ path: screenshotPath(`${name}-${theme}`) })
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
}

/** Opens the workbench in `locale`, adds server-everything and opens the Executor. */
async function openWithEverything(locale: 'en' | 'zh'): Promise<void> {
  await page.addInitScript((lang) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem(
      'vcp-workbench:tester',
      JSON.stringify({ version: 1, data: { tab: 'discovery', theme: 'light', locale: lang } }),
    )
  }, locale)
  await page.goto(appUrl)
  await addServers(page)
  await page.locator('#tab-executor').click()
}

/** Runs the elicitation tool from the Executor and waits for its form. */
async function trigger(): Promise<void> {
  await page.locator('[data-test="executor-method"]').click()
  await page.keyboard.type(METHOD)
  await page.keyboard.press('Enter')
  await page.locator('[data-test="executor-run"]').click()
  await dialog().locator('[data-test="elicitation-panel"]').waitFor({ timeout: 30_000 })
}

/** Picks `option` in the select of field `name` (a multi-select keeps what was chosen). */
async function choose(name: string, option: string): Promise<void> {
  await field(name).locator('.el-select').click()
  await page.locator('.el-select-dropdown__item:visible', { hasText: option }).first().click()
  await page.keyboard.press('Escape')
}

describe('elicitation in the browser', () => {
  it('the person fills the server’s form, a wrong email is refused before sending, Accept sends the content', async () => {
    await openWithEverything('en')
    await trigger()
    expect(await dialog().locator('.el-dialog__title').innerText()).toBe('"everything" asks you')
    expect(await dialog().locator('[data-test="elicitation-message"]').innerText()).toBe(
      'Please provide inputs for the following fields:',
    )
    // Defaults are prefilled; titled choices show their titles.
    expect(await field('integer').locator('input').inputValue()).toBe('42')
    expect(await field('firstLine').locator('input, textarea').first().inputValue()).toBe(
      'It was a dark and stormy night.',
    )
    expect(await field('titledSingleSelectEnum').innerText()).toContain('Superman')

    await field('name').locator('input').fill('Ada Lovelace')
    await field('email').locator('input').fill('ada@')
    await choose('titledSingleSelectEnum', 'Wonder Woman')
    await choose('titledMultipleSelectEnum', 'Salmon')
    await choose('check', 'true')
    await dialog().locator('[data-test="elicitation-accept"]').click()
    await dialog().locator('[data-test="elicitation-problem-email"]').waitFor()
    expect(await dialog().locator('[data-test="elicitation-problem-email"]').innerText()).toBe(
      'Enter an email address, e.g. name@example.org.',
    )
    await shots('mcp-elicitation-en')
    await dialog()
      .locator('[data-test="elicitation-form"]')
      .evaluate((form) => form.scrollTo({ top: form.scrollHeight }))
    await shots('mcp-elicitation-en-choices')

    await field('email').locator('input').fill('ada@example.org')
    await dialog().locator('[data-test="elicitation-accept"]').click()
    const result = page.locator('[data-test="executor-result"][data-status="success"]')
    await result.waitFor({ timeout: 30_000 })
    const text = await result.innerText()
    expect(text).toContain('User provided the requested information!')
    expect(text).toContain('- Name: Ada Lovelace')
    expect(text).toContain('- Email: ada@example.org')
    expect(text).toContain('- Agreed to terms: true')
    expect(text).toContain('- Favorite Integer: 42')
    expect(text).toContain('"titledSingleSelectEnum": "hero-3"')
    expect(text.replace(/\s+/g, '')).toContain('"titledMultipleSelectEnum":["fish-1","fish-2"]')
    await expect.poll(() => dialog().isVisible()).toBe(false)
    await shots('mcp-elicitation-accepted')
  })

  it('declined, in Chinese: the server reads the decline', async () => {
    await openWithEverything('zh')
    await trigger()
    expect(await dialog().locator('.el-dialog__title').innerText()).toBe('“everything”向你询问')
    expect(await dialog().locator('[data-test="elicitation-hint-email"]').innerText()).toBe(
      '应为电子邮件地址，例如 name@example.org。',
    )
    await shots('mcp-elicitation-zh')
    await dialog().locator('[data-test="elicitation-decline"]').click()
    const result = page.locator('[data-test="executor-result"][data-status="success"]')
    await result.waitFor({ timeout: 30_000 })
    expect(await result.innerText()).toContain('User declined to provide the requested information.')
    expect((await result.innerText()).replace(/\s+/g, '')).toContain('"action":"decline"')
  })
})
