/**
 * The four jobs with the keyboard alone, in Chromium: no click after the page has loaded. Every
 * stop on the way must show where the focus is.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, newPage, screenshotPath } from './support/browser'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { defaultChatState } from '../../src/saved-chats/model'

const appUrl = inject('appUrl')
let browser: Browser
let llm: MockLlm
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  llm = await startMockLlm()
  const chat = defaultChatState()
  chat.profiles.push({
    id: 'mock',
    name: 'Mock',
    kind: 'openai',
    baseUrl: llm.baseUrl,
    apiKey: '',
    model: 'vcp-two-rounds',
    temperature: null,
    maxTokens: null,
  })
  chat.sessions[0]!.profileId = 'mock'
  chat.agents[0]!.config = { ...chat.agents[0]!.config, requireConfirmation: true }
  page = await newPage(browser)
  await page.addInitScript((state) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('vcp-workbench:chat', JSON.stringify({ version: 1, data: state }))
    localStorage.setItem(
      'vcp-workbench:tester',
      JSON.stringify({ version: 1, data: { tab: 'discovery', theme: 'light', locale: 'en' } }),
    )
  }, chat)
  await page.goto(appUrl)
  await page.locator('[data-test="tool-card"]').first().waitFor()
})
afterAll(async () => {
  await browser?.close()
  await llm?.close()
})

/** What has the focus, and whether a person can see it (an outline, a focus shadow, or a focused field's frame). */
async function focused(): Promise<{ label: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { label: 'body', visible: false }
    const label = `${el.tagName.toLowerCase()}.${el.className}<${el.parentElement?.className ?? ''}>${el.getAttribute('data-test') ? `[data-test=${el.getAttribute('data-test')}]` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`
    const shows = (node: Element | null): boolean => {
      if (!node) return false
      const style = getComputedStyle(node)
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
    }
    // Element Plus draws a focused field's ring on its wrapper, and a hidden checkbox's or radio
    // button's on the box next to it; Monaco marks its focused editor.
    const wrapper = el.closest(
      '.el-input__wrapper, .el-textarea__inner, .el-select__wrapper, .el-switch, .monaco-editor.focused',
    )
    const siblings = [...(el.parentElement?.children ?? [])].filter((node) => node !== el)
    return {
      label,
      visible:
        shows(el) ||
        (wrapper !== null && (shows(wrapper) || wrapper.classList.contains('focused'))) ||
        siblings.some(shows),
    }
  })
}

/** Presses Tab until the focus is inside `selector`; every stop on the way must show its focus. */
async function tabTo(selector: string, { backwards = false, max = 80 } = {}): Promise<string[]> {
  const unseen: string[] = []
  for (let n = 0; n < max; n++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const stop = await focused()
    // The page itself is where the focus goes between its last control and its first.
    if (!stop.visible && stop.label !== 'body') unseen.push(stop.label)
    if (
      await page.evaluate(
        (s) => document.activeElement?.closest(s) !== null && document.activeElement !== document.body,
        selector,
      )
    )
      return unseen
  }
  throw new Error(`${selector} was not reached with ${max} presses of Tab`)
}

/** Moves to a tab of the shell with the arrow keys, as a tab list is used. */
async function openTab(name: string): Promise<void> {
  await tabTo('[role="tab"][aria-selected="true"]')
  for (let n = 0; n < 4; n++) {
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) break
    await page.keyboard.press('ArrowRight')
  }
  await page.keyboard.press('Enter')
  expect(await page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true')
}

describe('keyboard only', () => {
  const unseen: string[] = []

  it('Discovery: search, then open a tool with Enter', async () => {
    unseen.push(...(await tabTo('[data-test="discovery-search"]')))
    await page.keyboard.type('base64')
    await expect.poll(() => page.locator('[data-test="tool-card"]').count()).toBe(1)
    unseen.push(...(await tabTo('[data-test="tool-card"]')))
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-test="tool-detail"]').innerText()).toContain('text_base64Encode')
    await page.screenshot({ path: screenshotPath('keyboard-discovery') })
  })

  it('Executor: pick a method by name, fill its field, run it with Ctrl+Enter', async () => {
    await openTab('Executor')
    unseen.push(...(await tabTo('[data-test="executor-method"]')))
    await page.keyboard.type('calc_evaluate')
    await page.keyboard.press('Enter')
    await page.locator('[data-test="field-expression"]').waitFor()
    unseen.push(...(await tabTo('[data-test="field-expression"]')))
    await page.keyboard.type('6 * 7')
    await page.keyboard.press('Control+Enter')
    const result = page.locator('[data-test="executor-result"]')
    await result.waitFor()
    expect(await result.getAttribute('data-status')).toBe('success')
    expect(await result.innerText()).toContain('42')
    await page.screenshot({ path: screenshotPath('keyboard-executor') })
  })

  it('Parser: type a reply into the editor, Tab out of it, run every request', async () => {
    await openTab('Parser')
    unseen.push(...(await tabTo('[data-test="editor-parser-reply"]')))
    await page.keyboard.press('Control+A')
    await page.keyboard.type(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>',
    )
    await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(1)
    // Tab leaves the editor instead of typing a tab into the reply; a diagnostic, opened with Enter,
    // puts the focus back in the editor on its text.
    unseen.push(...(await tabTo('[data-test="diagnostic"]')))
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-test="editor-parser-reply"]') !== null))
      .toBe(true)
    unseen.push(...(await tabTo('[data-test="request-run"]')))
    await page.screenshot({ path: screenshotPath('keyboard-parser-before-run') })
    await page.keyboard.press('Enter')
    await page.locator('[data-test="request-result"][data-status="success"]').waitFor()
    await page.screenshot({ path: screenshotPath('keyboard-parser') })
  })

  it('Chat: send a message, approve the calls from the keyboard, read the answer', async () => {
    await openTab('Chat')
    unseen.push(...(await tabTo('[data-test="chat-input"]')))
    await page.keyboard.type('What is 6 * 7?')
    await page.keyboard.press('Enter')
    for (let call = 0; call < 2; call++) {
      await page.locator('[data-test="approve"]').first().waitFor({ timeout: 20_000 })
      // The question is on the card just above the message box.
      unseen.push(...(await tabTo('[data-test="approve"]', { backwards: true })))
      await page.keyboard.press('Enter')
    }
    const answer = page.locator('[data-test="chat-message"][data-role="assistant"]').last()
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed')
    expect(await answer.innerText()).toContain('VkNQIFdvcmtiZW5jaA==')
    await page.screenshot({ path: screenshotPath('keyboard-chat') })
  })

  it('every stop on the way showed where the focus was', () => {
    expect(unseen).toEqual([])
  })
})
