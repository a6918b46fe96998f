/**
 * Saving a reactive state as text on every change, where a failure is always said. The text is
 * made inside the watcher's getter: writing it reads (and so tracks) the state as deep as it goes,
 * and a state that cannot be written (nested too deeply for the stack, a cycle) comes back as a
 * failure instead of an exception that breaks the watcher and leaves every later save unsaid.
 */
import { watch, type WatchHandle } from 'vue'

/** Why a save failed: the state could not be written as text, or the browser refused to keep it. */
export interface SaveFailure {
  kind: 'unwritable' | 'refused'
  /** The error as the browser gave it (`QuotaExceededError: …`, `RangeError: Maximum call stack size exceeded`). */
  detail: string
}

/** An error as one line: its name and message. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Calls `write` (which reads the reactive state) after every change and hands its text to `keep`
 * (which throws when storage refuses). `onSaved` hears every outcome: null when the text was kept.
 */
export function watchSaving(
  write: () => string,
  keep: (text: string) => void,
  onSaved: (failure: SaveFailure | null) => void,
): WatchHandle {
  const written = (): { text: string } | SaveFailure => {
    try {
      return { text: write() }
    } catch (error) {
      return { kind: 'unwritable', detail: errorDetail(error) }
    }
  }
  return watch(written, (result) => {
    if ('kind' in result) return onSaved(result)
    try {
      keep(result.text)
      onSaved(null)
    } catch (error) {
      onSaved({ kind: 'refused', detail: errorDetail(error) })
    }
  })
}
