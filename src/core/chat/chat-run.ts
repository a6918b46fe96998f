/**
 * A chat run, as a chat view shows it: the tool loop with its rounds streaming in, a card per
 * request filled field by field, approvals asked on the cards, results reviewed before the model
 * sees them, a person writing the replies (the manual model), semi-automatic mode and stop at any
 * moment. Framework-free: the state is a plain object, changed in place; pass Vue's `reactive`
 * (or anything like it) as `reactive` to make it observable, or listen with `subscribe`.
 */
import type { ParsedRequest, ToolExecutionResult } from '../types'
import type { ProtocolRegistry } from '../protocols/registry'
import type { ToolDiscoveryService } from '../discovery'
import { toolRegistryManager, type ToolRegistryManager } from '../tools/registry-manager'
import type { ApprovalDecision, PendingCall } from '../execution/executor'
import type { ToolSession } from '../session/tool-session'
import { createApprovalGate, type ApprovalGate, type ApprovalPolicy } from './approvals'
import { compactTranscript } from './compact'
import { createFrameBatch, type FrameScheduler } from './frame-batch'
import {
  applyNativeCalls,
  applyResult,
  applyStreamEvents,
  liveRequestFor,
  emptyRound,
  type RoundView,
} from './live-round'
import { createManualClient } from './manual-client'
import type { ContentToolCalls } from './content-calls'
import { runToolLoop, type ToolLoopCallbacks, type ToolLoopOptions, type ToolLoopResult } from './tool-loop'
import type { CompletionRequest, ModelClient, RunStatus } from './types'

/** Which results a person sees before the model does. */
export type ResultPolicy = 'never' | 'on-error' | 'always'

export interface PendingApproval {
  id: string
  /** 'call': may it run? 'result': may the model see what it returned? */
  kind: 'call' | 'result'
  call: PendingCall
  /** For result reviews: the status and text the call returned. */
  outcome?: { status: ToolExecutionResult['status']; result: string }
  /** The round whose card shows the question. */
  round: number
  /** Answers it: the same as the run's `approve(id)` or `reject(id, reason)`. */
  decide(decision: ApprovalDecision): void
}

export interface ChatRunState {
  /** 'idle' before the first run; then the run in progress, or how the last one ended. */
  status: 'idle' | 'running' | RunStatus
  /** Why the last run ended early, if it did. */
  error: string | null
  /** The rounds of the run in progress (or of the last run): the reply's text and its cards. */
  rounds: RoundView[]
  /** Questions waiting for a person, in the order they were asked. */
  pending: PendingApproval[]
  /** With the manual model: the request waiting for its reply to be written. */
  manualRequest: CompletionRequest | null
}

export interface ChatRunOptions {
  /** @default the shared toolRegistryManager */
  registry?: ToolRegistryManager
  /** @default the shared protocolRegistry */
  protocols?: ProtocolRegistry
  /** A discovery service to share its prompt cache (it must serve the same registry and protocols). */
  discovery?: ToolDiscoveryService
  /** Makes the state observable; the run changes the state only through what this returns. Vue: `reactive`. */
  reactive?: <T extends object>(state: T) => T
  /** How streamed updates are batched: at most once per call of this. @default the next animation frame */
  schedule?: FrameScheduler
}

export interface ChatRunStart
  extends Omit<
    ToolLoopOptions,
    'registry' | 'protocols' | 'discovery' | 'signal' | 'approver' | 'resultReviewer' | 'execute' | 'onContentCalls'
  > {
  /** 'semi-automatic': requests become cards a person runs one by one (`runRequest`); calling is 'text'. @default 'loop' */
  flow?: 'loop' | 'semi-automatic'
  /** Whether a call asks first: one policy for all, or per call. A tool's own request for approval is asked even under 'auto'. @default 'auto' */
  approval?: ApprovalPolicy | ((toolId: string, call: PendingCall) => ApprovalPolicy)
  /** Whether a result is shown to a person before the model sees it. @default 'never' */
  resultReview?:
    | ResultPolicy
    | ((call: PendingCall, outcome: { status: ToolExecutionResult['status'] }) => ResultPolicy)
  /** Where 'once' answers are remembered; pass the conversation's own map to keep them across runs. */
  approvalMemory?: Map<string, ApprovalDecision>
  /** Stops this run too when it aborts. */
  signal?: AbortSignal
}

export interface ChatRunResult extends ToolLoopResult {
  /** Semi-automatic mode: the requests of the last reply, waiting to be run by hand. */
  awaiting: ParsedRequest[]
  /** The run as one compact message (its tool chain as log blocks), for history or export. */
  compact: string
}

export interface ChatRun {
  readonly state: ChatRunState
  /** Runs the loop to its end. Rejects only when a run is already in progress or the run was disposed. */
  start(options: ChatRunStart): Promise<ChatRunResult>
  /** Stops the stream, the running tools, a waiting manual reply and every open question at once. */
  stop(reason?: string): void
  approve(id: string): void
  reject(id: string, reason?: string): void
  /** Approves what is waiting and every call of the current round still to come. */
  approveAll(): void
  /** A model that is a person: each request waits in `state.manualRequest` until `submitManualReply`. */
  manualClient(): ModelClient
  /** Answers the waiting manual request; false when none is waiting. */
  submitManualReply(text: string): boolean
  /**
   * Native mode, a round whose text holds tool-call markup (its `contentCalls` is 'asking'): run
   * those calls as the round's tool_calls and go on. False when nothing is asking.
   */
  takeContentCalls(): boolean
  /** The same, but the reply stays an answer and the run ends as it would have. */
  dismissContentCalls(): boolean
  /**
   * Runs one request by hand (semi-automatic mode) in the conversation's tool session, as that
   * session plans it (variables, presets, tool switches), with no approval asked: the person's click is the approval.
   */
  runRequest(
    request: ParsedRequest,
    options: { toolSession: ToolSession; signal?: AbortSignal },
  ): Promise<ToolExecutionResult>
  /** Called after each change of the state (streamed text at most once per frame). */
  subscribe(listener: (state: ChatRunState) => void): () => void
  /** Stops the run and forgets the listeners; `start` rejects afterwards. */
  dispose(): void
}

let approvalCounter = 0

export function createChatRun(options: ChatRunOptions = {}): ChatRun {
  const registry = options.registry ?? toolRegistryManager
  const state: ChatRunState = (options.reactive ?? ((s) => s))<ChatRunState>({
    status: 'idle',
    error: null,
    rounds: [],
    pending: [],
    manualRequest: null,
  })
  const listeners = new Set<(state: ChatRunState) => void>()
  let controller: AbortController | null = null
  let gate: ApprovalGate | null = null
  let manualReply: { resolve(text: string): void; reject(error: unknown): void } | null = null
  let contentDecision: ((take: boolean) => void) | null = null
  let disposed = false

  const changed = (): void => listeners.forEach((listener) => listener(state))

  /** Asks on the card of the call, in the current round. */
  function ask(
    kind: PendingApproval['kind'],
    call: PendingCall,
    outcome?: PendingApproval['outcome'],
  ): Promise<ApprovalDecision> {
    if (!controller || controller.signal.aborted)
      return Promise.resolve({ approved: false, reason: 'the run was stopped' })
    return new Promise<ApprovalDecision>((resolve) => {
      const round = state.rounds.length - 1
      const card = state.rounds[round]?.cards.find((c) => c.request?.requestId === call.requestId)
      const pending: PendingApproval = {
        id: `approval-${++approvalCounter}`,
        kind,
        call,
        outcome,
        round,
        decide: (decision) => {
          if (!state.pending.some((p) => p.id === pending.id)) return
          state.pending = state.pending.filter((p) => p.id !== pending.id)
          // An approved call runs now; a rejected one gets its (denied) result in a moment.
          if (card && kind === 'call') card.state = 'running'
          changed()
          resolve(decision)
        },
      }
      state.pending = [...state.pending, pending]
      if (card && kind === 'call') card.state = 'awaiting-approval'
      changed()
    })
  }

  function decide(id: string, decision: ApprovalDecision): void {
    state.pending.find((p) => p.id === id)?.decide(decision)
  }

  async function start(start: ChatRunStart): Promise<ChatRunResult> {
    if (disposed) throw new Error('This chat run was disposed.')
    if (controller) throw new Error('A run is already in progress: stop it or wait for it to end.')
    const {
      flow = 'loop',
      approval = 'auto',
      resultReview = 'never',
      approvalMemory,
      signal: outer,
      callbacks = {},
      ...loop
    } = start
    const run = new AbortController()
    controller = run
    const forward = (): void => run.abort(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    const runGate = createApprovalGate({
      policyFor: typeof approval === 'function' ? approval : () => approval,
      ask: (call) => ask('call', call),
      decisions: approvalMemory,
    })
    gate = runGate
    state.status = 'running'
    state.error = null
    state.rounds = []
    state.pending = []
    state.manualRequest = null
    changed()
    const frames = createFrameBatch(options.schedule)
    // Streamed pieces are applied once per frame; everything else first applies what is waiting.
    const later = (key: string | null, job: () => void): void => {
      const apply = (): void => {
        job()
        changed()
      }
      if (key) frames.latest(key, apply)
      else frames.queue(apply)
    }
    const now = (job: () => void): void => {
      frames.flush()
      job()
      changed()
    }
    const roundAt = (index: number): RoundView | undefined => state.rounds[index]
    const views: ToolLoopCallbacks = {
      onRoundStart(index, kind) {
        now(() => {
          runGate.startRound()
          state.rounds.push(emptyRound(index, kind))
          state.manualRequest = null
        })
        callbacks.onRoundStart?.(index, kind)
      },
      onResponseUpdate(content, index) {
        later(`content:${index}`, () => {
          const round = roundAt(index)
          if (round) round.content = content
        })
        callbacks.onResponseUpdate?.(content, index)
      },
      onStreamEvents(events, index) {
        later(null, () => {
          const round = roundAt(index)
          if (round) applyStreamEvents(round, events)
        })
        callbacks.onStreamEvents?.(events, index)
      },
      onToolCallsUpdate(calls, index) {
        later(`calls:${index}`, () => {
          const round = roundAt(index)
          if (round) applyNativeCalls(round, calls)
        })
        callbacks.onToolCallsUpdate?.(calls, index)
      },
      onToolCallStart(request, index) {
        now(() => {
          const round = roundAt(index)
          if (round) liveRequestFor(round, request).state = 'running'
        })
        callbacks.onToolCallStart?.(request, index)
      },
      onToolCallComplete(result, request, index) {
        now(() => {
          const round = roundAt(index)
          if (round) applyResult(round, result, request)
        })
        callbacks.onToolCallComplete?.(result, request, index)
      },
      onRoundComplete(record) {
        now(() => {
          const round = roundAt(record.index)
          if (!round) return
          round.content = record.content
          round.usage = record.usage
          round.timings = record.timings
          if (record.error) round.error = record.error
        })
        callbacks.onRoundComplete?.(record)
      },
      onBeforeSend: callbacks.onBeforeSend,
    }

    // The loop waits on the round's notice until a person takes or dismisses its calls.
    const askContentCalls = (found: ContentToolCalls, index: number): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        const round = roundAt(index)
        if (run.signal.aborted || !round) return resolve(false)
        now(() => (round.contentCalls = { formats: found.formats, calls: found.calls.length, state: 'asking' }))
        contentDecision = (take) => {
          contentDecision = null
          now(() => {
            if (round.contentCalls) round.contentCalls.state = take ? 'taken' : 'dismissed'
          })
          resolve(take)
        }
      })

    try {
      const result = await runToolLoop({
        ...loop,
        // Semi-automatic results go back as user messages, which native tool_calls cannot take.
        calling: flow === 'semi-automatic' ? 'text' : loop.calling,
        execute: flow === 'loop',
        registry,
        protocols: options.protocols,
        discovery: options.discovery,
        signal: run.signal,
        approver: runGate.approver,
        resultReviewer: (call, outcome) => {
          const policy = typeof resultReview === 'function' ? resultReview(call, outcome) : resultReview
          if (policy === 'never' || (policy === 'on-error' && outcome.status === 'success')) return true
          return ask('result', call, outcome)
        },
        callbacks: views,
        onContentCalls: askContentCalls,
      })
      frames.flush()
      const last = result.record.rounds[result.record.rounds.length - 1]
      const awaiting = flow === 'semi-automatic' && result.record.status === 'completed' && last ? last.requests : []
      state.status = result.record.status
      state.error = result.record.error ?? null
      return { ...result, awaiting, compact: compactTranscript(result.record) }
    } finally {
      frames.flush()
      outer?.removeEventListener('abort', forward)
      // A question still open (the loop ended under it) is answered, so nothing waits on it.
      for (const pending of [...state.pending]) pending.decide({ approved: false, reason: 'the run ended' })
      contentDecision?.(false)
      if (state.status === 'running') state.status = 'error'
      state.manualRequest = null
      manualReply = null
      controller = null
      gate = null
      changed()
    }
  }

  function stop(reason = 'stopped by the user'): void {
    controller?.abort(new Error(reason))
    manualReply?.reject(new Error(reason))
    manualReply = null
    for (const pending of [...state.pending]) pending.decide({ approved: false, reason })
    contentDecision?.(false)
  }

  function decideContentCalls(take: boolean): boolean {
    if (!contentDecision) return false
    contentDecision(take)
    return true
  }

  function manualClient(): ModelClient {
    return createManualClient(
      (request) =>
        new Promise<string>((resolve, reject) => {
          manualReply = { resolve, reject }
          state.manualRequest = request
          changed()
        }),
    )
  }

  function submitManualReply(text: string): boolean {
    if (!manualReply) return false
    const reply = manualReply
    manualReply = null
    state.manualRequest = null
    changed()
    reply.resolve(text)
    return true
  }

  return {
    state,
    start,
    stop,
    approve: (id) => decide(id, { approved: true }),
    reject: (id, reason) => decide(id, { approved: false, reason: reason || undefined }),
    approveAll() {
      gate?.approveRound()
      for (const pending of [...state.pending]) pending.decide({ approved: true })
    },
    manualClient,
    submitManualReply,
    takeContentCalls: () => decideContentCalls(true),
    dismissContentCalls: () => decideContentCalls(false),
    runRequest: async (request, { toolSession, signal }) => {
      const [result] = await toolSession.execute([request], { approved: true, signal })
      return result!
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      disposed = true
      stop('the chat run was disposed')
      listeners.clear()
    },
  }
}
