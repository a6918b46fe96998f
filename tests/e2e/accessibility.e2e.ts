/**
 * Accessibility in Chromium: axe-core on every pane and dialog, in the light and the dark theme.
 * A serious or critical violation fails the test with what it is and where.
 */
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, newPage, screenshotPath } from './support/browser'

const appUrl = inject('appUrl')
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

/** axe-core's serious and critical findings (WCAG 2.x A and AA, and its best practices) on what is on screen. */
async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  // Colours are checked once nothing fades any more (a closing menu is half transparent).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: {
              id: string
              impact: string | null
              help: string
              nodes: { target: unknown[]; html: string; failureSummary?: string }[]
            }[]
          }>
        }
      }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .slice(0, 8)
          .map((n) => `${n.html.slice(0, 160)} | ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ')}`),
      }))
  })
}

async function openApp(theme: 'light' | 'dark'): Promise<Page> {
  const page = await newPage(browser)
  await page.addInitScript((mode) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem(
      'vcp-workbench:tester',
      JSON.stringify({ version: 1, data: { tab: 'discovery', theme: mode, locale: 'en' } }),
    )
  }, theme)
  await page.goto(appUrl)
  await page.locator('[data-test="tool-card"]').first().waitFor()
  return page
}

/** Every pane and dialog, each checked where a person would see it. */
const VIEWS: { name: string; show(page: Page): Promise<void>; hide?(page: Page): Promise<void> }[] = [
  {
    name: 'discovery',
    show: async (page) => {
      await page.locator('[data-test="tool-card"]').first().click()
      await page.locator('[data-test="tool-detail"]').waitFor()
    },
  },
  { name: 'groups drawer', show: (page) => openDrawer(page, 'open-groups'), hide: closeDrawer },
  { name: 'servers drawer', show: (page) => openDrawer(page, 'open-servers'), hide: closeDrawer },
  {
    name: 'executor',
    show: async (page) => {
      await page.getByRole('tab', { name: 'Executor' }).click()
      await page.locator('[data-test="executor-method"]').waitFor()
    },
  },
  {
    name: 'parser',
    show: async (page) => {
      await page.getByRole('tab', { name: 'Parser' }).click()
      await page.locator('[data-test="parser-samples"]').click()
      await page.locator('.el-dropdown-menu__item:visible').first().click()
      await page.locator('[data-test="request-card"]').first().waitFor()
    },
  },
  {
    name: 'chat',
    show: async (page) => {
      await page.getByRole('tab', { name: 'Chat' }).click()
      await page.locator('[data-test="chat-view"]').waitFor()
    },
  },
  { name: 'endpoints dialog', show: (page) => openDrawer(page, 'open-endpoints'), hide: closeDrawer },
  { name: 'agents dialog', show: (page) => openDrawer(page, 'open-agents'), hide: closeDrawer },
  { name: 'variables drawer', show: (page) => openDrawer(page, 'open-variables'), hide: closeDrawer },
  { name: 'run record drawer', show: (page) => openDrawer(page, 'open-record'), hide: closeDrawer },
]

async function openDrawer(page: Page, button: string): Promise<void> {
  await page.locator(`[data-test="${button}"]:visible`).click()
  // Drawers and dialogs slide in; axe looks once they stand still.
  await page.locator('.el-drawer:visible, .el-dialog:visible').first().waitFor()
  await page.waitForTimeout(400)
}

async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.locator('.el-overlay:visible').first().waitFor({ state: 'hidden' })
}

describe('accessibility (axe-core)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`no serious or critical violation on any pane or dialog, ${theme} theme`, async () => {
      const page = await openApp(theme)
      const found: Record<string, Violation[]> = {}
      try {
        for (const view of VIEWS) {
          await view.show(page)
          const seen = await violations(page)
          if (seen.length > 0) {
            found[view.name] = seen
            await page.screenshot({ path: screenshotPath(`axe-${theme}-${view.name.replace(/ /g, '-')}`) })
          }
          await view.hide?.(page)
        }
        await page.screenshot({ path: screenshotPath(`axe-${theme}-last`) })
      } finally {
        await page.close()
      }
      expect(found).toEqual({})
    }, 120_000)
  }
})
