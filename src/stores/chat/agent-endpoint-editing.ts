/** Adding and deleting endpoints and agents, and trying an endpoint out. */
import { listModels } from '../../core'
import { MANUAL_PROFILE_ID, newId, newProfile, type Agent, type EndpointProfile } from '../../saved-chats/model'
import type { ChatStateReturn } from './chat-state'

/** What a connection test found: the endpoint's models, or why it could not be reached. */
export type ConnectionTestResult = { ok: true; models: string[] } | { ok: false; message: string }

/** What useAgentEndpointEditing returns. */
export interface AgentEndpointEditingReturn {
  /** A new endpoint with the default settings, added last. */
  addProfile(): EndpointProfile
  /** Deletes the endpoint (never the manual one); its sessions move to the manual one. */
  deleteProfile(id: string): void
  /** Lists the endpoint's models; never throws. */
  testConnection(profile: EndpointProfile): Promise<ConnectionTestResult>
  /** A copy of the open session's agent, added last. */
  addAgent(): Agent
  /** Deletes the agent (never the last one); its sessions move to the first agent. */
  deleteAgent(id: string): void
}

/** The endpoint and agent dialogs' actions on the saved chat state. */
export function useAgentEndpointEditing(
  chat: Pick<ChatStateReturn, 'state' | 'activeAgent'>,
): AgentEndpointEditingReturn {
  const { state } = chat

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
  function addAgent(): Agent {
    const base = chat.activeAgent.value
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

  return { addProfile, deleteProfile, testConnection, addAgent, deleteAgent }
}

async function testConnection(profile: EndpointProfile): Promise<ConnectionTestResult> {
  try {
    const { models } = await listModels({ baseUrl: profile.baseUrl, apiKey: profile.apiKey })
    return { ok: true, models }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
