/**
 * `npm run bench`: parser figures as ratios measured in this one run.
 * Bundled by scripts/bench.mjs first, so module boundaries cost what they cost in the app.
 */
import { createStreamParser, parseToolRequests } from '../src/core'
import { buildSyntheticReply } from './synthetic-reply'
import { measureInterleaved } from './measure'

const START = '<<<[TOOL_REQUEST]>>>'
const END = '<<<[END_TOOL_REQUEST]>>>'

/** The floor: find every block's start and end marker with indexOf, nothing else. */
function indexOfFloor(text: string): number {
  let blocks = 0
  let at = 0
  for (;;) {
    const start = text.indexOf(START, at)
    if (start === -1) return blocks
    const end = text.indexOf(END, start + START.length)
    if (end === -1) return blocks
    blocks++
    at = end + END.length
  }
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = []
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size))
  return chunks
}

function streamAll(chunks: string[]): number {
  const parser = createStreamParser()
  for (const chunk of chunks) parser.feed(chunk)
  return parser.end().requests.length
}

const fmt = (n: number, digits = 2): string => n.toFixed(digits)

/** The figures mean nothing if the parser did not read the reply as intended. */
function checkSyntheticReply(text: string, blocks: number): void {
  const { requests, diagnostics } = parseToolRequests(text)
  if (requests.length !== blocks || diagnostics.length !== 0) {
    throw new Error(`synthetic reply parsed to ${requests.length} requests and ${diagnostics.length} diagnostics; expected ${blocks} and 0`)
  }
}

function measureReply(title: string, text: string, blocks: number, rounds: number): void {
  checkSyntheticReply(text, blocks)
  // Each ratio compares two tasks measured interleaved in this run.
  const vsFloor = measureInterleaved({ floor: () => indexOfFloor(text), oneShot: () => parseToolRequests(text).requests.length }, rounds)
  const chunks16 = chunksOf(text, 16)
  const vsStream = measureInterleaved({ oneShot: () => parseToolRequests(text).requests.length, stream16: () => streamAll(chunks16) }, rounds)
  const floor = vsFloor.floor as number
  const oneShot = vsFloor.oneShot as number
  console.log(`${title}: ${text.length.toLocaleString('en-US')} characters, ${blocks.toLocaleString('en-US')} blocks (${Math.round(text.length / blocks)} characters per block)`)
  console.log(`  indexOf floor (block markers only) ${fmt(floor, 3)} ms`)
  console.log(`  one-shot parse                     ${fmt(oneShot)} ms  ${fmt(text.length / 1000 / oneShot, 1)} Mchar/s  ${fmt(oneShot / floor, 1)}x the floor`)
  console.log(
    `  streaming, 16-character chunks     ${fmt(vsStream.stream16 as number)} ms  ${fmt((vsStream.stream16 as number) / (vsStream.oneShot as number), 2)}x one-shot (${fmt(vsStream.oneShot as number)} ms in that pairing)`,
  )
}

function main(): void {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 20)
  console.log(`Node ${process.version}. Each figure is the best of ${rounds} rounds; the two tasks of a ratio run interleaved in this process.\n`)
  const realistic = buildSyntheticReply(2_000_000, 5000, 'realistic')
  const dense = buildSyntheticReply(2_000_000, 5000, 'dense')
  // Warm up the JIT and let the heap settle to its working size first, so no figure depends on
  // which measurement happened to run first.
  for (const reply of [realistic, dense]) {
    for (let n = 0; n < 5; n++) parseToolRequests(reply.text)
    streamAll(chunksOf(reply.text, 16))
  }
  measureReply('Realistic reply (explanations between calls)', realistic.text, realistic.blocks, rounds)
  measureReply('\nDense reply (one short line between calls)', dense.text, dense.blocks, rounds)

  // Re-parsing everything after each chunk is what a UI without a streaming parser does.
  const small = buildSyntheticReply(100_000, 0, 'realistic').text
  const smallChunks = chunksOf(small, 16)
  const naive = measureInterleaved(
    {
      reparse: () => {
        let seen = ''
        let n = 0
        for (const chunk of smallChunks) {
          seen += chunk
          n = parseToolRequests(seen).requests.length
        }
        return n
      },
      stream: () => streamAll(smallChunks),
    },
    3,
    1,
  )
  console.log(`\n${small.length.toLocaleString('en-US')}-character reply in 16-character chunks (${smallChunks.length.toLocaleString('en-US')} chunks)`)
  console.log(`  re-parse the whole text per chunk  ${fmt(naive.reparse as number)} ms`)
  console.log(`  streaming parser                   ${fmt(naive.stream as number)} ms  (${fmt((naive.reparse as number) / (naive.stream as number), 0)}x less work)`)
}

main()
