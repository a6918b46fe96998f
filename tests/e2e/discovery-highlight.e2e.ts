/**
 * Search highlights in Discovery's cards, as Chromium paints them. A card's description is one line
 * ending in an ellipsis; a match the ellipsis cuts off once left its background behind, an empty
 * coloured box after the "…".
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContextPage, screenshotPath } from './support/browser'

const appUrl = inject('appUrl')
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  ;({ context, page } = await newContextPage(browser))
  await page.goto(appUrl)
  await page.locator('[data-test="tool-card"]').first().waitFor()
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
})

/** Shows only the card of `tool` whose description matches `query`, and returns its description line. */
async function search(query: string, tool: string) {
  await page.locator('input[data-test="discovery-search"]').fill(query)
  await expect.poll(() => page.locator('[data-test="tool-card"]').count()).toBe(1)
  const card = page.locator(`[data-test="tool-card"][data-tool="${tool}"]`)
  await card.locator('.tool-card__desc mark').first().waitFor({ state: 'attached' })
  return card.locator('.tool-card__desc')
}

/**
 * How many pixels of a screenshot of the description are the highlight's colour: read back in the
 * page from the PNG, against the colour a mark is drawn in.
 */
async function highlightPixels(description: ReturnType<Page['locator']>): Promise<number> {
  const png = (await description.screenshot()).toString('base64')
  return description.evaluate(async (element, data) => {
    const mark = element.querySelector('mark')
    const colour = (getComputedStyle(mark as Element).backgroundColor.match(/\d+/g) ?? []).map(Number)
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob())
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.drawImage(bitmap, 0, 0)
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data
    let count = 0
    for (let i = 0; i < pixels.length; i += 4) {
      if ([0, 1, 2].every((c) => Math.abs((pixels[i + c] ?? 0) - (colour[c] ?? -99)) <= 4)) count++
    }
    return count
  }, png)
}

describe('Discovery highlights', () => {
  it('a match inside the visible description is drawn highlighted', async () => {
    const description = await search('groups', 'text')
    expect(await highlightPixels(description)).toBeGreaterThan(50)
  })

  it('a match the ellipsis cuts off leaves no empty coloured box (one was drawn after the "…")', async () => {
    // "SHA" in the text tool's description starts where its line is cut at this size.
    const description = await search('sha', 'text')
    await description.screenshot({ path: screenshotPath('discovery-highlight-cut-off') })
    expect(await highlightPixels(description)).toBe(0)
  })
})
