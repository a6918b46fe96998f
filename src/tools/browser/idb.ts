/** Small IndexedDB helpers: a request as a promise, and a database with one object store. */
export function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

/** Opens (creating when needed) database `name` with the object store `store`; `keyPath` undefined: out-of-line keys. */
export function openDatabase(name: string, store: string, keyPath?: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available in this browser'))
      return
    }
    const request = indexedDB.open(name, 1)
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(store))
        request.result.createObjectStore(store, keyPath ? { keyPath } : undefined)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error(`could not open IndexedDB database "${name}"`))
    request.onblocked = () => reject(new Error(`IndexedDB database "${name}" is blocked by another tab`))
  })
}
