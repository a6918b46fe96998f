// Builds the installable package into dist/: plain ES modules for Node 20 and bundlers, one shared
// copy of the core (the entries import each other's chunks), and .d.ts types from tsc.
//
//   .             the core: protocols, parsing, discovery, executor, engine, tool loop, client
//   ./vue         useToolCalling and useChatRun (Vue is a peer dependency)
//   ./tools/node  the built-in tools with their Node backends (files in a folder, the sandbox in workers)
//   ./mcp         MCP servers as tool sources (the MCP SDK loads only with this entry)
//   ./mcp/node    MCP's stdio transport for Node
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: {
    index: 'src/core/index.ts',
    vue: 'src/composables/index.ts',
    'tools/node': 'src/tools/node/index.ts',
    mcp: 'src/core/mcp/index.ts',
    'mcp/node': 'src/mcp/node.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  external: ['node:*'],
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
})
// The Node sandbox's worker and its driver are files of their own: a worker thread loads them by URL.
cpSync('src/tools/node/quickjs-worker.mjs', 'dist/tools/quickjs-worker.mjs')
cpSync('src/tools/sandbox/quickjs-driver.mjs', 'dist/sandbox/quickjs-driver.mjs')
const types = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'], { stdio: 'inherit' })
if (types.status !== 0) process.exit(types.status ?? 1)
