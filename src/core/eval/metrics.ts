/**
 * What a run's outcomes add up to, each question kept apart: did replies parse (format
 * compliance), were the calls right (correctness), was no call made when none was due
 * (relevance), does the same case pass every time (stability), and what it cost (tokens, latency).
 */
import type { CaseOutcome, EvalCategory } from './types'

/** Passed out of total. */
export interface Tally {
  passed: number
  total: number
}

/** Expected tool against chosen tool; `NO_CALL` stands for no call on either side. */
export interface ConfusionMatrix {
  /** Row labels: expected tools. */
  expected: string[]
  /** Column labels: chosen tools. */
  chosen: string[]
  /** counts[row][column]. */
  counts: number[][]
}

/** The summary of a set of outcomes. */
export interface EvalSummary {
  /** Every outcome: passed when its verdict is valid. */
  overall: Tally
  byCategory: Partial<Record<EvalCategory, Tally>>
  /** BFCL's error labels with how often each occurred, most frequent first. */
  errorTypes: { errorType: string; count: number }[]
  /** Replies that parsed with no error. */
  compliance: Tally
  /** Cases that expected calls. */
  correctness: Tally
  /** Cases that expected none. */
  relevance: Tally
  stability: StabilitySummary
  tokens: { prompt: number; completion: number; total: number; replies: number }
  /** Milliseconds over the replies that report a latency; absent when none does. */
  latency?: { mean: number; p50: number; p95: number; max: number }
  confusion: ConfusionMatrix
}

/** Repeats of the same case (same model and protocol) compared. */
export interface StabilitySummary {
  /** The most repeats any case had. */
  k: number
  /** Mean over cases of the unbiased pass@1 and pass@k estimates (k = repeats of each case). */
  passAt1: number
  passAtK: number
  /** Cases that passed in every repeat. */
  passAll: number
  /** Cases that passed in some repeats and failed in others, by key (`id`, or `id @ model / protocol`). */
  flaky: string[]
  cases: number
}

/** The label used for "no call" in the confusion matrix. */
export const NO_CALL = '(no call)'

/** Sums up outcomes; an empty list gives zeros. */
export function summarize(outcomes: readonly CaseOutcome[]): EvalSummary {
  const overall = tally()
  const byCategory: Partial<Record<EvalCategory, Tally>> = {}
  const errors = new Map<string, number>()
  const compliance = tally()
  const correctness = tally()
  const relevance = tally()
  const tokens = { prompt: 0, completion: 0, total: 0, replies: 0 }
  const latencies: number[] = []
  for (const outcome of outcomes) {
    count(overall, outcome.valid)
    count((byCategory[outcome.category] ??= tally()), outcome.valid)
    if (!outcome.valid && outcome.errorType) errors.set(outcome.errorType, (errors.get(outcome.errorType) ?? 0) + 1)
    count(compliance, outcome.compliance.parsed)
    count(outcome.category === 'irrelevance' ? relevance : correctness, outcome.valid)
    if (outcome.usage) {
      tokens.prompt += outcome.usage.prompt_tokens
      tokens.completion += outcome.usage.completion_tokens
      tokens.total += outcome.usage.total_tokens
      tokens.replies++
    }
    if (typeof outcome.latencyMs === 'number') latencies.push(outcome.latencyMs)
  }
  const errorTypes = [...errors].map(([errorType, n]) => ({ errorType, count: n })).sort((a, b) => b.count - a.count)
  return {
    overall,
    byCategory,
    errorTypes,
    compliance,
    correctness,
    relevance,
    stability: stability(outcomes),
    tokens,
    ...(latencies.length > 0 ? { latency: latencyOf(latencies) } : {}),
    confusion: confusion(outcomes),
  }
}

/** The key that groups repeats of one case: the id, with the model and protocol of a live run. */
export function caseKey(outcome: Pick<CaseOutcome, 'id' | 'model' | 'protocol'>): string {
  return outcome.model === undefined && outcome.protocol === undefined
    ? outcome.id
    : `${outcome.id} @ ${outcome.model ?? ''} / ${outcome.protocol ?? ''}`
}

function stability(outcomes: readonly CaseOutcome[]): StabilitySummary {
  const groups = new Map<string, Tally>()
  for (const outcome of outcomes) {
    const key = caseKey(outcome)
    let group = groups.get(key)
    if (!group) groups.set(key, (group = tally()))
    count(group, outcome.valid)
  }
  let k = 0
  let passAt1 = 0
  let passAtK = 0
  let passAll = 0
  const flaky: string[] = []
  for (const [key, group] of groups) {
    k = Math.max(k, group.total)
    passAt1 += passAtKEstimate(group.total, group.passed, 1)
    passAtK += group.passed > 0 ? 1 : 0
    if (group.passed === group.total) passAll++
    else if (group.passed > 0) flaky.push(key)
  }
  const cases = groups.size
  return {
    k,
    passAt1: cases ? passAt1 / cases : 0,
    passAtK: cases ? passAtK / cases : 0,
    passAll,
    flaky,
    cases,
  }
}

/**
 * The unbiased estimate of pass@k from n samples with c correct: 1 - C(n-c, k) / C(n, k),
 * computed as a product so large n stays exact enough.
 */
export function passAtKEstimate(n: number, c: number, k: number): number {
  if (n - c < k) return 1
  let miss = 1
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i
  return 1 - miss
}

function latencyOf(values: number[]): NonNullable<EvalSummary['latency']> {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length
  return { mean, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] as number }
}

/**
 * Pairs expected and chosen tools per reply: a chosen tool that was expected pairs with itself;
 * what is left pairs in order; what is left over pairs with NO_CALL.
 */
function confusion(outcomes: readonly CaseOutcome[]): ConfusionMatrix {
  const cells = new Map<string, Map<string, number>>()
  const add = (expected: string, chosen: string) => {
    let row = cells.get(expected)
    if (!row) cells.set(expected, (row = new Map()))
    row.set(chosen, (row.get(chosen) ?? 0) + 1)
  }
  for (const outcome of outcomes) {
    const chosen = [...outcome.chosenNames]
    const unmatched: string[] = []
    for (const name of outcome.expectedNames) {
      const at = chosen.indexOf(name)
      if (at >= 0) {
        chosen.splice(at, 1)
        add(name, name)
      } else unmatched.push(name)
    }
    for (const name of unmatched) add(name, chosen.shift() ?? NO_CALL)
    for (const name of chosen) add(NO_CALL, name)
    if (outcome.expectedNames.length === 0 && outcome.chosenNames.length === 0) add(NO_CALL, NO_CALL)
  }
  const expected = [...cells.keys()].sort(byLabel)
  const chosen = [...new Set([...cells.values()].flatMap((row) => [...row.keys()]))].sort(byLabel)
  const counts = expected.map((e) => chosen.map((c) => cells.get(e)?.get(c) ?? 0))
  return { expected, chosen, counts }
}

/** Names in order, NO_CALL last. */
function byLabel(a: string, b: string): number {
  if (a === NO_CALL || b === NO_CALL) return a === b ? 0 : a === NO_CALL ? 1 : -1
  return a < b ? -1 : a > b ? 1 : 0
}

function tally(): Tally {
  return { passed: 0, total: 0 }
}

function count(t: Tally, passed: boolean): void {
  t.total++
  if (passed) t.passed++
}
