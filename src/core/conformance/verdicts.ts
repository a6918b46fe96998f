/**
 * A check's judgement of single exchanges (verdicts), and how verdicts add up to its result: fail
 * when any repetition failed (flaky when another repetition of the same probe passed), pass when
 * all judged passed, inconclusive when nothing could be judged.
 */
import type { CheckCategory, CheckResult, CheckStatus, Evidence, WireExchange } from './types'
import type { CheckContext } from './context'
import type { ReplyView } from './reply'

export interface Verdict {
  status: CheckStatus
  /** What was seen, in a sentence without the check's own description. */
  note: string
  exchange: WireExchange
  /** Chunks (by index) that show it. */
  chunks?: number[]
  clientView?: string
}

export interface CheckDefinition {
  id: string
  category: CheckCategory
  /** What the check holds the server to, as a phrase: "every streamed call keeps one index". */
  what: string
  judge(context: CheckContext): Verdict[]
}

export function passed(exchange: WireExchange, note = ''): Verdict {
  return { status: 'pass', note, exchange }
}

export function failed(exchange: WireExchange, note: string, chunks: number[] = [], clientView?: string): Verdict {
  const verdict: Verdict = { status: 'fail', note, exchange, chunks }
  if (clientView) verdict.clientView = clientView
  return verdict
}

export function unsure(exchange: WireExchange, note: string): Verdict {
  return { status: 'inconclusive', note, exchange }
}

/** A verdict per reply: judged when it can be read, else inconclusive, saying why. */
export function judgeReadable(views: readonly ReplyView[], judge: (view: ReplyView) => Verdict): Verdict[] {
  return views.map((view) =>
    view.unusable !== undefined ? unsure(view.exchange, `the reply cannot be read: ${view.unusable}`) : judge(view),
  )
}

/** Likewise, and inconclusive for a reply without calls: it says nothing about how calls are sent. */
export function judgeCalls(views: readonly ReplyView[], judge: (view: ReplyView) => Verdict): Verdict[] {
  return judgeReadable(views, (view) =>
    view.calls.length === 0 ? unsure(view.exchange, 'the reply holds no call') : judge(view),
  )
}

/** The most failures quoted as evidence, one per probe and mode first. */
const MAX_EVIDENCE = 6

export function resultOf(check: CheckDefinition, verdicts: readonly Verdict[]): CheckResult {
  const base = { id: check.id, category: check.category }
  const fails = verdicts.filter((v) => v.status === 'fail')
  const passes = verdicts.filter((v) => v.status === 'pass')
  const unsures = verdicts.filter((v) => v.status === 'inconclusive')
  if (fails.length > 0) {
    const flaky = fails.some((f) => passes.some((p) => sameProbe(p.exchange, f.exchange)))
    const judged = fails.length + passes.length
    return {
      ...base,
      status: 'fail',
      flaky,
      detail: `${capital(check.what)}: not so in ${fails.length} of ${judged} exchange${judged === 1 ? '' : 's'}${flaky ? ', while other repetitions passed' : ''}. ${where((fails[0] as Verdict).exchange)}: ${(fails[0] as Verdict).note}`,
      evidence: pickEvidence(fails),
    }
  }
  if (passes.length > 0) {
    const notes = [...new Set(passes.map((v) => v.note).filter((note) => note !== ''))]
    const said = notes.length === 1 ? `; ${notes[0]}` : ''
    const open = unsures.length > 0 ? ` ${unsures.length} could not be judged: ${commonest(unsures)}.` : ''
    return {
      ...base,
      status: 'pass',
      flaky: false,
      detail: `${capital(check.what)}: held in all ${passes.length} exchange${passes.length === 1 ? '' : 's'} judged${said}.${open}`,
      evidence: [],
    }
  }
  const why = unsures.length > 0 ? commonest(unsures) : 'no exchange had what this check reads'
  return {
    ...base,
    status: 'inconclusive',
    flaky: false,
    detail: `${capital(check.what)}: not judged; ${why}.`,
    evidence: [],
  }
}

/** The result of a check that could not read the exchanges at all. */
export function unjudgedResult(check: CheckDefinition, error: unknown): CheckResult {
  const why = error instanceof Error ? error.message : String(error)
  return {
    id: check.id,
    category: check.category,
    status: 'inconclusive',
    flaky: false,
    detail: `${capital(check.what)}: not judged; reading the exchanges failed (${why}).`,
    evidence: [],
  }
}

function pickEvidence(fails: readonly Verdict[]): Evidence[] {
  const chosen: Verdict[] = []
  const seen = new Set<string>()
  for (const verdict of fails) {
    const key = `${verdict.exchange.probe}\u0000${verdict.exchange.mode}`
    if (seen.has(key)) continue
    seen.add(key)
    chosen.push(verdict)
  }
  for (const verdict of fails) if (!chosen.includes(verdict)) chosen.push(verdict)
  return chosen.slice(0, MAX_EVIDENCE).map((verdict) => {
    const evidence: Evidence = {
      probe: verdict.exchange.probe,
      mode: verdict.exchange.mode,
      attempt: verdict.exchange.attempt,
      chunks: verdict.exchange.mode === 'stream' ? [...new Set(verdict.chunks ?? [])].sort((a, b) => a - b) : [],
      note: verdict.note,
    }
    if (verdict.clientView) evidence.clientView = verdict.clientView
    return evidence
  })
}

function sameProbe(a: WireExchange, b: WireExchange): boolean {
  return a.probe === b.probe && a.mode === b.mode && a.attempt !== b.attempt
}

/** The note most verdicts share (the first of equals). */
function commonest(verdicts: readonly Verdict[]): string {
  const counts = new Map<string, number>()
  for (const verdict of verdicts) counts.set(verdict.note, (counts.get(verdict.note) ?? 0) + 1)
  let best = ''
  let most = 0
  for (const [note, count] of counts)
    if (count > most) {
      best = note
      most = count
    }
  return best
}

/** An exchange as a reader finds it in the report: `parallel (stream, attempt 2)`. */
export function where(exchange: WireExchange): string {
  return `${exchange.probe} (${exchange.mode === 'stream' ? 'streamed' : 'not streamed'}, attempt ${exchange.attempt + 1})`
}

/** The phrase with a capital, unless it starts with a field name (`finish_reason`, `tool_choice`). */
function capital(text: string): string {
  return /^\w*_/.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1)
}
