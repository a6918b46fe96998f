/** The built-in tools with their browser backends: files in IndexedDB; the sandbox and regular expressions in Web Workers. */
import type { ToolRegistry } from '../../core'
import { createBuiltinTools } from '../index'
import { createIndexedDbFileStore } from './indexeddb-store'
import { createBrowserSandboxRunner } from './worker-sandbox'
import { createWorkerRegexRunner } from './worker-regex'

/**
 * The built-in tools for the browser: files in IndexedDB (`databaseName`, default `vcp-workbench-files`),
 * code and regular expressions in Web Workers. Registers nothing: pass each to a registry.
 */
export function createBrowserBuiltinTools(options: { databaseName?: string } = {}): ToolRegistry[] {
  return createBuiltinTools({
    files: createIndexedDbFileStore(options.databaseName),
    sandbox: createBrowserSandboxRunner(),
    regex: createWorkerRegexRunner(),
  })
}

export { createIndexedDbFileStore, createBrowserSandboxRunner, createWorkerRegexRunner }
