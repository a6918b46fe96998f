/**
 * A chat session's variables, kept in IndexedDB so a reload does not lose the full results the
 * session's messages point to. Saved a moment after each change; loaded when the store is made.
 */
import { readSavedVariables, type VariableStore } from '../core'
import { openDatabase, promised } from '../tools/browser/idb'

const DATABASE = 'vcp-workbench-variables'
const STORE = 'sessions'
const SAVE_DELAY_MS = 300

let database: Promise<IDBDatabase> | null = null
const db = () => (database ??= openDatabase(DATABASE, STORE))
const available = () => typeof indexedDB !== 'undefined'

/** Loads the saved variables into `store`, then saves it after every change. Returns the stop function. */
export function keepVariablesSaved(
  sessionId: string,
  store: VariableStore,
  onError: (message: string) => void = () => {},
): () => void {
  if (!available()) return () => {}
  let loading = true
  let timer: ReturnType<typeof setTimeout> | null = null
  const save = () => {
    timer = null
    // Plain objects, oldest read first, so a reload keeps the eviction order.
    const variables = store.list().map((v) => ({ ...v, tags: [...v.tags] }))
    db()
      .then((d) => promised(d.transaction(STORE, 'readwrite').objectStore(STORE).put(variables, sessionId)))
      .catch((error: unknown) =>
        onError(
          `Variables of this session could not be saved: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
  }
  const unsubscribe = store.subscribe(() => {
    if (loading) return
    if (timer === null) timer = setTimeout(save, SAVE_DELAY_MS)
  })
  db()
    .then((d) => promised(d.transaction(STORE, 'readonly').objectStore(STORE).get(sessionId) as IDBRequest<unknown>))
    .then((saved: unknown) => {
      // Variables made while loading are newer: they win.
      const made = store.list()
      const { variables, unreadable } = readSavedVariables(saved)
      for (const variable of variables) if (!store.has(variable.name)) store.set(variable)
      for (const variable of made) store.set(variable)
      if (unreadable > 0)
        onError(
          `${unreadable} saved variable${unreadable === 1 ? '' : 's'} of this session could not be read and ${unreadable === 1 ? 'was' : 'were'} skipped; the others were loaded.`,
        )
    })
    .catch((error: unknown) =>
      onError(`Saved variables could not be read: ${error instanceof Error ? error.message : String(error)}`),
    )
    .finally(() => {
      loading = false
    })
  return () => {
    unsubscribe()
    if (timer !== null) {
      clearTimeout(timer)
      save()
    }
  }
}

export async function forgetSavedVariables(sessionId: string): Promise<void> {
  if (!available()) return
  await promised((await db()).transaction(STORE, 'readwrite').objectStore(STORE).delete(sessionId))
}
