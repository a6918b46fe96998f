/**
 * Conformance against the model outputs of vLLM's tool-parser tests
 * (tests/fixtures/native/vllm-outputs.json): each case is parsed three ways and its requests
 * (tool name and typed arguments, in order; calls inside reasoning left out as the default does)
 * are compared with the calls vLLM's test expects.
 *
 *   npx tsx scripts/vllm-conformance.ts              # the table
 *   npx tsx scripts/vllm-conformance.ts --verbose    # and every mismatch
 *   npx tsx scripts/vllm-conformance.ts --format glm45 --verbose
 *   npx tsx scripts/vllm-conformance.ts --valid-only # count only executable requests (valid: true)
 *
 * Ways: "no hints" = auto with no options; "hints" = auto with the case's model and tools;
 * "by id" = the case's format id chosen explicitly (with the tools, so values written as text
 * are typed as the test's schema says). A format id that is not registered yet shows as "-".
 */
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { parseToolRequests } from '../src/core/parser'
import { nativeFormats } from '../src/core/protocols/native/registry'
import { protocolRegistry } from '../src/core/protocols/registry'
import type { ParseResult } from '../src/core/types'

export interface ExpectedCall {
  name: string
  arguments: unknown
}

export interface ConformanceCase {
  parser: string
  format: string
  model: string
  source: string
  text: string
  tools?: unknown[]
  expected: ExpectedCall[]
}

type Way = 'plain' | 'hints' | 'byId'
const WAYS: readonly Way[] = ['plain', 'hints', 'byId']

const FIXTURE = new URL('../tests/fixtures/native/vllm-outputs.json', import.meta.url)

export function loadCases(): ConformanceCase[] {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as ConformanceCase[]
}

function knownIds(): Set<string> {
  return new Set([...nativeFormats().map((f) => f.id), ...protocolRegistry.list().map((p) => p.id)])
}

export function parseWay(c: ConformanceCase, way: Way): ParseResult {
  const tools = c.tools ? { tools: c.tools } : {}
  if (way === 'plain') return parseToolRequests(c.text, 'auto', {})
  if (way === 'hints') return parseToolRequests(c.text, 'auto', { model: c.model, ...tools })
  return parseToolRequests(c.text, c.format, tools)
}

export function found(result: ParseResult, validOnly = false): ExpectedCall[] {
  return result.requests.filter((r) => !validOnly || r.valid).map((r) => ({ name: r.toolName, arguments: r.arguments }))
}

export function matches(c: ConformanceCase, result: ParseResult, validOnly = false): boolean {
  return isDeepStrictEqual(found(result, validOnly), c.expected)
}

interface Tally {
  cases: number
  plain: number
  hints: number
  byId: number | null
}

function main(argv: string[]): void {
  const verbose = argv.includes('--verbose') || argv.includes('-v')
  const validOnly = argv.includes('--valid-only')
  const only = argv.includes('--format') ? argv[argv.indexOf('--format') + 1] : undefined
  const ids = knownIds()
  const cases = loadCases().filter((c) => !only || c.format === only)
  const byFormat = new Map<string, Tally>()
  const total: Tally = { cases: 0, plain: 0, hints: 0, byId: 0 }
  const misses: string[] = []

  for (const c of cases) {
    const registered = ids.has(c.format)
    const tally = byFormat.get(c.format) ?? { cases: 0, plain: 0, hints: 0, byId: registered ? 0 : null }
    byFormat.set(c.format, tally)
    tally.cases++
    total.cases++
    for (const way of WAYS) {
      if (way === 'byId' && !registered) continue
      const result = parseWay(c, way)
      if (matches(c, result, validOnly)) {
        tally[way] = (tally[way] ?? 0) + 1
        total[way] = (total[way] ?? 0) + 1
      } else if (verbose) {
        const errors = result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)
        misses.push(
          `${c.format} [${way}] ${c.source}\n    expected ${JSON.stringify(c.expected)}\n    got      ${JSON.stringify(found(result, validOnly))}` +
            (errors.length ? `\n    diagnostics ${errors.join(', ')}` : ''),
        )
      }
    }
  }

  const rows = [...byFormat.entries()].sort(([a], [b]) => a.localeCompare(b))
  const width = Math.max(8, ...rows.map(([id]) => id.length))
  const line = (id: string, t: Tally): string =>
    `${id.padEnd(width)}  ${String(t.cases).padStart(5)}  ${String(t.plain).padStart(8)}  ${String(t.hints).padStart(10)}  ${(t.byId === null ? '-' : String(t.byId)).padStart(5)}`
  console.log(
    `${'format'.padEnd(width)}  ${'cases'.padStart(5)}  ${'no hints'.padStart(8)}  ${'with hints'.padStart(10)}  ${'by id'.padStart(5)}`,
  )
  for (const [id, t] of rows) console.log(line(id, t))
  console.log(line('total', total))
  const unregistered = rows.filter(([, t]) => t.byId === null).map(([id]) => id)
  if (unregistered.length) console.log(`\nnot registered yet (by id shows "-"): ${unregistered.join(', ')}`)
  if (verbose && misses.length) console.log(`\nmismatches (${misses.length}):\n` + misses.join('\n'))
}

main(process.argv.slice(2))
