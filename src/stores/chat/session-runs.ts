/**
 * The chat's runs: the user's message starts one in the open session, its outcome is saved in the
 * reply, and semi-automatic cards are run one by one. The run itself (streaming, cards, approvals,
 * stop) is the chat-run composable's; this knows which session and reply a run belongs to.
 */
import { computed, shallowRef, type ComputedRef } from 'vue'
import {
  toolCallResultMessage,
  type ChatMessage,
  type ChatRunState,
  type RawExchange,
  type ToolSession,
} from '../../core'
import type { UseChatRunReturn } from '../../composables/useChatRun'
import { DEFAULT_NAMES, newId, sessionHistory, type ChatSession, type StoredMessage } from '../../saved-chats/model'
import { startVersion } from '../../saved-chats/branches'
import type { ChatStateReturn } from './chat-state'
import { runStartFor, type RunStartContext } from './run-start'
import { saveRunError, saveRunOutcome } from './run-outcome'

/** The run in progress: which session and reply it fills, and its live state (rounds, cards, questions). */
export interface LiveRun {
  sessionId: string
  /** The reply it fills; null in the moment between the user's message and the run's start. */
  messageId: string | null
  run: ChatRunState
}

/** Options of useSessionRuns. */
export interface SessionRunsOptions {
  chat: Pick<ChatStateReturn, 'activeSession' | 'agentById' | 'profileById'>
  chatRun: UseChatRunReturn
  toolSessionOf: (session: ChatSession) => ToolSession
  /** Given, each round's raw exchange with the endpoint is handed to it. */
  keepExchange?: (messageId: string, round: number, exchange: RawExchange) => void
}

/** What useSessionRuns returns. */
export interface SessionRunsReturn {
  live: ComputedRef<LiveRun | null>
  /** From the user's message until its run ends. */
  running: ComputedRef<boolean>
  /** Adds the user's message to the open session and starts its run; ignored while a run is going on. */
  send(text: string): void
  /** Stops the stream, the running tools and the loop at once. */
  stop(reason?: string): void
  /** Stops the run if it belongs to this session. */
  stopRunIn(sessionId: string, reason: string): void
  /** Semi-automatic mode: runs one card's request and sends its result as a user message. */
  runSemiRequest(messageId: string, requestId: string): Promise<void>
  /**
   * Starts a reply in the session (ignored while a run is going on): at the end, or made again at
   * `at` (the messages from `at` on are kept as another version). The run starts in the next task.
   */
  begin(session: ChatSession, at?: number): void
}

/** Runs of the chat's sessions, one at a time. */
export function useSessionRuns(options: SessionRunsOptions): SessionRunsReturn {
  const { chat, chatRun, toolSessionOf } = options
  const target = shallowRef<{ sessionId: string; messageId: string | null } | null>(null)
  const live = computed<LiveRun | null>(() => (target.value ? { ...target.value, run: chatRun.state } : null))
  const running = computed(() => target.value !== null)

  function send(text: string): void {
    const content = text.trim()
    if (!content || running.value) return
    const session = chat.activeSession.value
    session.messages.push({ id: newId('msg'), role: 'user', content, createdAt: Date.now() })
    if (session.title === DEFAULT_NAMES.session)
      session.title = content.length > 40 ? content.slice(0, 40) + '…' : content
    begin(session)
  }

  function begin(session: ChatSession, at?: number): void {
    if (running.value) return
    // The message shows in this frame; the run (the prompt, the request) starts in the next task.
    const starting = { sessionId: session.id, messageId: null }
    target.value = starting
    setTimeout(() => {
      // Stopped (or its session deleted) before it began: nothing starts.
      if (target.value === starting) void startRun(session, at)
    }, 0)
  }

  async function startRun(session: ChatSession, at: number = session.messages.length): Promise<void> {
    // History first, then the placeholder reply, so the placeholder is never sent.
    const history = sessionHistory(session.messages.slice(0, at), session.historyMode ?? 'native')
    startVersion(session.messages, at, { id: newId('msg'), role: 'assistant', content: '', createdAt: Date.now() })
    // The saved (reactive) copy: changes to it are shown and saved.
    const message: StoredMessage = session.messages[session.messages.length - 1]!
    target.value = { sessionId: session.id, messageId: message.id }
    try {
      // Inside the try: an endpoint the client cannot use ends the run as an error on its reply.
      const start = runStartFor(runContext(options, session, message.id, history))
      saveRunOutcome(message, await chatRun.start(start))
    } catch (error) {
      saveRunError(message, error)
    } finally {
      target.value = null
    }
  }

  function stop(reason = 'stopped by the user'): void {
    if (target.value?.messageId === null) target.value = null
    chatRun.stop(reason)
  }

  function stopRunIn(sessionId: string, reason: string): void {
    if (target.value?.sessionId === sessionId) stop(reason)
  }

  async function runSemiRequest(messageId: string, requestId: string): Promise<void> {
    const session = chat.activeSession.value
    const message = session.messages.find((m) => m.id === messageId)
    const semi = message?.semi
    const request = semi?.requests.find((r) => r.requestId === requestId)
    if (!message || !semi || !request || semi.results[requestId]) return
    const result = await chatRun.runRequest(request, { toolSession: toolSessionOf(session) })
    semi.results[requestId] = result
    session.messages.push({
      id: newId('msg'),
      role: 'user',
      kind: 'tool-result',
      content: toolCallResultMessage(requestId, result.result),
      createdAt: Date.now(),
    })
    // Every card answered: the conversation goes on with the results.
    if (semi.requests.every((r) => semi.results[r.requestId]) && !semi.continued && !running.value) {
      semi.continued = true
      void startRun(session)
    }
  }

  return { live, running, send, stop, stopRunIn, runSemiRequest, begin }
}

/** What a run of `session` that fills the reply `messageId` starts from: its agent, endpoint, history and tools. */
function runContext(
  { chat, chatRun, toolSessionOf, keepExchange }: SessionRunsOptions,
  session: ChatSession,
  messageId: string,
  history: ChatMessage[],
): RunStartContext {
  return {
    agent: chat.agentById(session.agentId),
    profile: chat.profileById(session.profileId),
    history,
    tools: toolSessionOf(session),
    manualClient: chatRun.manualClient,
    onExchange: keepExchange && ((exchange: RawExchange, round: number) => keepExchange(messageId, round, exchange)),
  }
}
