/**
 * The Executor's saved calls, kept in localStorage as the same text an export of every collection
 * writes (`vcp-workbench.collections`, version 1), so what is kept and what is exported cannot
 * drift apart. Saved text that cannot be read is never thrown at the page: the readable calls are
 * kept, each lost entry is named, and the text as it was is kept under a backup key for a download.
 */
import {
  problemOwner,
  problemText,
  readCollectionFile,
  writeCollectionFile,
  type CallCollection,
} from '../core/collections'
import { backupKeyFor, STORAGE_PREFIX } from './persisted'
import type { MessageRef } from '../core'

/** The part of the saved state this module owns (the localStorage key is STORAGE_PREFIX + this). */
export const SAVED_CALLS_KEY = 'executor-saved-calls'

/** What was wrong with the saved calls when they were read. */
export interface SavedCallsNotice {
  /** `unreadable`: nothing could be read (every call is in the backup); `repaired`: only `problems` were dropped. */
  kind: 'unreadable' | 'repaired'
  /** One sentence per lost entry, or the reason nothing could be read. */
  problems: string[]
  /** `problems` as messages, for other languages: where each is (`"Maths" calls[1]`, '' for the file) and why. */
  problemRefs: { owner: string; reasonRef?: MessageRef }[]
  /** The saved text as it was, for a download. */
  raw: string
  /** Where the text as it was is kept; absent when the browser refused to keep it. */
  backupKey?: string
}

/** The saved calls as read at start, and what was wrong with them (null when nothing was). */
export interface LoadedSavedCalls {
  collections: CallCollection[]
  notice: SavedCallsNotice | null
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/**
 * Reads the saved calls; never throws. A bad entry costs only itself: the rest is kept, the text
 * as it was is backed up, and the cleaned list is written back (only once the backup is safe, so
 * a full storage loses nothing).
 */
export function loadSavedCalls(store: Storage | null = storage()): LoadedSavedCalls {
  const key = STORAGE_PREFIX + SAVED_CALLS_KEY
  let raw: string | null = null
  try {
    raw = store?.getItem(key) ?? null
  } catch {
    raw = null
  }
  if (raw === null) return { collections: [], notice: null }
  const reading = readCollectionFile(raw)
  if (reading.ok && reading.problems.length === 0) return { collections: reading.collections, notice: null }
  const backupKey = keepBackup(store, raw)
  const collections = reading.ok ? reading.collections : []
  if (backupKey !== undefined) saveSavedCalls(collections, store)
  const notice: SavedCallsNotice = reading.ok
    ? {
        kind: 'repaired',
        problems: reading.problems.map(problemText),
        problemRefs: reading.problems.map((p) => ({ owner: problemOwner(p), reasonRef: p.reasonRef })),
        raw,
      }
    : {
        kind: 'unreadable',
        problems: [reading.reason],
        problemRefs: [{ owner: '', reasonRef: reading.reasonRef }],
        raw,
      }
  return { collections, notice: backupKey === undefined ? notice : { ...notice, backupKey } }
}

/** Writes every collection; false when the browser refused (storage full or off) or they cannot be written. */
export function saveSavedCalls(collections: readonly CallCollection[], store: Storage | null = storage()): boolean {
  try {
    keepSavedCallsText(writeCollectionFile(collections), store)
    return true
  } catch {
    return false
  }
}

/** Keeps the text of every collection; throws when the browser refuses (storage full, or none at all). */
export function keepSavedCallsText(text: string, store: Storage | null = storage()): void {
  if (!store) throw new Error('this browser keeps no local storage for the page')
  store.setItem(STORAGE_PREFIX + SAVED_CALLS_KEY, text)
}

function keepBackup(store: Storage | null, raw: string): string | undefined {
  try {
    store?.setItem(backupKeyFor(SAVED_CALLS_KEY), raw)
    return store ? backupKeyFor(SAVED_CALLS_KEY) : undefined
  } catch {
    return undefined
  }
}
