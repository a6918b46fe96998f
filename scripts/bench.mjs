// Bundles the benchmark into one module (as the app is bundled) and runs it.
import { build } from 'esbuild'
import { mkdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

const outfile = resolve('.bench/bench.mjs')
mkdirSync('.bench', { recursive: true })
await build({ entryPoints: ['bench/index.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'warning' })
// A fresh process per run: nothing else shares its heap.
const run = spawnSync(process.execPath, [outfile], { stdio: 'inherit' })
process.exitCode = run.status ?? 1
