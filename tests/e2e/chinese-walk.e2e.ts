/**
 * The whole workbench in Chinese: every pane walked through its main states (a tool opened, a call
 * run, replies with findings, the chat's dialogs, an eval run's suite) with no English word left
 * outside names and code.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath, seedChat } from './support/browser'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { defaultChatState, type ChatState } from '../../src/saved-chats/model'
import { englishWordsOnPage } from './support/english-words'
import { createBuiltinTools, createMemoryFileStore } from '../../src/tools'
import { createNodeSandboxRunner } from '../../src/tools/node'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm
const english = new Map<string, string[]>()

beforeAll(async () => {
  browser = await launchChromium()
  llm = await startMockLlm()
  ;({ context, page } = await newContextPage(browser))
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
  await llm?.close()
})

/** Switches the interface to Chinese through the header, as a person would. */
async function chooseChinese(): Promise<void> {
  await page.locator('[data-test="locale-select"]').click()
  await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
  await tab('工具发现').waitFor()
}

/** The report of every step's English, empty when there is none. */
function report(): string {
  return [...english].map(([step, words]) => `${step}:\n  ${words.join('\n  ')}`).join('\n')
}

/** Tool ids and method names are names: a Chinese interface shows them as they are. */
function toolNames(): string[] {
  const tools = createBuiltinTools({ files: createMemoryFileStore(), sandbox: createNodeSandboxRunner() })
  return tools.flatMap((tool) =>
    tool.getMetadata().methods.flatMap((m) => [tool.id, m.name, ...m.parameters.map((p) => p.name)]),
  )
}

/** Notes the English on the page now under `step`, and shoots the step. */
async function check(step: string): Promise<void> {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)))
  const seen = new Set([...english.values()].flat())
  const texts = (await englishWordsOnPage(page, [...toolNames(), 'limit'])).filter((t) => !seen.has(t))
  if (texts.length > 0) english.set(step, texts)
  await page.screenshot({ path: screenshotPath(`zh-walk-${step}`) })
}

const tab = (name: string) => page.getByRole('tab', { name })

describe('the workbench in Chinese', () => {
  it('shows no English outside names and code in any pane', async () => {
    await page.goto(appUrl)
    await chooseChinese()
    await page.locator('[data-test="tool-card"]').first().waitFor()
    await check('discovery')
    await page.locator('[data-test="tool-card"][data-tool="fs"]').click()
    await page.locator('[data-test="method-item"]').first().waitFor()
    await check('discovery-tool')
    await page.locator('[data-test="open-groups"]').click()
    await page.locator('.el-drawer:visible').first().waitFor()
    await check('discovery-groups')
    await page.keyboard.press('Escape')

    await tab('执行器').click()
    await page.locator('[data-test="executor-method"]').waitFor()
    await page.locator('[data-test="executor-method"]').click()
    await page.keyboard.type('datetime_convert')
    await page
      .locator('.el-select-dropdown__item:visible', { hasText: /^datetime_convert$/ })
      .first()
      .click()
    await page.locator('[data-test="field-date"] input').fill('2026-11-22T08:00:00Z')
    await page.locator('[data-test="field-timeZone"] input').fill('Asia/Shanghai')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"]').waitFor()
    await check('executor')

    await tab('解析器').click()
    for (const n of [1, 2, 3, 4]) {
      await page.locator('[data-test="parser-samples"]').click()
      await page.locator(`[data-test="sample-${n}"]:visible`).click()
      await page.locator('[data-test="parser-summary"]').waitFor()
      await expect.poll(() => page.locator('[data-test="parser-summary"]').innerText()).not.toBe('')
      await check(`parser-sample-${n}`)
    }

    await tab('对话').click()
    await page.locator('[data-test="chat-view"]').waitFor()
    await check('chat')
    for (const dialog of ['open-agents', 'open-endpoints', 'open-variables', 'open-servers', 'open-record']) {
      await page.locator(`[data-test="chat-view"] [data-test="${dialog}"]`).click()
      await page.locator('.el-drawer:visible, .el-dialog:visible').first().waitFor()
      await check(`chat-${dialog}`)
      await page.keyboard.press('Escape')
      await page.locator('.el-drawer:visible, .el-dialog:visible').first().waitFor({ state: 'hidden' })
    }

    await tab('评测').click()
    await page.locator('[data-test="eval-sample"]').click()
    await page.locator('[data-test="eval-suite-status"]').waitFor()
    await check('eval')

    expect(report(), 'English words in the Chinese interface').toBe('')
  })

  it('shows a chat round with approvals, its record and its raw exchange in Chinese', async () => {
    english.clear()
    const state: ChatState = defaultChatState()
    state.profiles.push({
      id: 'mock',
      name: 'Mock',
      kind: 'openai',
      baseUrl: llm.baseUrl,
      apiKey: '',
      model: 'vcp-two-rounds',
      temperature: null,
      maxTokens: null,
    })
    state.sessions[0]!.profileId = 'mock'
    state.agents[0]!.config = { ...state.agents[0]!.config, requireConfirmation: true }
    await seedChat(page, state)
    await page.goto(appUrl)
    await chooseChinese()
    await tab('对话').click()
    await page.locator('textarea[data-test="chat-input"]').fill('算一下 6 * 7，再把 "VCP Workbench" 转成 base64。')
    await page.locator('[data-test="chat-send"]').click()
    const last = page.locator('[data-test="chat-message"][data-role="assistant"]').last()
    await last.locator('[data-test="approval"]').waitFor()
    await check('chat-approval')
    await last.locator('[data-test="approve"]').click()
    await expect
      .poll(() => last.locator('[data-test="chat-card"][data-state="awaiting-approval"]').getAttribute('data-tool'))
      .toBe('text_base64Encode')
    await last.locator('[data-test="reject"]').click()
    await expect.poll(() => last.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed')
    await check('chat-round')
    await page.locator('[data-test="chat-view"] [data-test="open-record"]').click()
    await page.locator('[data-test="record-drawer"] .el-table__row').first().waitFor()
    await check('chat-record')
    await page.keyboard.press('Escape')
    await page.locator('[data-test="record-drawer"]').waitFor({ state: 'hidden' })
    await last.locator('[data-test="chat-round-raw"]').first().click()
    await page.locator('[data-test="raw-exchange-dialog"]').waitFor()
    await check('chat-raw')
    expect(report(), 'English words in the Chinese interface').toBe('')
  })
})
