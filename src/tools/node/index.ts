/** The built-in tools with their Node backends: files in a folder, the sandbox in worker threads. */
import type { ToolRegistry } from '../../core'
import { createBuiltinTools } from '../index'
import { createFolderFileStore } from './folder-store'
import { createNodeSandboxRunner } from './worker-sandbox'

/**
 * The built-in tools (files, sandbox, calculator, text, date and time, variables) for Node: files in
 * `folder`, code in QuickJS worker threads, regular expressions inline. Registers nothing: pass each to a registry.
 */
export function createNodeBuiltinTools(options: { folder: string }): ToolRegistry[] {
  return createBuiltinTools({ files: createFolderFileStore(options.folder), sandbox: createNodeSandboxRunner() })
}

export { createFolderFileStore, createNodeSandboxRunner }
