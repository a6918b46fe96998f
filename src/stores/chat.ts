/**
 * The chat: saved profiles, agents and sessions, and the run in progress (kept out of the saved
 * state, so a streaming reply does not rewrite localStorage on every piece).
 */
import { defineStore } from 'pinia'
import { useGroupsStore } from './groups'
import { useToolCalling } from '../composables/useToolCalling'
import { useChatRun } from '../composables/useChatRun'
import { exportSession } from '../saved-chats/model'
import { useChatState } from './chat/chat-state'
import { useSessionVariables } from './chat/session-variables'
import { agentToolSettings, useToolSessions } from './chat/tool-sessions'
import { useSessionRuns } from './chat/session-runs'
import { useSessionEditing } from './chat/session-editing'
import { useAgentEndpointEditing } from './chat/agent-endpoint-editing'
import { useCardPlanner } from './chat/card-planner'
import { useRawExchanges } from './chat/raw-exchanges'
import { useSessionVersions } from './chat/session-versions'

export type { LiveRun } from './chat/session-runs'

export const useChatStore = defineStore('chat', () => {
  const chat = useChatState()
  const { state, activeSession, activeAgent, agentById, profileById } = chat
  const { registry, registryVersion } = useToolCalling()
  const groupsStore = useGroupsStore()
  const chatRun = useChatRun()

  const variables = useSessionVariables(() => activeSession.value.id)
  const { toolSessionOf, forgetToolSession } = useToolSessions({
    registry,
    variablesOf: variables.variablesOf,
    settingsOf: (session) =>
      agentToolSettings(agentById(session.agentId), { groups: groupsStore.groups, state: groupsStore.state }),
  })
  const raw = useRawExchanges()
  const runs = useSessionRuns({ chat, chatRun, toolSessionOf, keepExchange: raw.keep })
  const versions = useSessionVersions({ chat, running: runs.running, begin: runs.begin })
  const { createSession, selectSession, renameSession, deleteSession } = useSessionEditing(chat, {
    beforeDelete: (id) => runs.stopRunIn(id, 'the session was deleted'),
    afterDelete: (id) => {
      variables.forgetVariables(id)
      forgetToolSession(id)
    },
  })
  const { addProfile, deleteProfile, testConnection, addAgent, deleteAgent } = useAgentEndpointEditing(chat)

  /** What the executor will do with a request of the active chat, as its agent is set up. */
  const planFor = useCardPlanner({
    toolSession: () => toolSessionOf(activeSession.value),
    // Read deeply, so a change anywhere in the settings makes new plans.
    dependsOn: () => [
      JSON.stringify([activeAgent.value.config, activeAgent.value.presets, groupsStore.state]),
      variables.variablesVersion.value,
      registryVersion.value,
    ],
  })

  function exportActiveSession(): string {
    const session = activeSession.value
    return exportSession(session, agentById(session.agentId), profileById(session.profileId))
  }

  return {
    state,
    sessions: chat.sessions,
    profiles: chat.profiles,
    agents: chat.agents,
    activeSession,
    activeAgent,
    activeProfile: chat.activeProfile,
    live: runs.live,
    running: runs.running,
    createSession,
    selectSession,
    renameSession,
    deleteSession,
    addProfile,
    deleteProfile,
    testConnection,
    addAgent,
    deleteAgent,
    send: runs.send,
    stop: runs.stop,
    approveAll: chatRun.approveAll,
    /** Manual model: the reply a person wrote for the waiting request. */
    submitManualReply: (text: string): void => void chatRun.submitManualReply(text),
    /** Native mode: runs the calls found in the reply's text as its tool_calls (the round's notice). */
    takeContentCalls: chatRun.takeContentCalls,
    dismissContentCalls: chatRun.dismissContentCalls,
    runSemiRequest: runs.runSemiRequest,
    ...versions,
    /** A round's raw exchange with the endpoint, kept for the life of the page (see raw-exchanges.ts). */
    rawExchangeOf: raw.exchangeOf,
    planFor,
    exportActiveSession,
    activeVariables: variables.activeVariables,
    variablesVersion: variables.variablesVersion,
    variablesError: variables.variablesError,
  }
})
