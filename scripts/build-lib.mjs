// Builds the installable package into dist/: plain ES modules for Node 20 and bundlers, one shared
// copy of the core (the entries import each other's chunks), and .d.ts types from tsc.
//
//   .             the core: protocols, parsing, discovery, executor, engine, tool loop, client
//   ./vue         useToolCalling and useChatRun (Vue is a peer dependency)
//   ./tools/node  the built-in tools with their Node backends (files in a folder, the sandbox in workers)
//   ./tools/browser  the built-in tools with their browser backends (IndexedDB, Web Workers)
//   ./eval        the eval lab: suites, BFCL's checker, offline and live scoring, metrics
//   ./mcp         MCP servers as tool sources (the MCP SDK loads only with this entry)
//   ./mcp/node    MCP's stdio transport for Node
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { cpSync, readFileSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: {
    index: 'src/core/index.ts',
    vue: 'src/composables/index.ts',
    'tools/node': 'src/tools/node/index.ts',
    'tools/browser': 'src/tools/browser/index.ts',
    eval: 'src/core/eval/index.ts',
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
  plugins: [builtWorkerUrls()],
})
// The browser's Web Workers are whole files of their own, with everything they import (the QuickJS
// build with its WebAssembly inline, re2js): a bundler that meets `new Worker(new URL(...))` in
// dist/tools/browser.js copies them as they are.
await build({
  entryPoints: {
    'tools/browser/quickjs-worker': 'src/tools/browser/quickjs-worker.ts',
    'tools/browser/regex-worker': 'src/tools/browser/regex-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
})
if (!readFileSync('dist/tools/browser.js', 'utf8').includes('./browser/quickjs-worker.js')) {
  throw new Error(
    'dist/tools/browser.js does not load its workers from ./browser/: the worker code moved to a shared chunk',
  )
}
// The Node sandbox's worker and its driver are files of their own: a worker thread loads them by URL.
cpSync('src/tools/node/quickjs-worker.mjs', 'dist/tools/quickjs-worker.mjs')
cpSync('src/tools/sandbox/quickjs-driver.mjs', 'dist/sandbox/quickjs-driver.mjs')
const types = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'], {
  stdio: 'inherit',
})
if (types.status !== 0) process.exit(types.status ?? 1)

/** In the source a worker is `./name.ts` next to its caller; in dist/tools/browser.js it is `./browser/name.js`. */
function builtWorkerUrls() {
  return {
    name: 'built-worker-urls',
    setup(build) {
      build.onLoad({ filter: /[\\/]tools[\\/]browser[\\/]worker-[a-z]+\.ts$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replace(
          /new URL\('\.\/([a-z-]+)\.ts', import\.meta\.url\)/g,
          "new URL('./browser/$1.js', import.meta.url)",
        ),
        loader: 'ts',
      }))
    },
  }
}
