/**
 * The package as another project gets it: packed with `npm pack`, installed from the tarball
 * into a fresh temporary project (its dependencies from the npm registry), then used with plain
 * `node` (no tsx), type-checked under `strict`, and built into examples/embed-chat, which
 * Chromium drives through a tool round with an approval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { launchChromium, SCREENSHOTS } from '../e2e/support/browser'

const run = promisify(execFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
/** Packages the workbench app needs and the library must not bring. */
const APP_ONLY = ['element-plus', 'monaco-editor', 'pinia', 'markdown-it', 'vue-i18n', 'echarts']
const VUE_VERSION = (JSON.parse(readFileSync('node_modules/vue/package.json', 'utf8')) as { version: string }).version

describe('the installable package', () => {
  const project = mkdtempSync(join(tmpdir(), 'vcp-consumer-'))
  let llm: MockLlm
  let installedBytes = 0
  let tarballName = ''
  beforeAll(async () => {
    llm = await startMockLlm()
    const { stdout } = await run(npm, ['pack', '--silent', '--pack-destination', project], {
      cwd: resolve('.'),
      maxBuffer: 16 * 1024 * 1024,
    })
    tarballName = stdout.trim().split('\n').pop() as string
    const tarball = join(project, tarballName)
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
      cwd: project,
      maxBuffer: 16 * 1024 * 1024,
    })
    // The size and the app-only check are of the package alone; a Vue consumer adds Vue after.
    installedBytes = sizeOf(join(project, 'node_modules'))
    await run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', `vue@${VUE_VERSION}`], {
      cwd: project,
      maxBuffer: 16 * 1024 * 1024,
    })
  }, 300_000)
  afterAll(async () => {
    await llm?.close()
  })

  it('installs without the app-only packages, and says how large it is', () => {
    const modules = join(project, 'node_modules')
    expect(existsSync(join(modules, 'vcp-workbench', 'dist', 'index.js'))).toBe(true)
    for (const name of APP_ONLY) expect(existsSync(join(modules, name)), name).toBe(false)
    console.log(`consumer node_modules with the package installed: ${(installedBytes / 1024 / 1024).toFixed(1)} MB`)
    expect(installedBytes).toBeGreaterThan(0)
  })

  it('runs examples/node-agent.mjs with plain node, against an OpenAI-compatible server, to a final answer', async () => {
    // The example as it is in the repository, run where a user would run it.
    copyFileSync(resolve('examples/node-agent.mjs'), join(project, 'agent.mjs'))
    const { stdout } = await run(
      process.execPath,
      ['agent.mjs', llm.baseUrl, 'vcp-two-rounds', 'What is 6 * 7, and what is "VCP Workbench" in base64?'],
      { cwd: project },
    )
    const out = JSON.parse(stdout.trim()) as { status: string; rounds: number; content: string }
    expect(out.status).toBe('completed')
    expect(out.rounds).toBe(3)
    expect(out.content).toContain('VkNQIFdvcmtiZW5jaA==')
  }, 60_000)

  it('scores a captured reply with the eval entry under plain node', async () => {
    writeFileSync(
      join(project, 'score.mjs'),
      `import { scoreReply } from 'vcp-workbench/eval'
const testCase = {
  id: 'simple_0',
  category: 'simple',
  messages: [{ role: 'user', content: 'The factorial of 5?' }],
  functions: [{ name: 'math.factorial', parameters: { type: 'dict', properties: { number: { type: 'integer' } }, required: ['number'] } }],
  expected: [{ 'math.factorial': { number: [5] } }],
}
const right = scoreReply(testCase, { result: '[math.factorial(number=5)]' })
const wrong = scoreReply(testCase, { result: [{ math_factorial: { number: 6 } }] })
console.log(JSON.stringify({ right: right.valid, wrong: wrong.errorType }))
`,
    )
    const { stdout } = await run(process.execPath, ['score.mjs'], { cwd: project })
    expect(JSON.parse(stdout.trim())).toEqual({ right: true, wrong: 'value_error:others' })
  }, 60_000)

  it('type-checks a Vue consumer that imports every entry, with vue-tsc under strict', async () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createToolRegistryManager, parseToolRequests, planCall, type CallPlan } from 'vcp-workbench'
import { createNodeBuiltinTools } from 'vcp-workbench/tools/node'
import { createBrowserBuiltinTools } from 'vcp-workbench/tools/browser'
import { parseMcpConfig } from 'vcp-workbench/mcp'
import { nodeMcpTransport } from 'vcp-workbench/mcp/node'
import { summarize, type EvalSummary } from 'vcp-workbench/eval'

export const emptySummary: EvalSummary = summarize([])
const registry = createToolRegistryManager()
for (const tool of createNodeBuiltinTools({ folder: './files' })) registry.register(tool)
const [request] = parseToolRequests('<<<[TOOL_REQUEST]>>>\\ntool_name:「始」calc_evaluate「末」,\\nexpression:「始」1+1「末」\\n<<<[END_TOOL_REQUEST]>>>').requests
const plan: CallPlan | undefined = request ? planCall(request, { registry }) : undefined
export const verdict: string = plan?.verdict ?? 'none'
export const browserToolIds: string[] = createBrowserBuiltinTools({ databaseName: 'consumer' }).map((tool) => tool.id)
export { parseMcpConfig, nodeMcpTransport }
`,
    )
    writeFileSync(
      join(project, 'Tools.vue'),
      `<script setup lang="ts">
import { computed } from 'vue'
import { useChatRun, useToolCalling } from 'vcp-workbench/vue'
import type { PendingApproval } from 'vcp-workbench'

const { getDiscoveredMethods, registryVersion } = useToolCalling()
const count = computed<number>(() => (registryVersion.value, getDiscoveredMethods().reduce((n, tool) => n + tool.methods.length, 0)))
const chat = useChatRun()
const waiting = computed<PendingApproval[]>(() => chat.pending.value)
</script>

<template>
  <p>{{ count }} methods, {{ chat.rounds.value.length }} rounds</p>
  <button v-for="question in waiting" :key="question.id" @click="chat.approve(question.id)">Approve {{ question.call.toolName }}</button>
</template>
`,
    )
    writeFileSync(
      join(project, 'env.d.ts'),
      "declare module '*.vue' { import type { DefineComponent } from 'vue'; const c: DefineComponent; export default c }\n",
    )
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM'],
          skipLibCheck: true,
          types: [],
        },
        files: ['consumer.ts', 'Tools.vue', 'env.d.ts'],
      }),
    )
    const vueTsc = resolve('node_modules/vue-tsc/bin/vue-tsc.js')
    const result = await run(process.execPath, [vueTsc, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(result).toBe('')
    // It would have said so: a wrong type in the consumer is an error.
    writeFileSync(
      join(project, 'wrong.ts'),
      "import { planCall } from 'vcp-workbench'\nexport const n: number = planCall\n",
    )
    writeFileSync(
      join(project, 'tsconfig.wrong.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['wrong.ts'] }),
    )
    const wrong = await run(process.execPath, [vueTsc, '-p', 'tsconfig.wrong.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(wrong).toContain('wrong.ts')
  }, 120_000)

  it('examples/embed-chat installs the packed package, builds with Vite, and runs a tool round with an approval in Chromium', async () => {
    // The example as it is in the repository, next to the tarball as its package.json expects it.
    const example = join(project, 'examples', 'embed-chat')
    cpSync(resolve('examples/embed-chat'), example, {
      recursive: true,
      filter: (path) => !/[\\/](node_modules|dist)$/.test(path),
    })
    const wanted = (
      JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    ).dependencies['vcp-workbench']
    expect(wanted, 'the example installs the tarball npm pack writes').toBe(`file:../../${tarballName}`)
    await run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: example,
      maxBuffer: 16 * 1024 * 1024,
    })
    for (const name of APP_ONLY) expect(existsSync(join(example, 'node_modules', name)), name).toBe(false)
    // Its own code type-checks under strict against the package's types, then builds.
    const typeErrors = await run(
      process.execPath,
      [resolve('node_modules/vue-tsc/bin/vue-tsc.js'), '-p', 'tsconfig.json'],
      { cwd: example },
    ).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(typeErrors).toBe('')
    await run(process.execPath, [join(example, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: example,
      maxBuffer: 16 * 1024 * 1024,
    })

    const site = await serveStatic(join(example, 'dist'))
    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 800 } })
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${site.url}/?baseUrl=${encodeURIComponent(llm.baseUrl)}&model=embed-todo`)
      await page.fill('[data-test=input]', 'What is 6 * 7? Put apples on my list.')
      await page.click('[data-test=send]')
      // The app's own tool asks; the built-in calls before it have run by then.
      const approve = page.locator('[data-test=approve]')
      await approve.waitFor({ timeout: 20_000 })
      await page.screenshot({ path: join(SCREENSHOTS, 'embed-chat-approval.png') })
      expect(
        await page.locator('[data-test=live] [data-test=card][data-state=awaiting-approval]').textContent(),
      ).toContain('todo_add')
      expect(await page.locator('[data-test=todos]').textContent()).toContain('nothing yet')
      await approve.click()
      await page.locator('[data-test=send]').waitFor({ timeout: 20_000 })
      const results = await page.locator('[data-test=result]').allTextContents()
      expect(results).toHaveLength(3)
      expect(results[0]).toContain('42')
      // The sandbox's Web Worker, loaded from the package by the example's own build.
      expect(results[1]).toContain('2-4-6')
      expect(results[2]).toContain('Added "Buy 42 apples"')
      expect(await page.locator('[data-test=todos]').textContent()).toContain('Buy 42 apples')
      const answer = (await page.locator('[data-test=turn].assistant').last().textContent()) ?? ''
      expect(answer).toContain('Done. What the tools said')
      expect(answer).toContain('Buy 42 apples')
      await page.screenshot({ path: join(SCREENSHOTS, 'embed-chat-answer.png') })
      expect(errors).toEqual([])
    } finally {
      await browser.close()
      await new Promise((done) => site.server.close(done))
    }
  }, 400_000)
})

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** The built example, as any static host serves it (loopback only). */
async function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
    const file = join(root, path === '/' ? 'index.html' : path)
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

function sizeOf(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0)
}
