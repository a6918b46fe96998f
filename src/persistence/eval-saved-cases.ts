/**
 * Cases saved from replies (a Parser reply, a chat round), kept in the eval database's `savedCases`
 * object store, a record per case with the time it was saved. A record is checked as the suite
 * readers check a case from a file; one that cannot be read (another version's shape, a hand edit)
 * is left out with a sentence saying why, and deleted so it is reported once.
 */
import { readOpenAiSuite, type EvalCase } from '../core/eval'
import type { UnreadableRecord } from './eval-runs'
import { eachRecord, inTransaction, rawText, settled } from './idb-requests'
import { isRecord } from './persisted'

/** The object store's name (key path `id`). */
export const SAVED_CASES = 'savedCases'

/** A saved case as kept: its id (the case's own), when it was saved, and the case. */
export interface SavedCaseRecord {
  id: string
  /** Epoch milliseconds; the list is in this order, oldest first. */
  savedAt: number
  case: EvalCase
}

/** Saved cases, kept. A method rejects only when the database fails (storage full, closed). */
export interface SavedCaseStore {
  /** Every readable saved case, oldest first; unreadable ones are left out and deleted. */
  listSavedCases(): Promise<{ cases: SavedCaseRecord[]; unreadable: UnreadableRecord[] }>
  /** Adds a saved case, or replaces the one with its id. */
  putSavedCase(record: SavedCaseRecord): Promise<void>
  deleteSavedCase(id: string): Promise<void>
}

/**
 * A saved case record as stored, or why it cannot be read. The case must read as a suite line
 * would: known roles and category, functions with schemas, expected calls of functions offered, as
 * many as its category takes.
 */
export async function checkSavedCase(value: unknown): Promise<SavedCaseRecord | string> {
  if (!isRecord(value)) return 'not a saved case record'
  const { id, savedAt } = value
  if (typeof id !== 'string' || id === '') return 'no case id'
  if (typeof savedAt !== 'number') return 'no time saved'
  const stored = value.case
  if (!isRecord(stored)) return 'no case'
  if (stored.id !== id) return `the case inside has the id ${JSON.stringify(stored.id)}`
  if (!Array.isArray(stored.expected)) return 'expected calls that are not a list'
  let line: string
  try {
    const { category, messages, functions: tools, expected } = stored
    line = JSON.stringify({ id, category, messages, tools, expected })
  } catch {
    return 'a case that is not plain data'
  }
  for await (const entry of readOpenAiSuite(line)) {
    if ('case' in entry) return { id, savedAt, case: entry.case }
    // The reader names the line and the case; the notice names the case already.
    return entry.error.replace(/^line \d+: /, '').replace(`${id}: `, '')
  }
  return 'no case'
}

/** The saved cases of an open eval database (it must have the `savedCases` object store). */
export function savedCaseStoreOver(db: IDBDatabase): SavedCaseStore {
  const write = async (work: (store: IDBObjectStore) => Promise<unknown>): Promise<void> => {
    const tx = db.transaction(SAVED_CASES, 'readwrite')
    await inTransaction(tx, work(tx.objectStore(SAVED_CASES)))
  }

  async function listSavedCases() {
    const tx = db.transaction(SAVED_CASES, 'readonly')
    const found: { key: IDBValidKey; value: unknown }[] = []
    const cursor = tx.objectStore(SAVED_CASES).openCursor()
    await inTransaction(
      tx,
      eachRecord(cursor, (c) => void found.push({ key: c.primaryKey, value: c.value })),
    )
    // Checked after the read: the check awaits, and a transaction does not outlive a pause.
    const cases: SavedCaseRecord[] = []
    const unreadable: UnreadableRecord[] = []
    const broken: IDBValidKey[] = []
    for (const { key, value } of found) {
      const checked = await checkSavedCase(value)
      if (typeof checked !== 'string') cases.push(checked)
      else {
        unreadable.push({ where: `saved case ${String(key)}`, problem: checked, raw: rawText(value) })
        broken.push(key)
      }
    }
    if (broken.length > 0) await write((store) => Promise.all(broken.map((key) => settled(store.delete(key)))))
    return { cases: cases.sort((a, b) => a.savedAt - b.savedAt), unreadable }
  }

  return {
    listSavedCases,
    putSavedCase: (record) => write((store) => settled(store.put(record))),
    deleteSavedCase: (id) => write((store) => settled(store.delete(id))),
  }
}
