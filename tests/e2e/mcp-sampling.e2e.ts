/**
 * A server that asks for a completion, in Chromium: server-everything (over stdio, through the
 * bridge) runs trigger-sampling-request from the Executor; the request shows in a dialog, the
 * person edits and approves it, the mock model answers, the person approves the reply and the
 * tool's result holds it. A second request is refused, and the server reads that the user refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath, seedChat } from './support/browser'
import { addServers } from './support/mcp'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { samplingScenarios } from '../../scripts/mock-llm/sampling-scenarios'
import { defaultChatState } from '../../src/saved-chats/model'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm

beforeAll(async () => {
  browser = await launchChromium()
  llm = await startMockLlm({ scenarios: samplingScenarios })
})
afterAll(async () => {
  await browser?.close()
  await llm?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })
const dialog = () => page.locator('[data-test="sampling-dialog"]')

/** The chat's endpoint is the mock model: the dialog offers it first. */
async function openWithMockEndpoint(theme: 'light' | 'dark' = 'light'): Promise<void> {
  const state = defaultChatState()
  state.profiles.push({
    id: 'mock',
    name: 'Mock',
    kind: 'openai',
    baseUrl: llm.baseUrl,
    apiKey: '',
    model: 'sampling-echo',
    temperature: null,
    maxTokens: null,
  })
  state.sessions[0]!.profileId = 'mock'
  await seedChat(page, state, theme)
  await page.goto(appUrl)
  await addServers(page)
}

/** Runs trigger-sampling-request from the Executor's form with this prompt. */
async function triggerSampling(prompt: string, tabName: string): Promise<void> {
  await page.getByRole('tab', { name: tabName }).click()
  await page.locator('[data-test="executor-method"]').click()
  await page.keyboard.type('everything_trigger-sampling-request')
  await page.keyboard.press('Enter')
  await page.locator('[data-test="field-prompt"] input, [data-test="field-prompt"] textarea').first().fill(prompt)
  await page.locator('[data-test="executor-run"]').click()
  await dialog().locator('[data-test="sampling-panel"]').waitFor({ timeout: 30_000 })
}

describe('sampling in the browser', () => {
  it('the person edits and approves the request, the model answers, the person approves the reply', async () => {
    await openWithMockEndpoint()
    await triggerSampling('What is 2 + 40?', 'Executor')
    expect(await dialog().locator('.el-dialog__title').innerText()).toBe('Sampling request from "everything"')
    expect(await dialog().locator('[data-test="sampling-system"]').innerText()).toBe('You are a helpful test server.')
    expect(await dialog().locator('[data-test="sampling-message-text"]').innerText()).toBe(
      'Resource trigger-sampling-request context: What is 2 + 40?',
    )
    expect(await dialog().locator('[data-test="sampling-limits"]').innerText()).toContain('Max tokens 100')
    expect(await dialog().locator('input[data-test="sampling-model"]').inputValue()).toBe('sampling-echo')
    await shot('mcp-sampling-request')

    await dialog().locator('[data-test="sampling-edit"]').click()
    await dialog().locator('textarea[data-test="sampling-message-edit"]').fill('Edited by the user: what is 6 * 7?')
    await dialog().locator('[data-test="sampling-edit-done"]').click()
    await dialog().locator('[data-test="sampling-approve"]').click()
    const reply = dialog().locator('textarea[data-test="sampling-reply"]')
    await reply.waitFor({ timeout: 30_000 })
    expect(await reply.inputValue()).toBe('Mock model read: Edited by the user: what is 6 * 7?')
    expect(llm.chatRequests().at(-1)).toMatchObject({ model: 'sampling-echo', max_tokens: 100, temperature: 0.7 })
    await reply.fill('Mock model read: Edited by the user: what is 6 * 7? It is 42.')
    await shot('mcp-sampling-reply')
    await dialog().locator('[data-test="sampling-approve-reply"]').click()

    const result = page.locator('[data-test="executor-result"][data-status="success"]')
    await result.waitFor({ timeout: 30_000 })
    expect(await result.innerText()).toContain('Mock model read: Edited by the user: what is 6 * 7? It is 42.')
    expect(await result.innerText()).toContain('sampling-echo')
    await expect.poll(() => dialog().isVisible()).toBe(false)
  })

  it('refused, in Chinese and dark: the server reads that the user refused', async () => {
    await openWithMockEndpoint('dark')
    await page.locator('[data-test="locale-select"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await triggerSampling('Say no', '执行器')
    expect(await dialog().locator('.el-dialog__title').innerText()).toBe('来自“everything”的采样请求')
    await shot('mcp-sampling-request-zh-dark')
    const before = llm.chatRequests().length
    await dialog().locator('[data-test="sampling-refuse"]').click()
    const result = page.locator('[data-test="executor-result"][data-status="error"]')
    await result.waitFor({ timeout: 30_000 })
    expect(await result.innerText()).toContain('The user refused this sampling request.')
    expect(llm.chatRequests().length).toBe(before)
  })
})
