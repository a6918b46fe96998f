/**
 * Eval runs kept in IndexedDB: a record per run (its settings, status and summary) and a record
 * per outcome, written as each reply is scored, so a run stopped half way keeps what it got and
 * can go on later; and the cases saved from replies (see eval-saved-cases.ts). What was stored and
 * cannot be read (another version's shape, a broken profile, a hand edit) is left out with a
 * sentence saying why, and deleted so it is reported once: the page goes on, and nothing is lost unseen.
 */
import { EVAL_CATEGORIES, type CaseOutcome, type EvalSummary } from '../core/eval'
import { SAVED_CASES, savedCaseStoreOver, type SavedCaseStore } from './eval-saved-cases'
import { eachRecord, inTransaction, rawText, settled } from './idb-requests'
import { isRecord } from './persisted'

export { checkSavedCase, type SavedCaseRecord, type SavedCaseStore } from './eval-saved-cases'

/** The database's name in this origin. */
export const EVAL_DB_NAME = 'vcp-workbench-eval'
/** 1: runs and outcomes; 2: saved cases too. */
export const EVAL_DB_VERSION = 2
const RUNS = 'runs'
const OUTCOMES = 'outcomes'
/** The outcomes' index by run: a run's outcomes in key order, with no key range to build. */
const BY_RUN = 'byRun'

/** Where the replies came from: endpoints asked now, or a file of replies captured before. */
export type EvalRunKind = 'live' | 'offline'
/** A run in progress, stopped before its end (it can be resumed), or done. */
export type EvalRunStatus = 'running' | 'stopped' | 'completed'

/** An endpoint and model a live run asked; the API key is never kept here (the chat keeps it). */
export interface EvalRunTarget {
  /** The name reports show, and the `model` of the outcomes. */
  label: string
  /** The chat endpoint it was reached through. */
  profileId: string
  model: string
  /** Runs in the raw protocol: the vendored chat template the target rendered with. */
  template?: string
  /** Runs in the raw protocol: the format chosen to read its replies in; absent: the inferred one. */
  format?: string
}

/** What a run was asked to do. */
export interface EvalRunSettings {
  kind: EvalRunKind
  /** The suite's name (its file's, or the sample's) and size. */
  suiteName: string
  caseCount: number
  /** Live runs: the targets asked; offline runs: none. */
  targets: EvalRunTarget[]
  /** Live runs: the protocols asked in; offline runs: the one the replies were read with (`auto` or a format id). */
  protocols: string[]
  repeat: number
  concurrency: number
  /** Offline runs: the name of the result file scored. */
  fileName?: string
}

/** A run as kept. */
export interface EvalRunRecord {
  id: string
  label: string
  createdAt: number
  status: EvalRunStatus
  settings: EvalRunSettings
  /** The summary of the outcomes kept so far; absent before the first. */
  summary?: EvalSummary
  outcomeCount: number
}

/** A stored record that could not be read: where it was, why, and its text for a download. */
export interface UnreadableRecord {
  where: string
  problem: string
  raw: string
}

/**
 * Runs and outcomes, and the saved cases, kept. A method rejects only when the database fails
 * (storage full, closed).
 */
export interface EvalRunStore extends SavedCaseStore {
  /** Every readable run, newest first; unreadable ones are left out and deleted. */
  listRuns(): Promise<{ runs: EvalRunRecord[]; unreadable: UnreadableRecord[] }>
  /** Adds or replaces a run record. */
  putRun(run: EvalRunRecord): Promise<void>
  /** Keeps one outcome of a run under its key (a second one under the same key replaces it). */
  putOutcome(runId: string, key: string, outcome: CaseOutcome): Promise<void>
  /** A run's readable outcomes with their keys, in key order; unreadable ones are left out and deleted. */
  outcomesOf(runId: string): Promise<{ outcomes: KeptOutcome[]; unreadable: UnreadableRecord[] }>
  /** Deletes a run and its outcomes. */
  deleteRun(runId: string): Promise<void>
  close(): void
}

/** An outcome with the key it is kept under. */
export interface KeptOutcome {
  key: string
  outcome: CaseOutcome
}

/** The database opened, or why it could not be (no IndexedDB, a newer version, refused). */
export type OpenedEvalRuns = { ok: true; store: EvalRunStore } | { ok: false; reason: string }

/** How {@link openEvalRunStore} opens. */
export interface OpenEvalRunsOptions {
  /** @default globalThis.indexedDB */
  factory?: IDBFactory
  /** @default EVAL_DB_NAME */
  name?: string
}

/** Opens (creating when new) the runs database; never throws. */
export async function openEvalRunStore(options: OpenEvalRunsOptions = {}): Promise<OpenedEvalRuns> {
  const factory = options.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB
  if (!factory) return { ok: false, reason: 'this browser offers no IndexedDB' }
  try {
    const request = factory.open(options.name ?? EVAL_DB_NAME, EVAL_DB_VERSION)
    // Each object store is made when missing: a database of an earlier version keeps what it holds.
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(RUNS)) db.createObjectStore(RUNS, { keyPath: 'id' })
      if (!db.objectStoreNames.contains(OUTCOMES))
        db.createObjectStore(OUTCOMES, { keyPath: ['runId', 'key'] }).createIndex(BY_RUN, 'runId')
      if (!db.objectStoreNames.contains(SAVED_CASES)) db.createObjectStore(SAVED_CASES, { keyPath: 'id' })
    }
    const db = await settled(request)
    // Another tab opening a newer version waits for this one: let it go on.
    db.onversionchange = () => db.close()
    return { ok: true, store: storeOver(db) }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

function storeOver(db: IDBDatabase): EvalRunStore {
  const transaction = (mode: IDBTransactionMode) => db.transaction([RUNS, OUTCOMES], mode)
  const outcomesCursor = (tx: IDBTransaction, runId: string) => tx.objectStore(OUTCOMES).index(BY_RUN).openCursor(runId)
  const deleteOutcomes = (tx: IDBTransaction, runId: string) => eachRecord(outcomesCursor(tx, runId), (c) => c.delete())
  const write = async (work: (tx: IDBTransaction) => Promise<unknown>): Promise<void> => {
    const tx = transaction('readwrite')
    await inTransaction(tx, work(tx))
  }

  async function listRuns() {
    const tx = transaction('readwrite')
    const runs: EvalRunRecord[] = []
    const unreadable: UnreadableRecord[] = []
    const removals: Promise<void>[] = []
    const listed = eachRecord(tx.objectStore(RUNS).openCursor(), (cursor) => {
      const checked = checkRunRecord(cursor.value)
      if (typeof checked !== 'string') return void runs.push(checked)
      unreadable.push({ where: `run ${String(cursor.primaryKey)}`, problem: checked, raw: rawText(cursor.value) })
      cursor.delete()
      if (typeof cursor.primaryKey === 'string') removals.push(deleteOutcomes(tx, cursor.primaryKey))
    })
    await inTransaction(
      tx,
      listed.then(() => Promise.all(removals)),
    )
    return { runs: runs.sort((a, b) => b.createdAt - a.createdAt), unreadable }
  }

  async function outcomesOf(runId: string) {
    const tx = transaction('readwrite')
    const outcomes: KeptOutcome[] = []
    const unreadable: UnreadableRecord[] = []
    await inTransaction(
      tx,
      eachRecord(outcomesCursor(tx, runId), (cursor) => {
        const value: unknown = cursor.value
        const checked = isRecord(value) ? checkOutcome(value.outcome) : 'not an outcome record'
        const key = isRecord(value) && typeof value.key === 'string' ? value.key : undefined
        if (typeof checked !== 'string' && key !== undefined) return void outcomes.push({ key, outcome: checked })
        const problem = key === undefined ? 'no key' : (checked as string)
        unreadable.push({ where: `an outcome of run ${runId}`, problem, raw: rawText(value) })
        cursor.delete()
      }),
    )
    return { outcomes, unreadable }
  }

  return {
    ...savedCaseStoreOver(db),
    listRuns,
    outcomesOf,
    putRun: (run) => write((tx) => settled(tx.objectStore(RUNS).put(run))),
    putOutcome: (runId, key, outcome) => write((tx) => settled(tx.objectStore(OUTCOMES).put({ runId, key, outcome }))),
    deleteRun: (runId) =>
      write((tx) => Promise.all([settled(tx.objectStore(RUNS).delete(runId)), deleteOutcomes(tx, runId)])),
    close: () => db.close(),
  }
}

/** A run record as stored, or why it cannot be read. A summary of the wrong shape is dropped (it is recomputed). */
export function checkRunRecord(value: unknown): EvalRunRecord | string {
  if (!isRecord(value)) return 'not a run record'
  if (typeof value.id !== 'string' || value.id === '') return 'no run id'
  if (typeof value.label !== 'string') return 'no label'
  if (typeof value.createdAt !== 'number') return 'no creation time'
  if (value.status !== 'running' && value.status !== 'stopped' && value.status !== 'completed')
    return `an unknown status ${JSON.stringify(value.status)}`
  if (typeof value.outcomeCount !== 'number') return 'no outcome count'
  const settings = checkSettings(value.settings)
  if (typeof settings === 'string') return `settings: ${settings}`
  const { summary, ...rest } = value
  const run = { ...rest, settings } as unknown as EvalRunRecord
  return isSummary(summary) ? { ...run, summary } : run
}

function checkSettings(value: unknown): EvalRunSettings | string {
  if (!isRecord(value)) return 'missing'
  if (value.kind !== 'live' && value.kind !== 'offline') return `an unknown kind ${JSON.stringify(value.kind)}`
  if (typeof value.suiteName !== 'string' || typeof value.caseCount !== 'number') return 'no suite'
  if (!Array.isArray(value.targets) || !value.targets.every(isTarget)) return 'targets of the wrong shape'
  if (!isStrings(value.protocols)) return 'protocols of the wrong shape'
  if (typeof value.repeat !== 'number' || typeof value.concurrency !== 'number') return 'no repeat or concurrency'
  if (value.fileName !== undefined && typeof value.fileName !== 'string') return 'a file name that is not text'
  return value as unknown as EvalRunSettings
}

/** Whether `value` is an object whose named fields have these `typeof` types. */
function hasFields(value: unknown, types: Record<string, string>): value is Record<string, unknown> {
  return isRecord(value) && Object.entries(types).every(([key, type]) => typeof value[key] === type)
}

const isTarget = (value: unknown) =>
  hasFields(value, { label: 'string', profileId: 'string', model: 'string' }) &&
  ['template', 'format'].every((field) => value[field] === undefined || typeof value[field] === 'string')
const isUsage = (value: unknown) =>
  hasFields(value, { prompt_tokens: 'number', completion_tokens: 'number', total_tokens: 'number' })
const isSummary = (value: unknown): value is EvalSummary =>
  isRecord(value) && hasFields(value.overall, { passed: 'number', total: 'number' })

/** An outcome as stored, or why it cannot be read. */
export function checkOutcome(value: unknown): CaseOutcome | string {
  if (!isRecord(value)) return 'not an outcome'
  if (typeof value.id !== 'string') return 'no case id'
  if (!EVAL_CATEGORIES.includes(value.category as CaseOutcome['category']))
    return `${value.id}: an unknown category ${JSON.stringify(value.category)}`
  const problem = outcomeProblem(value)
  return problem ? `${value.id}: ${problem}` : (value as unknown as CaseOutcome)
}

function outcomeProblem(value: Record<string, unknown>): string | undefined {
  if (typeof value.valid !== 'boolean') return 'no verdict'
  if (!Array.isArray(value.errors)) return 'errors that are not a list'
  const compliance = value.compliance
  if (!hasFields(compliance, { parsed: 'boolean' }) || !Array.isArray(compliance.diagnostics))
    return 'no format compliance'
  if (!Array.isArray(value.decoded) || !value.decoded.every(isRecord)) return 'decoded calls of the wrong shape'
  if (!isStrings(value.expectedNames) || !isStrings(value.chosenNames)) return 'tool names of the wrong shape'
  for (const key of ['model', 'protocol', 'errorType', 'reply'])
    if (value[key] !== undefined && typeof value[key] !== 'string') return `a ${key} that is not text`
  for (const key of ['repeat', 'latencyMs'])
    if (value[key] !== undefined && typeof value[key] !== 'number') return `a ${key} that is not a number`
  if (value.usage !== undefined && !isUsage(value.usage)) return 'token usage of the wrong shape'
  if (value.replyToolCalls !== undefined && !Array.isArray(value.replyToolCalls))
    return 'tool calls that are not a list'
  return undefined
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
