/**
 * IndexedDB's callbacks as promises: a request settled, a cursor walked, a transaction committed,
 * and a stored value as text for a download. Shared by the eval lab's object stores.
 */

/** Visits every record of a cursor request; resolves after the last, rejects when `visit` throws. */
export function eachRecord(
  request: IDBRequest<IDBCursorWithValue | null>,
  visit: (cursor: IDBCursorWithValue) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    request.onsuccess = () => {
      const cursor = request.result
      if (!cursor) return resolve()
      try {
        visit(cursor)
      } catch (error) {
        return reject(error instanceof Error ? error : new Error(String(error)))
      }
      cursor.continue()
    }
    request.onerror = () => reject(request.error ?? new Error('the cursor failed'))
  })
}

/** The request's result once it succeeds; rejects with its error. */
export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('the request failed'))
  })
}

/** Waits for the work and then for the transaction to commit; rejects when either fails. */
export async function inTransaction(tx: IDBTransaction, work: Promise<unknown>): Promise<void> {
  // Listened to at once: the transaction may commit before the work's promise is seen settled.
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('the transaction failed'))
    tx.onabort = () => reject(tx.error ?? new Error('the transaction was aborted'))
  })
  await Promise.all([work, committed])
}

/** A stored value as text for a download: JSON where it can be, else what String makes of it. */
export function rawText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
