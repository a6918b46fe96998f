/** The fixture suite, the mock server with the eval scenarios, and a recorded live run, for the live-lane tests. */
import { readFileSync } from 'node:fs'
import { afterEach } from 'vitest'
import { readSuite } from '../../../src/core/eval/suite'
import {
  EVAL_PROTOCOLS,
  runLiveEval,
  type LiveProgress,
  type LiveRunOptions,
  type LiveTarget,
} from '../../../src/core/eval/live'
import type { CaseOutcome, EvalCase } from '../../../src/core/eval/types'
import { startMockLlm, type ChatRequestBody, type MockLlm } from '../../../scripts/mock-llm/server'
import type { Scenario } from '../../../scripts/mock-llm/scenarios'
import { askedProtocol, createEvalScenarios, fixtureCaseOf } from '../../../scripts/mock-llm/eval-scenarios'

const FIXTURES = new URL('../../fixtures/eval/', import.meta.url)

/** The 15 cases of the fixture suite (every category), read with the lab's own reader. */
export async function fixtureCases(): Promise<EvalCase[]> {
  const questions = readFileSync(new URL('questions.jsonl', FIXTURES), 'utf8')
  const answers = readFileSync(new URL('possible_answer.jsonl', FIXTURES), 'utf8')
  const cases: EvalCase[] = []
  for await (const entry of readSuite(questions, { answers })) {
    if (!('case' in entry)) throw new Error(`the fixture suite has an error: ${entry.error}`)
    cases.push(entry.case)
  }
  return cases
}

const servers: MockLlm[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/**
 * A mock server of its own (fresh eval scenarios, so `eval-flaky` counts from 1), closed after
 * the test. `extra` adds or replaces scenarios.
 */
export async function evalServer(extra: Record<string, Scenario> = {}): Promise<MockLlm> {
  const server = await startMockLlm({ scenarios: { ...createEvalScenarios(), ...extra } })
  servers.push(server)
  return server
}

/** A target asking `model` of the server. */
export function target(server: Pick<MockLlm, 'baseUrl'>, model: string): LiveTarget {
  return { label: model, endpoint: { baseUrl: server.baseUrl, model } }
}

/** The job a request the server received was for: the fixture case's id and the protocol asked in. */
export function jobOf(body: ChatRequestBody): string {
  return `${fixtureCaseOf(body)?.id ?? '?'} / ${askedProtocol(body) ?? '?'}`
}

/** What a run gave: its result, every outcome and every progress event, and the pauses it slept. */
export interface RecordedRun {
  status: 'completed' | 'aborted'
  final: LiveProgress
  outcomes: CaseOutcome[]
  progress: LiveProgress[]
  pauses: number[]
}

/**
 * Runs the live lane over `options` (every protocol, instant backoff pauses, and a fixed date by
 * default), recording outcomes and progress; `onOutcome` is called after an outcome is recorded.
 */
export async function recordRun(
  options: Omit<LiveRunOptions, 'onOutcome' | 'protocols'> & Partial<Pick<LiveRunOptions, 'onOutcome' | 'protocols'>>,
): Promise<RecordedRun> {
  const outcomes: CaseOutcome[] = []
  const progress: LiveProgress[] = []
  const pauses: number[] = []
  const { status, progress: final } = await runLiveEval({
    protocols: EVAL_PROTOCOLS,
    today: new Date(Date.UTC(2026, 0, 15)),
    sleep: async (ms) => void pauses.push(ms),
    ...options,
    onOutcome: async (outcome) => {
      outcomes.push(outcome)
      await options.onOutcome?.(outcome)
    },
    onProgress: (event) => progress.push(event),
  })
  return { status, final, outcomes, progress, pauses }
}
