/**
 * The built-in tools' browser backends in real Chromium: the Web Worker sandbox and the
 * IndexedDB file store, loaded from the dev server exactly as the app loads them.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startWorkbench, type Workbench } from './support/browser'

let workbench: Workbench
let page: Page
/** A loopback service without CORS, as an attacker would aim at: it counts every request it gets. */
let bait: Server
let baitUrl = ''
const baitHits: string[] = []

beforeAll(async () => {
  workbench = await startWorkbench()
  page = await workbench.newPage()
  await page.goto(workbench.url)
  bait = createServer((request, response) => {
    baitHits.push(request.url ?? '')
    const json = request.url?.endsWith('.json')
    response.writeHead(200, {
      'content-type': json ? 'application/json' : 'text/javascript',
      'access-control-allow-origin': '*',
    })
    response.end(json ? '{"secret": 1}' : 'export default 1; globalThis.__escaped = true')
  })
  await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve))
  baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`
})

afterAll(async () => {
  await workbench?.close()
  await new Promise((resolve) => bait?.close(resolve))
})

/** Runs a request against the browser built-ins through the real executor, in the page. */
async function call(
  toolName: string,
  args: Record<string, string>,
  timeout = 10_000,
): Promise<{ status: string; result: string }> {
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

  it('is stopped at its timeout, with status timeout', async () => {
    expect(await call('js_evaluate', { code: 'while (true) {}', timeoutMs: '300' })).toEqual({
      status: 'timeout',
      result: '"js_evaluate" timed out: timed out after 300 ms; the sandbox stopped the code',
    })
  })

  it('reaches no network: import(), JSON modules, FontFace and constructor chains send nothing (import() and FontFace did)', async () => {
    const routes = [
      `import(${JSON.stringify(baitUrl + '/x.js')}).then(m => m.default)`,
      `import(${JSON.stringify(baitUrl + '/x.json')}, { with: { type: 'json' } }).then(m => m.default.secret)`,
      `import(${JSON.stringify(workbench.url + 'llm-proxy/1/v1/models')})`,
      `new FontFace('f', 'url(${baitUrl}/font.woff)').load()`,
      `Function('return typeof fetch + typeof FontFace + typeof importScripts + typeof self')()`,
      `import('x').catch(e => e.constructor.constructor('return typeof self')())`,
    ]
    for (const code of routes) {
      const result = await call('js_evaluate', { code, timeoutMs: '2000' })
      expect(result.result).not.toMatch(/secret|"1"/)
      if (result.status === 'success') expect(JSON.parse(result.result).value).toMatch(/^"?(undefined)+"?$/)
    }
    // Give anything that did get out time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(baitHits).toEqual([])
  })

  it('memory bombs end that call only; the page and the next call carry on', async () => {
    for (const code of [
      'new Array(1e9).fill(0)',
      '[...Array(3e7)]',
      'new ArrayBuffer(1.5e9)',
      'const m = new Map(); for (let i = 0; ; i++) m.set(i, [i, i, i, i])',
    ]) {
      const result = await call('js_evaluate', { code, timeoutMs: '15000' }, 30_000)
      expect(result).toMatchObject({ status: 'error' })
      expect(result.result).toMatch(/memory limit reached/)
    }
    expect(await call('js_evaluate', { code: '6 * 7' })).toMatchObject({ status: 'success' })
    expect(await page.evaluate('1 + 1')).toBe(2)
  })
})

describe('regular expressions off the main thread', () => {
  it('text_regexTest matches in a worker; a long match is stopped at the timeout and the page never waits', async () => {
    const ok = await call('text_regexTest', { pattern: '(\\d+)-(?<word>\\w+)', input: '12-ab 7-c' })
    expect(JSON.parse(ok.result)).toMatchObject({
      count: 2,
      matches: [{ match: '12-ab', named: { word: 'ab' } }, { match: '7-c' }],
    })
    const pattern = Array.from({ length: 400 }, (_, k) => `w${k}`).join('|')
    const slow = page.evaluate(`(async () => {
      const core = await import('/src/core/index.ts')
      const tools = await import('/src/tools/browser/index.ts')
      const registry = core.createToolRegistryManager()
      for (const tool of tools.createBrowserBuiltinTools({ databaseName: 'e2e-files' })) registry.register(tool)
      const request = core.directRequest('text_regexTest', { pattern: ${JSON.stringify(pattern)}, input: 'w'.repeat(200000) }, 'slow')
      const order = []
      const pending = core.executeToolRequest(request, { registry, timeout: 100 }).then((result) => (order.push('result'), result))
      // A timer set now fires while the match runs, unless the match holds the main thread.
      setTimeout(() => order.push('timer'), 1)
      const result = await pending
      return { order, status: result.status }
    })()`) as Promise<{ order: string[]; status: string }>
    expect(await slow).toEqual({ order: ['timer', 'result'], status: 'timeout' })
  })
})

describe('IndexedDB file store', () => {
  it('persists files across a reload', async () => {
    expect((await call('fs_write', { path: '/e2e/note.md', content: '世界 persists' })).status).toBe('success')
    await page.reload()
    expect(await call('fs_read', { path: '/e2e/note.md' })).toEqual({ status: 'success', result: '世界 persists' })
    expect((await call('fs_tree', { path: '/e2e' })).result).toBe('/e2e/\n└── note.md (15 B)')
    expect((await call('fs_delete', { path: '/e2e', recursive: 'true' })).status).toBe('success')
    expect(await call('fs_read', { path: '/e2e/note.md' })).toEqual({
      status: 'error',
      result: '"fs_read" failed: "/e2e/note.md" does not exist.',
    })
  })
})

describe('saved variables in IndexedDB', () => {
  it('unreadable entries (null, wrong types) are skipped and said; the readable ones load (a null threw and lost the rest)', async () => {
    const script = `(async () => {
      const idb = await import('/src/tools/browser/idb.ts')
      const saved = await import('/src/saved-chats/saved-variables.ts')
      const core = await import('/src/core/index.ts')
      const db = await idb.openDatabase('vcp-workbench-variables', 'sessions')
      const good = { name: 'kept', value: 'v', type: 'user', tags: [], keep: false, createdAt: 1 }
      await idb.promised(db.transaction('sessions', 'readwrite').objectStore('sessions').put([null, good, { name: 5 }, { ...good, name: 'also', value: null }], 'e2e-session'))
      const store = core.createVariableStore()
      const errors = []
      saved.keepVariablesSaved('e2e-session', store, (message) => errors.push(message))
      for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
      return { names: store.list().map((v) => v.name), errors }
    })()`
    expect(await page.evaluate(script)).toEqual({
      names: ['kept'],
      errors: ['3 saved variables of this session could not be read and were skipped; the others were loaded.'],
    })
  })
})
