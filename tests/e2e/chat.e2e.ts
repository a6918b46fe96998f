/**
 * The chat in Chromium, against the built app and the scripted OpenAI-compatible server on
 * 127.0.0.1: real fetch, real Server-Sent Events, the real tools in the page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath, seedChat } from './support/browser'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { defaultChatState, type Agent, type ChatState } from '../../src/saved-chats/model'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm
let noCorsLlm: MockLlm

beforeAll(async () => {
  browser = await launchChromium()
  llm = await startMockLlm({ apiKey: 'sk-e2e-secret' })
  noCorsLlm = await startMockLlm({ cors: false })
})
afterAll(async () => {
  await browser?.close()
  await llm?.close()
  await noCorsLlm?.close()
})
beforeEach(async () => {
  await context?.close()
  ;({ context, page } = await newContextPage(browser))
})

const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })
const lastAssistant = () => page.locator('[data-test="chat-message"][data-role="assistant"]').last()

/** Opens the chat with saved state: an endpoint on the mock server and the agent as given. */
async function openChat(
  options: { model?: string; agent?: Partial<Agent>; theme?: 'light' | 'dark' } = {},
): Promise<void> {
  const state: ChatState = defaultChatState()
  if (options.model) {
    state.profiles.push({
      id: 'mock',
      name: 'Mock',
      kind: 'openai',
      baseUrl: llm.baseUrl,
      apiKey: 'sk-e2e-secret',
      model: options.model,
      temperature: null,
      maxTokens: null,
    })
    state.sessions[0]!.profileId = 'mock'
  }
  Object.assign(state.agents[0]!, options.agent ?? {})
  await seedChat(page, state, options.theme)
  await page.goto(appUrl)
  await page.locator('[data-test="chat-view"]').waitFor()
}

async function send(text: string): Promise<void> {
  await page.locator('textarea[data-test="chat-input"]').fill(text)
  await page.locator('[data-test="chat-send"]').click()
}

async function finished(status: string): Promise<void> {
  await expect.poll(() => lastAssistant().getAttribute('data-status'), { timeout: 20_000 }).toBe(status)
}

describe('Chat', () => {
  it('endpoint settings: test connection lists models or says why not; the key is masked', async () => {
    await openChat()
    await page.locator('[data-test="open-endpoints"]').click()
    await page.locator('[data-test="add-endpoint"]').click()
    const dialog = page.locator('[data-test="endpoint-dialog"]')
    await dialog.locator('input[data-test="endpoint-name"]').fill('Local mock')
    await dialog.locator('input[data-test="endpoint-base-url"]').fill(llm.baseUrl)
    await dialog.locator('input[data-test="endpoint-api-key"]').fill('sk-e2e-secret')
    expect(await dialog.locator('input[data-test="endpoint-api-key"]').getAttribute('type')).toBe('password')
    await dialog.locator('[data-test="test-connection"]').click()
    await expect
      .poll(() => dialog.locator('[data-test="connection-result"]').innerText())
      .toMatch(/Connected: \d+ models/)
    await dialog.locator('[data-test="endpoint-model"]').click()
    await page.keyboard.type('vcp-two')
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'vcp-two-rounds' }).first().click()
    await shot('chat-endpoint-ok')

    // A wrong key, a wrong path, a server without CORS, and the same server through the proxy.
    await dialog.locator('input[data-test="endpoint-api-key"]').fill('sk-wrong')
    await dialog.locator('[data-test="test-connection"]').click()
    await expect
      .poll(() => dialog.locator('[data-test="connection-result"]').innerText())
      .toMatch(/^401 Unauthorized .*API key is missing or wrong/)
    await dialog.locator('input[data-test="endpoint-api-key"]').fill('sk-e2e-secret')
    await dialog.locator('input[data-test="endpoint-base-url"]').fill(llm.baseUrl.replace('/v1', '/v9'))
    await dialog.locator('[data-test="test-connection"]').click()
    await expect
      .poll(() => dialog.locator('[data-test="connection-result"]').innerText())
      .toMatch(/^404 Not Found: .*\/v9\/models does not exist/)
    await dialog.locator('input[data-test="endpoint-base-url"]').fill(noCorsLlm.baseUrl)
    await dialog.locator('[data-test="test-connection"]').click()
    await expect
      .poll(() => dialog.locator('[data-test="connection-result"]').innerText())
      .toMatch(/is reachable but does not allow requests from this page \(CORS\)/)
    await shot('chat-endpoint-cors')
    await dialog.locator('input[data-test="endpoint-base-url"]').fill(`/llm-proxy/${noCorsLlm.port}/v1`)
    await dialog.locator('[data-test="test-connection"]').click()
    await expect
      .poll(() => dialog.locator('[data-test="connection-result"]').innerText())
      .toMatch(/Connected: \d+ models/)
    await dialog.locator('input[data-test="endpoint-base-url"]').fill('http://127.0.0.1:9/v1')
    await dialog.locator('[data-test="test-connection"]').click()
    await expect
      .poll(() => dialog.locator('[data-test="connection-result"]').innerText())
      .toMatch(/^Could not connect to http:\/\/127\.0\.0\.1:9\/v1\/models/)

    // Saved, key included, but never in an export.
    const saved = await page.evaluate(() => localStorage.getItem('vcp-workbench:chat') ?? '')
    expect(saved).toContain('Local mock')
  })

  it('two rounds of VCP calls, cards filled in as the reply streams, then the answer; the record shows every round', async () => {
    await openChat({ model: 'vcp-two-rounds' })
    await send('What is 6 * 7, and "VCP Workbench" in base64?')
    await finished('completed')
    const cards = lastAssistant().locator('[data-test="chat-card"]')
    expect(await cards.count()).toBe(2)
    expect(await cards.nth(0).getAttribute('data-tool')).toBe('calc_evaluate')
    expect(await cards.nth(1).getAttribute('data-tool')).toBe('text_base64Encode')
    expect(await lastAssistant().locator('[data-test="chat-card-status"]').allInnerTexts()).toEqual([
      'success',
      'success',
    ])
    expect(await lastAssistant().locator('[data-test="chat-card-result"]').nth(1).innerText()).toBe(
      'VkNQIFdvcmtiZW5jaA==',
    )
    expect(await lastAssistant().locator('[data-test="chat-round"]').count()).toBe(3)
    expect(await lastAssistant().innerText()).toContain('The last tool result I received')
    // The model got the results in VCP's result format, and the system prompt with the tools.
    const requests = llm.chatRequests().slice(-3)
    expect(requests[0]?.messages[0]?.content).toContain('calc_evaluate')
    expect(requests[1]?.messages.at(-1)?.content).toContain('<<<[TOOL_RESULT]>>>')
    await shot('chat-vcp-two-rounds')

    await page.locator('[data-test="open-record"]').click()
    const drawer = page.locator('[data-test="record-drawer"]')
    await drawer.locator('.el-table__row').first().waitFor()
    expect(await drawer.locator('.el-table__body .el-table__row').count()).toBe(3)
    expect(await drawer.innerText()).toContain('completed')
    await shot('chat-record')

    // The export has the whole session and never the key.
    await page.keyboard.press('Escape')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-test="export-session"]').click(),
    ])
    const exported = await readFile((await download.path())!, 'utf8')
    expect(exported).toContain('"format": "vcp-workbench-session"')
    expect(exported).toContain('VkNQIFdvcmtiZW5jaA==')
    expect(exported).not.toContain('sk-e2e-secret')
  })

  it('a request card shows the moment its block opens and fills in while the reply streams', async () => {
    await openChat({ model: 'vcp-slow-block' })
    await send('Write a note, slowly.')
    const card = lastAssistant().locator('[data-test="chat-card"]')
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 10_000 }).toBe('streaming')
    await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain('/notes/slow.md')
    expect(await card.getAttribute('data-state')).toBe('streaming')
    await shot('chat-card-streaming')
    await finished('completed')
    expect(await card.first().getAttribute('data-state')).toBe('done')
    expect(await card.first().innerText()).toContain('Line three.')
  })

  it('a 50,000-character result: the model gets the cut with the hint, reads on with ReadVar, answers; the full result opens as a variable', async () => {
    await openChat({ model: 'vcp-large-result' })
    await send('Make me a 5,000-row table.')
    await finished('completed')
    const cards = lastAssistant().locator('[data-test="chat-card"]')
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).toEqual([
      'js_evaluate',
      'vars_ReadVar',
    ])
    expect(await cards.first().locator('[data-test="cut-note"]').innerText()).toMatch(
      /^Showing 8,000 of 5\d,\d{3} characters/,
    )
    // What the model was sent after the first round: the cut text and the ready-made request.
    const afterCut = llm.chatRequests().at(-2)?.messages.at(-1)?.content ?? ''
    expect(afterCut).toContain('[Result cut: 8,000 of')
    expect(afterCut).toContain('tool_name:「始」vars_ReadVar「末」')
    expect(await lastAssistant().innerText()).toContain('The last tool result I received')
    await shot('chat-large-result')
    await cards.first().locator('[data-test="open-full-result"]').click()
    const drawer = page.locator('[data-test="variables-drawer"]')
    await drawer.locator('[data-test="variable-view"]').waitFor()
    expect((await drawer.locator('[data-test="variable-value"]').innerText()).length).toBeGreaterThan(50_000)
    expect(await drawer.locator('[data-test="variable-name"]').allInnerTexts()).toContain('js_evaluate/req-1/result')
    await shot('chat-variables')
    // Search, and delete; rule variables cannot be deleted.
    await drawer.locator('input[data-test="variables-search"]').fill('ReadVar')
    await expect
      .poll(() => drawer.locator('[data-test="variable-name"]').allInnerTexts())
      .toEqual(['vars_ReadVar/req-2/result', 'vars_ReadVar/req-2/args'])
    await drawer.locator('[data-test="variable-delete"]').first().click()
    await expect
      .poll(() => drawer.locator('[data-test="variable-name"]').allInnerTexts())
      .toEqual(['vars_ReadVar/req-2/args'])
    await drawer.locator('input[data-test="variables-search"]').fill('Rule/')
    await expect.poll(() => drawer.locator('[data-test="variable-name"]').count()).toBeGreaterThan(0)
    expect(await drawer.locator('[data-test="variable-delete"]').first().isDisabled()).toBe(true)

    // The variables are saved (IndexedDB) and come back after a reload, the deleted one gone.
    const savedNames = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const open = indexedDB.open('vcp-workbench-variables', 1)
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('sessions')) return resolve([])
              const all = db.transaction('sessions').objectStore('sessions').getAll()
              all.onsuccess = () => resolve((all.result as { name: string }[][]).flat().map((v) => v.name))
            }
          }),
      )
    await expect.poll(savedNames).toContain('vars_ReadVar/req-2/args')
    await expect.poll(savedNames).not.toContain('vars_ReadVar/req-2/result')
    await page.reload()
    await page.locator('[data-test="open-variables"]').click()
    await drawer.locator('input[data-test="variables-search"]').fill('req-')
    await expect
      .poll(() => drawer.locator('[data-test="variable-name"]').allInnerTexts())
      .toEqual(['vars_ReadVar/req-2/args', 'js_evaluate/req-1/result', 'js_evaluate/req-1/args'])
    await lastAssistant().locator('[data-test="chat-card"]').first().waitFor()
  })

  it('native function calling: tools API, interleaved tool_calls deltas, role "tool" results', async () => {
    await openChat({ model: 'native-two-rounds', agent: { calling: 'native' }, theme: 'dark' })
    await send('Same, natively.')
    await finished('completed')
    expect(
      await lastAssistant()
        .locator('[data-test="chat-card"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-tool'))),
    ).toEqual(['calc_evaluate', 'text_base64Encode', 'datetime_diff'])
    expect(await lastAssistant().locator('[data-test="chat-card-status"]').allInnerTexts()).toEqual([
      'success',
      'success',
      'success',
    ])
    const [first, second] = llm.chatRequests().slice(-3)
    expect(first?.tools?.map((t) => t.function.name)).toContain('calc_evaluate')
    expect(second?.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
      'call_calc',
      'call_b64',
    ])
    await shot('chat-native-dark')
  })

  it('native function calling: markup the server left in the text shows a notice; Parse and run runs it and the model answers', async () => {
    await openChat({ model: 'native-markup-in-content', agent: { calling: 'native' } })
    await send('What is 6*7?')
    const notice = lastAssistant().locator('[data-test="content-calls"]')
    await notice.waitFor()
    expect(await notice.getAttribute('data-format')).toBe('hermes')
    expect(await notice.innerText()).toContain('1 call in the Hermes <tool_call> format')
    expect(await notice.locator('[data-test="content-calls-flags"]').innerText()).toContain(
      'vLLM: --enable-auto-tool-choice --tool-call-parser hermes; SGLang: --tool-call-parser qwen25',
    )
    expect(await lastAssistant().getAttribute('data-status')).toBe('running')
    expect(
      llm
        .chatRequests()
        .at(-1)
        ?.tools?.map((t) => t.function.name),
    ).toContain('calc_evaluate')
    await shot('chat-content-calls-notice')
    await notice.locator('[data-test="content-calls-parse"]').click()
    await finished('completed')
    const card = lastAssistant().locator('[data-test="chat-card"]')
    expect(await card.getAttribute('data-tool')).toBe('calc_evaluate')
    expect(await card.locator('[data-test="chat-card-status"]').innerText()).toBe('success')
    expect(await card.locator('[data-test="chat-card-result"]').innerText()).toContain('42')
    expect(await lastAssistant().locator('[data-test="content-calls-taken"]').innerText()).toContain(
      'Hermes <tool_call>',
    )
    expect(await lastAssistant().innerText()).toContain('The last tool result I received')
    // The model got its call back as tool_calls, and the result as a role "tool" message.
    const sent = llm.chatRequests().at(-1)?.messages ?? []
    const assistant = sent.at(-2)
    expect(assistant?.role).toBe('assistant')
    expect(assistant?.tool_calls?.map((c) => [c.function.name, c.function.arguments])).toEqual([
      ['calc_evaluate', '{"expression":"6*7"}'],
    ])
    expect(sent.at(-1)).toMatchObject({ role: 'tool', tool_call_id: assistant?.tool_calls?.[0]?.id })
    await shot('chat-content-calls-done')
  })

  it('approvals: approve one call, reject the next with a reason the model reads', async () => {
    await openChat({
      model: 'vcp-two-rounds',
      agent: { config: { ...defaultChatState().agents[0]!.config, requireConfirmation: true } },
    })
    await send('Compute and encode, with my approval.')
    const approval = lastAssistant().locator('[data-test="approval"]')
    await approval.waitFor()
    expect(
      await lastAssistant()
        .locator('[data-test="chat-card"][data-state="awaiting-approval"]')
        .getAttribute('data-tool'),
    ).toBe('calc_evaluate')
    await shot('chat-approval-pending')
    await approval.locator('[data-test="approve"]').click()
    await expect
      .poll(() =>
        lastAssistant().locator('[data-test="chat-card"][data-state="awaiting-approval"]').getAttribute('data-tool'),
      )
      .toBe('text_base64Encode')
    await lastAssistant().locator('input[data-test="approval-reason"]').fill('no encoding today')
    await lastAssistant().locator('[data-test="reject"]').click()
    await finished('completed')
    expect(await lastAssistant().locator('[data-test="chat-card-status"]').allInnerTexts()).toEqual([
      'success',
      'denied',
    ])
    expect(await lastAssistant().innerText()).toContain('Reason: no encoding today')
    await shot('chat-approval-done')
  })

  it('a streaming answer is followed to its end, unless the reader scrolls up to read (also on a slow, busy machine)', async () => {
    await openChat({ model: 'long-reply' })
    const messages = page.locator('[data-test="chat-messages"]')
    const fromBottom = () => messages.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
    // A machine busy with other work: the page gets a sixth of the CPU, so pieces pile up between frames.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    await send('Explain the cache change.')
    await finished('completed')
    expect(await fromBottom()).toBeLessThan(5)
    expect(await page.locator('[data-test="chat-jump-latest"]').count()).toBe(0)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    await send('Once more, please.')
    await expect.poll(() => page.locator('[data-test="chat-message"][data-role="assistant"]').count()).toBe(2)
    await expect.poll(() => lastAssistant().innerText(), { timeout: 10_000 }).toContain('Part 3')
    // Scrolled up while the answer still streams in.
    await messages.evaluate((el) => (el.scrollTop = 0))
    expect(await lastAssistant().getAttribute('data-status')).toBe('running')
    // The way back down, for a reader who is done reading.
    const jump = page.locator('[data-test="chat-jump-latest"]')
    await jump.waitFor()
    await finished('completed')
    expect(await messages.evaluate((el) => el.scrollTop)).toBeLessThan(50)
    expect(await fromBottom()).toBeGreaterThan(1000)
    await shot('chat-jump-latest')
    await jump.click()
    await expect.poll(fromBottom).toBeLessThan(5)
    await expect.poll(() => jump.count()).toBe(0)

    // A reader's wheel brings it back; the keyboard reaches it by its name.
    await messages.hover()
    await page.mouse.wheel(0, -3000)
    const byName = page.getByRole('button', { name: 'Jump to latest' })
    await byName.waitFor()
    await byName.focus()
    await page.keyboard.press('Enter')
    await expect.poll(fromBottom).toBeLessThan(5)
    await expect.poll(() => jump.count()).toBe(0)
  }, 60_000)

  it('abort: Stop ends the stream at once, keeps the partial text and says so', async () => {
    await openChat({ model: 'slow-reply' })
    await send('Tell me a long story.')
    await expect.poll(async () => (await lastAssistant().innerText()).length, { timeout: 10_000 }).toBeGreaterThan(120)
    await page.locator('[data-test="chat-stop"]').click()
    await finished('aborted')
    const text = await lastAssistant().innerText()
    expect(text).toContain('This reply streams slowly')
    expect(text.length).toBeLessThan(1500)
    expect(await lastAssistant().locator('[data-test="run-error"]').innerText()).toContain(
      'Aborted: stopped by the user.',
    )
    await expect.poll(() => page.locator('[data-test="chat-send"]').count()).toBe(1)
    await shot('chat-aborted')
  })

  it('semi-automatic mode: the user runs each card; results go back as tool_call_result user messages', async () => {
    await openChat({ model: 'vcp-two-rounds', agent: { flow: 'semi-automatic' } })
    await send('Step by step, please.')
    await finished('completed')
    await lastAssistant().locator('[data-test="semi-run"]').click()
    // The result message is sent, and the model's next reply has the next card.
    await expect.poll(() => page.locator('[data-test="tool-result-message"]').count()).toBe(1)
    expect(await page.locator('[data-test="tool-result-message"]').first().innerText()).toMatch(
      /^\{"tool_call_result":\{"toolCallId":"req-1","result":/,
    )
    await expect.poll(() => lastAssistant().getAttribute('data-tool'), { timeout: 1 }).toBeNull()
    await expect
      .poll(() => lastAssistant().locator('[data-test="chat-card"]').getAttribute('data-tool'))
      .toBe('text_base64Encode')
    await finished('completed')
    await shot('chat-semi-automatic')
    await lastAssistant().locator('[data-test="semi-run"]').click()
    await expect.poll(() => lastAssistant().innerText(), { timeout: 20_000 }).toContain('VkNQIFdvcmtiZW5jaA==')
    const sent = llm.chatRequests().at(-1)
    expect(sent?.messages.at(-1)).toMatchObject({ role: 'user' })
    expect(JSON.parse(sent?.messages.at(-1)?.content ?? '{}')).toEqual({
      tool_call_result: { toolCallId: 'req-2', result: 'VkNQIFdvcmtiZW5jaA==' },
    })
  })

  it('the manual model (the default): you write the replies and the loop runs on them', async () => {
    await openChat()
    await send('What is the square root of 2 times 3.5?')
    const manual = page.locator('[data-test="manual-reply"]')
    await manual.waitFor()
    await shot('chat-manual-waiting')
    await manual.locator('[data-test="manual-samples"]').click()
    await page.locator('.el-dropdown-menu__item:visible', { hasText: 'VCP: calculate' }).click()
    await manual.locator('[data-test="manual-reply-send"]').click()
    // The request ran; the "model" is asked again, with the results.
    await expect
      .poll(() => lastAssistant().locator('[data-test="chat-card-status"]').allInnerTexts())
      .toEqual(['success'])
    await manual.waitFor()
    await manual.locator('textarea[data-test="manual-reply-input"]').fill('About **4.95**.')
    await manual.locator('[data-test="manual-reply-send"]').click()
    await finished('completed')
    expect(await lastAssistant().locator('strong').last().innerText()).toBe('4.95')
    await shot('chat-manual-done')
  })

  it('HTML and script in a reply render as inert text', async () => {
    await openChat({ model: 'html-payload' })
    await send('Show me some HTML.')
    await finished('completed')
    const markdown = lastAssistant().locator('[data-test="markdown"]')
    expect(await markdown.locator('script, img, iframe, [onerror]').count()).toBe(0)
    expect(await markdown.locator('a[href^="javascript"]').count()).toBe(0)
    expect(await markdown.locator('li').count()).toBe(2)
    expect(await markdown.first().innerText()).toContain('<script>window.__xss = "script"</script>')
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
    await shot('chat-html-inert')
  })

  it('errors end the turn with the reason; sessions are kept, renamed and deleted across reloads', async () => {
    await openChat({ model: 'http-429' })
    await send('Anything.')
    await finished('error')
    expect(await lastAssistant().locator('[data-test="run-error"]').innerText()).toMatch(/429 Too Many Requests/)

    await page.locator('[data-test="new-session"]').click()
    expect(await page.locator('[data-test="session-item"]').count()).toBe(2)
    await page.reload()
    await page.locator('[data-test="chat-view"]').waitFor()
    expect(await page.locator('[data-test="session-item"]').count()).toBe(2)
    const first = page.locator('[data-test="session-item"]').nth(1)
    await first.click()
    await first.locator('[data-test="rename-session"]').click()
    await page.locator('.el-message-box input').fill('Rate limits')
    await page.locator('.el-message-box .el-button--primary').click()
    await expect.poll(() => page.locator('[data-test="session-item"]').nth(1).innerText()).toContain('Rate limits')
    await page.locator('[data-test="session-item"]').nth(1).locator('[data-test="delete-session"]').click()
    await page.locator('.el-message-box .el-button--primary').click()
    await expect.poll(() => page.locator('[data-test="session-item"]').count()).toBe(1)
  })

  it('at 1440 px the header selects and the search boxes show their whole text, in both languages', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openChat({ model: 'vcp-two-rounds' })
    /** Elements whose text is wider than the box that shows it. */
    const clipped = () =>
      page.evaluate(() => {
        const out: string[] = []
        const check = (el: HTMLElement | null, label: string) => {
          if (!el) return out.push(`${label}: missing`)
          if (el.scrollWidth > el.clientWidth + 1)
            out.push(
              `${label}: "${el.textContent || (el as HTMLInputElement).placeholder}" needs ${el.scrollWidth}px, has ${el.clientWidth}px`,
            )
        }
        for (const test of ['chat-agent', 'chat-endpoint', 'chat-history-mode']) {
          check(
            document.querySelector<HTMLElement>(`[data-test="${test}"] .el-select__selected-item:not(.is-hidden)`),
            test,
          )
        }
        return out
      })
    expect(await clipped()).toEqual([])
    await page.getByRole('tab', { name: 'Discovery' }).click()
    const placeholderFits = () =>
      page.locator('input[data-test="discovery-search"]').evaluate((input: HTMLInputElement) => {
        const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
        const style = getComputedStyle(input)
        canvas.font = `${style.fontSize} ${style.fontFamily}`
        return canvas.measureText(input.placeholder).width <= input.clientWidth
      })
    expect(await placeholderFits()).toBe(true)
    await page.locator(`[data-test="locale-select"]`).click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    expect(await placeholderFits()).toBe(true)
    await page.getByRole('tab', { name: '对话' }).click()
    expect(await clipped()).toEqual([])
    await page.screenshot({ path: screenshotPath('chat-header-1440-zh') })
  })
})
