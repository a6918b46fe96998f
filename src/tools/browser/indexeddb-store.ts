/** The virtual file system in IndexedDB: one record per file, keyed by its path. */
import { utf8Length, type FileEntry, type FileStore } from '../files/store'
import { openDatabase, promised } from './idb'

interface FileRecord extends FileEntry {
  content: string
}

const STORE = 'files'

/**
 * A file store in an IndexedDB database, opened on first use; `clock` stamps each write's `modified`.
 * Its operations reject when IndexedDB does (unavailable, quota exceeded).
 */
export function createIndexedDbFileStore(
  databaseName = 'vcp-workbench-files',
  clock: () => number = Date.now,
): FileStore {
  let database: Promise<IDBDatabase> | null = null
  const db = (): Promise<IDBDatabase> => (database ??= openDatabase(databaseName, STORE, 'path'))
  async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await db()).transaction(STORE, mode).objectStore(STORE)
  }
  return {
    location: `the browser's IndexedDB (database "${databaseName}")`,
    async list() {
      const records = await promised((await store('readonly')).getAll() as IDBRequest<FileRecord[]>)
      return records.map(({ path, size, modified }) => ({ path, size, modified }))
    },
    async read(path) {
      const record = await promised((await store('readonly')).get(path) as IDBRequest<FileRecord | undefined>)
      return record?.content
    },
    async write(path, content) {
      const record: FileRecord = { path, content, size: utf8Length(content), modified: clock() }
      await promised((await store('readwrite')).put(record))
      return { path, size: record.size, modified: record.modified }
    },
    async delete(path) {
      const files = await store('readwrite')
      const existing = await promised(files.count(path))
      if (existing === 0) return false
      await promised(files.delete(path))
      return true
    },
    async clear() {
      await promised((await store('readwrite')).clear())
    },
  }
}
