/**
 * Versioned persistence for Pinia setup stores. Each store keeps one localStorage entry
 * `{ version, data }`. A saved state that is not JSON, has another version, or fails the
 * store's own check is replaced by the defaults; a check may also repair it item by item and say
 * what it changed. Either way a notice says so, and the original text is kept under a backup key
 * the user can download: the page never goes blank, and nothing is lost unseen.
 */
import { ref, watch, type Ref } from 'vue'

export const STORAGE_PREFIX = 'vcp-workbench:'

export interface PersistNotice {
  key: string
  reason: 'corrupt' | 'old-version' | 'invalid' | 'repaired' | 'not-saved'
  /** What a check repaired or dropped, item by item. */
  repairs?: string[]
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
  let failing = false
  watch(
    state,
    (value) => {
      try {
        store?.setItem(fullKey, JSON.stringify({ version, data: value }))
        failing = false
      } catch {
        // Storage full or refused: the app keeps working with state in memory, and says so once.
        if (!failing) persistNotices.value.push({ key, reason: 'not-saved' })
        failing = true
      }
    },
    { deep: true },
  )
  return state
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
