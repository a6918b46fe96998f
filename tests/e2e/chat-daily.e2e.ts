/**
 * The chat's everyday actions in Chromium, against the built app and the scripted server on
 * 127.0.0.1: retry a failed round, regenerate a reply and switch back, edit a message and return to
 * the old branch (also after a reload), and a round's raw exchange without the API key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath, seedChat } from './support/browser'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { defaultChatState, type ChatState } from '../../src/saved-chats/model'

const KEY = 'sk-daily-e2e-secret-4242'
const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm

beforeAll(async () => {
  browser = await launchChromium()
  llm = await startMockLlm({ apiKey: KEY })
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
const test = (id: string) => page.locator(`[data-test="${id}"]`)
const messages = () => page.locator('[data-test="chat-message"]')
const assistants = () => page.locator('[data-test="chat-message"][data-role="assistant"]')
const users = () => page.locator('[data-test="chat-message"][data-role="user"]')

/** Opens the chat on an endpoint of the mock server (with the key it requires) and the given model. */
async function openChat(model: string): Promise<void> {
  const state: ChatState = defaultChatState()
  state.profiles.push({
    id: 'mock',
    name: 'Mock',
    kind: 'openai',
    baseUrl: llm.baseUrl,
    apiKey: KEY,
    model,
    temperature: null,
    maxTokens: null,
  })
  state.sessions[0]!.profileId = 'mock'
  await seedChat(page, state)
  await page.goto(appUrl)
  await test('chat-view').waitFor()
}

async function send(text: string): Promise<void> {
  await page.locator('textarea[data-test="chat-input"]').fill(text)
  await test('chat-send').click()
}

async function settled(message: Locator, status: string): Promise<void> {
  await expect.poll(() => message.getAttribute('data-status'), { timeout: 20_000 }).toBe(status)
}

const place = (message: Locator) => message.locator('[data-test="version-place"]').innerText()

/** Switches the language and theme through the header, as a person would. */
async function look(locale: 'en' | 'zh', theme: 'light' | 'dark'): Promise<void> {
  await test('locale-select').click()
  await page.locator('.el-select-dropdown__item:visible', { hasText: locale === 'zh' ? '中文' : 'English' }).click()
  const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
  if ((await dark()) !== (theme === 'dark')) await test('theme-switch').click()
  await expect.poll(dark).toBe(theme === 'dark')
  await expect.poll(() => page.locator('#tab-chat').innerText()).toBe(locale === 'zh' ? '对话' : 'Chat')
  // The theme's colours fade in: the screenshot waits until they have.
  await page.waitForFunction(() => document.getAnimations().length === 0)
}

describe('Chat: retry, regenerate, edit, raw exchange', () => {
  it('a failed round is retried; the failure stays a version to switch back to', async () => {
    await openChat('fail-once')
    await send('Are you there?')
    await settled(assistants().last(), 'error')
    expect(await assistants().last().locator('[data-test="run-error"]').innerText()).toMatch(/^503 /)
    await assistants().last().locator('[data-test="message-retry"]').click()
    await settled(assistants().last(), 'completed')
    expect(await assistants().last().innerText()).toContain('Second try worked. You said: Are you there?')
    expect(await place(assistants().last())).toBe('2 / 2')
    expect(await messages().count()).toBe(2)
    await assistants().last().locator('[data-test="version-previous"]').click()
    await settled(assistants().last(), 'error')
    expect(await place(assistants().last())).toBe('1 / 2')
    await assistants().last().locator('[data-test="version-next"]').click()
    await settled(assistants().last(), 'completed')
    // The failed round's raw exchange has the server's answer.
    await assistants().last().locator('[data-test="version-previous"]').click()
    await assistants().last().locator('[data-test="chat-round-raw"]').click()
    const dialog = test('raw-exchange-dialog')
    await expect.poll(() => dialog.locator('[data-test="raw-response"]').innerText()).toContain('HTTP 503')
    expect(await dialog.locator('[data-test="raw-events"]').innerText()).toContain('The model is overloaded')
    expect(await dialog.innerText()).not.toContain(KEY)
  })

  it('a reply is regenerated and switched back; its raw exchange shows the events in order and never the key', async () => {
    await openChat('numbered')
    await send('Pick a number')
    await settled(assistants().last(), 'completed')
    const first = (await assistants().last().innerText()).match(/Take (\d+):/)![1]!
    await assistants().last().locator('[data-test="message-regenerate"]').click()
    await settled(assistants().last(), 'completed')
    expect(await assistants().last().innerText()).toContain(`Take ${Number(first) + 1}: you said "Pick a number".`)
    expect(await place(assistants().last())).toBe('2 / 2')
    // Regenerated from the same history: the old reply was not sent.
    expect(
      llm
        .chatRequests()
        .at(-1)
        ?.messages.map((m) => m.role),
    ).toEqual(['system', 'user'])
    await assistants().last().locator('[data-test="version-previous"]').click()
    await expect.poll(() => assistants().last().innerText()).toContain(`Take ${first}:`)
    await assistants().last().locator('[data-test="version-next"]').click()

    // From the round's record, one click to the raw exchange.
    await test('open-record').click()
    await test('record-drawer').locator('[data-test="record-raw"]').first().click()
    const dialog = test('raw-exchange-dialog')
    await dialog.locator('[data-test="raw-events"]').waitFor()
    const request = await dialog.locator('[data-test="raw-request"] pre').innerText()
    expect(request).toMatch(new RegExp(`^POST ${llm.baseUrl}/chat/completions\n`))
    expect(request).toContain('Authorization: Bearer [redacted]')
    expect(await dialog.locator('[data-test="raw-request-body"]').innerText()).toContain('"stream": true')
    expect(await dialog.locator('[data-test="raw-response"] pre').innerText()).toMatch(
      /^HTTP 200 OK\n[\s\S]*content-type: text\/event-stream/,
    )
    const events = (await dialog.locator('[data-test="raw-events"] pre').innerText()).split('\n\n')
    expect(events.every((event) => event.startsWith('data: '))).toBe(true)
    expect(events.at(-1)).toBe('data: [DONE]')
    const text = events
      .slice(0, -1)
      .map((event) => JSON.parse(event.slice(6)) as { choices: { delta?: { content?: string } }[] })
      .map((chunk) => chunk.choices[0]?.delta?.content ?? '')
      .join('')
    expect(text).toBe(`Take ${Number(first) + 1}: you said "Pick a number".`)
    expect(await dialog.innerText()).not.toContain(KEY)
    expect(await page.content()).not.toContain(KEY)
    await shot('chat-daily-raw-en-light')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await look('zh', 'dark')
    await assistants().last().locator('[data-test="chat-round-raw"]').click()
    await dialog.locator('[data-test="raw-events"]').waitFor()
    await expect.poll(() => dialog.locator('.el-dialog__title').innerText()).toBe('第 1 轮的原始交互')
    await shot('chat-daily-raw-zh-dark')
  })

  it('a user message is edited and resent; the old branch is returned to, also after a reload', async () => {
    await openChat('numbered')
    await send('First question')
    await settled(assistants().last(), 'completed')
    await send('Second question')
    await settled(assistants().last(), 'completed')
    const second = users().nth(1)
    await second.locator('[data-test="message-edit"]').click()
    await second.locator('textarea[data-test="message-edit-input"]').fill('Second question, edited')
    await second.locator('[data-test="message-edit-send"]').click()
    await settled(assistants().last(), 'completed')
    expect(await messages().count()).toBe(4)
    expect(await users().nth(1).locator('.chat-message__user').innerText()).toBe('Second question, edited')
    expect(await assistants().last().innerText()).toContain('you said "Second question, edited"')
    expect(await place(users().nth(1))).toBe('2 / 2')
    // The edited request carried the turns before the edit, not the old branch.
    expect(
      llm
        .chatRequests()
        .at(-1)
        ?.messages.map((m) => m.content)
        .slice(1),
    ).toEqual(['First question', expect.stringContaining('you said "First question"'), 'Second question, edited'])
    await shot('chat-daily-branch-en-light')

    await users().nth(1).locator('[data-test="version-previous"]').click()
    await expect.poll(() => users().nth(1).locator('.chat-message__user').innerText()).toBe('Second question')
    expect(await assistants().last().innerText()).toContain('you said "Second question"')
    expect(await place(users().nth(1))).toBe('1 / 2')

    // Saved: after a reload the old branch is shown and the edited one is there to return to.
    await page.reload()
    await test('chat-view').waitFor()
    expect(await users().nth(1).locator('.chat-message__user').innerText()).toBe('Second question')
    expect(await place(users().nth(1))).toBe('1 / 2')
    await users().nth(1).locator('[data-test="version-next"]').click()
    await expect.poll(() => users().nth(1).locator('.chat-message__user').innerText()).toBe('Second question, edited')
    expect(await assistants().last().innerText()).toContain('you said "Second question, edited"')

    await look('zh', 'dark')
    await expect.poll(() => users().nth(1).locator('[data-test="message-edit"]').innerText()).toContain('编辑')
    await shot('chat-daily-branch-zh-dark')
    await look('en', 'dark')
    await shot('chat-daily-branch-en-dark')
    await look('zh', 'light')
    await shot('chat-daily-branch-zh-light')
  })
})
