// `npm run bench`: bundles the benchmark into one module (as the app is bundled), then runs each
// comparison in a fresh Node process, so no figure depends on the heap another one left behind.
// The two tasks of a ratio always run interleaved in the same process.
import { build } from 'esbuild'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { spawnSync } from 'node:child_process'

const outfile = resolve('.bench/bench.mjs')
mkdirSync('.bench', { recursive: true })
await build({ entryPoints: ['bench/index.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'warning' })

const rounds = process.env.BENCH_ROUNDS ?? '20'
console.log(`Node ${process.version}. Each figure is the best of ${rounds} rounds after 10 warm-up rounds.\n`)
const runs = [
  ['floor', 'realistic'],
  ['stream', 'realistic'],
  ['floor', 'dense'],
  ['stream', 'dense'],
  ['naive', 'realistic'],
]
for (const [what, mix] of runs) {
  if (what !== 'stream') console.log('')
  const run = spawnSync(process.execPath, [outfile, what, mix], { stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
