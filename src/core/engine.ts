/**
 * The cycle engine: one round of parse -> execute, and the text that takes the results back to
 * the model.
 */
import type { ParseResult, ToolCallConfig, ToolCallCycleResult, ToolExecutionResult } from './types'
import type { FormatResultsOptions, ParseOptions } from './protocols/protocol'
import { protocolRegistry, type ProtocolRegistry } from './protocols/registry'
import { parseToolRequests } from './parser'
import { executeToolRequests, type ExecuteOptions } from './execution/executor'
import { isMethodEnabled } from './discovery'

export interface CycleOptions extends ExecuteOptions {
  /** @default config.protocol, else 'vcp' */
  protocol?: string
  /** Timeout, parallel mode, confirmation and tool toggles come from here unless given above. */
  config?: ToolCallConfig
  parse?: ParseOptions
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
}

export interface CycleResult extends ToolCallCycleResult {
  diagnostics: ParseResult['diagnostics']
}

export async function processToolCallCycle(text: string, options: CycleOptions = {}): Promise<CycleResult> {
  const { config } = options
  const protocol = options.protocol ?? config?.protocol ?? 'vcp'
  const { requests, diagnostics } = parseToolRequests(text, protocol, {
    ...options.parse,
    protocols: options.protocols,
  })
  if (requests.length === 0) return { hasToolRequests: false, parsedRequests: [], executionResults: [], diagnostics }
  const executionResults = await executeToolRequests(requests, executeOptionsFor(config, options))
  return { hasToolRequests: true, parsedRequests: requests, executionResults, diagnostics }
}

/** Execute options with timeout, parallel mode, confirmation and tool toggles taken from a config unless given. */
export function executeOptionsFor(config: ToolCallConfig | undefined, options: ExecuteOptions): ExecuteOptions {
  const execute: ExecuteOptions = { ...options }
  if (config) {
    execute.timeout ??= config.timeout
    execute.parallel ??= config.parallelExecution
    // Manual mode: a person approves every call.
    execute.requireConfirmation ??= config.requireConfirmation || config.mode === 'manual'
    execute.toolEnabled ??= (toolId, method) => isMethodEnabled(config, toolId, method)
  }
  return execute
}

/** Results in the protocol's own format, ready to append to the conversation. */
export function formatResultsForContext(
  results: ToolExecutionResult[],
  protocolId = 'vcp',
  options?: FormatResultsOptions & { protocols?: ProtocolRegistry },
): string {
  const protocols = options?.protocols ?? protocolRegistry
  const protocol = protocols.get(protocolId)
  if (!protocol)
    throw new Error(
      `Unknown protocol "${protocolId}". Registered protocols: ${protocols
        .list()
        .map((p) => p.id)
        .join(', ')}.`,
    )
  return protocol.formatToolResults(results, options)
}
