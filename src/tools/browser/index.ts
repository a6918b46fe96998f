/** The built-in tools with their browser backends: files in IndexedDB, the sandbox in a Web Worker. */
import type { ToolRegistry } from '../../core'
import { createBuiltinTools } from '../index'
import { createIndexedDbFileStore } from './indexeddb-store'
import { createBrowserSandboxRunner } from './worker-sandbox'

export function createBrowserBuiltinTools(options: { databaseName?: string } = {}): ToolRegistry[] {
  return createBuiltinTools({ files: createIndexedDbFileStore(options.databaseName), sandbox: createBrowserSandboxRunner() })
}

export { createIndexedDbFileStore, createBrowserSandboxRunner }
