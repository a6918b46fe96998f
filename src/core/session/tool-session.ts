/**
 * A tool session: one conversation's tools, as a model (or a person) meets them. It is the one
 * place that puts together what a call's plan depends on (the registry, the config with the tool
 * groups applied, the agent's presets, the conversation's variables and request ids), so the chat
 * loop, a chat card, the Parser and Executor panes and the CLI plan and run a call alike.
 */
import type { ParsedRequest, ParseResult, ToolCallConfig, ToolExecutionResult } from '../types'
import { DEFAULT_TOOL_CALL_CONFIG } from '../types'
import type { ParseOptions, StreamParser } from '../protocols/protocol'
import { protocolRegistry, type ProtocolRegistry } from '../protocols/registry'
import { createStreamParser, parseToolRequests } from '../parser'
import { createRequestIdSession, type RequestIdSession } from '../request-ids'
import {
  agentCallable,
  createToolDiscoveryService,
  enabledTools,
  isMethodEnabled,
  type MethodFilter,
  type ToolDiscoveryService,
} from '../discovery'
import { toolRegistryManager, type ToolRegistryManager } from '../tools/registry-manager'
import { consultPolicies, planCall, type CallPlan, type PlanOptions } from '../execution/plan'
import {
  executeToolRequests,
  type ApprovalDecision,
  type Approver,
  type ExecuteOptions,
  type ResultReviewer,
} from '../execution/executor'
import type { VariableStore } from '../results/variables'
import { applyGroupState, buildToolRules, type GroupState, type ToolGroup } from '../groups'
import { formatResultsForContext } from '../protocols/format-results'
import { nativeNameMap, nativeToolDefinitions } from '../chat/native'
import type { NativeToolDefinition } from '../chat/types'
import {
  approvalRule,
  resultPolicy,
  type ApprovalRule,
  type ApprovalSettings,
  type ResultPolicy,
} from '../execution/approval-rules'

/** An agent's (or a pane's) settings: what, besides the request, decides a call's plan. */
export interface ToolSettings {
  /** Protocol, timeout, parallel mode, confirmation and the per-tool switches. @default DEFAULT_TOOL_CALL_CONFIG */
  config?: ToolCallConfig
  /** Tool groups and their state: a tool whose group is off is switched off, and the groups' rules go into the prompt. */
  groups?: { groups: readonly ToolGroup[]; state: GroupState }
  /** Preset arguments per tool id: they fill what the caller leaves out. */
  presets?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /**
   * Which calls ask a person first, and which results a person sees before the model: per tool,
   * per method, for every call. With the config's "confirm every call" the most cautious wins
   * (execution/approval-rules.ts). @default nothing chosen: built-in tools run, MCP tools ask
   */
  approval?: ApprovalSettings
}

/** Settings plus what a session is built from; every field is optional. */
export interface ToolSessionOptions extends ToolSettings {
  /** @default the app's toolRegistryManager */
  registry?: ToolRegistryManager
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
  /** A discovery service to share its prompt cache; it must serve the same registry and protocols. */
  discovery?: ToolDiscoveryService
  /** A model ('agent') may call only agent-callable methods; a person ('user') any. @default 'agent' */
  caller?: 'agent' | 'user'
  /** Where full results and arguments are kept and `$VAR_REF` reads from. @default none: nothing is kept, `$VAR_REF` stays as written */
  variables?: VariableStore
  /** Request ids stay unique across it. @default a new sequence */
  requestIds?: RequestIdSession
  /** Where 'once' approvals are remembered. @default a new, empty map */
  approvalMemory?: Map<string, ApprovalDecision>
  /**
   * A switch of the caller's own over the config's: a method is on only when both have it on, for
   * plans, runs and the tools prompt alike. @default none: the config (and the groups) decide
   */
  toolEnabled?: (toolId: string, method: string) => boolean
}

/** The tools part of a system prompt, and for native function calling the `tools` to send. */
export interface ToolsPrompt {
  /** Group rules, then (text calling) the protocol's tool definitions; '' when no tool is on. */
  text: string
  /** Native calling: the function definitions (undefined when no tool is on). */
  definitions?: NativeToolDefinition[]
  /** Native calling: function name -> routing name. */
  nativeNames?: Map<string, string>
}

/** What a run adds to the session's own settings: the run's signal, its questions and its listeners. */
export interface ExecuteHooks {
  signal?: AbortSignal
  /**
   * Asked about every call; with it, every call goes through it (it decides by its own policy).
   * Ignored when `confirm` or `approved` is given.
   */
  approver?: Approver
  /**
   * Asked only about the calls whose plan needs approval (the session's approval settings and the
   * config's confirmation, a tool's policy, a code fence); without it (or `approver`) such calls
   * are refused. Wins over `approver`.
   */
  confirm?: Approver
  /**
   * The calls are approved already (a person's click): nothing is asked, a fenced call runs too, an
   * ask-once call's approval is remembered; a call its plan refuses (a remembered rejection among
   * them) still does not run. `confirm` and `approver` are ignored.
   */
  approved?: boolean
  resultReviewer?: ResultReviewer
  /** The protocol of a cut result's ready-made ReadVar request. @default the config's protocol */
  resultProtocol?: string
  /** Run requests that sit in reasoning. @default 'skip' */
  reasoning?: 'skip' | 'run'
  onCallStart?: ExecuteOptions['onCallStart']
  onCallComplete?: ExecuteOptions['onCallComplete']
  onCallProgress?: ExecuteOptions['onCallProgress']
}

/**
 * One conversation's tools: it parses, plans and runs calls with the same registry, settings,
 * variables and request ids, so every caller sees the same plan for the same request.
 */
export interface ToolSession {
  readonly registry: ToolRegistryManager
  readonly protocols: ProtocolRegistry
  readonly discovery: ToolDiscoveryService
  /** Undefined when the session keeps no results (then `$VAR_REF` stays as written). */
  readonly variables: VariableStore | undefined
  /** Numbers the requests of every parse and stream in this session. */
  readonly requestIds: RequestIdSession
  /** The 'once' answers: a remembered one decides the plan of the same call again. */
  readonly approvalMemory: Map<string, ApprovalDecision>
  /** The config as calls see it: the tool groups' switches applied. */
  readonly config: ToolCallConfig
  /** Changes the settings (another agent, a group switched): later plans and runs follow them. */
  configure(settings: ToolSettings): void
  /** The tool switch: whether a method is on under the config, the groups and `toolEnabled`. */
  isToolOn(toolId: string, method: string): boolean
  /**
   * Whether calls of a method ask a person first, and which choice decided it: what every plan and
   * run of this session follows. Undefined for a method the registry does not have.
   */
  approvalFor(toolId: string, method: string): ApprovalRule | undefined
  /** Which results of a tool a person sees before the model does. */
  resultPolicyFor(toolId: string): ResultPolicy
  /** The tools prompt for text or native calling. Throws when the config names an unknown protocol. */
  toolsPrompt(options?: { calling?: 'text' | 'native'; agentId?: string }): ToolsPrompt
  /** Reads a reply with the config's protocol (or `protocol`), numbering its requests in this session. */
  parse(text: string, options?: ParseOptions & { protocol?: string }): ParseResult
  /** The same, streaming. */
  createStreamParser(options?: ParseOptions & { protocol?: string }): StreamParser
  /** What would happen to a request now, tools' policies not yet asked. Never throws. */
  plan(request: ParsedRequest): CallPlan
  /** The plan with the tools' policies asked. */
  planWithPolicies(request: ParsedRequest): Promise<CallPlan>
  /** Runs requests as their plans say (in parallel when the config says so). Never rejects for a call's failure. */
  execute(requests: readonly ParsedRequest[], hooks?: ExecuteHooks): Promise<ToolExecutionResult[]>
  /** Results in the config's protocol (or `protocol`), ready to go back to the model. */
  formatResults(results: ToolExecutionResult[], protocol?: string): string
}

/**
 * A session over the given (or the app's) registry and protocols, configured with `options`' settings
 * (`configure` changes them later). A fresh request-id sequence and approval memory unless given.
 */
export function createToolSession(options: ToolSessionOptions = {}): ToolSession {
  const registry = options.registry ?? toolRegistryManager
  const protocols = options.protocols ?? protocolRegistry
  const discovery = options.discovery ?? createToolDiscoveryService({ registry, protocols })
  const caller = options.caller ?? 'agent'
  const variables = options.variables
  const requestIds = options.requestIds ?? createRequestIdSession()
  const approvalMemory = options.approvalMemory ?? new Map<string, ApprovalDecision>()
  let settings: ToolSettings = {}
  let config: ToolCallConfig = DEFAULT_TOOL_CALL_CONFIG

  function configure(next: ToolSettings): void {
    settings = { ...next }
    const base = next.config ?? DEFAULT_TOOL_CALL_CONFIG
    const groups = next.groups
    // Groups switch tools off through the config, so the prompt, the plans and the runs all see it.
    config = groups
      ? applyGroupState(
          base,
          groups.groups,
          groups.state,
          registry.list().map((tool) => tool.id),
        )
      : base
  }
  configure(options)

  const { toolEnabled } = options
  const isToolOn = (toolId: string, method: string): boolean =>
    isMethodEnabled(config, toolId, method) && (toolEnabled === undefined || toolEnabled(toolId, method))

  function planOptions(): PlanOptions {
    return {
      registry,
      caller,
      toolEnabled: isToolOn,
      presets: settings.presets,
      approval: (tool, method) => approvalRule(config, settings.approval, tool, method),
      approvalMemory,
      fencedCalls: config.runFencedCalls ? 'run' : 'ask',
      variables,
    }
  }

  function approvalFor(toolId: string, name: string): ApprovalRule | undefined {
    const tool = registry.get(toolId)
    const method = tool?.getMetadata().methods.find((candidate) => candidate.name === name)
    return tool && method ? approvalRule(config, settings.approval, tool, method) : undefined
  }

  const toolsPrompt = ({ calling = 'text', agentId }: { calling?: 'text' | 'native'; agentId?: string } = {}) =>
    buildToolsPrompt({ discovery, config, groups: settings.groups, variables, calling, agentId, toolEnabled })

  const readOptions = (given: (ParseOptions & { protocol?: string }) | undefined) => {
    const { protocol = config.protocol, ...rest } = given ?? {}
    return { protocol, parse: { session: requestIds, ...rest, protocols } }
  }

  const execute = (requests: readonly ParsedRequest[], hooks: ExecuteHooks = {}) =>
    executeToolRequests(requests, executeOptions(planOptions(), config, hooks))

  return {
    registry,
    protocols,
    discovery,
    variables,
    requestIds,
    approvalMemory,
    get config() {
      return config
    },
    configure,
    isToolOn,
    approvalFor,
    resultPolicyFor: (toolId) => resultPolicy(settings.approval, toolId),
    toolsPrompt,
    parse(text, given) {
      const { protocol, parse } = readOptions(given)
      return parseToolRequests(text, protocol, parse)
    },
    createStreamParser(given) {
      const { protocol, parse } = readOptions(given)
      return createStreamParser(protocol, parse)
    },
    plan: (request) => planCall(request, planOptions()),
    planWithPolicies: (request) => consultPolicies(planCall(request, planOptions()), planOptions()),
    execute,
    formatResults: (results, protocol = config.protocol) => formatResultsForContext(results, protocol, { protocols }),
  }
}

function buildToolsPrompt(parts: {
  discovery: ToolDiscoveryService
  config: ToolCallConfig
  groups: ToolSettings['groups']
  variables: VariableStore | undefined
  calling: 'text' | 'native'
  agentId?: string
  toolEnabled: ToolSessionOptions['toolEnabled']
}): ToolsPrompt {
  const { discovery, config, groups, toolEnabled } = parts
  // The caller's switch leaves out of the prompt what it leaves out of the plans.
  const filter: MethodFilter | undefined =
    toolEnabled && ((method, tool) => agentCallable(method, tool) && toolEnabled(tool.id, method.name))
  const enabled = config.enabled ? enabledTools(discovery.getDiscoveredMethods(filter), config) : []
  const rules =
    groups && enabled.length > 0
      ? buildToolRules({
          groups: groups.groups,
          state: groups.state,
          enabledToolIds: enabled.map((tool) => tool.toolId),
          variables: parts.variables,
          toolNames: Object.fromEntries(enabled.map((tool) => [tool.toolId, tool.toolId])),
        })
      : ''
  if (parts.calling === 'native')
    return {
      text: rules,
      definitions: enabled.length > 0 ? nativeToolDefinitions(enabled) : undefined,
      nativeNames: nativeNameMap(enabled),
    }
  const definitions = config.enabled ? discovery.generatePrompt({ config, agentId: parts.agentId, filter }) : ''
  return { text: [rules, definitions].filter(Boolean).join('\n\n') }
}

/** The executor's options for a run: the session's plan inputs, the config's limits, the run's hooks. */
function executeOptions(planned: PlanOptions, config: ToolCallConfig, hooks: ExecuteHooks): ExecuteOptions {
  const run: ExecuteOptions = {
    ...planned,
    timeout: config.timeout,
    parallel: config.parallelExecution,
    signal: hooks.signal,
    resultProtocol: hooks.resultProtocol ?? config.protocol,
    onResultReview: hooks.resultReviewer,
    onCallStart: hooks.onCallStart,
    onCallComplete: hooks.onCallComplete,
    onCallProgress: hooks.onCallProgress,
    reasoning: hooks.reasoning,
  }
  if (hooks.approved) {
    // The person's click approves this very call, fenced or not; a remembered rejection still refuses it.
    run.fencedCalls = 'run'
    run.onBeforeExecute = () => true
  } else if (hooks.confirm) run.onBeforeExecute = hooks.confirm
  else if (hooks.approver) {
    // The approver is asked about every call and decides by its own policy.
    run.approval = () => ({ policy: 'always', source: 'confirm-every-call' })
    run.onBeforeExecute = hooks.approver
  }
  return run
}
