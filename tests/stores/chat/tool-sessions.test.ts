import { describe, expect, it } from 'vitest'
import { createToolRegistryManager, createVariableStore, DEFAULT_TOOL_CALL_CONFIG } from '../../../src/core'
import { agentToolSettings, useToolSessions } from '../../../src/stores/chat/tool-sessions'
import { defaultAgent, newSession, type ChatSession } from '../../../src/saved-chats/model'

const groups = { groups: [], state: { groups: {}, tools: {} } } as unknown as Parameters<typeof agentToolSettings>[1]

describe("a chat's tool session", () => {
  it('is made once per chat, with its variables, and set up for the agent as it is at each use', () => {
    const agent = defaultAgent()
    const variables = createVariableStore()
    const { toolSessionOf, forgetToolSession } = useToolSessions({
      registry: createToolRegistryManager(),
      variablesOf: () => variables,
      settingsOf: () => agentToolSettings(agent, groups),
    })
    const session = newSession(agent.id, 'manual')
    const tools = toolSessionOf(session)
    expect(tools.variables).toBe(variables)
    expect(tools.config.requireConfirmation).toBe(DEFAULT_TOOL_CALL_CONFIG.requireConfirmation)
    agent.config = { ...agent.config, requireConfirmation: !DEFAULT_TOOL_CALL_CONFIG.requireConfirmation }
    expect(toolSessionOf(session)).toBe(tools)
    expect(tools.config.requireConfirmation).toBe(!DEFAULT_TOOL_CALL_CONFIG.requireConfirmation)
    forgetToolSession(session.id)
    expect(toolSessionOf(session)).not.toBe(tools)
  })

  it("after a reload, the ids the chat's saved runs used stay taken", () => {
    const session: ChatSession = {
      ...newSession('a', 'manual'),
      messages: [
        {
          id: 'm',
          role: 'assistant',
          content: '',
          createdAt: 0,
          run: { rounds: [{ requests: [{ requestId: 'req-1' }, { requestId: 'mine' }] }] } as never,
        },
      ],
    }
    const { toolSessionOf } = useToolSessions({
      registry: createToolRegistryManager(),
      variablesOf: () => createVariableStore(),
      settingsOf: () => ({}),
    })
    const { requestIds } = toolSessionOf(session)
    expect(requestIds.has('mine')).toBe(true)
    expect(requestIds.claim()).toBe('req-2')
  })
})
