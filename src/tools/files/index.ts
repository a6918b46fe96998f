/**
 * The `fs` tool: a virtual file system over a FileStore. Its methods' metadata is in ./methods,
 * what each method does in ./handlers.
 */
import type { ToolRegistry } from '../../core'
import type { FileStore } from './store'
import { fileSystemMethods } from './methods'
import { deletePath, deletePolicy, exportAll, importAll, listTree, readFile, wipe, writeFile } from './handlers'

export { DELETE_WITHOUT_ASKING } from './limits'

/** `fs`: a virtual file system over a FileStore (IndexedDB in the browser, a folder in Node). */
export function createFileSystemTool(store: FileStore): ToolRegistry {
  return {
    id: 'fs',
    name: 'Virtual file system',
    description: `A private file system for the agent, stored in ${store.location}. Directories exist as long as they hold files.`,
    getMetadata: () => ({ methods: fileSystemMethods() }),
    tree: (args: { path: string; depth: number }) => listTree(store, args),
    read: (args: { path: string }) => readFile(store, args),
    write: (args: { path: string; content: string; append: boolean }) => writeFile(store, args),
    policy: (call: { method: string; args: Record<string, unknown> }) => deletePolicy(store, call),
    delete: (args: { path: string; recursive: boolean }) => deletePath(store, args),
    exportAll: () => exportAll(store),
    importAll: (args: { files: Record<string, unknown> }) => importAll(store, args),
    wipe: () => wipe(store),
  }
}
