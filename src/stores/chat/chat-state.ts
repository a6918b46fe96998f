/**
 * The chat's saved state: endpoints, agents and sessions, loaded and checked item by item (what had
 * to be repaired is said in a notice), saved on every change, and the lookups every other piece of
 * the chat store reads it through.
 */
import { computed, type ComputedRef, type Ref } from 'vue'
import {
  defaultChatState,
  MANUAL_PROFILE_ID,
  type Agent,
  type ChatSession,
  type ChatState,
  type EndpointProfile,
} from '../../saved-chats/model'
import { persistedRef } from '../../persistence/persisted'
import { readChatState } from '../../saved-chats/saved-state'

/** What useChatState returns: the saved state, its lists, the active session and lookups by id. */
export interface ChatStateReturn {
  /** The whole saved state; a change anywhere in it is saved. */
  state: Ref<ChatState>
  sessions: ComputedRef<ChatSession[]>
  profiles: ComputedRef<EndpointProfile[]>
  agents: ComputedRef<Agent[]>
  /** The open session; the first one when the saved id names none. */
  activeSession: ComputedRef<ChatSession>
  activeAgent: ComputedRef<Agent>
  activeProfile: ComputedRef<EndpointProfile>
  /** The agent with this id; the first agent when there is none (a session's agent may have been deleted). */
  agentById(id: string): Agent
  /** The endpoint with this id; else the manual one (which cannot be deleted); else the first. */
  profileById(id: string): EndpointProfile
}

/** The chat's saved state under the `chat` key (version 1), with its getters and lookups. */
export function useChatState(): ChatStateReturn {
  const state = persistedRef('chat', 1, defaultChatState, readChatState)

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

  const activeSession = computed<ChatSession>(
    () => state.value.sessions.find((s) => s.id === state.value.activeSessionId) ?? state.value.sessions[0]!,
  )
  return {
    state,
    sessions: computed(() => state.value.sessions),
    profiles: computed(() => state.value.profiles),
    agents: computed(() => state.value.agents),
    activeSession,
    activeAgent: computed<Agent>(() => agentById(activeSession.value.agentId)),
    activeProfile: computed<EndpointProfile>(() => profileById(activeSession.value.profileId)),
    agentById,
    profileById,
  }
}
