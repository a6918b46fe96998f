/**
 * MCP servers in Chromium: the reference server-everything started over stdio through the
 * bridge of the served app, its tools in Discovery, the Executor, the Parser and a chat round.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createServer, request } from 'node:http'
import { preview } from 'vite'
import { BUILD_DIR } from './support/global-setup'
import { livePids } from '../fixtures/mcp/processes'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath, seedChat } from './support/browser'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { defaultChatState } from '../../src/saved-chats/model'

const appUrl = inject('appUrl')
const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const CONFIG = JSON.stringify(
  { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } },
  null,
  2,
)
let browser: Browser
let context: BrowserContext
let page: Page
let llm: MockLlm

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
})

const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })

/** Types a routing name into the Executor's method picker and takes it with Enter. */
async function pickMethod(name: string): Promise<void> {
  await page.locator('[data-test="executor-method"]').click()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
}

async function addEverything(): Promise<void> {
  await page.locator('[data-test="open-servers"]').first().click()
  await page.locator('textarea[data-test="mcp-config"]').fill(CONFIG)
  await page.locator('[data-test="mcp-import"]').click()
  await page
    .locator('[data-test="mcp-server"][data-name="everything"][data-status="connected"]')
    .waitFor({ timeout: 30_000 })
}

describe('MCP servers', () => {
  it('adds server-everything over stdio from the Servers panel, shows its tools, runs get-sum from a form and from a pasted reply', async () => {
    await page.goto(appUrl)
    await addEverything()
    expect(Number(await page.locator('[data-test="mcp-tool-count"]').innerText())).toBeGreaterThan(5)
    expect(await page.locator('[data-test="mcp-protocol"]').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await page.locator('[data-test="mcp-log"]').click()
    await page.locator('input[data-test="mcp-log-filter"]').fill('tools/list')
    expect(await page.locator('[data-test="mcp-log-view"]').innerText()).toContain('tools/list')
    await shot('mcp-servers')
    await page.keyboard.press('Escape')

    // Discovery: the server's tools, with their badges.
    await page.locator('input[data-test="discovery-search"]').fill('long running')
    await page.locator('[data-test="tool-card"]').first().click()
    await page.locator('[data-test="mcp-tag"]').waitFor()
    const long = page.locator('[data-test="method-item"][data-method="everything_trigger-long-running-operation"]')
    await long.click()
    expect(await long.locator('[data-test="method-annotations"] [data-hint="readOnlyHint"]').count()).toBe(1)
    expect(await long.innerText()).toContain('limit')
    await shot('mcp-discovery')

    // Executor: a form from the schema.
    await page.getByRole('tab', { name: 'Executor' }).click()
    await pickMethod('everything_get-sum')
    await page.locator('[data-test="field-a"] input').fill('2')
    await page.locator('[data-test="field-b"] input').fill('40')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain('42')

    // An image result is shown as an image.
    await pickMethod('everything_get-tiny-image')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"] [data-test="result-images"] img').waitFor()
    expect(
      await page.locator('[data-test="result-images"] img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0)

    // A long call shows the server's progress, and Cancel stops it (the server is told).
    await pickMethod('everything_trigger-long-running-operation')
    await page.locator('[data-test="field-duration"] input').fill('20')
    await page.locator('[data-test="field-steps"] input').fill('20')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-progress"]').waitFor({ timeout: 10_000 })
    expect(await page.locator('[data-test="executor-progress"]').innerText()).toMatch(/progress \d+ of 20/)
    await shot('mcp-executor-progress')
    await page.locator('[data-test="executor-cancel"]').click()
    await page.locator('[data-test="executor-result"][data-status="aborted"]').waitFor()

    // Parser: a pasted VCP reply resolves through the same call plan, and runs.
    await page.getByRole('tab', { name: 'Parser' }).click()
    const editor = page.locator('[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Delete')
    await page.keyboard.insertText(
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」everything_get-sum「末」,\na:「始」2「末」,\nb:「始」40「末」\n<<<[END_TOOL_REQUEST]>>>',
    )
    await expect.poll(() => page.locator('[data-test="request-card"]').getAttribute('data-verdict')).toBe('ready')
    await page.locator('[data-test="request-run"]').click()
    await page.locator('[data-test="request-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="request-result"]').innerText()).toContain('42')
    await shot('mcp-parser')
  })

  it('a chat round: the model calls an MCP tool and answers with its result; after a reload the saved server waits for a click', async () => {
    const state = defaultChatState()
    state.profiles.push({
      id: 'mock',
      name: 'Mock',
      kind: 'openai',
      baseUrl: llm.baseUrl,
      apiKey: '',
      model: 'mcp-sum',
      temperature: null,
      maxTokens: null,
    })
    state.sessions[0]!.profileId = 'mock'
    await seedChat(page, state)
    await page.goto(appUrl)
    await addEverything()
    await page.keyboard.press('Escape')
    // Saved in the browser: after a reload it is listed, and starts on a click.
    await page.reload()
    await page.locator('[data-test="chat-view"]').waitFor()
    await page.locator('[data-test="open-servers"]').first().click()
    const saved = page.locator('[data-test="mcp-server"][data-name="everything"]')
    await saved.locator('[data-test="mcp-saved-note"]').waitFor()
    expect(await saved.getAttribute('data-status')).toBe('disconnected')
    await saved.locator('[data-test="mcp-connect"]').click()
    await page
      .locator('[data-test="mcp-server"][data-name="everything"][data-status="connected"]')
      .waitFor({ timeout: 30_000 })
    await page.keyboard.press('Escape')
    await page.locator('textarea[data-test="chat-input"]').fill('What is 2 + 40?')
    await page.locator('[data-test="chat-send"]').click()
    const last = page.locator('[data-test="chat-message"][data-role="assistant"]').last()
    await expect.poll(() => last.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed')
    expect(
      await page.locator('[data-test="chat-card"][data-tool="everything_get-sum"]').getAttribute('data-status'),
    ).toBe('success')
    expect(await last.innerText()).toContain('The sum of 2 and 40 is 42')
    await shot('mcp-chat')
  })

  it('an HTTP server without CORS headers gets a message that says so and how to fix it; saved, it waits for a click after a reload', async () => {
    // A loopback server that answers, but sends no CORS headers: the browser blocks it.
    const server = createServer((req, res) => {
      req.resume()
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`
    try {
      await page.goto(appUrl)
      await page.locator('[data-test="open-servers"]').first().click()
      await page.locator('textarea[data-test="mcp-config"]').fill(JSON.stringify({ mcpServers: { nocors: { url } } }))
      await page.locator('[data-test="mcp-import"]').click()
      const card = page.locator('[data-test="mcp-server"][data-name="nocors"][data-status="failed"]')
      await card.waitFor({ timeout: 30_000 })
      const error = await card.locator('[data-test="mcp-error"]').innerText()
      expect(error).toContain('most likely sends no CORS headers')
      expect(error).toContain('Access-Control-Allow-Origin')
      await shot('mcp-cors')
    } finally {
      server.close()
    }
    // Saved: on the next load it is listed and asks nothing of its address until a click.
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url() === url) asked.push(request.method())
    })
    await page.reload()
    await page.locator('[data-test="open-servers"]').first().click()
    const saved = page.locator('[data-test="mcp-server"][data-name="nocors"]')
    await saved.locator('[data-test="mcp-saved-note"]').waitFor()
    expect(await saved.getAttribute('data-status')).toBe('disconnected')
    expect(await saved.locator('[data-test="mcp-saved-note"]').innerText()).toContain('only when you click Connect')
    expect(asked).toEqual([])
  })

  it('servers planted in browser storage start nothing: each is listed with its command line and starts only on a click', async () => {
    // What another page on this origin could have written: twenty stdio servers.
    const markers = mkdtempSync(join(tmpdir(), 'vcp-planted-'))
    const mcpServers: Record<string, unknown> = {}
    for (let n = 0; n < 20; n++)
      mcpServers[`planted${n}`] = {
        command: process.execPath,
        args: ['-e', `require('fs').writeFileSync(${JSON.stringify(join(markers, String(n)))}, '')`],
      }
    await page.addInitScript(
      (state) => {
        if (sessionStorage.getItem('planted')) return
        sessionStorage.setItem('planted', '1')
        localStorage.setItem('vcp-workbench:mcp', JSON.stringify({ version: 1, data: { config: state } }))
      },
      { mcpServers },
    )
    const starts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/mcp-bridge/sessions')) starts.push(request.url())
    })
    await page.goto(appUrl)
    await page.locator('[data-test="open-servers"]').first().click()
    await expect.poll(() => page.locator('[data-test="mcp-server"] [data-test="mcp-saved-note"]').count()).toBe(20)
    const first = page.locator('[data-test="mcp-server"][data-name="planted0"]')
    expect(await first.getAttribute('data-status')).toBe('disconnected')
    expect(await first.locator('[data-test="mcp-origin"]').getAttribute('data-origin')).toBe('saved')
    // The whole command line, so the user sees what a click would run.
    expect(await first.locator('[data-test="mcp-command"]').innerText()).toContain(join(markers, '0'))
    await shot('mcp-planted')
    expect(starts).toEqual([])
    expect(readdirSync(markers)).toEqual([])
    // The user's click starts exactly that one.
    await first.locator('[data-test="mcp-connect"]').click()
    await expect.poll(() => existsSync(join(markers, '0')), { timeout: 20_000 }).toBe(true)
    expect(starts).toHaveLength(1)
    expect(readdirSync(markers)).toEqual(['0'])
  })

  it("the servers of the user's mcp.json start with the page, and after four reloads exactly one process runs", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-reloads-'))
    const pids = join(folder, 'pids')
    mkdirSync(pids)
    const file = join(folder, 'mcp.json')
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          mine: {
            command: process.execPath,
            args: [resolve('tests/fixtures/mcp/pid-server.mjs'), pids],
            env: { TOKEN: 'kept-by-the-bridge' },
          },
        },
      }),
    )
    const before = process.env.VCP_MCP_CONFIG
    process.env.VCP_MCP_CONFIG = file
    const server = await preview({
      configFile: resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: BUILD_DIR },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    })
    if (before === undefined) delete process.env.VCP_MCP_CONFIG
    else process.env.VCP_MCP_CONFIG = before
    const running = (): number => livePids(pids).length
    try {
      const url = server.resolvedUrls?.local[0] as string
      const connected = page.locator('[data-test="mcp-server"][data-name="mine"][data-status="connected"]')
      await page.goto(url)
      await page.locator('[data-test="open-servers"]').first().click()
      await connected.waitFor({ timeout: 30_000 })
      expect(await connected.locator('[data-test="mcp-origin"]').getAttribute('data-origin')).toBe('file')
      expect(await connected.locator('[data-test="mcp-command"]').innerText()).toContain('sets TOKEN')
      // The file keeps them: not saved in the browser, not in the configuration to share.
      expect(await page.locator('[data-test="mcp-export"]').textContent()).not.toContain('mine')
      expect(await page.evaluate(() => localStorage.getItem('vcp-workbench:mcp') ?? '')).not.toContain('mine')
      await shot('mcp-file-server')
      for (let n = 0; n < 4; n++) {
        await page.reload()
        await page.locator('[data-test="open-servers"]').first().click()
        await connected.waitFor({ timeout: 30_000 })
      }
      expect(readdirSync(pids).length).toBe(5)
      await expect.poll(running, { timeout: 20_000 }).toBe(1)
    } finally {
      await context.close()
      await server.close()
    }
    await expect.poll(running, { timeout: 20_000 }).toBe(0)
  })

  it("vite preview serves the page with the secret to a navigation only: another loopback page's fetch reads nothing", async () => {
    // Another project's page on another loopback port, as a browser runs it.
    const other = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>other</title>'),
    )
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done))
    try {
      await page.goto(appUrl)
      expect(await page.locator('meta[name="vcp-bridge-secret"]').getAttribute('content')).toMatch(/^[0-9a-f]{64}$/)
      await page.goto(`http://localhost:${(other.address() as { port: number }).port}/`)
      const seen = await page.evaluate(async (target) => {
        const tries: string[] = []
        for (const mode of ['cors', 'no-cors'] as const) {
          try {
            const answer = await fetch(target, { mode })
            tries.push(
              `${mode}: ${answer.type} ${answer.status} ${(await answer.text()).includes('vcp-bridge-secret') ? 'SECRET' : 'nothing'}`,
            )
          } catch (error) {
            tries.push(`${mode}: ${error instanceof Error ? error.name : 'error'}`)
          }
        }
        return tries
      }, appUrl)
      expect(seen).toEqual(['cors: TypeError', 'no-cors: opaque 0 nothing'])
      // What the browser sent, as the server sees it: refused outright, and no CORS header.
      const answer = await new Promise<{ status: number; cors: unknown; body: string }>((done, fail) => {
        request(
          appUrl,
          {
            headers: {
              Origin: 'http://localhost:3000',
              'Sec-Fetch-Mode': 'cors',
              'Sec-Fetch-Dest': 'empty',
              'Sec-Fetch-Site': 'same-site',
            },
          },
          (res) => {
            let body = ''
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
            res.on('end', () =>
              done({ status: res.statusCode ?? 0, cors: res.headers['access-control-allow-origin'], body }),
            )
          },
        )
          .on('error', fail)
          .end()
      })
      expect(answer).toMatchObject({ status: 403, cors: undefined })
      expect(answer.body).not.toContain('vcp-bridge-secret')
    } finally {
      other.close()
    }
  })

  it('a tool with a 200,000-value choice: a notice, a text field the schema checks, and the call runs', async () => {
    await page.goto(appUrl)
    await page.locator('[data-test="open-servers"]').first().click()
    await page.locator('textarea[data-test="mcp-config"]').fill(
      JSON.stringify({
        mcpServers: { big: { command: process.execPath, args: [resolve('tests/fixtures/mcp/big-enum-server.mjs')] } },
      }),
    )
    await page.locator('[data-test="mcp-import"]').click()
    const card = page.locator('[data-test="mcp-server"][data-name="big"][data-status="connected"]')
    await card.waitFor({ timeout: 30_000 })
    expect(await card.locator('[data-test="mcp-notices"]').innerText()).toContain(
      '"choice" allows 200,000 values, more than 1,000: it is a text field',
    )
    await page.keyboard.press('Escape')
    await page.getByRole('tab', { name: 'Executor' }).click()
    await pickMethod('big_pick')
    const field = page.locator('[data-test="field-choice"] input')
    await field.waitFor()
    // A field, not 200,000 options in the page.
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(20_000)
    await field.fill('v199999')
    await page.locator('[data-test="executor-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await page.locator('[data-test="executor-result"]').innerText()).toContain('picked v199999')
    await shot('mcp-big-enum')
  })
})
