/**
 * Versioned persistence for Pinia setup stores. Each store keeps one localStorage entry
 * `{ version, data }`. A saved state that is not JSON, has another version, or fails the
 * store's own check is replaced by the defaults, and a notice says so: the page never goes
 * blank because of what an older build or a stray edit left behind.
 */
import { ref, watch, type Ref } from 'vue'

export const STORAGE_PREFIX = 'vcp-workbench:'

export interface PersistNotice {
  key: string
  reason: 'corrupt' | 'old-version' | 'invalid' | 'not-saved'
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
 * `check` returns the data when it is acceptable (it may repair it), or null.
 */
export function persistedRef<T>(key: string, version: number, defaults: () => T, check: (data: unknown) => T | null): Ref<T> {
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
        const checked = check(record.data)
        if (checked === null) reason = 'invalid'
        else initial = checked
      }
    }
    if (reason !== null) {
      persistNotices.value.push({ key, reason })
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

export { isRecord } from '../core'

