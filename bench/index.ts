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

type Mix = 'realistic' | 'dense'
const TITLES: Record<Mix, string> = {
  realistic: 'Realistic reply (explanations between calls)',
  dense: 'Dense reply (one short line between calls)',
}

/** One comparison, in a process of its own (see scripts/bench.mjs), so no run inherits another's heap. */
function compare(what: string, mix: Mix, rounds: number): void {
  const { text, blocks } = buildSyntheticReply(2_000_000, 5000, mix)
  checkSyntheticReply(text, blocks)
  const oneShot = (): number => parseToolRequests(text).requests.length
  if (what === 'floor') {
    const t = measureInterleaved({ floor: () => indexOfFloor(text), oneShot }, rounds)
    const floor = t.floor as number
    const parse = t.oneShot as number
    console.log(`${TITLES[mix]}: ${text.length.toLocaleString('en-US')} characters, ${blocks.toLocaleString('en-US')} blocks (${Math.round(text.length / blocks)} characters per block)`)
    console.log(`  indexOf floor (block markers only) ${fmt(floor, 3)} ms`)
    console.log(`  one-shot parse                     ${fmt(parse)} ms  ${fmt(text.length / 1000 / parse, 1)} Mchar/s  ${fmt(parse / floor, 1)}x the floor`)
  } else if (what === 'stream') {
    const chunks16 = chunksOf(text, 16)
    const t = measureInterleaved({ oneShot, stream16: () => streamAll(chunks16) }, rounds)
    const stream = t.stream16 as number
    const parse = t.oneShot as number
    console.log(`  streaming, 16-character chunks     ${fmt(stream)} ms  ${fmt(stream / parse, 2)}x one-shot (${fmt(parse)} ms in that pairing)`)
  } else {
    // Re-parsing everything after each chunk is what a UI without a streaming parser does.
    const small = buildSyntheticReply(100_000, 0, mix).text
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
    console.log(`${small.length.toLocaleString('en-US')}-character reply in 16-character chunks (${smallChunks.length.toLocaleString('en-US')} chunks)`)
    console.log(`  re-parse the whole text per chunk  ${fmt(naive.reparse as number)} ms`)
    console.log(`  streaming parser                   ${fmt(naive.stream as number)} ms  (${fmt((naive.reparse as number) / (naive.stream as number), 0)}x less work)`)
  }
}

const [what = 'floor', mix = 'realistic'] = process.argv.slice(2)
compare(what, mix as Mix, Number(process.env.BENCH_ROUNDS ?? 20))
