// `npm run bench:ui`: the tester's figures in Debian's Chromium, against a production build.
//  - the first-load JavaScript (gzip), and proof that Monaco is not in it;
//  - with 5,000 synthetic methods, the time from a keystroke in Discovery search to the next frame
//    after the list changed (median of 20 keystrokes);
//  - the chat receiving a 30,000-character Markdown answer from the scripted server in small pieces
//    1 ms apart: how long until it is done, and the longest frame on the way.
// Run with tsx, so the scripted server and the chat model are imported as they are.
import { build, preview } from 'vite'
import { startMockLlm } from './mock-llm/server.ts'
import { defaultChatState } from '../src/chat/model.ts'
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const outDir = resolve('.bench/ui-dist')
await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } })

const html = readFileSync(join(outDir, 'index.html'), 'utf8')
const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1]
const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1])
const firstLoad = [entry, ...preloads]
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
const gz = (file) => gzipSync(readFileSync(join(outDir, file))).length
const assets = readdirSync(join(outDir, 'assets'))
const monacoChunk = assets.find((f) => f.startsWith('editor.api') && f.endsWith('.js'))
const monacoInFirstLoad = firstLoad.some((file) => readFileSync(join(outDir, file), 'utf8').includes('MonacoEnvironment.getWorker') || file === `assets/${monacoChunk}`)

console.log(`Node ${process.version}; Chromium at /usr/bin/chromium; production build in ${outDir}`)
console.log('\nFirst load')
console.log(`  main chunk ${entry}: ${kb(gz(entry))} gzip (${kb(readFileSync(join(outDir, entry)).length)} raw)`)
for (const file of preloads) console.log(`  preloaded ${file}: ${kb(gz(file))} gzip`)
console.log(`  Monaco in the first load: ${monacoInFirstLoad ? 'YES' : 'no'}; its chunk ${monacoChunk ?? '(not found)'} is ${monacoChunk ? kb(gz(`assets/${monacoChunk}`)) : '?'} gzip, loaded when an editor opens`)

const server = await preview({ configFile: resolve('vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 4299, strictPort: false } })
const url = server.resolvedUrls.local[0]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'] })
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.goto(`${url}?synthetic=5000`)
  await page.locator('[data-test="tool-card"]').first().waitFor()
  const counted = await page.locator('[data-test="discovery-count"]').innerText()
  // keydown -> the list's DOM changes -> the next animation frame: the update is on screen.
  await page.evaluate(() => {
    const w = window
    w.__latencies = []
    let pending = null
    document.addEventListener('keydown', (event) => {
      // Only keys that type a character: Control+A selects, it does not search.
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) pending = event.timeStamp
    }, true)
    const list = document.querySelector('.discovery')
    new MutationObserver(() => {
      if (pending === null) return
      const start = pending
      pending = null
      requestAnimationFrame(() => w.__latencies.push(performance.now() - start))
    }).observe(list, { subtree: true, childList: true, characterData: true })
  })
  const input = page.locator('input[data-test="discovery-search"]')
  await input.click()
  // Each keystroke replaces the query with one character, so every one changes the list.
  const keys = 'syn1234567890abcdefg'.split('').slice(0, 20)
  for (const key of keys) {
    await page.keyboard.press('Control+A')
    await page.keyboard.press(key)
    await page.waitForTimeout(150)
  }
  const latencies = await page.evaluate(() => window.__latencies)
  const sorted = [...latencies].sort((a, b) => a - b)
  const median = sorted[sorted.length >> 1]
  console.log(`\nDiscovery search with 5,000 synthetic methods (${counted})`)
  console.log(`  keystroke -> list updated on screen: median ${median.toFixed(1)} ms over ${latencies.length} keystrokes (${sorted[0].toFixed(1)}-${sorted[sorted.length - 1].toFixed(1)} ms)`)

  await chatFigures(url)
} finally {
  await browser.close()
  await server.close()
}

/** A long streamed answer in the chat: time to done, frames, the longest frame. */
async function chatFigures(appUrl) {
  const llm = await startMockLlm()
  try {
    const state = defaultChatState()
    state.profiles.push({ id: 'mock', name: 'Mock', kind: 'openai', baseUrl: llm.baseUrl, apiKey: '', model: 'long-reply', temperature: null, maxTokens: null })
    state.sessions[0].profileId = 'mock'
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    await page.addInitScript((chat) => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('vcp-workbench:chat', JSON.stringify({ version: 1, data: chat }))
      localStorage.setItem('vcp-workbench:tester', JSON.stringify({ version: 1, data: { tab: 'chat', theme: 'light', locale: 'en' } }))
    }, state)
    await page.goto(appUrl)
    await page.locator('[data-test="chat-view"]').waitFor()
    await page.locator('textarea[data-test="chat-input"]').fill('Explain the cache change in detail.')
    // Frames are timed from the click until the answer is marked done.
    await page.evaluate(() => {
      const w = window
      w.__frames = []
      let last = performance.now()
      const tick = (now) => {
        w.__frames.push(now - last)
        last = now
        if (!w.__chatDone) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
      w.__chatStart = performance.now()
    })
    await page.locator('[data-test="chat-send"]').click()
    const assistant = page.locator('[data-test="chat-message"][data-role="assistant"]').last()
    await assistant.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 120_000 })
    const result = await page.evaluate(() => {
      const w = window
      w.__chatDone = true
      return { ms: performance.now() - w.__chatStart, frames: w.__frames.slice(1) }
    })
    const chars = (await assistant.innerText()).length
    const frames = [...result.frames].sort((a, b) => a - b)
    const over = (limit) => result.frames.filter((f) => f > limit).length
    console.log(`\nChat: a ${chars.toLocaleString('en-US')}-character Markdown answer streamed in 1-13-character pieces, 1 ms apart`)
    console.log(`  send -> done: ${(result.ms / 1000).toFixed(2)} s, ${result.frames.length} frames`)
    console.log(`  frames: median ${frames[frames.length >> 1].toFixed(1)} ms, longest ${frames[frames.length - 1].toFixed(1)} ms, ${over(50)} over 50 ms, ${over(100)} over 100 ms`)
    await context.close()
  } finally {
    await llm.close()
  }
}
