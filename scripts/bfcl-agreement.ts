/**
 * How often the eval lab's verdicts agree with BFCL's own, over real BFCL result and score files.
 * DATA_DIR holds the files and an `inventory.json` that pairs each score file with its result file
 * and the data snapshot (question and possible-answer files) the run used; only clean pairs of the
 * single-turn categories the checker scores are read.
 *
 *   npx tsx scripts/bfcl-agreement.ts DATA_DIR [--verbose] [--json OUT]
 *
 * Two measures, each counted as replies compared, same valid/invalid verdict, and same label:
 *   A  checker: the calls as BFCL decoded them (a failure's decoded calls, or a function-calling
 *      model's `[{"name": "<JSON arguments>"}]`) checked by our checker;
 *   B  end to end: the stored reply decoded by our decoders (auto, with the case's functions and
 *      the model folder's name as hints) and checked.
 * "int/float" counts label disagreements where a whole number was written as a float (`5.0`) in
 * the reply or the possible answers: JSON.parse reads it as `5`, so our checker cannot tell.
 * `--verbose` lists the disagreements by (our label, BFCL's label) with examples.
 */
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { evalToolset } from '../src/core/eval/functions'
import { categoryCases, readFailures, readResults } from './bfcl-agreement/files'
import { measureEntry } from './bfcl-agreement/measure'
import { cleanPairs, type BfclPair } from './bfcl-agreement/pairs'
import { reportJson, reportText } from './bfcl-agreement/report'
import { addMeasure, emptyAgreement, emptyTally, type Row, type Tally } from './bfcl-agreement/tally'

interface Options {
  dataDir: string
  verbose: boolean
  jsonOut?: string
}

const USAGE = 'usage: npx tsx scripts/bfcl-agreement.ts DATA_DIR [--verbose] [--json OUT]'

function parseArguments(argv: readonly string[]): Options | { error: string } {
  let dataDir: string | undefined
  let verbose = false
  let jsonOut: string | undefined
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string
    if (arg === '--verbose') verbose = true
    else if (arg === '--json') {
      jsonOut = argv[index + 1]
      index += 1
      if (jsonOut === undefined) return { error: '--json needs a file name' }
    } else if (arg.startsWith('--')) return { error: `unknown option ${arg}` }
    else if (dataDir === undefined) dataDir = arg
    else return { error: `a second data folder: ${arg}` }
  }
  if (dataDir === undefined) return { error: 'no DATA_DIR' }
  return { dataDir, verbose, ...(jsonOut ? { jsonOut } : {}) }
}

/** Measures every reply of one pair into a new row; returns the case problems and how many replies had no case. */
async function measurePair(
  tally: Tally,
  pair: BfclPair,
  dataDir: string,
): Promise<{ problems: string[]; missing: number }> {
  const { cases, answerTexts, problems } = await categoryCases(pair.snapshotDir, pair.category)
  const row: Row = {
    source: pair.source,
    model: pair.model,
    category: pair.category,
    checker: emptyAgreement(),
    endToEnd: emptyAgreement(),
  }
  const failures = readFailures(pair.scorePath)
  let missing = 0
  for (const { id, result } of readResults(pair.resultPath)) {
    const testCase = cases.get(id)
    if (testCase === undefined) {
      missing += 1
      continue
    }
    const toolset = evalToolset(testCase.functions)
    const answerText = answerTexts.get(id) ?? ''
    const measure = measureEntry(testCase, result, failures.get(id), { model: pair.model, toolset, answerText })
    addMeasure(tally, row, id, result, measure)
  }
  tally.rows.push(row)
  return {
    problems: problems.map((problem) => `${relative(dataDir, pair.snapshotDir)} ${pair.category}: ${problem}`),
    missing,
  }
}

async function main(): Promise<number> {
  const options = parseArguments(process.argv.slice(2))
  if ('error' in options) {
    console.error(`${options.error}\n${USAGE}`)
    return 2
  }
  const { pairs, skipped } = cleanPairs(options.dataDir)
  const tally = emptyTally()
  const problems = new Set<string>()
  let missing = 0
  for (const [index, pair] of pairs.entries()) {
    process.stderr.write(`\r${index + 1}/${pairs.length} pairs`)
    const measured = await measurePair(tally, pair, options.dataDir)
    for (const problem of measured.problems) problems.add(problem)
    missing += measured.missing
  }
  process.stderr.write('\n')
  const reasons = new Map<string, number>()
  for (const { reason } of skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  console.log(`${pairs.length} clean pairs read; left out: ${[...reasons].map(([r, n]) => `${n} (${r})`).join(', ')}`)
  for (const problem of problems) console.log(`case not read: ${problem}`)
  if (missing > 0) console.log(`${missing} replies left out: their case could not be read`)
  console.log('')
  console.log(reportText(tally, options.verbose))
  if (options.jsonOut) writeFileSync(options.jsonOut, JSON.stringify(reportJson(tally), null, 2))
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  // A data folder without a readable inventory.json, or an output file that cannot be written.
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
