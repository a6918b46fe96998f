/**
 * The built-in tools' browser backends in real Chromium: the Web Worker sandbox and the
 * IndexedDB file store, loaded from the dev server exactly as the app loads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startWorkbench, type Workbench } from './support/browser'

let workbench: Workbench
let page: Page

beforeAll(async () => {
  workbench = await startWorkbench()
  page = await workbench.newPage()
  await page.goto(workbench.url)
})

afterAll(async () => {
  await workbench?.close()
})

/** Runs a request against the browser built-ins through the real executor, in the page. */
async function call(toolName: string, args: Record<string, string>, timeout = 10_000): Promise<{ status: string; result: string }> {
  // A string, not a function: the test runner would rewrite import() inside a function.
  const script = `(async () => {
    const core = await import('/src/core/index.ts')
    const tools = await import('/src/tools/browser/index.ts')
    const registry = core.createToolRegistryManager()
    for (const tool of tools.createBrowserBuiltinTools({ databaseName: 'e2e-files' })) registry.register(tool)
    const request = core.directRequest(${JSON.stringify(toolName)}, ${JSON.stringify(args)}, 'e2e')
    const result = await core.executeToolRequest(request, { registry, timeout: ${timeout} })
    return { status: result.status, result: result.result }
  })()`
  return page.evaluate(script) as Promise<{ status: string; result: string }>
}

describe('Web Worker sandbox', () => {
  it('evaluates code and returns the console', async () => {
    const result = await call('js_evaluate', { code: 'console.log("hi", [1]); [3, 1, 2].sort()' })
    expect(result.status).toBe('success')
    expect(JSON.parse(result.result)).toEqual({ value: '[1,2,3]', logs: ['hi [1]'] })
  })

  it('has no page, no network and no storage', async () => {
    const probe = `JSON.stringify({
      document: typeof globalThis.document,
      window: typeof window,
      process: typeof process,
      fetch: typeof fetch,
      xhr: typeof XMLHttpRequest,
      indexedDB: typeof indexedDB,
      caches: typeof caches,
      navigator: typeof navigator,
      importScripts: typeof importScripts,
      viaFunction: Function('return typeof this.indexedDB')(),
    })`
    const result = await call('js_evaluate', { code: probe })
    expect(result.status).toBe('success')
    expect(JSON.parse((JSON.parse(result.result) as { value: string }).value)).toEqual({
      document: 'undefined',
      window: 'undefined',
      process: 'undefined',
      fetch: 'undefined',
      xhr: 'undefined',
      indexedDB: 'undefined',
      caches: 'undefined',
      navigator: 'undefined',
      importScripts: 'undefined',
      viaFunction: 'undefined',
    })
  })

  it('is killed at its timeout', async () => {
    expect(await call('js_evaluate', { code: 'while (true) {}', timeoutMs: '300' })).toEqual({
      status: 'error',
      result: '"js_evaluate" failed: timed out after 300 ms; the sandbox was terminated',
    })
  })
})

describe('IndexedDB file store', () => {
  it('persists files across a reload', async () => {
    expect((await call('fs_write', { path: '/e2e/note.md', content: '世界 persists' })).status).toBe('success')
    await page.reload()
    expect(await call('fs_read', { path: '/e2e/note.md' })).toEqual({ status: 'success', result: '世界 persists' })
    expect((await call('fs_tree', { path: '/e2e' })).result).toBe('/e2e/\n└── note.md (15 B)')
    expect((await call('fs_delete', { path: '/e2e', recursive: 'true' })).status).toBe('success')
    expect(await call('fs_read', { path: '/e2e/note.md' })).toEqual({ status: 'error', result: '"fs_read" failed: "/e2e/note.md" does not exist.' })
  })
})
