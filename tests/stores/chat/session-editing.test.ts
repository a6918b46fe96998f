import { afterEach, describe, expect, it } from 'vitest'
import { effectScope } from 'vue'
import { useChatState } from '../../../src/stores/chat/chat-state'
import { useSessionEditing } from '../../../src/stores/chat/session-editing'
import { useAgentEndpointEditing } from '../../../src/stores/chat/agent-endpoint-editing'
import { MANUAL_PROFILE_ID } from '../../../src/saved-chats/model'

const scopes: (() => void)[] = []
afterEach(() => scopes.splice(0).forEach((stop) => stop()))

function editing() {
  const calls: string[] = []
  const scope = effectScope()
  scopes.push(() => scope.stop())
  return scope.run(() => {
    const chat = useChatState()
    const sessions = useSessionEditing(chat, {
      beforeDelete: (id) => calls.push(`before ${id}`),
      afterDelete: (id) => calls.push(`after ${id}`),
    })
    return { chat, calls, ...sessions, ...useAgentEndpointEditing(chat) }
  })!
}

describe('editing the saved chat state', () => {
  it('a deleted session stops its run first and has what was kept for it dropped after; an unknown one only the first', () => {
    const { chat, calls, createSession, deleteSession } = editing()
    const first = chat.activeSession.value.id
    const second = createSession()
    deleteSession(second.id)
    deleteSession('nope')
    expect(calls).toEqual([`before ${second.id}`, `after ${second.id}`, 'before nope'])
    expect(chat.activeSession.value.id).toBe(first)
  })

  it('a deleted agent or endpoint moves its sessions to the first agent or the manual endpoint', () => {
    const { chat, addAgent, deleteAgent, addProfile, deleteProfile } = editing()
    const session = chat.activeSession.value
    const agent = addAgent()
    const profile = addProfile()
    expect(agent.name).toBe(`${chat.agents.value[0]!.name} (copy)`)
    session.agentId = agent.id
    session.profileId = profile.id
    deleteAgent(agent.id)
    deleteProfile(profile.id)
    expect(session).toMatchObject({ agentId: chat.agents.value[0]!.id, profileId: MANUAL_PROFILE_ID })
    deleteAgent(chat.agents.value[0]!.id)
    deleteProfile(MANUAL_PROFILE_ID)
    expect(chat.agents.value).toHaveLength(1)
    expect(chat.profileById(MANUAL_PROFILE_ID).id).toBe(MANUAL_PROFILE_ID)
  })
})
