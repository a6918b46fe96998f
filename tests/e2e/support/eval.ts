/** Steps of the Eval pane that several browser tests take. */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** Adds an OpenAI-compatible server as a chat endpoint through the pane's Endpoints dialog, with `model` saved. */
export async function addEvalEndpoint(page: Page, baseUrl: string, model: string): Promise<void> {
  const test = (id: string) => page.locator(`[data-test="${id}"]`)
  await test('eval-endpoints').click()
  const dialog = test('endpoint-dialog')
  await dialog.locator('[data-test="add-endpoint"]').click()
  await dialog.locator('input[data-test="endpoint-name"]').fill('Mock')
  await dialog.locator('input[data-test="endpoint-base-url"]').fill(baseUrl)
  await dialog.locator('[data-test="test-connection"]').click()
  await expect.poll(() => dialog.locator('[data-test="connection-result"]').innerText()).toMatch(/Connected/)
  await dialog.locator('[data-test="endpoint-model"]').click()
  await page.keyboard.type(model)
  await page.locator('.el-select-dropdown__item:visible', { hasText: model }).first().click()
  await page.locator('.el-dialog:visible .el-dialog__headerbtn').click()
  await expect.poll(() => dialog.isVisible()).toBe(false)
}

/** Chooses the protocols of the next run (the checkboxes start as saved). */
export async function chooseEvalProtocols(page: Page, wanted: string[]): Promise<void> {
  for (const protocol of ['vcp', 'json', 'xml', 'hermes', 'native', 'raw']) {
    const box = page.locator(`[data-test="eval-protocol-${protocol}"]`)
    const checked = (await box.getAttribute('class'))?.includes('is-checked') ?? false
    if (checked !== wanted.includes(protocol)) await box.click()
  }
}
