/**
 * Versioned persistence for Pinia setup stores. Each store keeps one localStorage entry
 * `{ version, data }`. A saved state that is not JSON, has another version, or fails the
 * store's own check is replaced by the defaults; a check may also repair it item by item and say
 * what it changed. Either way a notice says so, and the original text is kept under a backup key
 * the user can download: the page never goes blank, and nothing is lost unseen. A save that fails
 * (the browser refuses, or the state cannot be written as text) is said in a notice until one succeeds.
 */
import { ref, type Ref } from 'vue'
import { watchSaving, type SaveFailure } from './saving'

export const STORAGE_PREFIX = 'vcp-workbench:'

export interface PersistNotice {
  key: string
  reason: 'corrupt' | 'old-version' | 'invalid' | 'repaired' | 'not-saved' | 'not-written'
  /** What a check repaired or dropped, item by item. */
  repairs?: string[]
  /** Why a save failed (`not-saved`: the browser refused; `not-written`: the state cannot be written as text). */
  detail?: string
  /** Where the saved text as it was before is kept (readBackup reads it for a download). */
  backupKey?: string
}

/** The localStorage key that keeps the original of a replaced or repaired state. */
export function backupKeyFor(key: string): string {
  return `${STORAGE_PREFIX}backup:${key}`
}

/** Notices about replaced state, shown by the shell. */
export const persistNotices = ref<PersistNotice[]>([])

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/**
 * A ref whose value is saved under `key` on every change and restored at creation.
 * `check` returns the data when it is acceptable, or null. It may repair the data, and then says
 * what it changed by pushing a sentence per item into `repairs`.
 */
export function persistedRef<T>(
  key: string,
  version: number,
  defaults: () => T,
  check: (data: unknown, repairs: string[]) => T | null,
): Ref<T> {
  const store = storage()
  const fullKey = STORAGE_PREFIX + key
  let initial = defaults()
  const raw = store?.getItem(fullKey)
  if (raw != null) {
    let parsed: unknown
    let reason: PersistNotice['reason'] | null = null
    try {
      parsed = JSON.parse(raw)
    } catch {
      reason = 'corrupt'
    }
    if (reason === null) {
      const record = parsed as { version?: unknown; data?: unknown } | null
      if (record === null || typeof record !== 'object' || !('data' in record)) reason = 'corrupt'
      else if (record.version !== version) reason = 'old-version'
      else {
        const repairs: string[] = []
        const checked = check(record.data, repairs)
        if (checked === null) reason = 'invalid'
        else {
          initial = checked
          if (repairs.length > 0)
            persistNotices.value.push({ key, reason: 'repaired', repairs, backupKey: keepBackup(store, key, raw) })
        }
      }
    }
    if (reason !== null) {
      persistNotices.value.push({ key, reason, backupKey: keepBackup(store, key, raw) })
      store?.removeItem(fullKey)
    }
  }
  const state = ref(initial) as Ref<T>
  watchSaving(
    () => JSON.stringify({ version, data: state.value }),
    (text) => store?.setItem(fullKey, text),
    (failure) => sayFailure(key, failure),
  )
  return state
}

/**
 * Keeps one notice per key while saving fails: said again after it was dismissed, updated when
 * the reason changes, and gone once a save succeeds (then everything is saved again).
 */
function sayFailure(key: string, failure: SaveFailure | null): void {
  const failed = (n: PersistNotice) => n.key === key && (n.reason === 'not-saved' || n.reason === 'not-written')
  const reason = failure?.kind === 'unwritable' ? 'not-written' : 'not-saved'
  const shown = persistNotices.value.find(failed)
  if (failure === null) {
    if (shown) persistNotices.value = persistNotices.value.filter((n) => !failed(n))
  } else if (!shown) persistNotices.value.push({ key, reason, detail: failure.detail })
  else if (shown.reason !== reason || shown.detail !== failure.detail)
    persistNotices.value = persistNotices.value.map((n) => (n === shown ? { key, reason, detail: failure.detail } : n))
}

/** Keeps the saved text as it was; the backup key, or undefined when the browser refused. */
function keepBackup(store: Storage | null, key: string, raw: string): string | undefined {
  try {
    store?.setItem(backupKeyFor(key), raw)
    return store ? backupKeyFor(key) : undefined
  } catch {
    return undefined
  }
}

/** The backup's text, for a download; null when there is none. */
export function readBackup(backupKey: string): string | null {
  return storage()?.getItem(backupKey) ?? null
}

export { isRecord } from '../core/internal'
