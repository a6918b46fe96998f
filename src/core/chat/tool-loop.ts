/**
 * The tool loop: ask the model, run the requests in its reply, send the results back, and
 * again, until a reply has no requests or the round limit is reached; then one last request for a
 * final answer without tools. One abort signal stops the stream, the running tools and the loop.
 */
import type { Diagnostic, ParsedRequest, ToolCallConfig, ToolExecutionResult } from '../types'
import type { StreamEvent, StreamParser } from '../protocols/protocol'
import type { ProtocolRegistry } from '../protocols/registry'
import { createStreamParser } from '../parser'
import { createRequestIdSession, type RequestIdSession } from '../request-ids'
import { createToolDiscoveryService, enabledTools, type ToolDiscoveryService } from '../discovery'
import { toolRegistryManager, type ToolRegistryManager } from '../tools/registry-manager'
import { executeToolRequests, type Approver, type ResultReviewer } from '../execution/executor'
import type { VariableStore } from '../results/variables'
import { applyGroupState, buildToolRules, type GroupState, type ToolGroup } from '../groups'
import { executeOptionsFor, formatResultsForContext } from '../engine'
import { ChatRequestError } from './errors'
import { nativeNameMap, nativeToolDefinitions, resolveNativeCall, toolResultMessage } from './native'
import { findContentToolCalls, type ContentToolCalls } from './content-calls'
import { buildSystemPrompt, finalAnswerInstruction } from './system-prompt'
import type {
  ChatMessage,
  Completion,
  ModelClient,
  NativeToolCall,
  NativeToolDefinition,
  RoundRecord,
  RunRecord,
  RunStatus,
  TokenUsage,
} from './types'

export interface ToolLoopCallbacks {
  onRoundStart?(index: number, kind: RoundRecord['kind']): void
  /** The reply of the current round so far. */
  onResponseUpdate?(content: string, round: number): void
  /** Native mode: the `tool_calls` so far, names and argument text growing as deltas arrive. */
  onToolCallsUpdate?(calls: readonly NativeToolCall[], round: number): void
  /** Text mode: what the streaming parser learned from the last piece (blocks opening, fields, closes). */
  onStreamEvents?(events: StreamEvent[], round: number): void
  onToolCallStart?(request: ParsedRequest, round: number): void
  onToolCallComplete?(result: ToolExecutionResult, request: ParsedRequest, round: number): void
  /** May return rewritten messages for this request (the run's own list is not changed). */
  onBeforeSend?(messages: ChatMessage[], round: number): ChatMessage[] | void
  onRoundComplete?(record: RoundRecord): void
}

export interface ToolLoopOptions {
  client: ModelClient
  /** The conversation so far, ending with the user's message; no system message. */
  history: ChatMessage[]
  agentPrompt?: string
  config: ToolCallConfig
  /** 'native': OpenAI `tools` and `role: "tool"` results; 'text': the config's protocol. @default 'text' */
  calling?: 'text' | 'native'
  /** false: requests are parsed and recorded but not run (semi-automatic mode). @default true */
  execute?: boolean
  registry?: ToolRegistryManager
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
  discovery?: ToolDiscoveryService
  agentId?: string
  signal?: AbortSignal
  /** Asks about each call. With an approver every call goes through it; it decides by policy. */
  approver?: Approver
  /** Asked about each result before the model sees it (result approval). */
  resultReviewer?: ResultReviewer
  /** Full results and arguments are kept here; cut results point into it; `$VAR_REF` reads it. */
  variables?: VariableStore
  /** The agent's preset arguments per tool id (see PlanOptions.presets). */
  presets?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /** Tool groups and their enable state: rules go into the prompt, switched-off tools are not offered. */
  groups?: { groups: readonly ToolGroup[]; state: GroupState }
  /** Request ids stay unique across it; pass the conversation's. */
  session?: RequestIdSession
  today?: Date
  callbacks?: ToolLoopCallbacks
  /** The endpoint's model name: a hint for reading tool-call markup left in a reply's text. */
  model?: string
  /**
   * Native mode: a reply came with no `tool_calls`, but its text holds tool-call markup (the
   * server's tool parser failed or is off). Resolve true to run those calls as the reply's
   * `tool_calls`; false ends the run as it would have. Without it the text is not read.
   */
  onContentCalls?(found: ContentToolCalls, round: number): boolean | Promise<boolean>
}

export interface ToolLoopResult {
  record: RunRecord
  /** The messages the run added after `history`: replies, results, the final-answer instruction. */
  messages: ChatMessage[]
  /** The last reply's text (partial when the run ended in an error or an abort). */
  content: string
}

export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopResult> {
  const { client, signal, callbacks = {} } = options
  const calling = options.calling ?? 'text'
  const execute = options.execute ?? true
  const registry = options.registry ?? toolRegistryManager
  const session = options.session ?? createRequestIdSession()
  const startedAt = Date.now()
  const started = performance.now()
  const record: RunRecord = {
    status: 'completed',
    rounds: [],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    startedAt,
    durationMs: 0,
    calling,
    protocol: options.config.protocol,
  }
  const appended: ChatMessage[] = []
  let content = ''
  const finish = (): ToolLoopResult => {
    record.durationMs = performance.now() - started
    return { record, messages: appended, content }
  }

  // Groups switch tools off through the config, so discovery and the executor both honour them.
  const groups = options.groups
  const config = groups
    ? applyGroupState(
        options.config,
        groups.groups,
        groups.state,
        registry.list().map((tool) => tool.id),
      )
    : options.config
  let system: string
  let tools: NativeToolDefinition[] | undefined
  let nativeNames: Map<string, string> | undefined
  try {
    const discovery = options.discovery ?? createToolDiscoveryService({ registry, protocols: options.protocols })
    const enabled = config.enabled ? enabledTools(discovery.getDiscoveredMethods(), config) : []
    const rules =
      groups && enabled.length > 0
        ? buildToolRules({
            groups: groups.groups,
            state: groups.state,
            enabledToolIds: enabled.map((t) => t.toolId),
            variables: options.variables,
            toolNames: Object.fromEntries(enabled.map((t) => [t.toolId, t.toolId])),
          })
        : ''
    if (calling === 'native') {
      tools = enabled.length > 0 ? nativeToolDefinitions(enabled) : undefined
      nativeNames = nativeNameMap(enabled)
      system = buildSystemPrompt({
        agentPrompt: options.agentPrompt,
        toolsPrompt: rules,
        today: options.today ?? new Date(),
      })
    } else {
      const definitions = config.enabled ? discovery.generatePrompt({ config, agentId: options.agentId }) : ''
      system = buildSystemPrompt({
        agentPrompt: options.agentPrompt,
        toolsPrompt: [rules, definitions].filter(Boolean).join('\n\n'),
        today: options.today ?? new Date(),
      })
    }
  } catch (error) {
    record.status = 'error'
    record.error = `The request could not be prepared: ${messageOf(error)}`
    return finish()
  }

  /** Tool-call markup in the text of a reply without tool_calls: its calls when they are to run. */
  const takeContentCalls = async (text: string, round: RoundRecord): Promise<ContentToolCalls | null> => {
    const ask = options.onContentCalls
    const found = ask ? findContentToolCalls(text, { model: options.model, tools }) : null
    if (!ask || !found) return null
    round.contentCalls = {
      formats: found.formats.map(({ id, label }) => ({ id, label })),
      calls: found.calls.length,
      taken: false,
    }
    if (!(await ask(found, round.index))) return null
    round.contentCalls.taken = true
    return found
  }

  let toolRounds = 0
  let kind: RoundRecord['kind'] = 'tools'
  for (let index = 0; ; index++) {
    callbacks.onRoundStart?.(index, kind)
    const round: RoundRecord = {
      index,
      kind,
      content: '',
      toolCalls: [],
      requests: [],
      diagnostics: [],
      results: [],
      timings: { modelMs: 0, toolsMs: 0 },
    }
    record.rounds.push(round)
    let messages: ChatMessage[] = [{ role: 'system', content: system }, ...options.history, ...appended]
    messages = callbacks.onBeforeSend?.(messages, index) ?? messages

    // Text mode: the streaming parser sees the reply as it arrives, so cards can show at once.
    const parser =
      calling === 'text' && config.enabled
        ? createStreamParser(config.protocol, { session, protocols: options.protocols })
        : null
    let fed = 0
    const feed = (delta: string): void => {
      if (!parser || !delta) return
      fed += delta.length
      const events = parser.feed(delta)
      if (events.length > 0) callbacks.onStreamEvents?.(events, index)
    }
    const requestStarted = performance.now()
    let reply: Completion
    try {
      reply = await client.complete(
        { messages, tools: kind === 'tools' ? tools : undefined },
        {
          signal,
          onUpdate(partial, delta) {
            round.timings.firstTokenMs ??= performance.now() - requestStarted
            round.content = partial.content
            content = partial.content
            feed(delta)
            if (partial.toolCalls.length > 0) callbacks.onToolCallsUpdate?.(partial.toolCalls, index)
            callbacks.onResponseUpdate?.(partial.content, index)
          },
        },
      )
    } catch (error) {
      round.timings.modelMs = performance.now() - requestStarted
      const partial = error instanceof ChatRequestError ? error.partial : undefined
      if (partial) {
        round.content = partial.content
        round.toolCalls = partial.toolCalls
        content = partial.content
      }
      record.status =
        signal?.aborted || (error instanceof ChatRequestError && error.kind === 'aborted') ? 'aborted' : 'error'
      record.error = record.status === 'aborted' ? abortMessage(signal, error) : messageOf(error)
      round.error = record.error
      recordNotRun(
        round,
        partialRequests(round, parser, (calls) =>
          calls.map((call) => resolveNativeCall(call, session, nativeNames).request),
        ),
        record.status,
        index,
        callbacks,
      )
      callbacks.onRoundComplete?.(round)
      return finish()
    }
    round.timings.modelMs = performance.now() - requestStarted
    round.content = reply.content
    round.finishReason = reply.finishReason
    content = reply.content
    if (reply.usage) {
      round.usage = reply.usage
      addUsage(record.usage, reply.usage)
    }

    // What the reply asks for.
    let requests: ParsedRequest[] = []
    let diagnostics: Diagnostic[] = []
    const rejected = new Map<string, ToolExecutionResult>()
    const calls: NativeToolCall[] = reply.toolCalls.map((call) => ({ ...call, function: { ...call.function } }))
    let fromContent: ContentToolCalls | null = null
    if (parser) {
      // A client that does not stream (a person typing the reply) hands over the text at the end.
      feed(reply.content.slice(fed))
      const parsed = parser.end()
      requests = parsed.requests
      diagnostics = parsed.diagnostics
    } else if (calling === 'native') {
      fromContent =
        calls.length === 0 && kind === 'tools' && tools && execute ? await takeContentCalls(reply.content, round) : null
      if (fromContent) calls.push(...fromContent.calls)
      // Stopped while the notice waited.
      if (round.contentCalls && signal?.aborted) {
        record.status = 'aborted'
        record.error = abortMessage(signal, undefined)
        round.error = record.error
        callbacks.onRoundComplete?.(round)
        return finish()
      }
      for (const call of calls) {
        const resolved = resolveNativeCall(call, session, nativeNames)
        // Ids of calls read from the text are ours to choose: the conversation's own.
        if (fromContent) call.id = resolved.request.requestId
        else call.id ||= resolved.request.requestId
        requests.push(resolved.request)
        if (!resolved.ok) rejected.set(resolved.request.requestId, resolved.result)
      }
      if (fromContent) callbacks.onToolCallsUpdate?.(calls, index)
    }
    round.toolCalls = calls
    round.requests = requests
    round.diagnostics = diagnostics
    // Markup read as calls leaves the text: the calls go back as tool_calls, not twice.
    const said = fromContent ? fromContent.prose : reply.content
    appended.push(
      calls.length > 0
        ? { role: 'assistant', content: said || null, tool_calls: calls }
        : { role: 'assistant', content: reply.content },
    )

    if (kind === 'final-answer') {
      record.status = 'max_iterations'
      callbacks.onRoundComplete?.(round)
      return finish()
    }
    if (requests.length === 0 || !execute) {
      callbacks.onRoundComplete?.(round)
      return finish()
    }

    // Run them. Calls the model got wrong are answered without running.
    const toolsStarted = performance.now()
    const runnable = requests.filter((request) => !rejected.has(request.requestId))
    const base = executeOptionsFor(config, {
      registry,
      signal,
      variables: options.variables,
      presets: options.presets,
      resultProtocol: calling === 'native' ? 'native' : config.protocol,
      onResultReview: options.resultReviewer,
      onCallStart: (request) => callbacks.onToolCallStart?.(request, index),
      onCallComplete: (result, request) => callbacks.onToolCallComplete?.(result, request, index),
    })
    if (options.approver) {
      base.requireConfirmation = true
      base.onBeforeExecute = options.approver
    }
    const ran = await executeToolRequests(runnable, base)
    const byId = new Map(ran.map((result) => [result.requestId, result]))
    for (const [id, result] of rejected) {
      const request = requests.find((r) => r.requestId === id)
      if (request) callbacks.onToolCallComplete?.(result, request, index)
    }
    round.results = requests
      .map((request) => rejected.get(request.requestId) ?? byId.get(request.requestId))
      .filter((result): result is ToolExecutionResult => result !== undefined)
    round.timings.toolsMs = performance.now() - toolsStarted

    if (calling === 'native') {
      calls.forEach((call, i) => {
        const result = round.results[i]
        if (result) appended.push(toolResultMessage(call, result))
      })
    } else {
      appended.push({
        role: 'user',
        content: formatResultsForContext(round.results, config.protocol, { protocols: options.protocols }),
      })
    }
    callbacks.onRoundComplete?.(round)

    if (signal?.aborted) {
      record.status = 'aborted'
      record.error = abortMessage(signal, undefined)
      return finish()
    }
    toolRounds++
    if (toolRounds >= config.maxIterations) {
      kind = 'final-answer'
      appended.push({ role: 'user', content: finalAnswerInstruction(config.maxIterations) })
    }
  }
}

function addUsage(total: TokenUsage, usage: TokenUsage): void {
  total.prompt_tokens += usage.prompt_tokens
  total.completion_tokens += usage.completion_tokens
  total.total_tokens += usage.total_tokens
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The requests of a reply that stopped half-way (stopped by the user, or the stream broke): what
 * the parser made of the text so far, or the calls that had begun to arrive.
 */
function partialRequests(
  round: RoundRecord,
  parser: StreamParser | null,
  fromCalls: (calls: NativeToolCall[]) => ParsedRequest[],
): ParsedRequest[] {
  if (parser) {
    const parsed = parser.end()
    round.diagnostics = parsed.diagnostics
    return parsed.requests
  }
  return round.toolCalls.length > 0 ? fromCalls(round.toolCalls) : []
}

/** They stay cards and record entries, each marked as not run, with why. */
function recordNotRun(
  round: RoundRecord,
  requests: ParsedRequest[],
  status: RunStatus,
  index: number,
  callbacks: ToolLoopCallbacks,
): void {
  round.requests = requests
  round.results = requests.map((request) => ({
    requestId: request.requestId,
    toolName: request.toolName,
    status: status === 'aborted' ? 'aborted' : 'error',
    result: `"${request.toolName || '(no tool name)'}" was not run: the reply ${status === 'aborted' ? 'was stopped' : 'broke off'} before the request was complete.`,
    durationMs: 0,
  }))
  round.results.forEach((result, n) => callbacks.onToolCallComplete?.(result, requests[n] as ParsedRequest, index))
}

function abortMessage(signal: AbortSignal | undefined, error: unknown): string {
  const reason: unknown = signal?.reason
  if (reason instanceof Error && reason.message) return `Aborted: ${reason.message}.`
  if (typeof reason === 'string' && reason) return `Aborted: ${reason}.`
  return error instanceof Error && error.message ? error.message : 'Aborted.'
}
