/**
 * Where the virtual file system keeps its files. Directories are implicit: a file at
 * `/notes/a.md` makes `/notes` exist. Backends: IndexedDB in the browser, a folder in Node,
 * memory for throwaway sessions.
 */
export interface FileEntry {
  /** Normalised absolute path, e.g. `/notes/a.md`. */
  path: string
  /** Size of the content in UTF-8 bytes. */
  size: number
  /** Epoch milliseconds of the last write. */
  modified: number
}

export interface FileStore {
  /** Where the files live, for people: "IndexedDB database vcp-workbench-files". */
  readonly location: string
  list(): Promise<FileEntry[]>
  /** undefined when there is no such file. */
  read(path: string): Promise<string | undefined>
  write(path: string, content: string): Promise<FileEntry>
  /** false when there was no such file. */
  delete(path: string): Promise<boolean>
  clear(): Promise<void>
}

export function createMemoryFileStore(clock: () => number = Date.now): FileStore {
  const files = new Map<string, { content: string; entry: FileEntry }>()
  return {
    location: 'memory (lost when the app closes)',
    list: async () => [...files.values()].map((f) => ({ ...f.entry })),
    read: async (path) => files.get(path)?.content,
    async write(path, content) {
      const entry = { path, size: utf8Length(content), modified: clock() }
      files.set(path, { content, entry })
      return { ...entry }
    },
    delete: async (path) => files.delete(path),
    clear: async () => files.clear(),
  }
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length
}
