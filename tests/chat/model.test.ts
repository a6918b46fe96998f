import { describe, expect, it } from 'vitest'
import { checkChatState, defaultChatState, exportSession, MANUAL_PROFILE_ID, policyFor, sessionHistory, toolCallResultMessage, type StoredMessage } from '../../src/chat/model'

describe('chat model', () => {
  it('the default state chats with the manual model and the default agent', () => {
    const state = defaultChatState()
    expect(state.profiles.map((p) => p.kind)).toEqual(['manual'])
    expect(state.sessions[0]?.profileId).toBe(MANUAL_PROFILE_ID)
    expect(state.activeSessionId).toBe(state.sessions[0]?.id)
    expect(checkChatState(JSON.parse(JSON.stringify(state)))).toEqual(state)
  })

  it('rejects saved state of the wrong shape and repairs what is merely missing', () => {
    expect(checkChatState(null)).toBeNull()
    expect(checkChatState({ profiles: 'x', agents: [], sessions: [], activeSessionId: '' })).toBeNull()
    const bad = defaultChatState() as unknown as { agents: { calling: string }[] }
    bad.agents[0]!.calling = 'telepathy'
    expect(checkChatState(bad)).toBeNull()
    const thin = defaultChatState()
    thin.profiles = []
    thin.sessions = []
    thin.activeSessionId = 'gone'
    const repaired = checkChatState(thin)
    expect(repaired?.profiles[0]?.id).toBe(MANUAL_PROFILE_ID)
    expect(repaired?.sessions).toHaveLength(1)
    expect(repaired?.activeSessionId).toBe(repaired?.sessions[0]?.id)
  })

  it('history sends user messages and each run’s own wire messages, not the shown text', () => {
    const messages: StoredMessage[] = [
      { id: '1', role: 'user', content: 'hi', createdAt: 0 },
      {
        id: '2',
        role: 'assistant',
        content: 'final',
        createdAt: 0,
        wire: [
          { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'calc_evaluate', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: 'c', content: '42' },
          { role: 'assistant', content: 'final' },
        ],
      },
      { id: '3', role: 'user', kind: 'tool-result', content: toolCallResultMessage('req-1', 'ok'), createdAt: 0 },
      { id: '4', role: 'assistant', content: 'typed by hand', createdAt: 0 },
      { id: '5', role: 'assistant', content: '', createdAt: 0 },
    ]
    expect(sessionHistory(messages).map((m) => `${m.role}:${m.content}`)).toEqual([
      'user:hi',
      'assistant:null',
      'tool:42',
      'assistant:final',
      'user:{"tool_call_result":{"toolCallId":"req-1","result":"ok"}}',
      'assistant:typed by hand',
    ])
  })

  it('an export carries the session and the endpoint but never the key', () => {
    const state = defaultChatState()
    const profile = { id: 'p', name: 'Hosted', kind: 'openai' as const, baseUrl: 'https://api.example.com/v1', apiKey: 'sk-very-secret', model: 'm', temperature: 0.3, maxTokens: null }
    const json = exportSession(state.sessions[0]!, state.agents[0], profile)
    expect(json).not.toContain('sk-very-secret')
    expect(JSON.parse(json)).toMatchObject({ format: 'vcp-workbench-session', endpoint: { baseUrl: 'https://api.example.com/v1', model: 'm' }, agent: { id: state.agents[0]!.id } })
  })

  it('a tool’s approval policy: its own, else always when confirmation or manual mode is on', () => {
    const agent = defaultChatState().agents[0]!
    expect(policyFor(agent, 'fs')).toBe('auto')
    agent.config.requireConfirmation = true
    expect(policyFor(agent, 'fs')).toBe('always')
    agent.policies.fs = 'once'
    expect(policyFor(agent, 'fs')).toBe('once')
    agent.config.requireConfirmation = false
    agent.config.mode = 'manual'
    expect(policyFor(agent, 'calc')).toBe('always')
  })
})
