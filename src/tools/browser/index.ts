/** The built-in tools with their browser backends: files in IndexedDB; the sandbox and regular expressions in Web Workers. */
import type { ToolRegistry } from '../../core'
import { createBuiltinTools } from '../index'
import { createIndexedDbFileStore } from './indexeddb-store'
import { createBrowserSandboxRunner } from './worker-sandbox'
import { createWorkerRegexRunner } from './worker-regex'

export function createBrowserBuiltinTools(options: { databaseName?: string } = {}): ToolRegistry[] {
  return createBuiltinTools({
    files: createIndexedDbFileStore(options.databaseName),
    sandbox: createBrowserSandboxRunner(),
    regex: createWorkerRegexRunner(),
  })
}

export { createIndexedDbFileStore, createBrowserSandboxRunner, createWorkerRegexRunner }
