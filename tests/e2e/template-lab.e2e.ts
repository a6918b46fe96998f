/**
 * The Parser's Template view in Chromium, against the built app: the template engine is fetched
 * only once the view opens; a vendored template renders the conversation with its special tokens
 * marked and each message's span, the analysis shows a finding with its evidence, and two settings
 * are diffed; in English and in Chinese. A template with a syntax error shows the error and its
 * line; a chat round opens the view with its conversation and asks for the endpoint's template.
 * The render of a 30-tool, 20-turn conversation through gpt-oss's template is timed in the page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath, seedChat } from './support/browser'
import { defaultChatState, type ChatState } from '../../src/saved-chats/model'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

const appUrl = inject('appUrl')
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
  // Workers' scripts come through the page too.
  page.on('response', async (response) => {
    const url = response.url()
    if (!/\/assets\/.+\.js$/.test(url)) return
    const text = await response.text().catch(() => '')
    // A message of the renderer's limits: in the engine's modules only.
    scripts.push({ url, engine: text.includes('maxTemplateLength') })
  })
})

const test = (id: string) => page.locator(`[data-test="${id}"]`)
const prompt = () => test('template-prompt-text')

/** A screenshot once nothing moves, with the pointer off the buttons. */
async function shot(name: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: screenshotPath(name), fullPage: true })
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

/** Opens the Parser (its reply view) in `locale` and `theme`. */
async function openParser(locale: 'en' | 'zh', theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.addInitScript(
    ([language, mode]) =>
      localStorage.setItem(
        'vcp-workbench:tester',
        JSON.stringify({ version: 1, data: { tab: 'parser', theme: mode, locale: language } }),
      ),
    [locale, theme] as const,
  )
  await page.goto(appUrl)
  await test('parser-views').waitFor()
  await page.locator('[data-test="editor-parser-reply"][data-ready="true"]').waitFor()
}

/** Opens the Template view and waits for its first prompt. */
async function openTemplateView(): Promise<void> {
  await test('parser-view-template').click()
  await test('template-lab').waitFor()
  await rendered()
}

/** Waits for the prompt of the inputs as they are now, its message spans found. */
async function rendered(): Promise<void> {
  await page.locator('[data-test="template-prompt"][data-status="rendered"]').waitFor()
  await page.locator('[data-test="template-prompt-text"][data-spans="ready"]').waitFor()
}

/** Picks a vendored template by typing part of its name into the searchable select. */
async function pickTemplate(search: string, id: string): Promise<void> {
  await test('template-vendored').click()
  await page.keyboard.type(search)
  await page.locator(`.el-select-dropdown__item[data-test="template-option-${id}"]:visible`).click()
  await page.locator(`[data-test="template-meta"][data-id="${id}"]`).waitFor()
}

/** The renders' text, waiting for it to hold `text` (a render is debounced and runs in a worker). */
async function promptHolds(text: string): Promise<void> {
  await expect.poll(() => prompt().innerText()).toContain(text)
}

describe('Template view', () => {
  it('loads the engine with the view; a vendored template renders with its tokens and spans, a finding and a diff (English)', async () => {
    await openParser('en')
    // The Parser is open and idle: nothing it fetched holds the template engine.
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((s) => s.engine)).toEqual([])

    await openTemplateView()
    expect(scripts.some((s) => s.engine)).toBe(true)
    await pickTemplate('Llama 3.1 8B', 'llama-3.1-8b-instruct')
    await promptHolds('<|start_header_id|>user<|end_header_id|>')
    await rendered()
    // The template's markers and the tokenizer's bos are marked, each by its kind.
    const tokens = test('template-token')
    await expect
      .poll(() => tokens.evaluateAll((marks) => marks.map((m) => `${m.getAttribute('data-kind')}:${m.textContent}`)))
      .toEqual(expect.arrayContaining(['bos:<s>', 'marker:<|eot_id|>', 'marker:<|start_header_id|>']))
    // One span per message, the generation prompt last. Llama 3.1 refuses a conversation of the
    // system message alone (the tools go in the first user message), so those two share a span.
    const spans = test('template-span')
    expect(await spans.evaluateAll((all) => all.map((s) => s.getAttribute('data-role')))).toEqual([
      'system,user',
      'assistant',
      'tool',
      'assistant',
      '',
    ])
    expect(await page.locator('[data-test="template-span"][data-role="assistant"]').first().innerText()).toContain(
      '"name": "get_weather"',
    )
    await shot('template-prompt-en')
    expect(await violations()).toEqual([])

    // The analysis: Llama 3.1 writes llama3-json; arguments given as JSON text are double-encoded.
    await test('template-tab-analysis').click()
    await expect.poll(() => test('template-format').getAttribute('data-format')).toBe('llama3-json')
    const finding = page.locator('[data-test="template-finding"][data-id="string-arguments"]')
    await finding.waitFor()
    expect(await finding.getAttribute('data-severity')).toBe('warning')
    expect(await finding.innerText()).toContain('Arguments as JSON text')
    expect(await finding.locator('[data-test="template-finding-evidence"] mark').count()).toBeGreaterThan(0)
    await shot('template-analysis-en')
    expect(await violations()).toEqual([])

    // The same prompt with the arguments as JSON text: the call's line differs, its changed words marked.
    await test('template-tab-diff').click()
    const summary = page.locator('[data-test="template-diff-summary"][data-against="arguments"]')
    await expect.poll(() => summary.getAttribute('data-removed')).toBe('1')
    expect(await summary.getAttribute('data-added')).toBe('1')
    const added = page.locator('[data-test="template-diff-line"][data-kind="added"]')
    expect(await added.innerText()).toContain('"parameters": "{\\"city\\":\\"Paris\\"')
    expect(await added.locator('[data-test="template-diff-changed"]').count()).toBeGreaterThan(0)
    await shot('template-diff-unified-en')
    await test('template-diff-layout').getByText('Side by side').click()
    await test('template-diff-split').waitFor()
    await shot('template-diff-split-en')
    expect(await violations()).toEqual([])

    // Switched back to the reply, the Parser is as it was.
    await test('parser-view-reply').click()
    await expect.poll(() => test('parser-summary').isVisible()).toBe(true)
    expect(await test('template-lab').isVisible()).toBe(false)
  })

  it('the same in Chinese and dark: the prompt, a finding and two templates diffed side by side', async () => {
    await openParser('zh', 'dark')
    expect(await test('parser-view-template').innerText()).toBe('模板')
    await openTemplateView()
    await pickTemplate('Mistral Nemo', 'mistral-nemo-instruct-2407')
    // Mistral Nemo wants call ids of nine letters and digits: the sample's are.
    await promptHolds('[TOOL_CALLS]')
    await rendered()
    await expect
      .poll(() => test('template-token').evaluateAll((marks) => marks.map((m) => m.textContent)))
      .toEqual(expect.arrayContaining(['[INST]', '[TOOL_CALLS]', '</s>']))
    expect(await test('template-render-time').innerText()).toMatch(/个字符 · 渲染用时 [\d.]+ 毫秒/)
    await shot('template-prompt-zh-dark')
    expect(await violations()).toEqual([])

    await test('template-tab-analysis').click()
    const finding = page.locator('[data-test="template-finding"][data-id="string-arguments"]')
    await finding.waitFor()
    expect(await finding.innerText()).toContain('参数以 JSON 文本传入')
    expect(await finding.innerText()).toContain('警告')
    await shot('template-analysis-zh-dark')

    // Template A (Mistral Nemo) against template B (Llama 3.1 8B), side by side.
    await test('template-tab-diff').click()
    await test('template-compare').click()
    await page.locator('.el-select-dropdown__item[data-test="template-compare-template"]:visible').click()
    await test('template-diff-layout').getByText('左右对照').click()
    await test('template-diff-split').waitFor()
    const summary = page.locator('[data-test="template-diff-summary"][data-against="template"]')
    await expect.poll(() => summary.innerText()).toMatch(/^只在 A 中：\d+ 行 · 只在 B 中：\d+ 行/)
    expect(Number(await summary.getAttribute('data-added'))).toBeGreaterThan(10)
    const added = await page.locator('[data-test="template-diff-line"][data-kind="added"]').allInnerTexts()
    expect(added.join('\n')).toContain('<|start_header_id|>assistant<|end_header_id|>')
    await shot('template-diff-split-zh-dark')
    expect(await violations()).toEqual([])
  })

  it('a template with a syntax error shows the error, its line and column, and marks the tab', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openParser('en')
    await openTemplateView()
    const editor = page.locator('[data-test="editor-template-source"][data-ready="true"] .monaco-editor')
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.evaluate((text) => navigator.clipboard.writeText(text), broken)
    await page.keyboard.press('Control+V')
    const error = test('template-error')
    await error.waitFor()
    expect(await error.getAttribute('data-kind')).toBe('syntax')
    expect(await error.getAttribute('data-line')).toBe('3')
    expect(await test('template-error-where').innerText()).toContain('Line 3, column')
    expect(await test('template-error-line').innerText()).toContain('{{ message.content }')
    expect(await test('template-tab-template').getAttribute('class')).toContain('inputs__flag')
    await shot('template-syntax-error-en')

    // Fixed, it renders again; then a filter that does not exist is said as clearly.
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.evaluate(
      (text) => navigator.clipboard.writeText(text),
      '{% for message in messages %}{{ message.content | shout }}{% endfor %}',
    )
    await page.keyboard.press('Control+V')
    await expect.poll(() => test('template-error-message').innerText()).toContain('shout')
  })

  it("from a chat round, What the model sees opens the view on the round's conversation and asks for the endpoint's template", async () => {
    const state: ChatState = defaultChatState()
    state.profiles.push({
      id: 'mock',
      name: 'Mock',
      kind: 'openai',
      baseUrl: llm.baseUrl,
      apiKey: '',
      model: 'numbered',
      temperature: null,
      maxTokens: null,
    })
    state.sessions[0]!.profileId = 'mock'
    await seedChat(page, state)
    await page.goto(appUrl)
    await test('chat-view').waitFor()
    await page.locator('textarea[data-test="chat-input"]').fill('What does the model read?')
    await test('chat-send').click()
    const reply = page.locator('[data-test="chat-message"][data-role="assistant"]').last()
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 20_000 }).toBe('completed')
    await reply.locator('[data-test="chat-round-raw"]').click()
    const dialog = test('raw-exchange-dialog')
    await dialog.locator('[data-test="raw-request-body"]').waitFor()
    await shot('template-chat-raw-en')
    await dialog.locator('[data-test="open-template-view"]').click()

    await test('template-lab').waitFor()
    const origin = test('template-origin')
    expect(await origin.getAttribute('data-kind')).toBe('chat')
    expect(await origin.getAttribute('data-needs-pick')).toBe('true')
    expect(await test('template-pick-request').innerText()).toContain('Endpoint “Mock” has no chat template chosen')
    await rendered()
    await promptHolds('What does the model read?')
    await shot('template-from-chat-en')

    await pickTemplate('Hermes 3', 'hermes-3-llama-3.1-8b')
    await promptHolds('What does the model read?')
    await test('template-remember').click()
    await test('template-remembered').waitFor()
    const saved = await page.evaluate(() => localStorage.getItem('vcp-workbench:chat') ?? '')
    expect(JSON.parse(saved).data.profiles.find((p: { id: string }) => p.id === 'mock').template).toBe(
      'hermes-3-llama-3.1-8b',
    )
  })

  it("times a 30-tool, 20-turn conversation through gpt-oss's template, in the page", async () => {
    await openParser('en')
    await openTemplateView()
    await pickTemplate('gpt-oss', 'gpt-oss-120b')
    await test('template-samples').click()
    await page.locator('.el-dropdown-menu__item[data-test="template-sample-3"]:visible').click()
    await promptHolds('tool_29')
    await rendered()
    // Each change renders once: the time the render took in its worker, and from the page's request to its answer.
    const times: { render: number; roundTrip: number }[] = []
    const timing = test('template-render-time')
    const generation = page.locator('[data-test="template-generation-prompt"] input')
    for (let run = 0; run < 8; run++) {
      const before = await timing.getAttribute('data-round-trip-ms')
      const on = (await generation.getAttribute('aria-checked')) === 'true'
      await test('template-generation-prompt').click()
      await expect.poll(() => generation.getAttribute('aria-checked')).toBe(String(!on))
      // The new render is shown: the prompt ends with the assistant's turn opened, or no longer does.
      await expect.poll(async () => (await prompt().innerText()).trimEnd().endsWith('<|start|>assistant')).toBe(!on)
      expect(await timing.getAttribute('data-round-trip-ms')).not.toBe(before)
      times.push({
        render: Number(await timing.getAttribute('data-render-ms')),
        roundTrip: Number(await timing.getAttribute('data-round-trip-ms')),
      })
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number
    const characters = (await prompt().innerText()).length
    console.log(
      `gpt-oss-120b, 30 tools and 20 turns (${characters} characters): render ${times.map((t) => t.render.toFixed(1)).join(', ')} ms ` +
        `(median ${median(times.map((t) => t.render)).toFixed(1)} ms); page to worker and back ` +
        `${times.map((t) => t.roundTrip.toFixed(1)).join(', ')} ms (median ${median(times.map((t) => t.roundTrip)).toFixed(1)} ms)`,
    )
    await shot('template-long-gpt-oss-en')
  })
})

/** The third line holds an expression that is not closed. */
const broken = `{%- for message in messages %}
<|im_start|>{{ message.role }}
{{ message.content }
<|im_end|>
{%- endfor %}`
