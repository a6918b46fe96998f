/**
 * Conformance runs kept in IndexedDB: a record per run (its endpoint, checks and counts) and its
 * wire capture apart, so the list of runs reads fast and a capture is read only when its report is
 * opened. A record or capture that cannot be read (another version's shape, a hand edit) is left
 * out with a sentence saying why, and deleted so it is reported once: nothing else is lost.
 */
import { CHECK_CATEGORIES, type CheckResult, type ConformanceReport, type WireExchange } from '../core/conformance'
import { eachRecord, inTransaction, rawText, settled } from './idb-requests'
import { isRecord } from './persisted'
import type { UnreadableRecord } from './eval-runs'

export type { UnreadableRecord } from './eval-runs'

/** The database's name in this origin. */
export const CONFORMANCE_DB_NAME = 'vcp-workbench-conformance'
const DB_VERSION = 1
const RUNS = 'runs'
const CAPTURES = 'captures'

/** The report of a run without its exchanges (they are kept apart, see {@link ConformanceRunStore.captureOf}). */
export type ReportHead = Omit<ConformanceReport, 'exchanges'>

/** Where a run's report came from: endpoints asked now, or a capture file checked again. */
export type ConformanceRunSource = 'live' | 'imported'

/** A run as kept. */
export interface ConformanceRunRecord {
  id: string
  /** Runs started together (one per server) share it. */
  batchId: string
  /** The name the run goes by: the model, with the endpoint's name where two share a model name. */
  label: string
  createdAt: number
  source: ConformanceRunSource
  /** Stop was pressed before every probe was sent: the checks read only what came back. */
  stopped: boolean
  /** Imported runs: the capture file's name. */
  fileName?: string
  report: ReportHead
  /** The capture was larger than a run may keep, so only the checks were kept. */
  captureDropped: boolean
}

/** Runs and their captures, kept. A method rejects only when the database fails (storage full, closed). */
export interface ConformanceRunStore {
  /** Every readable run, newest first; unreadable ones are left out and deleted with their capture. */
  listRuns(): Promise<{ runs: ConformanceRunRecord[]; unreadable: UnreadableRecord[] }>
  /** Adds or replaces a run and its capture (none when `exchanges` is null). */
  putRun(run: ConformanceRunRecord, exchanges: readonly WireExchange[] | null): Promise<void>
  /** A run's exchanges; null when none are kept. An unreadable capture is deleted and said in `unreadable`. */
  captureOf(runId: string): Promise<{ exchanges: WireExchange[] | null; unreadable: UnreadableRecord[] }>
  deleteRun(runId: string): Promise<void>
  close(): void
}

/** The database opened, or why it could not be. */
export type OpenedConformanceRuns = { ok: true; store: ConformanceRunStore } | { ok: false; reason: string }

/** How {@link openConformanceRunStore} opens. */
export interface OpenConformanceRunsOptions {
  /** @default globalThis.indexedDB */
  factory?: IDBFactory
  /** @default CONFORMANCE_DB_NAME */
  name?: string
}

/** Opens (creating when new) the runs database; never throws. */
export async function openConformanceRunStore(
  options: OpenConformanceRunsOptions = {},
): Promise<OpenedConformanceRuns> {
  const factory = options.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB
  if (!factory) return { ok: false, reason: 'this browser offers no IndexedDB' }
  try {
    const request = factory.open(options.name ?? CONFORMANCE_DB_NAME, DB_VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(RUNS)) db.createObjectStore(RUNS, { keyPath: 'id' })
      if (!db.objectStoreNames.contains(CAPTURES)) db.createObjectStore(CAPTURES, { keyPath: 'runId' })
    }
    const db = await settled(request)
    db.onversionchange = () => db.close()
    return { ok: true, store: storeOver(db) }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

function storeOver(db: IDBDatabase): ConformanceRunStore {
  const write = async (work: (tx: IDBTransaction) => Promise<unknown>): Promise<void> => {
    const tx = db.transaction([RUNS, CAPTURES], 'readwrite')
    await inTransaction(tx, work(tx))
  }

  async function listRuns() {
    const runs: ConformanceRunRecord[] = []
    const unreadable: UnreadableRecord[] = []
    await write((tx) =>
      eachRecord(tx.objectStore(RUNS).openCursor(), (cursor) => {
        const checked = checkRunRecord(cursor.value)
        if (typeof checked !== 'string') return void runs.push(checked)
        unreadable.push({ where: `run ${String(cursor.primaryKey)}`, problem: checked, raw: rawText(cursor.value) })
        cursor.delete()
        tx.objectStore(CAPTURES).delete(cursor.primaryKey)
      }),
    )
    return { runs: runs.sort((a, b) => b.createdAt - a.createdAt), unreadable }
  }

  async function captureOf(runId: string) {
    let exchanges: WireExchange[] | null = null
    const unreadable: UnreadableRecord[] = []
    await write(async (tx) => {
      const value: unknown = await settled(tx.objectStore(CAPTURES).get(runId))
      if (value === undefined) return
      const checked = isRecord(value) ? checkExchanges(value.exchanges) : 'not a capture record'
      if (typeof checked !== 'string') return void (exchanges = checked)
      unreadable.push({ where: `the capture of run ${runId}`, problem: checked, raw: rawText(value) })
      await settled(tx.objectStore(CAPTURES).delete(runId))
    })
    return { exchanges, unreadable }
  }

  return {
    listRuns,
    captureOf,
    putRun: (run, exchanges) =>
      write((tx) =>
        Promise.all([
          settled(tx.objectStore(RUNS).put(run)),
          exchanges === null
            ? settled(tx.objectStore(CAPTURES).delete(run.id))
            : settled(tx.objectStore(CAPTURES).put({ runId: run.id, exchanges })),
        ]),
      ),
    deleteRun: (runId) =>
      write((tx) =>
        Promise.all([settled(tx.objectStore(RUNS).delete(runId)), settled(tx.objectStore(CAPTURES).delete(runId))]),
      ),
    close: () => db.close(),
  }
}

/** A run record as stored, or why it cannot be read. */
export function checkRunRecord(value: unknown): ConformanceRunRecord | string {
  if (!isRecord(value)) return 'not a run record'
  if (typeof value.id !== 'string' || value.id === '') return 'no run id'
  if (typeof value.batchId !== 'string') return 'no batch id'
  if (typeof value.label !== 'string') return 'no label'
  if (typeof value.createdAt !== 'number') return 'no creation time'
  if (value.source !== 'live' && value.source !== 'imported') return `an unknown source ${JSON.stringify(value.source)}`
  if (typeof value.stopped !== 'boolean' || typeof value.captureDropped !== 'boolean') return 'no stopped or kept flag'
  if (value.fileName !== undefined && typeof value.fileName !== 'string') return 'a file name that is not text'
  const report = checkReportHead(value.report)
  return typeof report === 'string' ? `report: ${report}` : (value as unknown as ConformanceRunRecord)
}

function checkReportHead(value: unknown): ReportHead | string {
  if (!isRecord(value)) return 'missing'
  const endpoint = value.endpoint
  if (!isRecord(endpoint) || typeof endpoint.baseUrl !== 'string' || typeof endpoint.model !== 'string')
    return 'no endpoint'
  if (typeof value.startedAt !== 'string' || typeof value.durationMs !== 'number' || typeof value.repeat !== 'number')
    return 'no start, duration or repeat'
  if (!Array.isArray(value.checks)) return 'checks that are not a list'
  const bad = value.checks.findIndex((check) => !isCheck(check))
  return bad >= 0 ? `check ${bad} of the wrong shape` : (value as unknown as ReportHead)
}

function isCheck(value: unknown): value is CheckResult {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    CHECK_CATEGORIES.includes(value.category as CheckResult['category']) &&
    (value.status === 'pass' || value.status === 'fail' || value.status === 'inconclusive') &&
    typeof value.detail === 'string' &&
    typeof value.flaky === 'boolean' &&
    Array.isArray(value.evidence) &&
    value.evidence.every((e) => isRecord(e) && Array.isArray(e.chunks) && typeof e.note === 'string')
  )
}

/** Stored exchanges, or why they cannot be read. */
function checkExchanges(value: unknown): WireExchange[] | string {
  if (!Array.isArray(value)) return 'exchanges that are not a list'
  const bad = value.findIndex(
    (e) =>
      !isRecord(e) ||
      typeof e.probe !== 'string' ||
      (e.mode !== 'stream' && e.mode !== 'whole') ||
      typeof e.attempt !== 'number' ||
      !Array.isArray(e.chunks) ||
      !e.chunks.every((c) => typeof c === 'string'),
  )
  return bad >= 0 ? `exchange ${bad} of the wrong shape` : (value as WireExchange[])
}
