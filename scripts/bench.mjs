// `npm run bench`: bundles the benchmark into one module (as the app is bundled), then runs each
// comparison several times, each in a fresh Node process, so no figure depends on the heap another
// run left behind. The two tasks of a ratio always run interleaved in the same process; a ratio is
// reported as the median over processes, with the lowest and highest seen.
import { build } from 'esbuild'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { spawnSync } from 'node:child_process'

const outfile = resolve('.bench/bench.mjs')
mkdirSync('.bench', { recursive: true })
// Packages stay outside the bundle: some (the MCP SDK's stdio transport) require Node built-ins.
await build({
  entryPoints: ['bench/index.ts'],
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'warning',
})

const rounds = process.env.BENCH_ROUNDS ?? '20'
const processes = Number(process.env.BENCH_PROCESSES ?? 3)

function measure(what, mix) {
  const runs = []
  for (let n = 0; n < processes; n++) {
    const run = spawnSync(process.execPath, [outfile, what, mix], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_ROUNDS: rounds },
    })
    if (run.status !== 0) {
      process.stderr.write(run.stderr)
      process.exit(run.status ?? 1)
    }
    runs.push(JSON.parse(run.stdout.trim().split('\n').pop()))
  }
  return runs
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
const fmt = (n, digits = 2) => n.toFixed(digits)
function spread(values, digits, unit = '') {
  const sorted = [...values].sort((a, b) => a - b)
  return `${fmt(median(sorted), digits)}${unit} (${fmt(sorted[0], digits)}-${fmt(sorted[sorted.length - 1], digits)})`
}
const grouped = (n) => n.toLocaleString('en-US')

console.log(
  `Node ${process.version}. ${processes} processes per comparison; in each, the best of ${rounds} interleaved rounds after 10 warm-up rounds.`,
)
console.log('Figures: median over processes (lowest-highest).')

const titles = {
  realistic: 'Realistic reply (explanations between calls)',
  dense: 'Dense reply (one short line between calls)',
}
for (const mix of ['realistic', 'dense']) {
  const floorRuns = measure('floor', mix)
  const streamRuns = measure('stream', mix)
  const { characters, blocks } = floorRuns[0]
  console.log(
    `\n${titles[mix]}: ${grouped(characters)} characters, ${grouped(blocks)} blocks (${Math.round(characters / blocks)} characters per block)`,
  )
  console.log(
    `  indexOf floor (block markers only) ${spread(
      floorRuns.map((r) => r.ms.floor),
      3,
      ' ms',
    )}`,
  )
  console.log(
    `  one-shot parse                     ${spread(
      floorRuns.map((r) => r.ms.oneShot),
      2,
      ' ms',
    )}, ${spread(
      floorRuns.map((r) => characters / 1000 / r.ms.oneShot),
      1,
      ' Mchar/s',
    )}`,
  )
  console.log(
    `  one-shot / floor                   ${spread(
      floorRuns.map((r) => r.ms.oneShot / r.ms.floor),
      1,
      'x',
    )}`,
  )
  console.log(
    `  streaming, 16-character chunks     ${spread(
      streamRuns.map((r) => r.ms.stream16),
      2,
      ' ms',
    )}`,
  )
  console.log(
    `  streaming / one-shot               ${spread(
      streamRuns.map((r) => r.ms.stream16 / r.ms.oneShot),
      2,
      'x',
    )}`,
  )
}

const chunkRuns = measure('chunks', 'realistic')
console.log('\nRealistic reply: streaming cost by chunk size, and two loops that parse nothing (16-character chunks)')
for (const size of Object.keys(chunkRuns[0].ms)
  .filter((k) => k.startsWith('stream'))
  .map((k) => k.slice('stream'.length))) {
  console.log(
    `  streaming, ${String(size).padEnd(4)}-character chunks / one-shot ${spread(
      chunkRuns.map((r) => r.ms[`stream${size}`] / r.ms.oneShot),
      2,
      'x',
    )}`,
  )
}
console.log(
  `  append + trigger test + 2 indexOf / one-shot ${spread(
    chunkRuns.map((r) => r.ms.windowOnly / r.ms.oneShot),
    2,
    'x',
  )}`,
)
console.log(
  `  3-state loop over every character / one-shot ${spread(
    chunkRuns.map((r) => r.ms.charLoop / r.ms.oneShot),
    2,
    'x',
  )}`,
)

const naiveRuns = measure('naive', 'realistic')
console.log(`\n${grouped(naiveRuns[0].characters)}-character reply in 16-character chunks`)
console.log(
  `  re-parse the whole text per chunk  ${spread(
    naiveRuns.map((r) => r.ms.reparse),
    0,
    ' ms',
  )}`,
)
console.log(
  `  streaming parser                   ${spread(
    naiveRuns.map((r) => r.ms.stream),
    2,
    ' ms',
  )}`,
)
console.log(
  `  re-parse / streaming               ${spread(
    naiveRuns.map((r) => r.ms.reparse / r.ms.stream),
    0,
    'x',
  )}`,
)

const hostileRuns = measure('hostile', '')
console.log('\nHostile shapes (one construct repeated): cost per character at 1M characters / at 250K (1.0 is linear)')
console.log(`  ${''.padEnd(42)} ${'one-shot'.padEnd(26)} streaming, 16-character chunks`)
const shapes = [...new Set(Object.keys(hostileRuns[0].ms).map((key) => key.split('|')[0]))]
const perChar = (run, shape, way, size) => {
  const [key, ms] = Object.entries(run.ms).find(([k]) => k.startsWith(`${shape}|${way}|${size}|`))
  return ms / Number(key.split('|')[3])
}
for (const shape of shapes) {
  const growth = (way) =>
    spread(
      hostileRuns.map((r) => perChar(r, shape, way, 'large') / perChar(r, shape, way, 'small')),
      2,
      'x',
    )
  console.log(`  ${shape.padEnd(42)} ${growth('oneShot').padEnd(26)} ${growth('stream16')}`)
}

console.log('\nThe realistic reply with the same calls in the JSON paradigms')
for (const protocol of ['json', 'xml', 'hermes']) {
  const runs = measure('paradigm', protocol)
  const { characters, blocks } = runs[0]
  console.log(`  ${protocol.padEnd(7)} ${grouped(characters)} characters, ${grouped(blocks)} calls`)
  console.log(
    `    one-shot parse                   ${spread(
      runs.map((r) => r.ms.oneShot),
      2,
      ' ms',
    )}, ${spread(
      runs.map((r) => characters / 1000 / r.ms.oneShot),
      1,
      ' Mchar/s',
    )}`,
  )
  console.log(
    `    streaming, 16-character chunks   ${spread(
      runs.map((r) => r.ms.stream16),
      2,
      ' ms',
    )}`,
  )
  console.log(
    `    streaming / one-shot             ${spread(
      runs.map((r) => r.ms.stream16 / r.ms.oneShot),
      2,
      'x',
    )}`,
  )
}

const nativeRuns = measure('native', '')
console.log(
  "\nModels' native formats: a reply of prose and calls (~1M characters), read as the format; hostile: its first opener",
)
console.log('repeated, cost per character at 1M / at 250K (1.0 is linear)')
console.log(
  `  ${'format'.padEnd(16)} ${'calls'.padEnd(11)} ${'one-shot Mchar/s'.padEnd(22)} ${'one-shot / indexOf'.padEnd(22)} ${'16-char stream / one-shot'.padEnd(26)} ${'hostile one-shot'.padEnd(20)} hostile stream`,
)
for (const id of Object.keys(nativeRuns[0].ms)) {
  const runs = nativeRuns.map((r) => r.ms[id])
  const f = runs[0]
  const growth = (small, large) =>
    spread(
      runs.map((r) => r[large] / r.hostileLargeChars / (r[small] / r.hostileSmallChars)),
      2,
      'x',
    )
  console.log(
    `  ${id.padEnd(16)} ${`${grouped(f.found)}/${grouped(f.calls)}`.padEnd(11)} ${spread(
      runs.map((r) => r.characters / 1000 / r.oneShot),
      1,
    ).padEnd(22)} ${spread(
      runs.map((r) => r.oneShot / Math.max(r.floor, 0.001)),
      1,
      'x',
    ).padEnd(22)} ${spread(
      runs.map((r) => r.stream16 / r.oneShot),
      2,
      'x',
    ).padEnd(
      26,
    )} ${growth('hostileSmall', 'hostileLarge').padEnd(20)} ${growth('hostileStreamSmall', 'hostileStreamLarge')}`,
  )
}

const executorRuns = measure('executor', '')
const calls = executorRuns[0].ms.calls
console.log(`\nExecutor: ${grouped(calls)} serial calls of a no-op method`)
console.log(
  `  awaiting the method directly       ${spread(
    executorRuns.map((r) => r.ms.directMs),
    2,
    ' ms',
  )}`,
)
console.log(
  `  through the executor               ${spread(
    executorRuns.map((r) => r.ms.executorMs),
    2,
    ' ms',
  )}, ${spread(
    executorRuns.map((r) => (r.ms.executorMs * 1000) / calls),
    2,
    ' µs per call',
  )}`,
)
console.log(
  `  overhead per call                  ${spread(
    executorRuns.map((r) => ((r.ms.executorMs - r.ms.directMs) * 1000) / calls),
    2,
    ' µs',
  )}`,
)

const mcpRuns = measure('mcp', '')
console.log(`\nMCP: ${mcpRuns[0].ms.calls} echo calls to the reference server-everything over stdio (median per call)`)
console.log(
  `  the SDK client, directly           ${spread(
    mcpRuns.map((r) => r.ms.directMs * 1000),
    0,
    ' µs',
  )}`,
)
console.log(
  `  through the executor               ${spread(
    mcpRuns.map((r) => r.ms.executorMs * 1000),
    0,
    ' µs',
  )}`,
)
console.log(
  `  executor overhead per call         ${spread(
    mcpRuns.map((r) => r.ms.overheadMs * 1000),
    0,
    ' µs',
  )}`,
)

const parallelRuns = measure('parallel', '')
const p0 = parallelRuns[0].ms
console.log(
  `\nParallel mode: ${p0.calls} calls that each wait ${p0.waitMs} ms (${p0.calls} x ${p0.waitMs} ms = ${p0.calls * p0.waitMs} ms one after another)`,
)
console.log(
  `  parallel run                       ${spread(
    parallelRuns.map((r) => r.ms.parallelMs),
    1,
    ' ms',
  )}`,
)
console.log(
  `  serial run                         ${spread(
    parallelRuns.map((r) => r.ms.serialMs),
    0,
    ' ms',
  )}`,
)
console.log(
  `  serial / parallel                  ${spread(
    parallelRuns.map((r) => r.ms.serialMs / r.ms.parallelMs),
    1,
    'x',
  )}`,
)

const promptRuns = measure('prompt', '')
const q0 = promptRuns[0].ms
console.log(`\nTools prompt for ${grouped(q0.methods)} synthetic methods (${grouped(q0.promptChars)} characters)`)
console.log(
  `  cold (cache emptied)               ${spread(
    promptRuns.map((r) => r.ms.coldMs),
    1,
    ' ms',
  )}`,
)
console.log(
  `  warm (cached)                      ${spread(
    promptRuns.map((r) => r.ms.warmMs * 1000),
    2,
    ' µs',
  )}`,
)
console.log(
  `  cold / warm                        ${spread(
    promptRuns.map((r) => r.ms.coldMs / r.ms.warmMs),
    0,
    'x',
  )}`,
)

const compactRuns = measure('compact', '')
const c0 = compactRuns[0].ms
console.log(
  `\nHistory of a scripted ${c0.rounds}-round tool session (the real loop and tools), characters sent on the next turn`,
)
console.log(`  native messages                    ${grouped(c0.nativeChars)}`)
console.log(`  compact record                     ${grouped(c0.compactChars)}`)
console.log(
  `  saved                              ${grouped(c0.nativeChars - c0.compactChars)} (${((1 - c0.compactChars / c0.nativeChars) * 100).toFixed(1)}%)`,
)

const evalRuns = measure('eval', '')
const e0 = evalRuns[0].ms
console.log(
  `\nEval lab, offline lane: ${grouped(e0.replies)} captured replies (raw text in four forms and decoded calls)`,
)
console.log(
  `  read and scored                    ${spread(
    evalRuns.map((r) => r.ms.scoreMs),
    0,
    ' ms',
  )}`,
)
console.log(
  `  replies per second                 ${spread(
    evalRuns.map((r) => (r.ms.replies * 1000) / r.ms.scoreMs),
    0,
  )}`,
)
console.log(
  `  JSON.parse of the lines alone      ${spread(
    evalRuns.map((r) => r.ms.parseMs),
    1,
    ' ms',
  )}`,
)
console.log(
  `  scoring / JSON.parse               ${spread(
    evalRuns.map((r) => r.ms.scoreMs / r.ms.parseMs),
    0,
    'x',
  )}`,
)

const collectionRuns = measure('collections', '')
const k0 = collectionRuns[0].ms
console.log(`\nSaved calls read at page load: a collections file of ${grouped(k0.large)} calls`)
console.log(
  `  read (JSON.parse and every entry)  ${spread(
    collectionRuns.map((r) => r.ms.readLarge),
    0,
    ' ms',
  )}`,
)
console.log(
  `  reading / JSON.parse alone         ${spread(
    collectionRuns.map((r) => r.ms.readLarge / r.ms.parseLarge),
    1,
    'x',
  )}`,
)
console.log(
  `  cost per call at ${grouped(k0.large)} / at ${grouped(k0.small)} ${spread(
    collectionRuns.map((r) => r.ms.readLarge / r.ms.large / (r.ms.readSmall / r.ms.small)),
    2,
    'x',
  )} (1.0 is linear)`,
)
