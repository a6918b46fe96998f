/**
 * The package as another project gets it: packed with `npm pack`, installed from the tarball
 * into a fresh temporary project (its dependencies from the npm registry), then used with plain
 * `node` (no tsx) and type-checked under `strict`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

const run = promisify(execFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
/** Packages the workbench app needs and the library must not bring. */
const APP_ONLY = ['element-plus', 'monaco-editor', 'pinia', 'markdown-it', 'vue-i18n']
const VUE_VERSION = (JSON.parse(readFileSync('node_modules/vue/package.json', 'utf8')) as { version: string }).version

describe('the installable package', () => {
  const project = mkdtempSync(join(tmpdir(), 'vcp-consumer-'))
  let llm: MockLlm
  let installedBytes = 0
  beforeAll(async () => {
    llm = await startMockLlm()
    const { stdout } = await run(npm, ['pack', '--silent', '--pack-destination', project], { cwd: resolve('.'), maxBuffer: 16 * 1024 * 1024 })
    const tarball = join(project, stdout.trim().split('\n').pop() as string)
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: project, maxBuffer: 16 * 1024 * 1024 })
    // The size and the app-only check are of the package alone; a Vue consumer adds Vue after.
    installedBytes = sizeOf(join(project, 'node_modules'))
    await run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', `vue@${VUE_VERSION}`], { cwd: project, maxBuffer: 16 * 1024 * 1024 })
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
    const { stdout } = await run(process.execPath, ['agent.mjs', llm.baseUrl, 'vcp-two-rounds', 'What is 6 * 7, and what is "VCP Workbench" in base64?'], { cwd: project })
    const out = JSON.parse(stdout.trim()) as { status: string; rounds: number; content: string }
    expect(out.status).toBe('completed')
    expect(out.rounds).toBe(3)
    expect(out.content).toContain('VkNQIFdvcmtiZW5jaA==')
  }, 60_000)

  it('type-checks a Vue consumer that imports every entry, with vue-tsc under strict', async () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createToolRegistryManager, parseToolRequests, planCall, type CallPlan } from 'vcp-workbench'
import { createNodeBuiltinTools } from 'vcp-workbench/tools/node'
import { parseMcpConfig } from 'vcp-workbench/mcp'
import { nodeMcpTransport } from 'vcp-workbench/mcp/node'

const registry = createToolRegistryManager()
for (const tool of createNodeBuiltinTools({ folder: './files' })) registry.register(tool)
const [request] = parseToolRequests('<<<[TOOL_REQUEST]>>>\\ntool_name:「始」calc_evaluate「末」,\\nexpression:「始」1+1「末」\\n<<<[END_TOOL_REQUEST]>>>').requests
const plan: CallPlan | undefined = request ? planCall(request, { registry }) : undefined
export const verdict: string = plan?.verdict ?? 'none'
export { parseMcpConfig, nodeMcpTransport }
`,
    )
    writeFileSync(
      join(project, 'Tools.vue'),
      `<script setup lang="ts">
import { computed } from 'vue'
import { useToolCalling } from 'vcp-workbench/vue'

const { getDiscoveredMethods, registryVersion } = useToolCalling()
const count = computed<number>(() => (registryVersion.value, getDiscoveredMethods().reduce((n, tool) => n + tool.methods.length, 0)))
</script>

<template>
  <p>{{ count }} methods</p>
</template>
`,
    )
    writeFileSync(join(project, 'env.d.ts'), "declare module '*.vue' { import type { DefineComponent } from 'vue'; const c: DefineComponent; export default c }\n")
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'], skipLibCheck: true, types: [] }, files: ['consumer.ts', 'Tools.vue', 'env.d.ts'] }),
    )
    const vueTsc = resolve('node_modules/vue-tsc/bin/vue-tsc.js')
    const result = await run(process.execPath, [vueTsc, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(result).toBe('')
    // It would have said so: a wrong type in the consumer is an error.
    writeFileSync(join(project, 'wrong.ts'), "import { planCall } from 'vcp-workbench'\nexport const n: number = planCall\n")
    writeFileSync(join(project, 'tsconfig.wrong.json'), JSON.stringify({ extends: './tsconfig.json', files: ['wrong.ts'] }))
    const wrong = await run(process.execPath, [vueTsc, '-p', 'tsconfig.wrong.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(wrong).toContain('wrong.ts')
  }, 120_000)
})

function sizeOf(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0)
}
