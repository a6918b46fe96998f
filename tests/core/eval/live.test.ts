import { createServer } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { EVAL_PROTOCOLS, jobKey, outcomeKey } from '../../../src/core/eval/live'
import { summarize } from '../../../src/core/eval/metrics'
import type { CaseOutcome, EvalCase } from '../../../src/core/eval/types'
import type { Scenario } from '../../../scripts/mock-llm/scenarios'
import { createEvalScenarios } from '../../../scripts/mock-llm/eval-scenarios'
import { evalServer, fixtureCases, jobOf, recordRun, target } from './live-fixtures'

let cases: EvalCase[] = []
beforeAll(async () => {
  cases = await fixtureCases()
})

const NETWORK = 30_000

/** What eval-mixed should score in each protocol, as a readable label per outcome. */
function expectedMixedVerdict(outcome: CaseOutcome): string {
  const relevant = outcome.category !== 'irrelevance'
  const parallel = outcome.category === 'parallel' || outcome.category === 'parallel_multiple'
  switch (outcome.protocol) {
    case 'hermes':
      if (!relevant) return 'irrelevance_error:decoder_success'
      return parallel ? 'parallel_function_checker_no_order:cannot_find_match' : 'value_error'
    case 'json':
      return relevant ? 'ast_decoder:decoder_failed (unparsed)' : 'valid'
    case 'xml':
      return relevant ? 'ast_decoder:decoder_failed' : 'valid'
    default:
      return 'valid'
  }
}

function mixedVerdict(outcome: CaseOutcome): string {
  if (outcome.valid) return 'valid'
  const type = outcome.errorType ?? '?'
  if (type.startsWith('value_error:')) return 'value_error'
  if (outcome.protocol === 'json' && !outcome.compliance.parsed) return `${type} (unparsed)`
  return type
}

/** The sub-error types a parallel checker reported for its candidate calls. */
function subErrorTypes(outcome: CaseOutcome): string[] {
  return outcome.errors.flatMap((error) =>
    typeof error === 'object' && error !== null
      ? Object.values(error).map((detail) => String((detail as { sub_error_type?: unknown }).sub_error_type))
      : [],
  )
}

describe('runLiveEval against the mock server', () => {
  it(
    'scores every case valid in all five protocols when the model answers rightly, keeping usage and latency',
    async () => {
      const server = await evalServer()
      const run = await recordRun({ cases, targets: [target(server, 'eval-right')] })
      expect(run.status).toBe('completed')
      expect(run.outcomes).toHaveLength(cases.length * EVAL_PROTOCOLS.length)
      const invalid = run.outcomes.filter((o) => !o.valid).map((o) => `${o.id} / ${o.protocol}: ${o.errorType}`)
      expect(invalid).toEqual([])
      expect(new Set(run.outcomes.map(outcomeKey)).size).toBe(run.outcomes.length)
      for (const outcome of run.outcomes) {
        expect(outcome).toMatchObject({ model: 'eval-right', repeat: 0, compliance: { parsed: true } })
        expect(outcome.usage?.total_tokens).toBeGreaterThan(0)
        expect(outcome.latencyMs).toBeGreaterThanOrEqual(0)
        if (outcome.protocol === 'native' && outcome.category !== 'irrelevance')
          expect(outcome.replyToolCalls?.length).toBe(outcome.expectedNames.length)
        else expect(outcome.reply).toBeTruthy()
      }
      expect(server.chatRequests()).toHaveLength(run.outcomes.length)
    },
    NETWORK,
  )

  it(
    'gives exactly the expected error of each protocol for a model that fails some of them',
    async () => {
      const server = await evalServer()
      const run = await recordRun({ cases, targets: [target(server, 'eval-mixed')] })
      expect(run.outcomes).toHaveLength(cases.length * EVAL_PROTOCOLS.length)
      const got = run.outcomes.map((o) => `${o.id} / ${o.protocol}: ${mixedVerdict(o)}`).sort()
      const expected = run.outcomes.map((o) => `${o.id} / ${o.protocol}: ${expectedMixedVerdict(o)}`).sort()
      expect(got).toEqual(expected)
      // The parallel cases fail for a wrong value too: some candidate call has a value error.
      for (const outcome of run.outcomes.filter((o) => o.protocol === 'hermes' && o.category.startsWith('parallel')))
        expect(subErrorTypes(outcome).some((type) => type.startsWith('value_error:'))).toBe(true)
      const summary = summarize(run.outcomes)
      expect(summary.byCategory.irrelevance).toEqual({ passed: 8, total: 10 })
      expect(summary.compliance).toEqual({ passed: 62, total: 75 })
    },
    NETWORK,
  )

  it(
    'asks each case k times, and a flaky model without retries gives request errors that pass@k sees through',
    async () => {
      const server = await evalServer()
      // One request at a time: eval-flaky fails the odd-numbered requests, so the pattern is fixed.
      const run = await recordRun({
        cases,
        targets: [target(server, 'eval-flaky')],
        protocols: ['native'],
        repeat: 3,
        concurrency: 1,
        retries: 0,
      })
      expect(run.outcomes).toHaveLength(cases.length * 3)
      for (const testCase of cases) {
        const repeats = run.outcomes.filter((o) => o.id === testCase.id).map((o) => o.repeat)
        expect(repeats.sort()).toEqual([0, 1, 2])
      }
      const failed = run.outcomes.filter((o) => !o.valid)
      expect(new Set(failed.map((o) => o.errorType))).toEqual(new Set(['request_error:http']))
      expect(failed).toHaveLength(23)
      expect(run.final.failedRequests).toBe(23)
      expect(run.pauses).toEqual([])
      const { stability } = summarize(run.outcomes)
      expect(stability).toMatchObject({ k: 3, cases: 15, passAtK: 1, passAll: 0 })
      expect(stability.flaky).toHaveLength(15)
      // Cases alternate between one pass and two passes out of three: (8 * 1/3 + 7 * 2/3) / 15.
      expect(stability.passAt1).toBeCloseTo(22 / 45, 10)
    },
    NETWORK,
  )

  it(
    'passes everything from a flaky model once each request may be retried, pausing before each retry',
    async () => {
      const server = await evalServer()
      // The clock moves only by the pauses: a reply's latency is its own request's, pauses left out.
      let clock = 0
      const pauses: number[] = []
      const run = await recordRun({
        cases,
        targets: [target(server, 'eval-flaky')],
        protocols: ['vcp', 'native'],
        concurrency: 1,
        retries: 1,
        backoffMs: 250,
        now: () => clock,
        sleep: async (ms) => {
          pauses.push(ms)
          clock += ms
        },
      })
      expect(run.outcomes.filter((o) => !o.valid)).toEqual([])
      expect(run.outcomes).toHaveLength(cases.length * 2)
      expect(server.chatRequests()).toHaveLength(cases.length * 4)
      expect(pauses).toEqual(Array.from({ length: cases.length * 2 }, () => 250))
      expect(run.outcomes.map((o) => o.latencyMs)).toEqual(run.outcomes.map(() => 0))
      expect(run.final).toMatchObject({ failedRequests: 0, elapsedMs: 250 * cases.length * 2 })
    },
    NETWORK,
  )

  it(
    'keeps at most `concurrency` requests at the server at once',
    async () => {
      const slow = createEvalScenarios()['eval-slow'] as Scenario
      let arrived = 0
      let answered = 0
      let most = 0
      const counting: Scenario = (body, round) => {
        arrived++
        most = Math.max(most, arrived - answered)
        return slow(body, round)
      }
      const server = await evalServer({ 'eval-slow': counting })
      // A request counts from its arrival at the server until its outcome is handed over, a span
      // that holds its whole time at the server.
      const run = await recordRun({
        cases: cases.slice(0, 7),
        targets: [target(server, 'eval-slow')],
        protocols: ['native'],
        concurrency: 3,
        onOutcome: () => void answered++,
      })
      expect(run.outcomes).toHaveLength(7)
      expect(arrived).toBe(7)
      expect(most).toBeLessThanOrEqual(3)
      expect(most).toBeGreaterThan(1)
    },
    NETWORK,
  )

  it(
    'resumes a stopped run: the jobs already kept are skipped and never reach the server',
    async () => {
      const server = await evalServer()
      const some = cases.slice(0, 5)
      const targets = [target(server, 'eval-right')]
      const protocols = ['vcp', 'native'] as const
      const stop = new AbortController()
      let kept = 0
      const first = await recordRun({
        cases: some,
        targets,
        protocols,
        concurrency: 1,
        signal: stop.signal,
        onOutcome: () => {
          if (++kept === 4) stop.abort()
        },
      })
      expect(first.status).toBe('aborted')
      expect(first.outcomes).toHaveLength(4)
      const keys = new Set(first.outcomes.map(outcomeKey))
      const askedBefore = server.chatRequests().length

      const second = await recordRun({ cases: some, targets, protocols, concurrency: 2, completed: keys })
      expect(second.status).toBe('completed')
      const askedNow = server.chatRequests().slice(askedBefore).map(jobOf)
      expect(askedNow).toHaveLength(6)
      for (const outcome of first.outcomes) expect(askedNow).not.toContain(`${outcome.id} / ${outcome.protocol}`)
      expect(second.progress[0]).toMatchObject({ done: 0, total: 10, skipped: 4 })
      expect(second.final).toMatchObject({ done: 6, total: 10, skipped: 4, failedRequests: 0 })
      const all = some.flatMap((c) => protocols.map((p) => jobKey(c.id, 'eval-right', p, 0)))
      expect(new Set([...keys, ...second.outcomes.map(outcomeKey)])).toEqual(new Set(all))
    },
    NETWORK,
  )

  it(
    'stops when the signal is aborted, leaving the jobs not done',
    async () => {
      const server = await evalServer()
      const stop = new AbortController()
      const run = await recordRun({
        cases: cases.slice(0, 6),
        targets: [target(server, 'eval-slow')],
        protocols: ['native'],
        concurrency: 2,
        signal: stop.signal,
        onOutcome: () => stop.abort(),
      })
      expect(run.status).toBe('aborted')
      expect(run.outcomes.length).toBeGreaterThanOrEqual(1)
      expect(run.outcomes.length).toBeLessThan(6)
      expect(run.final.done).toBe(run.outcomes.length)
      expect(server.chatRequests().length).toBeLessThan(6)
    },
    NETWORK,
  )

  it(
    'reports progress up to every job done, with an estimate once a job is done',
    async () => {
      const server = await evalServer()
      let clock = 1000
      const run = await recordRun({
        cases: cases.slice(0, 4),
        targets: [target(server, 'eval-right')],
        protocols: ['json', 'hermes'],
        completed: new Set([jobKey(cases[0]?.id ?? '', 'eval-right', 'json', 0)]),
        now: () => (clock += 10),
      })
      const [start, ...after] = run.progress
      expect(start).toMatchObject({ done: 0, total: 8, skipped: 1, failedRequests: 0 })
      expect(start?.etaMs).toBeUndefined()
      expect(after.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7])
      for (const event of after) expect(event.etaMs).toBeGreaterThanOrEqual(0)
      expect(after[after.length - 1]).toMatchObject({ done: 7, total: 8, skipped: 1, etaMs: 0 })
      expect(run.final.elapsedMs).toBeGreaterThan(0)
    },
    NETWORK,
  )

  it(
    'turns an endpoint that cannot be reached into network errors, without throwing',
    async () => {
      const closed = createServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
      const port = (closed.address() as { port: number }).port
      await new Promise<void>((resolve) => closed.close(() => resolve()))
      const run = await recordRun({
        cases: cases.slice(0, 3),
        targets: [target({ baseUrl: `http://127.0.0.1:${port}/v1` }, 'nobody')],
        protocols: ['vcp', 'native'],
        retries: 1,
        backoffMs: 100,
      })
      expect(run.status).toBe('completed')
      expect(run.outcomes).toHaveLength(6)
      for (const outcome of run.outcomes)
        expect(outcome).toMatchObject({ valid: false, errorType: 'request_error:network', model: 'nobody' })
      expect(run.final).toMatchObject({ done: 6, failedRequests: 6 })
      expect(run.pauses).toEqual([100, 100, 100, 100, 100, 100])
    },
    NETWORK,
  )
})
