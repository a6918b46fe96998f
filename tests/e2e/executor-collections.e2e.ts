/**
 * Saved calls in Chromium, against the built app: a call saved into a named collection survives a
 * reload and runs; the collection is exported (the downloaded file read back), deleted and imported
 * again (a name already taken is asked about; an invalid file names its bad entries); Replay
 * restores the method and the arguments; saved calls that cannot be read give their own notice; an
 * import nested too deeply is refused with its entry named, and a save the browser refuses says so.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'

const appUrl = inject('appUrl')
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
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

const test = (id: string) => page.locator(`[data-test="${id}"]`)
const option = (text: string | RegExp) => page.locator('.el-select-dropdown__item:visible', { hasText: text }).first()
const shot = (name: string) => page.screenshot({ path: screenshotPath(name) })
const collection = (name: string) => page.locator(`[data-test="saved-collection"][data-name="${name}"]`)
const savedCall = (name: string) => page.locator(`[data-test="saved-call"][data-name="${name}"]`)

async function openExecutor(): Promise<void> {
  await page.goto(appUrl)
  await page.getByRole('tab', { name: 'Executor' }).click()
  await test('saved-calls').waitFor()
}

async function chooseMethod(name: string): Promise<void> {
  await test('executor-method').click()
  await page.keyboard.type(name)
  await option(new RegExp(`^${name}$`)).click()
}

async function run(): Promise<void> {
  await test('executor-run').click()
  await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
}

/** The file the next click downloads, as text. */
async function downloaded(click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void]
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') }
}

/** axe-core's serious and critical findings (WCAG 2.x A and AA, best practices) in the saved calls panel. */
async function panelViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { html: string }[] }
    const axe = (window as unknown as { axe: { run(c: Element, o: object): Promise<{ violations: Found[] }> } }).axe
    const result = await axe.run(document.querySelector('[data-test="saved-calls"]')!, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)
  })
}

async function importFile(name: string, text: string): Promise<void> {
  await test('saved-import').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
}

async function saveCurrentCall(name: string, collectionName: string): Promise<void> {
  await test('executor-save').click()
  await page.locator('input[data-test="save-name"], [data-test="save-name"] input').first().fill(name)
  await test('save-collection').click()
  await page.keyboard.type(collectionName)
  await page.keyboard.press('Enter')
  await test('save-confirm').click()
  await test('save-confirm').waitFor({ state: 'hidden' })
}

describe('Executor: saved calls', () => {
  it('saves a call into a collection, keeps it across a reload, runs, exports, deletes and imports it', async () => {
    await openExecutor()
    await chooseMethod('calc_evaluate')
    await page.locator('[data-test="field-expression"] input').fill('6*7')
    await saveCurrentCall('answer', 'Maths')
    await savedCall('answer').waitFor()
    expect(await collection('Maths').locator('[data-test="saved-call-args"]').innerText()).toBe('expression: 6*7')
    await shot('executor-saved-light')

    // Kept across a reload, and it runs: the picker, the form and Copy as request show it too.
    await page.reload()
    await page.getByRole('tab', { name: 'Executor' }).click()
    await savedCall('answer').waitFor()
    await chooseMethod('text_hash')
    await savedCall('answer').locator('[data-test="saved-call-run"]').click()
    await page.locator('[data-test="executor-result"][data-status="success"]').waitFor()
    expect(await test('executor-result').innerText()).toContain('42')
    expect(await test('executor-method').innerText()).toContain('calc_evaluate')
    expect(await page.locator('[data-test="field-expression"] input').inputValue()).toBe('6*7')
    expect(await test('executor-copy-text').innerText()).toContain('calc_evaluate')

    // Exported: the file is the versioned collection format.
    const file = await downloaded(() => collection('Maths').locator('[data-test="saved-collection-export"]').click())
    expect(file.name).toBe('Maths.vcp-collection.json')
    expect(JSON.parse(file.text)).toEqual({
      format: 'vcp-workbench.collection',
      version: 1,
      name: 'Maths',
      calls: [{ name: 'answer', method: 'calc_evaluate', arguments: { expression: '6*7' } }],
    })

    // Deleted (after a confirmation), then imported back.
    await collection('Maths').locator('[data-test="saved-collection-delete"]').click()
    await page.locator('.el-popconfirm:visible .el-button--primary').click()
    await expect.poll(() => test('saved-collection').count()).toBe(0)
    await importFile('Maths.vcp-collection.json', file.text)
    await savedCall('answer').waitFor()

    // The same file again: the taken name is asked about, and the copy is renamed.
    await importFile('Maths.vcp-collection.json', file.text)
    await test('saved-clash-rename').waitFor()
    await test('saved-clash-rename').click()
    await savedCall('answer (2)').waitFor()
    expect(await collection('Maths').locator('[data-test="saved-call"]').count()).toBe(2)

    // An invalid file changes nothing and names each bad entry.
    const bad = JSON.stringify({
      format: 'vcp-workbench.collection',
      version: 1,
      name: 'Broken',
      calls: [{ name: 'ok', method: 'calc_evaluate', arguments: {} }, { name: 'no method' }, 'text'],
    })
    await importFile('broken.json', bad)
    await test('saved-import-error').waitFor()
    expect(await test('saved-import-problem').allInnerTexts()).toEqual([
      '“Broken”, call at index 1: no method (a routing name such as calc_evaluate)',
      '“Broken”, call at index 2: not an object with "name", "method" and "arguments"',
    ])
    expect(await collection('Broken').count()).toBe(0)
    await shot('executor-saved-import-error-light')
  })

  it('Replay restores the method, the arguments and Copy as request', async () => {
    await openExecutor()
    // The empty panel, as every first visit shows it.
    expect(await panelViolations()).toEqual([])
    await chooseMethod('calc_evaluate')
    await page.locator('[data-test="field-expression"] input').fill('2 ^ 10')
    await run()
    await chooseMethod('text_hash')
    await page.locator('[data-test="field-text"] textarea').fill('hello')
    await run()
    expect(await test('history-item').count()).toBe(2)
    await test('history-item').nth(1).locator('[data-test="history-replay"]').click()
    await expect.poll(() => test('executor-result').innerText()).toContain('1024')
    expect(await test('executor-method').innerText()).toContain('calc_evaluate')
    expect(await page.locator('[data-test="field-expression"] input').inputValue()).toBe('2 ^ 10')
    expect(await test('executor-copy-text').innerText()).toContain('calc_evaluate')
    expect(await test('executor-copy-text').innerText()).toContain('2 ^ 10')
    expect(await test('executor-copy-text').innerText()).not.toContain('text_hash')
  })

  it('saved calls that cannot be read say so, in English and Chinese, light and dark', async () => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem(
        'vcp-workbench:executor-saved-calls',
        JSON.stringify({
          format: 'vcp-workbench.collections',
          version: 1,
          collections: [
            {
              name: 'Files',
              calls: [
                { name: 'tree', method: 'fs_tree', arguments: { path: '/' } },
                { name: 'broken', method: 'fs_read', arguments: 'not an object' },
              ],
            },
            { name: '数学', calls: [{ name: '答案', method: 'calc_evaluate', arguments: { expression: '6*7' } }] },
          ],
        }),
      )
    })
    await openExecutor()
    await test('saved-notice').waitFor()
    expect(await test('saved-notice-problems').innerText()).toBe(
      '"Files" calls[1]: "arguments" is not an object of named arguments',
    )
    expect(await test('saved-call').count()).toBe(2)
    const original = await downloaded(() => test('saved-notice-download').click())
    expect(original.text).toContain('not an object')
    await test('saved-calls').screenshot({ path: screenshotPath('executor-saved-panel-en-light') })
    expect(await panelViolations()).toEqual([])

    await test('theme-switch').click()
    await expect.poll(() => page.locator('html.dark').count()).toBe(1)
    await test('saved-calls').screenshot({ path: screenshotPath('executor-saved-panel-en-dark') })
    expect(await panelViolations()).toEqual([])
    await shot('executor-saved-dark')

    await test('locale-select').click()
    await option('中文').click()
    await expect.poll(() => test('saved-calls').locator('h3').innerText()).toBe('已保存的调用')
    await test('saved-calls').screenshot({ path: screenshotPath('executor-saved-panel-zh-dark') })
    await test('theme-switch').click()
    await expect.poll(() => page.locator('html.dark').count()).toBe(0)
    await test('saved-calls').screenshot({ path: screenshotPath('executor-saved-panel-zh-light') })
    await savedCall('答案').locator('[data-test="saved-call-load"]').click()
    await test('executor-save').click()
    await test('save-confirm').waitFor()
    await shot('executor-save-dialog-zh-light')
  })

  it('an import nested 200,000 deep is refused with its entry named; a refused save says so until one goes through', async () => {
    await openExecutor()
    const depth = 200_000
    const args = `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`
    await importFile(
      'deep.json',
      `{"format": "vcp-workbench.collection", "version": 1, "name": "Deep", "calls": [{"name": "deep", "method": "calc_evaluate", "arguments": ${args}}]}`,
    )
    await test('saved-import-error').waitFor()
    expect(await test('saved-import-problem').allInnerTexts()).toEqual([
      '“Deep”, call at index 0: the arguments nest deeper than 64 levels',
    ])
    expect(await collection('Deep').count()).toBe(0)

    // Storage filled to the last character: the next save is refused, and the page says so with the browser's reason.
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20)
      for (let i = 0; chunk.length > 0; i++) {
        try {
          localStorage.setItem(`filler-${i}`, chunk)
        } catch {
          chunk = chunk.slice(0, chunk.length >> 1)
        }
      }
    })
    await chooseMethod('calc_evaluate')
    await page.locator('[data-test="field-expression"] input').fill('6*7')
    await saveCurrentCall('later', 'Maths')
    await savedCall('later').waitFor()
    await test('saved-not-saved').waitFor()
    expect(await test('saved-not-saved').innerText()).toContain('The browser refused to save the calls')
    expect(await test('saved-not-saved').innerText()).toContain('QuotaExceededError')
    await page.locator('[data-test="persist-notice"]', { hasText: 'Executor form and run history' }).waitFor()
    await shot('executor-saved-not-saved-light')

    // Room again: the next save keeps everything, the one refused before included.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key)
    })
    await saveCurrentCall('after', 'Maths')
    await test('saved-not-saved').waitFor({ state: 'hidden' })
    await page.reload()
    await page.getByRole('tab', { name: 'Executor' }).click()
    await savedCall('after').waitFor()
    expect(await collection('Maths').locator('[data-test="saved-call"]').count()).toBe(2)
    await savedCall('later').waitFor()
  })
})
