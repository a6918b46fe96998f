/**
 * The built-in tools. Their logic is plain TypeScript; where they touch the machine (files, the
 * sandbox) a backend is passed in: see ./browser and ./node.
 */
import { createVariableTools, type ToolRegistry } from '../core'
import type { ToolRegistryManager } from '../core'
import { createCalculatorTool } from './calculator'
import { createTextTool } from './text'
import { createDateTimeTool } from './datetime'
import { createFileSystemTool } from './files'
import { createSandboxTool } from './sandbox'
import type { FileStore } from './files/store'
import type { SandboxRunner } from './sandbox/runner'
import type { RegexRunner } from './regex'

export interface BuiltinBackends {
  files: FileStore
  sandbox: SandboxRunner
  /** Where `text_regexTest` matches: inline by default. */
  regex?: RegexRunner
}

export function createBuiltinTools(backends: BuiltinBackends): ToolRegistry[] {
  return [
    createFileSystemTool(backends.files),
    createSandboxTool(backends.sandbox),
    createCalculatorTool(),
    createTextTool(backends.regex),
    createDateTimeTool(),
    createVariableTools(),
  ]
}

/** Registers the built-in tools; returns a function that removes them again. */
export function registerBuiltinTools(registry: ToolRegistryManager, backends: BuiltinBackends): () => void {
  const removers = createBuiltinTools(backends).map((tool) => registry.register(tool))
  return () => removers.forEach((remove) => remove())
}

export { createCalculatorTool, createTextTool, createDateTimeTool, createFileSystemTool, createSandboxTool }
export { BUILTIN_GROUPS } from './groups'
export { createMemoryFileStore, type FileEntry, type FileStore } from './files/store'
export type { SandboxOutcome, SandboxRunner } from './sandbox/runner'
export { evaluateExpression, ExpressionError } from './calculator/expression'
