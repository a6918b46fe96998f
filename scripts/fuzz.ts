/**
 * `npm run fuzz` (scripts/fuzz.mjs bundles this file, so its worker runs plain JavaScript): replies built from the grammars' pieces (tests/fuzz/replies.ts), through every
 * protocol, one-shot and streamed in random chunkings, checked by tests/fuzz/oracle.ts. The parsing
 * runs in a worker thread, so a parse that never returns is caught by the clock here and the
 * worker is stopped; the case that hung is rebuilt from its seed and printed.
 *
 *   npm run fuzz                          # two minutes from a random seed
 *   npm run fuzz -- --seconds 600         # longer
 *   npm run fuzz -- --seed 7 --cases 3000 # a fixed run (what npm test does)
 *   npm run fuzz -- --protocol vcp        # one protocol: vcp, json, xml, hermes or auto
 *
 * Exit status 0 when nothing was found, 1 with the case on stderr otherwise, 2 on bad usage.
 */
import fc from 'fast-check'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { replyArb, chunkingArb } from '../tests/fuzz/replies'
import { checkReply, FUZZ_PROTOCOLS, type Chunking } from '../tests/fuzz/oracle'

interface Settings {
  seed: number
  cases: number
  seconds: number
  /** A single case (every protocol, one-shot and streamed) taking longer than this is a hang. */
  budgetMs: number
  protocols: string[]
}

interface Found {
  kind: 'failure' | 'slow'
  caseIndex: number
  protocol: string
  detail: string
}

/** Case k of a run is a function of (seed, k) alone, so the watchdog can rebuild the one that hung. */
function caseAt(seed: number, k: number): { text: string; chunking: Chunking } {
  const caseSeed = (Math.imul(seed, 0x9e3779b1) + k) | 0
  const [text] = fc.sample(replyArb, { seed: caseSeed, numRuns: 1 }) as [string]
  const [chunking] = fc.sample(chunkingArb, { seed: caseSeed ^ 0x5bd1e995, numRuns: 1 }) as [Chunking]
  return { text, chunking }
}

function parseSettings(argv: string[]): Settings {
  const settings: Settings = { seed: Math.floor(Math.random() * 2 ** 31), cases: Infinity, seconds: 120, budgetMs: 3000, protocols: [...FUZZ_PROTOCOLS] }
  for (let k = 0; k < argv.length; k += 2) {
    const name = argv[k]
    if (name === '--protocol') {
      const id = argv[k + 1] ?? ''
      if (!(FUZZ_PROTOCOLS as readonly string[]).includes(id)) usage(`--protocol takes one of ${FUZZ_PROTOCOLS.join(', ')}`)
      settings.protocols = [id]
      continue
    }
    const value = Number(argv[k + 1])
    if (!Number.isFinite(value) || value < 0) usage(`${name} needs a number`)
    if (name === '--seed') settings.seed = value
    else if (name === '--cases') settings.cases = value
    else if (name === '--seconds') settings.seconds = value
    else if (name === '--budget-ms') settings.budgetMs = value
    else usage(`unknown option ${name}`)
  }
  return settings
}

function usage(problem: string): never {
  process.stderr.write(`fuzz: ${problem}\nusage: npm run fuzz -- [--seed N] [--cases N] [--seconds N] [--budget-ms N] [--protocol ID]\n`)
  process.exit(2)
}

function runWorker(settings: Settings, progress: Int32Array): void {
  const deadline = Date.now() + settings.seconds * 1000
  let k = 0
  for (; k < settings.cases && Date.now() < deadline; k++) {
    Atomics.store(progress, 0, k)
    const { text, chunking } = caseAt(settings.seed, k)
    for (const protocol of settings.protocols) {
      const started = performance.now()
      const problem = checkReply(text, protocol, chunking)
      const took = performance.now() - started
      if (problem !== null || took > settings.budgetMs) {
        const found: Found = problem
          ? { kind: 'failure', caseIndex: k, protocol, detail: problem }
          : { kind: 'slow', caseIndex: k, protocol, detail: `took ${took.toFixed(0)} ms (budget ${settings.budgetMs} ms)` }
        parentPort?.postMessage({ found })
        return
      }
    }
  }
  parentPort?.postMessage({ done: k })
}

function report(settings: Settings, found: Found): void {
  const { text, chunking } = caseAt(settings.seed, found.caseIndex)
  process.stderr.write(
    `fuzz: ${found.kind === 'failure' ? 'FAILED' : 'TOO SLOW'} on case ${found.caseIndex} of seed ${settings.seed}, protocol ${found.protocol}\n` +
      `  ${found.detail}\n  chunking: ${JSON.stringify(chunking)}\n  reply (${text.length} characters, JSON): ${JSON.stringify(text)}\n`,
  )
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2))
  const progress = new Int32Array(new SharedArrayBuffer(4))
  const worker = new Worker(new URL(import.meta.url), { workerData: { settings, progress } })
  const started = Date.now()
  let lastCase = -1
  let lastMoved = Date.now()
  const outcome = await new Promise<{ done?: number; found?: Found; hung?: number; crashed?: string }>((resolve) => {
    worker.on('message', resolve)
    worker.on('error', (error) => resolve({ crashed: String(error.stack ?? error) }))
    worker.on('exit', (code) => resolve({ crashed: `worker exited with ${code}` }))
    const watch = setInterval(() => {
      const now = Atomics.load(progress, 0)
      if (now !== lastCase) {
        lastCase = now
        lastMoved = Date.now()
      } else if (Date.now() - lastMoved > settings.budgetMs * 2) {
        clearInterval(watch)
        resolve({ hung: now })
      }
    }, 100)
    worker.on('message', () => clearInterval(watch))
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (outcome.done !== undefined) {
    process.stdout.write(`fuzz: ${outcome.done} cases x ${settings.protocols.length} protocols from seed ${settings.seed} in ${seconds} s: nothing found\n`)
    await worker.terminate()
    return
  }
  await worker.terminate()
  if (outcome.found) report(settings, outcome.found)
  else if (outcome.hung !== undefined) {
    report(settings, { kind: 'slow', caseIndex: outcome.hung, protocol: 'one of ' + settings.protocols.join(', '), detail: `no answer within ${settings.budgetMs * 2} ms: the parser hangs` })
  } else process.stderr.write(`fuzz: the worker crashed: ${outcome.crashed}\n`)
  process.exitCode = 1
}

if (isMainThread) await main()
else {
  const data = workerData as { settings: Settings; progress: Int32Array }
  runWorker(data.settings, data.progress)
}
