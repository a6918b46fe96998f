import {
  createToolRegistryManager,
  executeToolRequest,
  type ExecuteOptions,
  type ToolRegistry,
  type ToolExecutionResult,
} from '../../src/core'
import { request } from '../fixtures/tools'

/** Calls a tool method through the real executor, as a model would. */
export function caller(...tools: ToolRegistry[]) {
  const registry = createToolRegistryManager()
  for (const tool of tools) registry.register(tool)
  return (
    toolName: string,
    args: Record<string, string> = {},
    options: ExecuteOptions = {},
  ): Promise<ToolExecutionResult> => executeToolRequest(request(toolName, args), { registry, ...options })
}
