/**
 * The chat: saved profiles, agents and sessions, and the run in progress (kept out of the saved
 * state, so a streaming reply does not rewrite localStorage on every piece).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import {
  createOpenAIClient,
  createRequestIdSession,
  createToolSession,
  createVariableStore,
  listModels,
  protocolRegistry,
  toolCallResultMessage,
  type CallPlan,
  type ChatRunState,
  type ModelClient,
  type ParsedRequest,
  type ToolExecutionResult,
  type ToolSession,
  type ToolSettings,
  type VariableStore,
} from '../core'
import { useGroupsStore } from './groups'
import { forgetSavedVariables, keepVariablesSaved } from '../saved-chats/saved-variables'
import { discoveryFor, useToolCalling } from '../composables/useToolCalling'
import { useChatRun } from '../composables/useChatRun'
import {
  defaultChatState,
  DEFAULT_NAMES,
  exportSession,
  MANUAL_PROFILE_ID,
  newId,
  newProfile,
  newSession,
  policyFor,
  resultPolicyFor,
  sessionHistory,
  type Agent,
  type ChatSession,
  type EndpointProfile,
  type StoredMessage,
} from '../saved-chats/model'
import { persistedRef } from '../persistence/persisted'
import { readChatState } from '../saved-chats/saved-state'

/** The run in progress: which session and reply it fills, and its live state (rounds, cards, questions). */
export interface LiveRun {
  sessionId: string
  /** The reply it fills; null in the moment between the user's message and the run's start. */
  messageId: string | null
  run: ChatRunState
}

export const useChatStore = defineStore('chat', () => {
  const state = persistedRef('chat', 1, defaultChatState, readChatState)
  const toolCalling = useToolCalling()
  // The run itself (streaming, cards, approvals, stop) is the chat-run composable's; the store
  // keeps what is saved and which session a run belongs to.
  const chatRun = useChatRun()
  const target = shallowRef<{ sessionId: string; messageId: string | null } | null>(null)
  const live = computed<LiveRun | null>(() => (target.value ? { ...target.value, run: chatRun.state } : null))
  // Per chat, for the life of the page: its tool session (request ids stay unique, variables are
  // kept, ask-once decisions are remembered), through which its runs, cards and plans all go.
  const toolSessions = new Map<string, ToolSession>()
  const variableStores = new Map<string, VariableStore>()
  /** Bumped when any session's variables change, for views that list them. */
  const variablesVersion = ref(0)
  const groupsStore = useGroupsStore()

  /** Why the session's variables could not be read or saved, if they could not. */
  const variablesError = ref<string | null>(null)
  const stopSaving = new Map<string, () => void>()

  function variablesOf(sessionId: string): VariableStore {
    let store = variableStores.get(sessionId)
    if (!store) {
      variableStores.set(sessionId, (store = createVariableStore()))
      store.subscribe(() => variablesVersion.value++)
      stopSaving.set(
        sessionId,
        keepVariablesSaved(sessionId, store, (message) => (variablesError.value = message)),
      )
    }
    return store
  }

  /** The chat's tool session, set up for its agent as it is now (tool switches, groups, presets). */
  function toolSessionOf(session: ChatSession): ToolSession {
    let tools = toolSessions.get(session.id)
    if (!tools) {
      const requestIds = createRequestIdSession()
      // After a reload the chat goes on: ids its saved runs used stay taken (and so do their variables' names).
      for (const saved of session.messages)
        for (const round of saved.run?.rounds ?? [])
          for (const request of round.requests) requestIds.claim(request.requestId)
      const registry = toolCalling.registry
      tools = createToolSession({
        registry,
        discovery: discoveryFor(registry, protocolRegistry),
        variables: variablesOf(session.id),
        requestIds,
      })
      toolSessions.set(session.id, tools)
    }
    tools.configure(settingsOf(agentById(session.agentId)))
    return tools
  }

  function settingsOf(agent: Agent): ToolSettings {
    return {
      config: agent.config,
      presets: agent.presets,
      groups: { groups: groupsStore.groups, state: groupsStore.state },
    }
  }

  const sessions = computed(() => state.value.sessions)
  const profiles = computed(() => state.value.profiles)
  const agents = computed(() => state.value.agents)
  const activeSession = computed<ChatSession>(
    () => state.value.sessions.find((s) => s.id === state.value.activeSessionId) ?? state.value.sessions[0]!,
  )
  const activeAgent = computed<Agent>(() => agentById(activeSession.value.agentId))
  const activeProfile = computed<EndpointProfile>(() => profileById(activeSession.value.profileId))
  const running = computed(() => target.value !== null)
  // The open session's saved variables load at once, so its cut results can be opened.
  watch(
    () => activeSession.value.id,
    (id) => variablesOf(id),
    { immediate: true },
  )

  function agentById(id: string): Agent {
    return state.value.agents.find((a) => a.id === id) ?? state.value.agents[0]!
  }
  function profileById(id: string): EndpointProfile {
    return (
      state.value.profiles.find((p) => p.id === id) ??
      state.value.profiles.find((p) => p.id === MANUAL_PROFILE_ID) ??
      state.value.profiles[0]!
    )
  }

  // Sessions
  function createSession(): ChatSession {
    const current = activeSession.value
    const session = newSession(current.agentId, current.profileId)
    state.value.sessions.unshift(session)
    state.value.activeSessionId = session.id
    return session
  }
  function selectSession(id: string): void {
    if (state.value.sessions.some((s) => s.id === id)) state.value.activeSessionId = id
  }
  function renameSession(id: string, title: string): void {
    const session = state.value.sessions.find((s) => s.id === id)
    if (session && title.trim()) session.title = title.trim()
  }
  function deleteSession(id: string): void {
    if (target.value?.sessionId === id) stop('the session was deleted')
    const at = state.value.sessions.findIndex((s) => s.id === id)
    if (at === -1) return
    state.value.sessions.splice(at, 1)
    stopSaving.get(id)?.()
    stopSaving.delete(id)
    variableStores.delete(id)
    toolSessions.delete(id)
    forgetSavedVariables(id).catch(
      (error: unknown) =>
        (variablesError.value = `Saved variables of the deleted session could not be removed: ${error instanceof Error ? error.message : String(error)}`),
    )
    if (state.value.sessions.length === 0)
      state.value.sessions.push(newSession(state.value.agents[0]!.id, MANUAL_PROFILE_ID))
    if (state.value.activeSessionId === id) state.value.activeSessionId = state.value.sessions[0]!.id
  }

  // Profiles and agents
  function addProfile(): EndpointProfile {
    const profile = newProfile()
    state.value.profiles.push(profile)
    return profile
  }
  function deleteProfile(id: string): void {
    if (id === MANUAL_PROFILE_ID) return
    state.value.profiles = state.value.profiles.filter((p) => p.id !== id)
    for (const session of state.value.sessions) if (session.profileId === id) session.profileId = MANUAL_PROFILE_ID
  }
  async function testConnection(
    profile: EndpointProfile,
  ): Promise<{ ok: true; models: string[] } | { ok: false; message: string }> {
    try {
      const { models } = await listModels({ baseUrl: profile.baseUrl, apiKey: profile.apiKey })
      return { ok: true, models }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
  }
  function addAgent(): Agent {
    const base = activeAgent.value
    const agent: Agent = JSON.parse(JSON.stringify(base)) as Agent
    agent.id = newId('agent')
    agent.name = `${base.name} (copy)`
    state.value.agents.push(agent)
    return agent
  }
  function deleteAgent(id: string): void {
    if (state.value.agents.length <= 1) return
    state.value.agents = state.value.agents.filter((a) => a.id !== id)
    for (const session of state.value.sessions) if (session.agentId === id) session.agentId = state.value.agents[0]!.id
  }

  // Runs
  function clientFor(profile: EndpointProfile): ModelClient {
    if (profile.kind === 'manual') return chatRun.manualClient()
    return createOpenAIClient({
      baseUrl: profile.baseUrl,
      apiKey: profile.apiKey || undefined,
      model: profile.model,
      temperature: profile.temperature ?? undefined,
      maxTokens: profile.maxTokens ?? undefined,
      idleTimeoutMs: profile.idleTimeoutSeconds == null ? undefined : profile.idleTimeoutSeconds * 1000,
      maxAnswerBytes: megabytes(profile.maxAnswerMB),
      maxLineBytes: megabytes(profile.maxLineMB),
    })
  }

  function send(text: string): void {
    const content = text.trim()
    if (!content || running.value) return
    const session = activeSession.value
    session.messages.push({ id: newId('msg'), role: 'user', content, createdAt: Date.now() })
    if (session.title === DEFAULT_NAMES.session)
      session.title = content.length > 40 ? content.slice(0, 40) + '…' : content
    // The message shows in this frame; the run (the prompt, the request) starts in the next task.
    const starting = { sessionId: session.id, messageId: null }
    target.value = starting
    setTimeout(() => {
      // Stopped (or its session deleted) before it began: nothing starts.
      if (target.value === starting) void startRun(session)
    }, 0)
  }

  async function startRun(session: ChatSession): Promise<void> {
    const agent = agentById(session.agentId)
    const profile = profileById(session.profileId)
    // History first, then the placeholder reply, so the placeholder is never sent.
    const history = sessionHistory(session.messages, session.historyMode ?? 'native')
    session.messages.push({ id: newId('msg'), role: 'assistant', content: '', createdAt: Date.now() })
    // The saved (reactive) copy: changes to it are shown and saved.
    const message: StoredMessage = session.messages[session.messages.length - 1]!
    target.value = { sessionId: session.id, messageId: message.id }
    const tools = toolSessionOf(session)

    try {
      const result = await chatRun.start({
        client: clientFor(profile),
        history,
        agentPrompt: agent.systemPrompt,
        agentId: agent.id,
        toolSession: tools,
        calling: agent.calling,
        // Names the formats the model writes, for markup its server left in the text.
        model: profile.kind === 'manual' ? undefined : profile.model || undefined,
        flow: agent.flow,
        approval: (toolId, call) => policyFor(agent, toolId, methodOf(toolId, call.method)),
        resultReview: (call) => resultPolicyFor(agent, call.toolId),
        approvalMemory: tools.approvalMemory,
      })
      const { record } = result
      // Images stay out of saved chats: localStorage is small, and the model read their description.
      message.run = {
        ...record,
        rounds: record.rounds.map((round) => ({ ...round, results: round.results.map(withoutImages) })),
      }
      message.wire = result.messages
      message.content = result.content
      message.status = record.status
      if (record.error) message.error = record.error
      if (result.awaiting.length > 0) message.semi = { requests: result.awaiting, results: {}, continued: false }
    } catch (error) {
      message.status = 'error'
      message.error = error instanceof Error ? error.message : String(error)
    } finally {
      target.value = null
    }
  }

  /** Stops the stream, the running tools and the loop at once. */
  function stop(reason = 'stopped by the user'): void {
    if (target.value?.messageId === null) target.value = null
    chatRun.stop(reason)
  }

  /** Manual model: the reply a person wrote for the waiting request. */
  function submitManualReply(text: string): void {
    chatRun.submitManualReply(text)
  }

  /** Semi-automatic mode: runs one card's request and sends its result as a user message. */
  async function runSemiRequest(messageId: string, requestId: string): Promise<void> {
    const session = activeSession.value
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

  function exportActiveSession(): string {
    const session = activeSession.value
    return exportSession(session, agentById(session.agentId), profileById(session.profileId))
  }

  /** A method's annotations and where it comes from, for its approval policy. */
  function methodOf(toolId: string, name: string) {
    const tool = toolCalling.registry.get(toolId)
    const method = tool?.getMetadata().methods.find((m) => m.name === name)
    return { name, annotations: method?.annotations, fromMcp: tool?.origin === 'mcp' }
  }

  /**
   * The plans of the active chat's cards, as its agent is set up now (presets, tool switches and
   * groups, variables): each worked out once, and again after any of those changes.
   */
  const cardPlanner = computed(() => {
    const session = activeSession.value
    const agent = agentById(session.agentId)
    // Read deeply, so a change anywhere in the settings makes new plans.
    void JSON.stringify([agent.config, agent.presets, groupsStore.state])
    void variablesVersion.value
    void toolCalling.registryVersion.value
    const tools = toolSessionOf(session)
    const plans = new WeakMap<ParsedRequest, CallPlan>()
    return (request: ParsedRequest): CallPlan => {
      let plan = plans.get(request)
      if (!plan) plans.set(request, (plan = tools.plan(request)))
      return plan
    }
  })

  /** What the executor will do with a request of the active chat, as its agent is set up. */
  function planFor(request: ParsedRequest): CallPlan {
    return cardPlanner.value(request)
  }

  const activeVariables = computed(() => {
    void variablesVersion.value
    return variablesOf(activeSession.value.id)
  })

  return {
    state,
    sessions,
    profiles,
    agents,
    activeSession,
    activeAgent,
    activeProfile,
    live,
    running,
    createSession,
    selectSession,
    renameSession,
    deleteSession,
    addProfile,
    deleteProfile,
    testConnection,
    addAgent,
    deleteAgent,
    send,
    stop,
    approveAll: chatRun.approveAll,
    submitManualReply,
    /** Native mode: runs the calls found in the reply's text as its tool_calls (the round's notice). */
    takeContentCalls: chatRun.takeContentCalls,
    dismissContentCalls: chatRun.dismissContentCalls,
    runSemiRequest,
    planFor,
    exportActiveSession,
    activeVariables,
    variablesVersion,
    variablesError,
  }
})

function withoutImages(result: ToolExecutionResult): ToolExecutionResult {
  if (!result.images) return result
  const copy = { ...result }
  delete copy.images
  return copy
}

/** A limit set in MB, in bytes; unset or not positive: the client's default. */
function megabytes(value: number | null | undefined): number | undefined {
  return value == null || !(value > 0) ? undefined : Math.round(value * 1024 * 1024)
}
