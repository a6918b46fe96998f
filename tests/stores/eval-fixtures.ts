/** Records, outcomes and files for the Eval pane's tests, shaped as the lab writes them. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { CaseOutcome } from '../../src/core/eval'
import type { EvalRunRecord } from '../../src/persistence/eval-runs'

// A path, not a URL: under happy-dom, URL is the page's and a file URL means nothing to it.
const FIXTURES = resolve('tests/fixtures/eval')

/** A run record as the lab writes one. */
export function runRecord(id: string, createdAt: number, extra: Partial<EvalRunRecord> = {}): EvalRunRecord {
  return {
    id,
    label: `run ${id}`,
    createdAt,
    status: 'completed',
    settings: {
      kind: 'live',
      suiteName: 'sample',
      caseCount: 2,
      targets: [{ label: 'eval-right', profileId: 'mock', model: 'eval-right' }],
      protocols: ['vcp'],
      repeat: 1,
      concurrency: 2,
    },
    outcomeCount: 0,
    ...extra,
  }
}

/** An outcome as the live lane scores one. */
export function outcome(id: string, valid: boolean, extra: Partial<CaseOutcome> = {}): CaseOutcome {
  return {
    id,
    category: 'simple',
    model: 'eval-right',
    protocol: 'vcp',
    repeat: 0,
    valid,
    ...(valid ? {} : { errorType: 'value_error:string' }),
    errors: valid ? [] : ['wrong city'],
    compliance: { parsed: true, format: 'vcp', diagnostics: [] },
    decoded: [{ get_weather: { city: valid ? 'Paris' : 'Atlantis' } }],
    expectedNames: ['get_weather'],
    chosenNames: ['get_weather'],
    reply: 'a reply',
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    latencyMs: 40,
    ...extra,
  }
}

/** A fixture file of the eval suite (tests/fixtures/eval) as a File, as the file input hands it over. */
export function fixtureFile(name: string, text?: string): File {
  return new File([text ?? readFileSync(resolve(FIXTURES, name), 'utf8')], name)
}

/** A copy of `value` without the named keys (an offline outcome has no model or protocol, say). */
export function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...value }
  for (const key of keys) delete copy[key]
  return copy
}
