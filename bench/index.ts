/**
 * `npm run bench`: parser figures as ratios measured in this one run.
 * Bundled by scripts/bench.mjs first, so module boundaries cost what they cost in the app.
 */
import { createStreamParser, parseToolRequests } from '../src/core'
import { buildSyntheticReply } from './synthetic-reply'
import { measureInterleaved } from './measure'
import { executorFigures, parallelFigures, promptFigures } from './execution'
import { mcpFigures } from './mcp'
import { compactFigures } from './compact'
import { hostileFigures } from './hostile'
import { nativeFigures } from './native'
import { evalFigures } from './eval'
import { collectionFigures } from './collections'

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

/** Larger chunks than the 16 characters of the main figure, to show how cost follows chunk count. */
const CHUNK_SIZES = [64, 256, 4096]

/*
 * Two reference loops that parse nothing. They show what any streaming design pays before it
 * decides anything, so the streaming figure can be read against them.
 */

/**
 * A window that only moves: each chunk is appended and tested for a character that could complete
 * a marker or a value (the parser's own test); on such a chunk, two indexOf calls run and the window
 * keeps its last four characters.
 */
function windowWithoutParsing(chunks: string[]): number {
  const trigger = /[>始末]/
  let window = ''
  let found = 0
  for (const chunk of chunks) {
    window += chunk
    if (!trigger.test(chunk)) continue
    found += window.indexOf('<[') + window.indexOf('末')
    window = window.slice(window.length - 4)
  }
  return found
}

/** A character-level lexer's least work: every character of every chunk through a three-state switch. */
function characterLoop(chunks: string[]): number {
  let state = 0
  let found = 0
  for (const chunk of chunks) {
    for (let k = 0; k < chunk.length; k++) {
      const c = chunk.charCodeAt(k)
      if (state === 0) {
        if (c === 0x3c) state = 1
      } else if (state === 1) {
        state = c === 0x3c || c === 0x5b ? 1 : c === 0x300c ? 2 : 0
      } else if (c === 0x672b) {
        state = 0
        found++
      }
    }
  }
  return found
}

function streamAll(chunks: string[], protocol = 'vcp'): number {
  const parser = createStreamParser(protocol)
  for (const chunk of chunks) parser.feed(chunk)
  return parser.end().requests.length
}

/** The figures mean nothing if the parser did not read the reply as intended. */
function checkSyntheticReply(text: string, blocks: number, protocol = 'vcp'): void {
  const { requests, diagnostics } = parseToolRequests(text, protocol)
  if (requests.length !== blocks || diagnostics.length !== 0) {
    throw new Error(
      `synthetic reply parsed to ${requests.length} requests and ${diagnostics.length} diagnostics; expected ${blocks} and 0`,
    )
  }
}

type Mix = 'realistic' | 'dense'

/** What one process measured; scripts/bench.mjs collects several and prints them. */
export interface Measurement {
  what: string
  mix: Mix
  characters: number
  blocks: number
  /** Milliseconds per task, best round. */
  ms: Record<string, number>
}

/** One comparison, in a process of its own (see scripts/bench.mjs), so no run inherits another's heap. */
function compare(what: string, mix: Mix, rounds: number): Measurement {
  if (what === 'naive') {
    // Re-parsing everything after each chunk is what a UI without a streaming parser does.
    const small = buildSyntheticReply(100_000, 0, mix)
    const smallChunks = chunksOf(small.text, 16)
    const ms = measureInterleaved(
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
    return { what, mix, characters: small.text.length, blocks: small.blocks, ms }
  }
  const { text, blocks } = buildSyntheticReply(2_000_000, 5000, mix)
  checkSyntheticReply(text, blocks)
  const oneShot = (): number => parseToolRequests(text).requests.length
  let ms: Record<string, number>
  if (what === 'floor') {
    ms = measureInterleaved({ floor: () => indexOfFloor(text), oneShot }, rounds)
  } else if (what === 'chunks') {
    const chunks16 = chunksOf(text, 16)
    const tasks: Record<string, () => unknown> = {
      oneShot,
      windowOnly: () => windowWithoutParsing(chunks16),
      charLoop: () => characterLoop(chunks16),
    }
    for (const size of CHUNK_SIZES) {
      const chunks = chunksOf(text, size)
      tasks[`stream${size}`] = () => streamAll(chunks)
    }
    ms = measureInterleaved(tasks, Math.min(rounds, 10), 3)
  } else {
    // The chunks exist before timing starts: slicing the text is the caller's work, not the parser's.
    const chunks16 = chunksOf(text, 16)
    ms = measureInterleaved({ oneShot, stream16: () => streamAll(chunks16) }, rounds)
  }
  return { what, mix, characters: text.length, blocks, ms }
}

const [what = 'floor', mix = 'realistic'] = process.argv.slice(2)
const rounds = Number(process.env.BENCH_ROUNDS ?? 20)

/** A JSON paradigm on the realistic reply with the same calls: one-shot and 16-character streaming. */
function compareParadigm(protocol: string): Measurement {
  const { text, blocks } = buildSyntheticReply(2_000_000, 5000, 'realistic', protocol)
  checkSyntheticReply(text, blocks, protocol)
  const chunks16 = chunksOf(text, 16)
  const ms = measureInterleaved(
    { oneShot: () => parseToolRequests(text, protocol).requests.length, stream16: () => streamAll(chunks16, protocol) },
    Math.min(rounds, 10),
    3,
  )
  return { what: 'paradigm', mix: 'realistic', characters: text.length, blocks, ms }
}

if (what === 'compact') console.log(JSON.stringify({ what, ms: await compactFigures() }))
else if (what === 'paradigm') console.log(JSON.stringify(compareParadigm(mix)))
else if (what === 'executor') console.log(JSON.stringify({ what, ms: await executorFigures(Math.min(rounds, 10)) }))
else if (what === 'mcp') console.log(JSON.stringify({ what, ms: await mcpFigures() }))
else if (what === 'parallel') console.log(JSON.stringify({ what, ms: await parallelFigures() }))
else if (what === 'native') console.log(JSON.stringify({ what, ms: nativeFigures(Math.min(rounds, 5)) }))
else if (what === 'eval') console.log(JSON.stringify({ what, ms: evalFigures(Math.min(rounds, 5)) }))
else if (what === 'collections') console.log(JSON.stringify({ what, ms: collectionFigures(Math.min(rounds, 5)) }))
else if (what === 'hostile') console.log(JSON.stringify({ what, ms: hostileFigures(Math.min(rounds, 5)) }))
else if (what === 'prompt') console.log(JSON.stringify({ what, ms: await promptFigures(Math.min(rounds, 10)) }))
else console.log(JSON.stringify(compare(what, mix as Mix, rounds)))
