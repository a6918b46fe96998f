/**
 * The tester in Chromium, against the built app: every job of the three panes clicked through,
 * with a screenshot of each step in test-results/screenshots.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'
import { SAMPLE_REPLIES } from '../../src/parsing/samples'
import { runCli, type CliIo } from '../../src/cli/vcp'
import { createBuiltinTools, createMemoryFileStore } from '../../src/tools'
import { createNodeSandboxRunner } from '../../src/tools/node'

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

const tab = (name: string) => page.getByRole('tab', { name })
const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })

async function chooseMethod(name: string): Promise<void> {
  const select = page.locator('[data-test="executor-method"]')
  await select.click()
  await page.keyboard.type(name)
  await page
    .locator('.el-select-dropdown__item:visible', { hasText: new RegExp(`^${name}$`) })
    .first()
    .click()
}

/** Replaces a Monaco editor's text the way a paste does (no auto-closing brackets). */
async function setEditorText(testId: string, text: string): Promise<void> {
  const editor = page.locator(`[data-test="editor-${testId}"][data-ready="true"] .monaco-editor`)
  await editor.waitFor()
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

/** A short Monaco editor's text, read from its rendered lines (in their on-screen order). */
async function editorText(testId: string): Promise<string> {
  return page.locator(`[data-test="editor-${testId}"] .view-lines`).evaluate((lines) =>
    [...lines.querySelectorAll<HTMLElement>('.view-line')]
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
      .join('\n'),
  )
}

describe('Discovery', () => {
  it('browses, searches with highlights, sorts, filters, and loads a method into the executor', async () => {
    await page.goto(appUrl)
    await page.locator('[data-test="tool-card"]').first().waitFor()
    expect(await page.locator('[data-test="tool-card"]').count()).toBe(6)
    await shot('discovery-light')

    await page.locator('input[data-test="discovery-search"]').fill('base64')
    await expect.poll(() => page.locator('[data-test="tool-card"]').count()).toBe(1)
    expect(await page.locator('[data-test="tool-card"] mark').first().innerText()).toMatch(/base64/i)
    expect(await page.locator('[data-test="discovery-count"]').innerText()).toBe('1 tool, 2 methods')
    await shot('discovery-search')

    await page.locator('input[data-test="discovery-search"]').fill('')
    await page.locator('[data-test="discovery-sort"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'Sort by method count' }).click()
    await expect.poll(() => page.locator('[data-test="tool-card"]').first().getAttribute('data-tool')).toBe('fs')
    await page.locator('[data-test="discovery-agent-only"]').click()
    await expect.poll(() => page.locator('[data-test="discovery-count"]').innerText()).toBe('6 tools, 19 methods')
    // One tool: its options are built when the list opens, and the chosen one keeps its label.
    await page.locator('[data-test="discovery-tool-filter"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '(calc)' }).click()
    await expect.poll(() => page.locator('[data-test="tool-card"]').count()).toBe(1)
    expect(await page.locator('[data-test="discovery-tool-filter"]').innerText()).toContain('(calc)')
    await page.reload()
    await page.locator('[data-test="tool-card"]').first().waitFor()
    expect(await page.locator('[data-test="tool-card"]').count()).toBe(1)
    expect(await page.locator('[data-test="discovery-tool-filter"]').innerText()).toContain('(calc)')
    await page.locator('[data-test="discovery-tool-filter"]').hover()
    await page.locator('[data-test="discovery-tool-filter"] .el-select__clear').click()
    await expect.poll(() => page.locator('[data-test="tool-card"]').count()).toBe(6)

    // Groups: each with its rule prompt; switching one off is kept.
    await page.locator('[data-test="open-groups"]').click()
    const drawer = page.locator('[data-test="groups-drawer"]')
    await drawer.locator('[data-test="group"]').first().waitFor()
    expect(
      await drawer.locator('[data-test="group"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group'))),
    ).toEqual(['Files', 'Compute', 'Text and time', 'Variables'])
    expect(
      await drawer.locator('[data-test="group"][data-group="Compute"] [data-test="group-rule"]').innerText(),
    ).toContain('Use calc_evaluate for arithmetic')
    await drawer.locator('[data-test="tool-switch-js"]').click()
    await expect
      .poll(() => drawer.locator('[data-test="group"][data-group="Compute"] [data-test="group-rule"]').innerText())
      .not.toContain('js_evaluate')
    await shot('discovery-groups')
    await drawer.locator('[data-test="tool-switch-js"]').click()
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })

    await page.locator('[data-test="tool-card"][data-tool="calc"]').click()
    await page.locator('[data-test="method-item"][data-method="calc_evaluate"] .el-collapse-item__header').click()
    await page.locator('[data-test="method-example"]').waitFor()
    expect(await page.locator('[data-test="method-example"]').innerText()).toContain(
      'tool_name:「始」calc_evaluate「末」',
    )
    await page.waitForTimeout(400) // the collapse animation
    await shot('discovery-detail')
    await page.locator('[data-test="load-into-executor"]').click()
    await expect.poll(() => page.locator('[data-test="executor-form"]').isVisible()).toBe(true)
    expect(await page.locator('[data-test="field-expression"] input').inputValue()).toBe('sqrt(16) * (3 + 4) / 2')
  })

  it('stays responsive with 5,000 synthetic methods', async () => {
    await page.goto(`${appUrl}?synthetic=5000`)
    await page.locator('[data-test="tool-card"]').first().waitFor()
    expect(await page.locator('[data-test="discovery-count"]').innerText()).toBe('506 tools, 5022 methods')
    // Only the visible rows are in the page.
    expect(await page.locator('[data-test="tool-card"]').count()).toBeLessThan(40)
    await page.locator('input[data-test="discovery-search"]').pressSequentially('invoice export', { delay: 20 })
    await expect
      .poll(() => page.locator('[data-test="discovery-count"]').innerText())
      .toMatch(/^\d+ tools, \d+ methods$/)
    await shot('discovery-5000')
  })
})

describe('Executor', () => {
  it('fills the form, refuses a bad value with the reason, runs and shows the result', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    await chooseMethod('calc_evaluate')
    const run = page.locator('[data-test="executor-run"]')
    expect(await run.isDisabled()).toBe(true)
    expect(await page.locator('[data-test="executor-blocker"]').innerText()).toBe(
      'Run is disabled: fix the field “expression”',
    )
    await page.locator('[data-test="field-expression"] input').fill('2 ^ 10')
    await page.locator('[data-test="field-precision"] input').fill('3.5')
    expect(await page.locator('[data-test="field-precision"] [data-test="field-error"]').innerText()).toBe(
      'Enter a whole number.',
    )
    expect(await run.isDisabled()).toBe(true)
    await shot('executor-invalid')
    await page.locator('[data-test="field-precision"] input').fill('3')
    expect(await run.isDisabled()).toBe(false)
    await run.click()
    const result = page.locator('[data-test="executor-result"]')
    await result.waitFor()
    expect(await result.getAttribute('data-status')).toBe('success')
    expect(await result.innerText()).toContain('1020')
    await shot('executor-light')
  })

  it('cancels a slow run, and the history survives a reload', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    await chooseMethod('js_evaluate')
    await page.locator('[data-test="field-code"] textarea').fill('while (true) {}')
    await page.locator('[data-test="field-timeoutMs"] input').fill('20000')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-cancel"]').waitFor()
    await page.waitForTimeout(300)
    expect(await page.locator('[data-test="executor-timer"]').innerText()).toMatch(/^\d+\.\d\d s$/)
    await shot('executor-running')
    await page.locator('[data-test="executor-cancel"]').click()
    await page.locator('[data-test="executor-result"][data-status="aborted"]').waitFor()
    expect(await page.locator('[data-test="executor-failure"]').innerText()).toContain(
      '"js_evaluate" was aborted while running.',
    )

    await page.locator('[data-test="field-code"] textarea').fill('[1, 2, 3].map(x => x * x)')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="history-item"]').count()).toBe(2)
    await page.reload()
    await tab('Executor').click()
    await page.locator('[data-test="history-item"]').first().waitFor()
    expect(await page.locator('[data-test="history-item"]').count()).toBe(2)
    expect(await page.locator('[data-test="history-item"]').first().innerText()).toContain('js_evaluate')
    await page.locator('[data-test="history-item"]').nth(0).locator('[data-test="history-replay"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain('[1,4,9]')
    expect(await page.locator('[data-test="history-item"]').count()).toBe(3)
  })

  it('JSON mode: invalid JSON disables Run with the reason and a squiggle; valid JSON is sent as typed', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    await chooseMethod('text_hash')
    await page.locator('[data-test="field-text"] textarea').fill('hello')
    await page.locator('[data-test="executor-mode"]').getByText('JSON').click()
    await setEditorText('executor-args', '{"text": "hello", "algorithm": SHA-1}')
    await expect
      .poll(() => page.locator('[data-test="executor-blocker"]').innerText())
      .toContain('the JSON is not valid')
    expect(await page.locator('[data-test="executor-run"]').isDisabled()).toBe(true)
    await page.locator('[data-test="editor-executor-args"] .squiggly-error').first().waitFor()
    await shot('executor-json-invalid')
    await setEditorText('executor-args', '{"text": "hello", "algorithm": "SHA-1"}')
    await expect.poll(() => page.locator('[data-test="executor-run"]').isDisabled()).toBe(false)
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain(
      'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d',
    )
    await page.locator('[data-test="executor-copy-protocol"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'Hermes' }).click()
    expect(await page.locator('[data-test="executor-copy-text"]').innerText()).toContain('<tool_call>')
    await page.locator('[data-test="executor-mode"]').getByText('Form').click()
    expect(await page.locator('[data-test="field-text"] textarea').inputValue()).toBe('hello')
  })
})

describe('Parser', () => {
  it('shows squiggles, diagnostics and cards for a messy reply, runs the requests and converts one', async () => {
    await page.goto(appUrl)
    await tab('Parser').click()
    await page.locator('[data-test="parser-samples"] button').click()
    await page.locator('[data-test="sample-1"]').click()
    await page.locator('[data-test="editor-parser-reply"][data-ready="true"] .squiggly-warning').first().waitFor()
    const codes = await page
      .locator('[data-test="diagnostic"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-code')))
    expect(codes).toEqual(
      expect.arrayContaining([
        'request-in-reasoning',
        'marker-variant',
        'fullwidth-colon',
        'missing-end-marker',
        'duplicate-key',
      ]),
    )
    const verdicts = await page
      .locator('[data-test="request-card"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-verdict')))
    expect(verdicts).toEqual(['in-reasoning', 'invalid-arguments', 'unknown-tool', 'invalid-arguments'])
    await page.locator('[data-test="diagnostic"]').first().click()
    await shot('parser-light')

    await page.locator('[data-test="parser-run-all"]').click()
    await expect.poll(() => page.locator('[data-test="request-result"]').count()).toBe(4)
    const results = await page
      .locator('[data-test="request-result"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')))
    expect(results).toEqual(['denied', 'error', 'error', 'error'])
    expect(await page.locator('[data-test="request-card"]').nth(1).innerText()).toContain(
      'must be an integer, got "two"',
    )

    await page
      .locator('[data-test="request-card"]')
      .nth(3)
      .locator('[data-test="request-convert"]')
      .selectOption({ label: 'JSON tool_calls block' })
    expect(await page.locator('[data-test="request-converted"]').innerText()).toContain('"tool_calls"')
    await shot('parser-run')
  })

  it('gives every request a verdict, counts them, and runs exactly the ready ones', async () => {
    await page.goto(appUrl)
    await tab('Parser').click()
    await setEditorText('parser-reply', SAMPLE_REPLIES[3]!.text)
    const summary = page.locator('[data-test="parser-summary"]')
    await expect
      .poll(() => summary.innerText())
      .toContain('5 requests: 2 ready, 1 in reasoning, 1 unknown tool, 1 invalid arguments')
    const cards = page.locator('[data-test="request-card"]')
    const shown = await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-verdict')))
    expect(shown).toEqual(['ready', 'ready', 'in-reasoning', 'unknown-tool', 'invalid-arguments'])
    // `vcp check` on the same reply says the same.
    const lines: string[] = []
    const io: CliIo = {
      readFile: async () => SAMPLE_REPLIES[3]!.text,
      writeFile: async () => undefined,
      readStdin: async () => '',
      out: (line) => lines.push(line),
      err: () => undefined,
      builtinTools: () => createBuiltinTools({ files: createMemoryFileStore(), sandbox: createNodeSandboxRunner() }),
    }
    expect(await runCli(['check', 'reply.txt'], io)).toBe(0)
    expect(
      (JSON.parse(lines[0] as string) as { requests: { verdict: string }[] }).requests.map((r) => r.verdict),
    ).toEqual(shown)
    // limit is an argument like any other: checked, and taken out for the output cut.
    expect(
      await cards
        .nth(0)
        .locator('[data-test="argument-state"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-state'))),
    ).toEqual(['ok', 'default', 'coerced'])
    expect(
      await cards
        .nth(1)
        .locator('[data-test="batch-item"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-verdict'))),
    ).toEqual(['ready', 'ready', 'ready'])
    expect(await cards.nth(2).innerText()).toContain('in reasoning: not executed')
    expect(await cards.nth(4).innerText()).toContain('"precision" must be an integer, got "two"')
    // The reasoning warning underlines the whole block, and the wrong value has a squiggle of its own.
    const reasoning = page.locator('[data-test="diagnostic"][data-code="request-in-reasoning"]')
    expect(await reasoning.count()).toBe(1)
    expect(await page.locator('[data-test="diagnostic"][data-code="argument-type-error"]').count()).toBe(1)
    await page.locator('[data-test="editor-parser-reply"] .squiggly-error').first().waitFor()
    await shot('parser-verdicts')

    await page.locator('[data-test="parser-run-all"]').click()
    await expect.poll(() => page.locator('[data-test="request-result"]').count()).toBe(5)
    const statuses = await page
      .locator('[data-test="request-result"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')))
    expect(statuses).toEqual(['success', 'success', 'denied', 'error', 'error'])
    // The batch's last item lists what the first two wrote; the delete in reasoning did not run.
    expect(await cards.nth(1).locator('[data-test="request-result"]').innerText()).toContain('b.md')
    await cards.nth(2).locator('[data-test="request-run-anyway"]').click()
    await expect
      .poll(() => cards.nth(2).locator('[data-test="request-result"]').getAttribute('data-status'))
      .toBe('success')
    expect(await cards.nth(2).locator('[data-test="request-result"]').innerText()).toContain('/plan/a.md')
    await shot('parser-verdicts-run')
  })

  it('reads a pasted reply in several protocols with auto-detect and runs it', async () => {
    await page.goto(appUrl)
    await tab('Parser').click()
    const reply = [
      'A VCP call:',
      '<<<[TOOL_REQUEST]>>>',
      'tool_name:「始」datetime_now「末」',
      '<<<[END_TOOL_REQUEST]>>>',
      '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "6 * 7", "precision": 3,}}</tool_call>',
      '```json',
      '{"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "text_base64Encode", "arguments": "{\\"text\\": \\"héllo\\"}"}}]}',
      '```',
    ].join('\n')
    await setEditorText('parser-reply', reply)
    // The sample that was there also had three requests: wait for the pasted reply's parse.
    await expect
      .poll(() => page.locator('[data-test="diagnostic-list"]').innerText())
      .toContain('Detected: vcp (1 request), hermes (1 request), json (1 request).')
    expect(await page.locator('[data-test="request-card"]').count()).toBe(3)
    expect(await page.locator('[data-test="diagnostic"][data-code="trailing-comma"]').count()).toBe(1)
    await page.locator('[data-test="parser-run-all"]').click()
    await expect.poll(() => page.locator('[data-test="request-result"][data-status="success"]').count()).toBe(3)
  })
})

describe("Parser with models' own formats", () => {
  const argumentState = (card: number, name: string) =>
    page
      .locator('[data-test="request-card"]')
      .nth(card)
      .locator('tr', { has: page.locator(`[data-test="argument-${name}"]`) })
      .locator('[data-test="argument-state"]')
      .getAttribute('data-state')

  it("reads a Qwen3-Coder, a gpt-oss and a Mistral reply, typed by the tools' schemas, and says why", async () => {
    await page.goto(appUrl)
    await tab('Parser').click()
    const replies: { format: string; text: string; cards: number; typed: [number, string][] }[] = [
      {
        format: 'qwen3-coder',
        text: 'Let me compute that.\n<tool_call>\n<function=calc_evaluate>\n<parameter=expression>\n6*7\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>',
        cards: 1,
        typed: [[0, 'precision']],
      },
      {
        format: 'harmony',
        text: '<|channel|>analysis<|message|>The user wants the tree.<|end|><|start|>assistant<|channel|>commentary to=functions.fs_tree <|constrain|>json<|message|>{"path": "/", "depth": 2}<|call|>',
        cards: 1,
        typed: [[0, 'depth']],
      },
      {
        format: 'mistral',
        text: '[TOOL_CALLS]text_base64Encode[ARGS]{"text": "hi", "urlSafe": true}[TOOL_CALLS]calc_evaluate[ARGS]{"expression": "2^10"}',
        cards: 2,
        typed: [[0, 'urlSafe']],
      },
    ]
    for (const reply of replies) {
      await setEditorText('parser-reply', reply.text)
      const detected = page.locator(`[data-test="parser-detected"] [data-format="${reply.format}"]`)
      await detected.waitFor()
      await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(reply.cards)
      expect(await detected.innerText()).toContain(reply.cards === 1 ? '1 call' : `${reply.cards} calls`)
      // The value came typed from the schema (or the JSON): nothing had to be coerced.
      for (const [card, name] of reply.typed) expect(await argumentState(card, name)).toBe('ok')
      for (let n = 0; n < reply.cards; n++)
        expect(await page.locator('[data-test="request-card"]').nth(n).getAttribute('data-verdict')).toBe('ready')
      await shot(`parser-native-${reply.format}`)
    }
    await page.locator('[data-test="parser-run-all"]').click()
    await expect.poll(() => page.locator('[data-test="request-result"][data-status="success"]').count()).toBe(2)
    expect(
      await page.locator('[data-test="request-card"]').nth(1).locator('[data-test="request-result"]').innerText(),
    ).toContain('1024')
  })

  it('takes a model name: a bare pythonic list counts once the model is named', async () => {
    await page.goto(appUrl)
    await tab('Parser').click()
    await page.locator('[data-test="parser-protocol"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: /^Auto-detect$/ }).click()
    await setEditorText('parser-reply', 'Sure:\n[text_hash(text="abc", algorithm="SHA-256"), not_a_tool(x=1)]')
    // Without a model, only the call of a registered tool is evidence of the format.
    await page.locator('[data-test="parser-detected"] [data-format="pythonic"]').waitFor()
    await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(1)
    await page.locator('input[data-test="parser-model"]').fill('meta-llama/Llama-3.2-3B-Instruct')
    expect(await page.locator('[data-test="parser-model-hint"]').innerText()).toContain('Pythonic')
    await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(2)
    expect(await page.locator('[data-test="request-card"]').nth(1).getAttribute('data-verdict')).toBe('unknown-tool')
    await shot('parser-native-model-hint')
  })
})

describe('Parser with a long reply', () => {
  it('takes a 200,000-character paste and shows its cards a page at a time', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(appUrl)
    await tab('Parser').click()
    const block =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+1「末」\n<<<[END_TOOL_REQUEST]>>>\n'
    let reply = ''
    let blocks = 0
    while (reply.length < 200_000) {
      reply += `Step ${blocks}: 一些说明文字。\n${block}`
      blocks++
    }
    const editor = page.locator('[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.evaluate((text) => navigator.clipboard.writeText(text), reply)
    await page.keyboard.press('Control+V')
    await expect
      .poll(() => page.locator('[data-test="parser-summary"]').innerText(), { timeout: 30_000 })
      .toContain(`${blocks} requests: ${blocks} ready · 0 diagnostics`)
    // Cards are drawn a few per frame: the page fills up, and then stops at 50.
    await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(50)
    await page.locator('[data-test="parser-more"]').click()
    await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(100)
  })
})

describe('Shell', () => {
  it('switches language and theme, and keeps them across a reload', async () => {
    await page.goto(appUrl)
    await page.locator('[data-test="locale-select"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: '中文' }).click()
    await tab('工具发现').waitFor()
    await page.locator('.tester__settings .el-switch').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await page.locator('[data-test="tool-card"]').first().waitFor()
    // The theme fades in: shoot once every transition has finished, not half-way.
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)))
    await shot('discovery-dark-zh')
    await page.reload()
    await tab('执行器').click()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await page.locator('[data-test="locale-select"]').click()
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'English' }).click()
    await chooseMethod('datetime_convert')
    await page.locator('[data-test="field-date"] input').fill('2026-11-22T08:00:00Z')
    await page.locator('[data-test="field-timeZone"] input').fill('Asia/Shanghai')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"]').waitFor()
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain('2026-11-22 16:00:00')
    await shot('executor-dark')
    await tab('Discovery').click()
    await page.locator('[data-test="tool-card"][data-tool="fs"]').click()
    await page.locator('[data-test="method-item"][data-method="fs_write"] .el-collapse-item__header').click()
    await page.locator('[data-test="method-item"][data-method="fs_write"] [data-test="method-example"]').waitFor()
    await page.waitForTimeout(400)
    await shot('discovery-dark')
    await tab('Parser').click()
    await page.locator('[data-test="editor-parser-reply"][data-ready="true"]').waitFor()
    await page.waitForTimeout(300)
    await shot('parser-dark')
  })

  it('replaces a corrupt saved state with a notice after a reload', async () => {
    await page.goto(appUrl)
    await page.evaluate(() => {
      localStorage.setItem('vcp-workbench:executor', '{"version": 1, "data": {"history": "not a list"}}')
      localStorage.setItem('vcp-workbench:tester', 'garbage')
    })
    await page.reload()
    // The layout is read with the first screen, the Executor's state just after it: wait for both.
    const notices = async () => (await page.locator('[data-test="persist-notice"]').allInnerTexts()).join('\n')
    await expect
      .poll(notices)
      .toContain('The saved layout (tab, theme, language) could not be read, so it was reset to the defaults.')
    await expect
      .poll(notices)
      .toContain('Parts of the saved Executor form and run history could not be read. Everything else was kept')
    expect(await notices()).toContain('the run history could not be read and was cleared')
    await expect.poll(() => page.locator('[data-test="persist-download"]').count()).toBe(2)
    expect(await page.locator('[data-test="tool-card"]').count()).toBe(6)
    await shot('corrupt-state')
  })

  it('Ctrl+Enter inside an editor runs the pane’s action and leaves the text alone', async () => {
    await page.goto(appUrl)
    await tab('Parser').click()
    const reply = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」datetime_now「末」\n<<<[END_TOOL_REQUEST]>>>'
    await setEditorText('parser-reply', reply)
    await expect.poll(() => page.locator('[data-test="request-card"]').count()).toBe(1)
    await page.keyboard.press('Control+Enter')
    await page.locator('[data-test="request-result"][data-status="success"]').waitFor()
    expect(await editorText('parser-reply')).toBe(reply)

    await tab('Executor').click()
    await chooseMethod('text_hash')
    await page.locator('[data-test="executor-mode"]').getByText('JSON').click()
    await setEditorText('executor-args', '{"text": "hello"}')
    await page.keyboard.press('Control+Enter')
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await editorText('executor-args')).toBe('{"text": "hello"}')
  })

  it('typing { over a selection in the JSON editor types {', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    await chooseMethod('text_hash')
    await page.locator('[data-test="executor-mode"]').getByText('JSON').click()
    await setEditorText('executor-args', 'replace me')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('{')
    expect(await editorText('executor-args')).toBe('{')
  })

  it('the method picker takes an exact name with Enter, and says "did you mean" for an unknown one', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    const select = page.locator('[data-test="executor-method"]')
    await select.click()
    await page.keyboard.type('fs_read')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-test="executor-method"]').innerText()).toContain('fs_read')
    expect(await page.locator('[data-test="field-path"]').count()).toBe(1)
    await select.click()
    await page.keyboard.type('fs_raed')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator('[data-test="executor-target-error"]').innerText())
      .toContain('Did you mean "fs_read"')
  })

  it('the JSON warning clears once the JSON is an object again, and history rows sum up their arguments', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    await chooseMethod('text_hash')
    await page.locator('[data-test="executor-mode"]').getByText('JSON').click()
    await setEditorText('executor-args', '[1, 2]')
    await page.locator('[data-test="executor-mode"]').getByText('Form').click()
    await page.locator('[data-test="executor-mode-error"]').waitFor()
    await setEditorText('executor-args', '{"text": "hello", "algorithm": "SHA-1"}')
    await expect.poll(() => page.locator('[data-test="executor-mode-error"]').count()).toBe(0)
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="history-args"]').first().innerText()).toBe('text: hello, algorithm: SHA-1')
    await shot('executor-history')
  })

  it('Ctrl+Enter runs the open pane’s action', async () => {
    await page.goto(appUrl)
    await tab('Executor').click()
    await chooseMethod('datetime_now')
    await page.keyboard.press('Control+Enter')
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
  })
})
