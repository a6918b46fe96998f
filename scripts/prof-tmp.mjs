import { preview } from 'vite'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
const server = await preview({ configFile: resolve('vite.config.ts'), logLevel: 'warn', build: { outDir: resolve('.bench/prof-dist') }, preview: { host: '127.0.0.1', port: 4297 } })
const url = server.resolvedUrls.local[0]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
await context.grantPermissions(['clipboard-read', 'clipboard-write'])
const page = await context.newPage()
await page.addInitScript(() => localStorage.setItem('vcp-workbench:tester', JSON.stringify({ version: 1, data: { tab: 'parser', theme: 'light', locale: 'en' } })))
await page.goto(url)
const editor = page.locator('[data-test="editor-parser-reply"][data-ready="true"] .monaco-editor')
await editor.waitFor()
await editor.click()
await page.keyboard.press('Control+A')
let reply = ''; const block = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+1「末」\n<<<[END_TOOL_REQUEST]>>>\n'
for (let n = 0; reply.length < 200_000; n++) reply += `Step ${n}: 一些说明文字。\n${block}`
await page.evaluate((text) => navigator.clipboard.writeText(text), reply)
const cdp = await context.newCDPSession(page)
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start')
const mode = process.argv[2] ?? 'paste'
if (mode === 'answer') {
  await page.evaluate(() => {
    document.addEventListener('keydown', (e) => { if (e.ctrlKey && e.key.toLowerCase() === 'v') window.__at = e.timeStamp }, true)
    new MutationObserver((_, o) => { const s = document.querySelector('[data-test="parser-summary"]')?.textContent ?? ''; if (window.__at === undefined || !/\d{4} requests/.test(s) || !document.querySelector('[data-test="request-card"]')) return; o.disconnect(); requestAnimationFrame(() => (window.__done = performance.now() - window.__at)) }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await page.keyboard.press('Control+V')
  await page.waitForFunction(() => window.__done !== undefined)
  console.log('answered in', await page.evaluate(() => window.__done))
} else if (mode === 'paste') {
  await page.keyboard.press('Control+V')
  await page.locator('[data-test="request-card"]').first().waitFor({ timeout: 30000 })
  await page.waitForTimeout(300)
} else {
  await page.keyboard.press('Control+V')
  await page.locator('[data-test="request-card"]').first().waitFor({ timeout: 30000 })
  await page.waitForTimeout(1500)
  await cdp.send('Profiler.stop'); await cdp.send('Profiler.start')
  await page.keyboard.press('Control+End')
  for (const k of 'abcdefgh') { await page.keyboard.press(k); await page.waitForTimeout(100) }
}
const { profile } = await cdp.send('Profiler.stop')
const self = new Map(); const byId = new Map(profile.nodes.map(n => [n.id, n]))
const dt = profile.timeDeltas; const counts = new Map()
profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)))
for (const [id, t] of counts) { const n = byId.get(id); const f = n.callFrame; const key = process.argv[3] === 'files' ? f.url.split('/').pop() || f.functionName : `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`; self.set(key, (self.get(key) ?? 0) + t) }
const total = [...self.values()].reduce((a, b) => a + b, 0)
console.log('total ms', (total / 1000).toFixed(0))
;[...self].sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([k, v]) => console.log((v / 1000).toFixed(1).padStart(8), k))
await browser.close(); await server.close()
