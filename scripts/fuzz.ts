/**
 * `npm run fuzz` (scripts/fuzz.mjs bundles this file, so its worker runs plain JavaScript). Five
 * targets, each with inputs built from its grammar's own pieces:
 *   parser  model replies (tests/fuzz/replies.ts) through every protocol, one-shot and streamed in
 *           random chunkings, checked by tests/fuzz/oracle.ts;
 *   mcp     what an MCP server lists, returns and notifies (tests/fuzz/mcp-input.ts), checked by
 *           tests/fuzz/mcp-oracle.ts;
 *   chat    chat-completion streams (tests/fuzz/chat-stream.ts) through the real client, checked by
 *           tests/fuzz/chat-oracle.ts;
 *   native  replies in the models' native formats (tests/fuzz/native-replies.ts), each through its
 *           format, auto and auto with a model hint, checked by tests/fuzz/native-oracle.ts;
 *   deep    a call of each protocol and native format with one value nested up to 20,000 deep in
 *           the grammar's own openings (tests/fuzz/deep-nesting.ts), checked by
 *           tests/fuzz/deep-oracle.ts: a reader that recurses per level is caught here.
 * The work runs in a worker thread, so a case that never returns is caught by the clock here and
 * the worker is stopped; the case that hung is rebuilt from its seed and printed.
 *
 *   npm run fuzz                          # two minutes from a random seed, split over the targets
 *   npm run fuzz -- --seconds 600         # longer
 *   npm run fuzz -- --seed 7 --cases 3000 # a fixed run (what npm test does)
 *   npm run fuzz -- --target mcp          # one target: parser, mcp, chat, native or deep (default: all)
 *   npm run fuzz -- --target native --target deep   # several
 *   npm run fuzz -- --protocol vcp        # the parser target, one protocol: vcp, json, xml, hermes or auto
 *
 * Exit status 0 when nothing was found, 1 with the case on stderr otherwise, 2 on bad usage.
 */
import fc from 'fast-check'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { replyArb, chunkingArb } from '../tests/fuzz/replies'
import { checkReply, FUZZ_PROTOCOLS, type Chunking } from '../tests/fuzz/oracle'
import { mcpCaseArb, type McpCase } from '../tests/fuzz/mcp-case'
import { checkMcpCase } from '../tests/fuzz/mcp-oracle'
import { chatStreamCaseArb, type ChatStreamCase } from '../tests/fuzz/chat-stream'
import { checkChatStream } from '../tests/fuzz/chat-oracle'
import { nativeCaseArb, type NativeCase } from '../tests/fuzz/native-replies'
import { checkNativeCase } from '../tests/fuzz/native-oracle'
import { deepCaseArb, type DeepCase } from '../tests/fuzz/deep-nesting'
import { checkDeepCase } from '../tests/fuzz/deep-oracle'

const TARGETS = ['parser', 'mcp', 'chat', 'native', 'deep'] as const
type Target = (typeof TARGETS)[number]

interface Settings {
  seed: number
  cases: number
  seconds: number
  /** A single case (every protocol, one-shot and streamed) taking longer than this is a hang. */
  budgetMs: number
  protocols: string[]
  targets: Target[]
}

interface Found {
  kind: 'failure' | 'slow'
  caseIndex: number
  protocol: string
  detail: string
  target: Target
}

/** Case k of a run is a function of (seed, k) alone, so the watchdog can rebuild the one that hung. */
function caseSeedOf(seed: number, k: number): number {
  return (Math.imul(seed, 0x9e3779b1) + k) | 0
}

function mcpCaseAt(seed: number, k: number): McpCase {
  return fc.sample(mcpCaseArb, { seed: caseSeedOf(seed, k), numRuns: 1 })[0] as McpCase
}

function chatCaseAt(seed: number, k: number): ChatStreamCase {
  return fc.sample(chatStreamCaseArb, { seed: caseSeedOf(seed, k), numRuns: 1 })[0] as ChatStreamCase
}

function nativeCaseAt(seed: number, k: number): { native: NativeCase; chunking: Chunking } {
  const caseSeed = caseSeedOf(seed, k)
  const [native] = fc.sample(nativeCaseArb, { seed: caseSeed, numRuns: 1 }) as [NativeCase]
  const [chunking] = fc.sample(chunkingArb, { seed: caseSeed ^ 0x5bd1e995, numRuns: 1 }) as [Chunking]
  return { native, chunking }
}

function deepCaseAt(seed: number, k: number): { deep: DeepCase; chunking: Chunking } {
  const caseSeed = caseSeedOf(seed, k)
  const [deep] = fc.sample(deepCaseArb, { seed: caseSeed, numRuns: 1 }) as [DeepCase]
  const [chunking] = fc.sample(chunkingArb, { seed: caseSeed ^ 0x5bd1e995, numRuns: 1 }) as [Chunking]
  return { deep, chunking }
}

function caseAt(seed: number, k: number): { text: string; chunking: Chunking } {
  const caseSeed = caseSeedOf(seed, k)
  const [text] = fc.sample(replyArb, { seed: caseSeed, numRuns: 1 }) as [string]
  const [chunking] = fc.sample(chunkingArb, { seed: caseSeed ^ 0x5bd1e995, numRuns: 1 }) as [Chunking]
  return { text, chunking }
}

function parseSettings(argv: string[]): Settings {
  const settings: Settings = {
    seed: Math.floor(Math.random() * 2 ** 31),
    cases: Infinity,
    seconds: 120,
    budgetMs: 3000,
    protocols: [...FUZZ_PROTOCOLS],
    targets: [...TARGETS],
  }
  let targetsGiven = false
  for (let k = 0; k < argv.length; k += 2) {
    const name = argv[k]
    if (name === '--target') {
      const id = argv[k + 1] ?? ''
      if (!(TARGETS as readonly string[]).includes(id)) usage(`--target takes one of ${TARGETS.join(', ')}`)
      // The first --target replaces the default of all; more add to it.
      settings.targets = targetsGiven ? [...new Set([...settings.targets, id as Target])] : [id as Target]
      targetsGiven = true
      continue
    }
    if (name === '--protocol') {
      const id = argv[k + 1] ?? ''
      if (!(FUZZ_PROTOCOLS as readonly string[]).includes(id))
        usage(`--protocol takes one of ${FUZZ_PROTOCOLS.join(', ')}`)
      settings.protocols = [id]
      settings.targets = ['parser']
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
  process.stderr.write(
    `fuzz: ${problem}\nusage: npm run fuzz -- [--seed N] [--cases N] [--seconds N] [--budget-ms N] [--target parser|mcp|chat|native|deep ...] [--protocol ID]\n`,
  )
  process.exit(2)
}

/** The first problem of case k of a target, or null; the time it took. */
async function runCase(
  settings: Settings,
  target: Target,
  k: number,
): Promise<{ problem: string | null; protocol: string; took: number } | null> {
  if (target === 'parser') {
    const { text, chunking } = caseAt(settings.seed, k)
    for (const protocol of settings.protocols) {
      const started = performance.now()
      const problem = checkReply(text, protocol, chunking)
      const took = performance.now() - started
      if (problem !== null || took > settings.budgetMs) return { problem, protocol, took }
    }
    return null
  }
  const started = performance.now()
  let problem: string | null
  if (target === 'native') {
    const { native, chunking } = nativeCaseAt(settings.seed, k)
    problem = checkNativeCase(native, chunking)
  } else if (target === 'deep') {
    const { deep, chunking } = deepCaseAt(settings.seed, k)
    problem = checkDeepCase(deep, chunking)
  } else
    problem =
      target === 'mcp' ? checkMcpCase(mcpCaseAt(settings.seed, k)) : await checkChatStream(chatCaseAt(settings.seed, k))
  const took = performance.now() - started
  return problem !== null || took > settings.budgetMs ? { problem, protocol: target, took } : null
}

async function runWorker(settings: Settings, progress: Int32Array): Promise<void> {
  const done: Record<string, number> = {}
  // The time is shared out between the targets; a fixed count of cases is run for each.
  const share = (settings.seconds * 1000) / settings.targets.length
  let step = 0
  for (const target of settings.targets) {
    const deadline = Date.now() + share
    let k = 0
    for (; k < settings.cases && Date.now() < deadline; k++) {
      Atomics.store(progress, 0, ++step)
      Atomics.store(progress, 1, TARGETS.indexOf(target))
      Atomics.store(progress, 2, k)
      const outcome = await runCase(settings, target, k)
      if (outcome) {
        const found: Found = outcome.problem
          ? { kind: 'failure', caseIndex: k, protocol: outcome.protocol, detail: outcome.problem, target }
          : {
              kind: 'slow',
              caseIndex: k,
              protocol: outcome.protocol,
              detail: `took ${outcome.took.toFixed(0)} ms (budget ${settings.budgetMs} ms)`,
              target,
            }
        parentPort?.postMessage({ found })
        return
      }
    }
    done[target] = k
  }
  parentPort?.postMessage({ done })
}

function report(settings: Settings, found: Found): void {
  const head = `fuzz: ${found.kind === 'failure' ? 'FAILED' : 'TOO SLOW'} on ${found.target} case ${found.caseIndex} of seed ${settings.seed}, ${found.target === 'parser' ? `protocol ${found.protocol}` : found.target}\n  ${found.detail}\n`
  if (found.target === 'mcp')
    return void process.stderr.write(`${head}  input (JSON): ${safeJson(mcpCaseAt(settings.seed, found.caseIndex))}\n`)
  if (found.target === 'chat')
    return void process.stderr.write(
      `${head}  stream (JSON): ${safeJson(chatCaseAt(settings.seed, found.caseIndex))}\n`,
    )
  if (found.target === 'native') {
    const { native, chunking } = nativeCaseAt(settings.seed, found.caseIndex)
    return void process.stderr.write(
      `${head}  chunking: ${JSON.stringify(chunking)}\n  case (JSON): ${JSON.stringify(native)}\n`,
    )
  }
  if (found.target === 'deep') {
    const { deep, chunking } = deepCaseAt(settings.seed, found.caseIndex)
    return void process.stderr.write(
      `${head}  chunking: ${JSON.stringify(chunking)}\n  protocol: ${deep.protocol}\n  text (${deep.text.length} characters, JSON): ${safeJson(deep.text)}\n`,
    )
  }
  const { text, chunking } = caseAt(settings.seed, found.caseIndex)
  process.stderr.write(
    `${head}  chunking: ${JSON.stringify(chunking)}\n  reply (${text.length} characters, JSON): ${JSON.stringify(text)}\n`,
  )
}

function safeJson(value: unknown): string {
  const text = JSON.stringify(value)
  return text.length > 4_000 ? text.slice(0, 4_000) + '…' : text
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2))
  const progress = new Int32Array(new SharedArrayBuffer(12))
  // A stack as small as a page's main thread (Node gives a worker four times more), so a reader
  // that recurses per level of its input overflows here as it would in the page.
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { settings, progress },
    resourceLimits: { stackSizeMb: 1 },
  })
  const started = Date.now()
  let lastCase = -1
  let lastMoved = Date.now()
  const outcome = await new Promise<{
    done?: Record<string, number>
    found?: Found
    hung?: { target: Target; caseIndex: number }
    crashed?: string
  }>((resolve) => {
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
        resolve({
          hung: { target: TARGETS[Atomics.load(progress, 1)] ?? 'parser', caseIndex: Atomics.load(progress, 2) },
        })
      }
    }, 100)
    worker.on('message', () => clearInterval(watch))
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (outcome.done !== undefined) {
    const counts = settings.targets.map((target) =>
      target === 'parser'
        ? `${outcome.done?.[target]} cases x ${settings.protocols.length} protocols`
        : `${outcome.done?.[target]} ${target} cases`,
    )
    process.stdout.write(`fuzz: ${counts.join(', ')} from seed ${settings.seed} in ${seconds} s: nothing found\n`)
    await worker.terminate()
    return
  }
  await worker.terminate()
  if (outcome.found) report(settings, outcome.found)
  else if (outcome.hung !== undefined) {
    const { target, caseIndex } = outcome.hung
    report(settings, {
      kind: 'slow',
      caseIndex,
      target,
      protocol: target === 'parser' ? 'one of ' + settings.protocols.join(', ') : target,
      detail: `no answer within ${settings.budgetMs * 2} ms: it hangs`,
    })
  } else process.stderr.write(`fuzz: the worker crashed: ${outcome.crashed}\n`)
  process.exitCode = 1
}

if (isMainThread) await main()
else {
  const data = workerData as { settings: Settings; progress: Int32Array }
  void runWorker(data.settings, data.progress)
}
