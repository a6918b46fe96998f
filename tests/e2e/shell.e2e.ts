/** The workbench page in Chromium: paste, parse, run against the browser built-ins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { SCREENSHOTS, startWorkbench, type Workbench } from './support/browser'

let workbench: Workbench
let page: Page

beforeAll(async () => {
  workbench = await startWorkbench()
  page = await workbench.newPage()
})

afterAll(async () => {
  await workbench?.close()
})

describe('workbench shell', () => {
  it('runs the sample reply against the built-in tools', async () => {
    await page.goto(workbench.url)
    await page.getByRole('button', { name: 'Run requests' }).click()
    const results = page.locator('[data-test="result-card"]')
    await results.nth(2).waitFor()
    expect(await results.count()).toBe(3)
    expect(await results.nth(1).innerText()).toContain('- try the workbench')
    expect(await results.nth(2).innerText()).toContain('"result": 14')
    await page.screenshot({ path: join(SCREENSHOTS, 'shell-run.png'), fullPage: true })
  })

  it('a pasted block that calls the sandbox runs in a Web Worker', async () => {
    await page.goto(workbench.url)
    const reply = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」js_evaluate「末」,\ncode:「始」console.log(typeof document); [1, 2, 3].map(x => x * 10)「末」\n<<<[END_TOOL_REQUEST]>>>'
    await page.locator('textarea[data-test="reply-input"]').fill(reply)
    await page.getByRole('button', { name: 'Run requests' }).click()
    const result = page.locator('[data-test="result-card"]').first()
    await result.waitFor()
    const text = await result.innerText()
    expect(text).toContain('success')
    expect(text).toContain('"value": "[10,20,30]"')
    expect(text).toContain('"undefined"')
  })
})
