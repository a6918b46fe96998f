/**
 * The cycle engine: one round of parse -> execute in a tool session, and the text that takes the
 * results back to the model.
 */
import type { ParseResult, ToolCallConfig, ToolCallCycleResult } from './types'
import { DEFAULT_TOOL_CALL_CONFIG } from './types'
import type { ParseOptions } from './protocols/protocol'
import type { ProtocolRegistry } from './protocols/registry'
import type { ExecuteOptions } from './execution/executor'
import { createToolSession, type ExecuteHooks, type ToolSession } from './session/tool-session'

export { formatResultsForContext } from './protocols/format-results'

/** One cycle: how to read the reply, and how to plan and run its requests (a session, or what makes one). */
export interface CycleOptions extends ExecuteOptions {
  /** @default config.protocol (the session's, with `toolSession`), else 'vcp' */
  protocol?: string
  /** Timeout, parallel mode, confirmation and tool toggles come from here unless given above. */
  config?: ToolCallConfig
  parse?: ParseOptions
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
  /**
   * Plan and run in this session: its registry, protocols, config (tool groups applied), presets,
   * variables and request ids. Given, `registry`, `protocols`, `config`, `caller`, `presets`,
   * `variables`, `toolEnabled`, `timeout`, `parallel` and `requireConfirmation` are not read.
   */
  toolSession?: ToolSession
}

/** What a cycle found and did, with the parse's diagnostics. */
export interface CycleResult extends ToolCallCycleResult {
  diagnostics: ParseResult['diagnostics']
}

/** Parses a reply and runs its requests as their plans say. Never rejects for a call's failure. */
export async function processToolCallCycle(text: string, options: CycleOptions = {}): Promise<CycleResult> {
  const tools = options.toolSession ?? sessionFromOptions(options)
  const { requests, diagnostics } = tools.parse(text, { ...options.parse, protocol: options.protocol })
  if (requests.length === 0) return { hasToolRequests: false, parsedRequests: [], executionResults: [], diagnostics }
  const executionResults = await tools.execute(requests, cycleHooks(options))
  return { hasToolRequests: true, parsedRequests: requests, executionResults, diagnostics }
}

/** The cycle's tool session, put together from its options when none is given. */
function sessionFromOptions(options: CycleOptions): ToolSession {
  return createToolSession({
    config: cycleConfig(options),
    presets: options.presets,
    registry: options.registry,
    protocols: options.protocols,
    caller: options.caller,
    variables: options.variables,
    requestIds: options.parse?.session,
    toolEnabled: options.toolEnabled,
  })
}

/** The config (or the default) with what the options give directly put over it. */
function cycleConfig(options: CycleOptions): ToolCallConfig {
  const base = options.config ?? DEFAULT_TOOL_CALL_CONFIG
  const config: ToolCallConfig = {
    ...base,
    protocol: options.protocol ?? base.protocol,
    timeout: options.timeout ?? base.timeout,
    parallelExecution: options.parallel ?? base.parallelExecution,
  }
  // Manual mode means "confirm every call": a `requireConfirmation` given directly decides alone.
  if (options.requireConfirmation !== undefined) {
    config.requireConfirmation = options.requireConfirmation
    config.mode = 'auto'
  }
  // A `toolEnabled` given directly takes the place of the config's toggles.
  if (options.toolEnabled) {
    config.toolToggles = {}
    config.defaultToolEnabled = true
  }
  return config
}

/** What the cycle's run adds to the session: its signal, its approver and its listeners. */
function cycleHooks(options: CycleOptions): ExecuteHooks {
  return {
    signal: options.signal,
    // Asked only about the calls that need approval, as `onBeforeExecute` always was.
    confirm: options.onBeforeExecute,
    resultReviewer: options.onResultReview,
    // The executor's default, whatever the session's protocol (ExecuteOptions.resultProtocol).
    resultProtocol: options.resultProtocol ?? 'vcp',
    reasoning: options.reasoning,
    onCallStart: options.onCallStart,
    onCallComplete: options.onCallComplete,
    onCallProgress: options.onCallProgress,
  }
}
