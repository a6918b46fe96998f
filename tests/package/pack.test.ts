/**
 * The package as another project gets it: packed with `npm pack`, installed from the tarball
 * into a fresh temporary project (its dependencies from the npm registry), then used with plain
 * `node` (no tsx) and type-checked under `strict`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'

const run = promisify(execFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
/** Packages the workbench app needs and the library must not bring. */
const APP_ONLY = ['element-plus', 'monaco-editor', 'pinia', 'markdown-it', 'vue-i18n']

describe('the installable package', () => {
  const project = mkdtempSync(join(tmpdir(), 'vcp-consumer-'))
  let llm: MockLlm
  beforeAll(async () => {
    llm = await startMockLlm()
    const { stdout } = await run(npm, ['pack', '--silent', '--pack-destination', project], { cwd: resolve('.'), maxBuffer: 16 * 1024 * 1024 })
    const tarball = join(project, stdout.trim().split('\n').pop() as string)
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: project, maxBuffer: 16 * 1024 * 1024 })
  }, 300_000)
  afterAll(async () => {
    await llm?.close()
  })

  it('installs without the app-only packages, and says how large it is', () => {
    const modules = join(project, 'node_modules')
    expect(existsSync(join(modules, 'vcp-workbench', 'dist', 'index.js'))).toBe(true)
    for (const name of APP_ONLY) expect(existsSync(join(modules, name)), name).toBe(false)
    const bytes = sizeOf(modules)
    console.log(`consumer node_modules: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${readdirSync(modules).length} top-level entries`)
    expect(bytes).toBeGreaterThan(0)
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

  it('type-checks a consumer that imports the entries under strict', async () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createToolRegistryManager, parseToolRequests, planCall, type CallPlan } from 'vcp-workbench'
import { createNodeBuiltinTools } from 'vcp-workbench/tools/node'
import { parseMcpConfig } from 'vcp-workbench/mcp'
import { nodeMcpTransport } from 'vcp-workbench/mcp/node'
import { useToolCalling } from 'vcp-workbench/vue'

const registry = createToolRegistryManager()
for (const tool of createNodeBuiltinTools({ folder: './files' })) registry.register(tool)
const [request] = parseToolRequests('<<<[TOOL_REQUEST]>>>\\ntool_name:「始」calc_evaluate「末」,\\nexpression:「始」1+1「末」\\n<<<[END_TOOL_REQUEST]>>>').requests
const plan: CallPlan | undefined = request ? planCall(request, { registry }) : undefined
const verdict: string = plan?.verdict ?? 'none'
export { verdict, parseMcpConfig, nodeMcpTransport, useToolCalling }
`,
    )
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'], skipLibCheck: true, types: [] }, files: ['consumer.ts'] }),
    )
    const tsc = resolve('node_modules/typescript/bin/tsc')
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(result).toBe('')
  }, 60_000)
})

function sizeOf(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0)
}
