/**
 * `vcp eval`: a suite scored offline (replies already captured) or live (an endpoint asked), the
 * summary printed, the reports written, and an exit status a CI step can use: without a baseline
 * any failing case fails the step; with one, only a case that passed there and fails now does.
 */
import {
  compareRuns,
  readJsonLines,
  readSuite,
  scoreResultLines,
  summarize,
  type CaseOutcome,
  type EvalCase,
} from '../core/eval'
import { UsageError, USAGE } from './arguments'
import { readEvalArgs, type EvalOptions } from './eval-arguments'
import { fileChunks, messageOf, UnreadableFileError } from './eval-io'
import { runLiveLane } from './eval-live'
import { comparisonLines, failureLines, summaryLines } from './eval-output'
import { jsonReport, junitReport, readBaseline } from './eval-reports'
import type { CliIo } from './vcp'

/** A reason to stop with exit status 2, said on standard error. */
class EvalStop extends Error {}

/** Runs `vcp eval` with its arguments (those after `eval`); resolves to the exit status. */
export async function runEvalCommand(args: readonly string[], io: CliIo): Promise<number> {
  let options: EvalOptions
  try {
    options = readEvalArgs(args)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`vcp eval: ${error.message}\n\n${USAGE}`)
    return 2
  }
  try {
    return await evaluate(options, io)
  } catch (error) {
    if (!(error instanceof EvalStop || error instanceof UnreadableFileError)) throw error
    io.err(`vcp eval: ${error.message}`)
    return 2
  }
}

async function evaluate(options: EvalOptions, io: CliIo): Promise<number> {
  const baseline = options.baseline === undefined ? undefined : await baselineOf(options.baseline, io)
  const cases = await suiteCases(options, io)
  const outcomes = inSuiteOrder(await laneOutcomes(options, cases, io), cases)
  const summary = summarize(outcomes)
  const live = options.lane.kind === 'live'
  const comparison = baseline === undefined ? undefined : compareRuns(baseline, outcomes)
  if (comparison) io.out([...comparisonLines(comparison, options.baseline as string), ''].join('\n'))
  io.out([heading(options, cases.size, outcomes.length), '', ...summaryLines(summary, outcomes, live)].join('\n'))
  const failures = failureLines(outcomes)
  if (failures.length > 0) io.out(failures.join('\n'))
  if (options.json !== undefined) await write(io, options.json, jsonReport(outcomes, summary))
  if (options.junit !== undefined) await write(io, options.junit, junitReport(outcomes, live))
  if (comparison) return comparison.counts.regression > 0 ? 1 : 0
  return outcomes.every((o) => o.valid) ? 0 : 1
}

/** The cases of the suite by id; lines that cannot be read are said and skipped, but none at all stops. */
async function suiteCases(options: EvalOptions, io: CliIo): Promise<Map<string, EvalCase>> {
  const cases = new Map<string, EvalCase>()
  const answers = options.answers === undefined ? {} : { answers: fileChunks(io, options.answers) }
  for await (const entry of readSuite(fileChunks(io, options.questions), answers)) {
    if ('case' in entry) cases.set(entry.case.id, entry.case)
    else io.err(`${entry.file === 'answers' ? options.answers : options.questions}: ${entry.error}`)
  }
  if (cases.size === 0) throw new EvalStop(`${options.questions}: no case could be read from the suite`)
  return cases
}

async function laneOutcomes(
  options: EvalOptions,
  cases: ReadonlyMap<string, EvalCase>,
  io: CliIo,
): Promise<CaseOutcome[]> {
  const { lane } = options
  if (lane.kind === 'live') {
    const run = await runLiveLane(lane, [...cases.values()], io)
    if ('error' in run) throw new EvalStop(run.error)
    return run.outcomes
  }
  const outcomes: CaseOutcome[] = []
  const decode = { protocol: lane.protocol, ...(lane.model !== undefined ? { model: lane.model } : {}) }
  for await (const item of scoreResultLines(cases, readJsonLines(fileChunks(io, lane.replies)), decode)) {
    if ('outcome' in item) outcomes.push(item.outcome)
    else io.err(`${lane.replies}: ${item.problem}`)
  }
  return outcomes
}

async function baselineOf(path: string, io: CliIo): Promise<CaseOutcome[]> {
  const text = await io.readFile(path).catch((error: unknown) => {
    throw new UnreadableFileError(path, error)
  })
  const baseline = readBaseline(text, path)
  if (typeof baseline === 'string') throw new EvalStop(baseline)
  return baseline
}

/** Outcomes in the suite's order, then by model, protocol and repeat: live replies come in any order. */
function inSuiteOrder(outcomes: CaseOutcome[], cases: ReadonlyMap<string, EvalCase>): CaseOutcome[] {
  const rank = new Map([...cases.keys()].map((id, index) => [id, index]))
  const text = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0)
  return outcomes.sort(
    (a, b) =>
      (rank.get(a.id) ?? rank.size) - (rank.get(b.id) ?? rank.size) ||
      text(a.model, b.model) ||
      text(a.protocol, b.protocol) ||
      (a.repeat ?? 0) - (b.repeat ?? 0),
  )
}

function heading(options: EvalOptions, cases: number, outcomes: number): string {
  const { lane } = options
  const suite = `${cases} cases of ${options.questions}`
  if (lane.kind === 'offline') return `vcp eval: ${suite}, replies of ${lane.replies}`
  const repeats = lane.repeat > 1 ? `, ${lane.repeat} repeats` : ''
  return `vcp eval: ${suite}, ${lane.model} at ${lane.endpoint} in ${lane.protocols.join(', ')}${repeats}: ${outcomes} replies`
}

async function write(io: CliIo, path: string, text: string): Promise<void> {
  await io.writeFile(path, text).catch((error: unknown) => {
    throw new EvalStop(`cannot write ${path}: ${messageOf(error)}`)
  })
}
