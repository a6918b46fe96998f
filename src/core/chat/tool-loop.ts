/**
 * The tool loop: ask the model, run the requests in its reply, send the results back, and
 * again, until a reply has no requests or the round limit is reached; then one last request for a
 * final answer without tools. One abort signal stops the stream, the running tools and the loop.
 */
import type { ParsedRequest, ToolCallConfig, ToolExecutionResult } from '../types'
import type { StreamEvent } from '../protocols/protocol'
import type { ProtocolRegistry } from '../protocols/registry'
import type { RequestIdSession } from '../request-ids'
import type { ToolDiscoveryService } from '../discovery'
import type { ToolRegistryManager } from '../tools/registry-manager'
import type { Approver, ResultReviewer } from '../execution/executor'
import type { VariableStore } from '../results/variables'
import type { GroupState, ToolGroup } from '../groups'
import { createToolSession, type ToolSession, type ToolSessionOptions } from '../session/tool-session'
import type { ApprovalSettings } from '../execution/approval-rules'
import { isQuotation } from '../quoted-requests'
import { ChatRequestError } from './errors'
import type { ContentToolCalls } from './content-calls'
import { buildSystemPrompt, finalAnswerInstruction } from './system-prompt'
import type { CallingMode, ReplyCalls, RoundReading } from './calling/calling'
import { createTextCalling } from './calling/text-calling'
import { createNativeCalling } from './calling/native-calling'
import { abortMessage, addUsage, emptyRoundRecord, emptyRunRecord, markNotRun, messageOf } from './round-record'
import type { ChatMessage, Completion, ModelClient, NativeToolCall, RoundRecord, RunRecord } from './types'

/** Listeners for a run as it goes; all optional, called synchronously, `round` being the round's index. */
export interface ToolLoopCallbacks {
  onRoundStart?(index: number, kind: RoundRecord['kind']): void
  /** The reply of the current round so far. */
  onResponseUpdate?(content: string, round: number): void
  /** Native mode: the `tool_calls` so far, names and argument text growing as deltas arrive. */
  onToolCallsUpdate?(calls: readonly NativeToolCall[], round: number): void
  /** Text mode: what the streaming parser learned from the last piece (blocks opening, fields, closes). */
  onStreamEvents?(events: StreamEvent[], round: number): void
  onToolCallStart?(request: ParsedRequest, round: number): void
  /** A request's result: run, refused before running, or left unrun by a reply that broke off. */
  onToolCallComplete?(result: ToolExecutionResult, request: ParsedRequest, round: number): void
  /** May return rewritten messages for this request (the run's own list is not changed). */
  onBeforeSend?(messages: ChatMessage[], round: number): ChatMessage[] | void
  /** The round's finished record, also when it ended the run with an error or an abort. */
  onRoundComplete?(record: RoundRecord): void
}

/** One run of the tool loop: the model, the conversation, and the tools (a session, or what makes one). */
export interface ToolLoopOptions {
  client: ModelClient
  /** The conversation so far, ending with the user's message; no system message. */
  history: ChatMessage[]
  /** Opens the system prompt, before the tools prompt. */
  agentPrompt?: string
  /**
   * The conversation's tools: registry, protocols, settings, variables, request ids. Given, it is
   * used as it is, and `config`, `groups`, `presets`, `registry`, `protocols`, `discovery`,
   * `variables` and `session` below are not read.
   */
  toolSession?: ToolSession
  /** Required without `toolSession`. */
  config?: ToolCallConfig
  /** 'native': OpenAI `tools` and `role: "tool"` results; 'text': the config's protocol. @default 'text' */
  calling?: 'text' | 'native'
  /** false: requests are parsed and recorded but not run (semi-automatic mode). @default true */
  execute?: boolean
  registry?: ToolRegistryManager
  /** @default the app's protocolRegistry */
  protocols?: ProtocolRegistry
  discovery?: ToolDiscoveryService
  /** Keeps this agent's tools prompt apart in the prompt cache. */
  agentId?: string
  /** Stops the stream, the running calls and the loop; the run then ends `aborted`. */
  signal?: AbortSignal
  /** Asks about each call. With an approver every call goes through it; it decides by policy. */
  approver?: Approver
  /**
   * Asked about the calls whose plan needs approval, as the tool session decides (its approval
   * settings, a tool's policy, a code fence); the others run unasked. Wins over `approver`.
   */
  confirm?: Approver
  /** Without `toolSession`: who approves what (see ToolSettings.approval). */
  approval?: ApprovalSettings
  /** Without `toolSession`: where 'once' answers are remembered. */
  approvalMemory?: ToolSessionOptions['approvalMemory']
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
  /** The date the system prompt states. @default now */
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

/** How a run ended, and what to keep of it. */
export interface ToolLoopResult {
  record: RunRecord
  /** The messages the run added after `history`: replies, results, the final-answer instruction. */
  messages: ChatMessage[]
  /** The last reply's text (partial when the run ended in an error or an abort). */
  content: string
}

/**
 * Runs the loop until a reply has no requests, the round limit is reached (then one last request
 * without tools), or the run fails or is aborted. Model failures and aborts end up in
 * `record.status` and `record.error`, not in a rejection; it rejects only when neither `config` nor
 * `toolSession` is given (or a callback throws).
 */
export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopResult> {
  const { client, signal, callbacks = {} } = options
  const execute = options.execute ?? true
  const tools = options.toolSession ?? toolSessionFrom(options)
  const started = performance.now()
  const record = emptyRunRecord(options.calling ?? 'text', tools.config.protocol)
  const appended: ChatMessage[] = []
  let content = ''
  const finish = (status?: RunRecord['status'], error?: string): ToolLoopResult => {
    if (status) record.status = status
    if (error !== undefined) record.error = error
    record.durationMs = performance.now() - started
    return { record, messages: appended, content }
  }

  let mode: CallingMode
  let system: string
  try {
    mode = callingMode(tools, options, execute)
    system = buildSystemPrompt({
      agentPrompt: options.agentPrompt,
      toolsPrompt: mode.toolsPrompt,
      today: options.today ?? new Date(),
    })
  } catch (error) {
    return finish('error', `The request could not be prepared: ${messageOf(error)}`)
  }

  let toolRounds = 0
  let kind: RoundRecord['kind'] = 'tools'
  for (let index = 0; ; index++) {
    callbacks.onRoundStart?.(index, kind)
    const round = emptyRoundRecord(index, kind)
    record.rounds.push(round)
    const reading = mode.startRound(index, kind)
    let messages: ChatMessage[] = [{ role: 'system', content: system }, ...options.history, ...appended]
    messages = callbacks.onBeforeSend?.(messages, index) ?? messages
    const asked = await askModel(client, messages, kind === 'tools' ? mode : undefined, round, reading, options)
    content = round.content
    if ('failed' in asked) {
      const status = signal?.aborted || asked.aborted ? 'aborted' : 'error'
      round.error = status === 'aborted' ? abortMessage(signal, asked.failed) : messageOf(asked.failed)
      markNotRun(round, reading.readPartial(round), status)
      round.results.forEach((result, n) => callbacks.onToolCallComplete?.(result, round.requests[n]!, index))
      callbacks.onRoundComplete?.(round)
      return finish(status, round.error)
    }
    const reply = asked.reply
    if (reply.usage) addUsage(record.usage, reply.usage)
    const calls = await reading.read(reply, round)
    if (!calls) {
      round.error = abortMessage(signal, undefined)
      callbacks.onRoundComplete?.(round)
      return finish('aborted', round.error)
    }
    round.toolCalls = calls.calls
    round.requests = calls.requests
    round.diagnostics = calls.diagnostics
    appended.push(
      calls.calls.length > 0
        ? { role: 'assistant', content: calls.said || null, tool_calls: calls.calls }
        : { role: 'assistant', content: reply.content },
    )
    // A call the reply only quotes (a blockquote, inline code) stays on record and is shown, never made.
    const made = calls.requests.filter((request) => !isQuotation(request))
    if (kind === 'final-answer' || made.length === 0 || !execute) {
      callbacks.onRoundComplete?.(round)
      return finish(kind === 'final-answer' ? 'max_iterations' : undefined)
    }

    const toolsStarted = performance.now()
    round.results = await runRequests(tools, { ...calls, requests: made }, mode, index, options)
    round.timings.toolsMs = performance.now() - toolsStarted
    appended.push(...calls.resultMessages(round.results))
    callbacks.onRoundComplete?.(round)
    if (signal?.aborted) return finish('aborted', abortMessage(signal, undefined))
    if (++toolRounds >= tools.config.maxIterations) {
      kind = 'final-answer'
      appended.push({ role: 'user', content: finalAnswerInstruction(tools.config.maxIterations) })
    }
  }
}

/** The loop's tool session, put together from the options when none is given. */
export function toolSessionFrom(options: ToolLoopOptions): ToolSession {
  if (!options.config) throw new TypeError('runToolLoop needs a config or a toolSession.')
  return createToolSession({
    approval: options.approval,
    approvalMemory: options.approvalMemory,
    config: options.config,
    groups: options.groups,
    presets: options.presets,
    registry: options.registry,
    protocols: options.protocols,
    discovery: options.discovery,
    variables: options.variables,
    requestIds: options.session,
  })
}

function callingMode(tools: ToolSession, options: ToolLoopOptions, execute: boolean): CallingMode {
  const callbacks = options.callbacks ?? {}
  if (options.calling !== 'native')
    return createTextCalling(tools, { agentId: options.agentId, onStreamEvents: callbacks.onStreamEvents })
  return createNativeCalling(tools, {
    execute,
    model: options.model,
    signal: options.signal,
    onContentCalls: options.onContentCalls,
    onToolCallsUpdate: callbacks.onToolCallsUpdate,
  })
}

/** One request to the model, streamed into the round's record; a failure keeps what had arrived. */
async function askModel(
  client: ModelClient,
  messages: ChatMessage[],
  mode: CallingMode | undefined,
  round: RoundRecord,
  reading: RoundReading,
  options: ToolLoopOptions,
): Promise<{ reply: Completion } | { failed: unknown; aborted: boolean }> {
  const callbacks = options.callbacks ?? {}
  const requestStarted = performance.now()
  try {
    const reply = await client.complete(
      { messages, tools: mode?.tools },
      {
        signal: options.signal,
        onUpdate(partial, delta) {
          round.timings.firstTokenMs ??= performance.now() - requestStarted
          round.content = partial.content
          reading.onDelta(delta)
          if (partial.toolCalls.length > 0) callbacks.onToolCallsUpdate?.(partial.toolCalls, round.index)
          callbacks.onResponseUpdate?.(partial.content, round.index)
        },
      },
    )
    round.timings.modelMs = performance.now() - requestStarted
    round.content = reply.content
    round.finishReason = reply.finishReason
    if (reply.usage) round.usage = reply.usage
    return { reply }
  } catch (error) {
    round.timings.modelMs = performance.now() - requestStarted
    const partial = error instanceof ChatRequestError ? error.partial : undefined
    if (partial) {
      round.content = partial.content
      round.toolCalls = partial.toolCalls
    }
    return { failed: error, aborted: error instanceof ChatRequestError && error.kind === 'aborted' }
  }
}

/** Runs the reply's requests; calls the model got wrong are answered without running. */
async function runRequests(
  tools: ToolSession,
  calls: ReplyCalls,
  mode: CallingMode,
  index: number,
  options: ToolLoopOptions,
): Promise<ToolExecutionResult[]> {
  const callbacks = options.callbacks ?? {}
  const runnable = calls.requests.filter((request) => !calls.rejected.has(request.requestId))
  const ran = await tools.execute(runnable, {
    signal: options.signal,
    ...(options.confirm ? { confirm: options.confirm } : { approver: options.approver }),
    resultReviewer: options.resultReviewer,
    resultProtocol: mode.resultProtocol,
    onCallStart: (request) => callbacks.onToolCallStart?.(request, index),
    onCallComplete: (result, request) => callbacks.onToolCallComplete?.(result, request, index),
  })
  const byId = new Map(ran.map((result) => [result.requestId, result]))
  for (const [id, result] of calls.rejected) {
    const request = calls.requests.find((r) => r.requestId === id)
    if (request) callbacks.onToolCallComplete?.(result, request, index)
  }
  return calls.requests
    .map((request) => calls.rejected.get(request.requestId) ?? byId.get(request.requestId))
    .filter((result): result is ToolExecutionResult => result !== undefined)
}
