import { describe, expect, it } from 'vitest'
import { readChatState } from '../../src/saved-chats/saved-state'
import {
  defaultChatState,
  exportSession,
  MANUAL_PROFILE_ID,
  newProfile,
  policyFor,
  resultPolicyFor,
  sessionHistory,
  type StoredMessage,
} from '../../src/saved-chats/model'
import { toolCallResultMessage } from '../../src/core'

describe('chat model', () => {
  it('the default state chats with the manual model and the default agent', () => {
    const state = defaultChatState()
    expect(state.profiles.map((p) => p.kind)).toEqual(['manual'])
    expect(state.sessions[0]?.profileId).toBe(MANUAL_PROFILE_ID)
    expect(state.activeSessionId).toBe(state.sessions[0]?.id)
    expect(readChatState(JSON.parse(JSON.stringify(state)))).toEqual(state)
  })

  it('rejects saved state that is no object and repairs what is merely missing', () => {
    expect(readChatState(null)).toBeNull()
    expect(readChatState('x')).toBeNull()
    const thin = defaultChatState()
    thin.profiles = []
    thin.sessions = []
    thin.activeSessionId = 'gone'
    const repaired = readChatState(thin)
    expect(repaired?.profiles[0]?.id).toBe(MANUAL_PROFILE_ID)
    expect(repaired?.sessions).toHaveLength(1)
    expect(repaired?.activeSessionId).toBe(repaired?.sessions[0]?.id)
  })

  it("an endpoint's answer and line limits are read back as saved; a limit of the wrong type is reset, and said", () => {
    const state = defaultChatState()
    state.profiles.push({ ...newProfile('Local'), maxAnswerMB: 32, maxLineMB: null })
    expect(readChatState(JSON.parse(JSON.stringify(state)))?.profiles[1]).toMatchObject({
      maxAnswerMB: 32,
      maxLineMB: null,
    })
    const broken = JSON.parse(JSON.stringify(state)) as { profiles: Record<string, unknown>[] }
    broken.profiles[1]!.maxAnswerMB = 'lots'
    broken.profiles[1]!.maxLineMB = { mb: 4 }
    const repairs: string[] = []
    const read = readChatState(broken, repairs)?.profiles[1]
    expect(read?.maxAnswerMB).toBeUndefined()
    expect(read?.maxLineMB).toBeUndefined()
    expect(repairs).toEqual(['endpoint "Local": maxAnswerMB, maxLineMB had the wrong type and were reset'])
  })

  it("an agent's presets are kept; presets that are not objects per tool are reset, and said", () => {
    const state = defaultChatState()
    state.agents[0]!.presets = { fs: { path: '/notes' } }
    expect(readChatState(JSON.parse(JSON.stringify(state)))?.agents[0]?.presets).toEqual({ fs: { path: '/notes' } })
    const broken = JSON.parse(JSON.stringify(state)) as { agents: { presets: unknown }[] }
    broken.agents[0]!.presets = { fs: 'path=/notes' }
    const repairs: string[] = []
    const read = readChatState(broken, repairs)
    expect(read?.agents[0]?.presets).toBeUndefined()
    expect(repairs.join(' ')).toContain('presets')
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
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'calc_evaluate', arguments: '{}' } }],
          },
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

  it('compact history sends a run with tool calls as its compact record, and a plain reply as it is', () => {
    const run = {
      status: 'completed' as const,
      rounds: [
        {
          index: 0,
          kind: 'tools' as const,
          content: 'Reading.',
          toolCalls: [],
          requests: [
            {
              requestId: 'req-1',
              toolName: 'fs_read',
              args: { path: '/a' },
              rawBlock: '',
              valid: true,
              start: 0,
              end: 0,
              diagnostics: [],
              inReasoning: false,
              fenced: false,
            },
          ],
          diagnostics: [],
          results: [
            {
              requestId: 'req-1',
              toolName: 'fs_read',
              status: 'success' as const,
              result: 'x'.repeat(5000),
              durationMs: 1,
              variable: 'fs_read/req-1/result',
            },
          ],
          timings: { modelMs: 1, toolsMs: 1 },
        },
        {
          index: 1,
          kind: 'tools' as const,
          content: 'Done.',
          toolCalls: [],
          requests: [],
          diagnostics: [],
          results: [],
          timings: { modelMs: 1, toolsMs: 0 },
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      startedAt: 0,
      durationMs: 2,
      calling: 'text' as const,
      protocol: 'vcp',
    }
    const messages: StoredMessage[] = [
      { id: '1', role: 'user', content: 'read /a', createdAt: 0 },
      {
        id: '2',
        role: 'assistant',
        content: 'Done.',
        createdAt: 0,
        run,
        wire: [
          { role: 'assistant', content: 'Reading.' },
          { role: 'user', content: 'x'.repeat(5000) },
          { role: 'assistant', content: 'Done.' },
        ],
      },
      {
        id: '3',
        role: 'assistant',
        content: 'plain',
        createdAt: 0,
        run: { ...run, rounds: [run.rounds[1]!] },
        wire: [{ role: 'assistant', content: 'plain' }],
      },
    ]
    const compact = sessionHistory(messages, 'compact')
    expect(compact.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant'])
    expect(compact[1]?.content).toContain('**[Tool Execution Log]**: fs_read')
    expect(compact[1]?.content).toContain('result=$VAR_REF{{fs_read/req-1/result}}')
    expect(compact[1]!.content!.length).toBeLessThan(1500)
    expect(compact[2]?.content).toBe('plain')
    expect(sessionHistory(messages).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'assistant'])
  })

  it('result approval is never asked unless a tool says so', () => {
    const agent = defaultChatState().agents[0]!
    expect(resultPolicyFor(agent, 'fs')).toBe('never')
    agent.resultPolicies = { fs: 'on-error' }
    expect(resultPolicyFor(agent, 'fs')).toBe('on-error')
    expect(resultPolicyFor(agent, 'calc')).toBe('never')
  })

  it('an export carries the session and the endpoint but never the key', () => {
    const state = defaultChatState()
    const profile = {
      id: 'p',
      name: 'Hosted',
      kind: 'openai' as const,
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-very-secret',
      model: 'm',
      temperature: 0.3,
      maxTokens: null,
    }
    const json = exportSession(state.sessions[0]!, state.agents[0], profile)
    expect(json).not.toContain('sk-very-secret')
    expect(JSON.parse(json)).toMatchObject({
      format: 'vcp-workbench-session',
      endpoint: { baseUrl: 'https://api.example.com/v1', model: 'm' },
      agent: { id: state.agents[0]!.id },
    })
  })

  it('a key a server echoed into a message or an error is taken out of the export (it was exported)', () => {
    const state = defaultChatState()
    const profile = {
      id: 'p',
      name: 'Hosted',
      kind: 'openai' as const,
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-very-secret',
      model: 'm',
      temperature: null,
      maxTokens: null,
    }
    const session = state.sessions[0]!
    session.messages.push({
      id: 'm',
      role: 'assistant',
      content: 'key sk-very-secret',
      createdAt: 0,
      error: '401: Incorrect API key provided: sk-very-secret',
    })
    const json = exportSession(session, state.agents[0], profile)
    expect(json).not.toContain('sk-very-secret')
    expect(JSON.parse(json).session.messages[0].error).toBe('401: Incorrect API key provided: [API key removed]')
  })

  it('a tool’s approval policy: the most cautious of its own and confirmation (or manual mode)', () => {
    const agent = defaultChatState().agents[0]!
    expect(policyFor(agent, 'fs')).toBe('auto')
    agent.config.requireConfirmation = true
    expect(policyFor(agent, 'fs')).toBe('always')
    // The most cautious of the person's choices wins: confirming every call is not undone by a tool's 'once'.
    agent.policies.fs = 'once'
    expect(policyFor(agent, 'fs')).toBe('always')
    agent.config.requireConfirmation = false
    expect(policyFor(agent, 'fs')).toBe('once')
    agent.config.mode = 'manual'
    expect(policyFor(agent, 'calc')).toBe('always')
  })

  it("an MCP tool's policy follows its annotations until the agent says otherwise; a method's policy never lowers its tool's", () => {
    const agent = defaultChatState().agents[0]!
    const readOnly = { name: 'get-sum', annotations: { readOnlyHint: true }, fromMcp: true, connectedByPerson: true }
    const destructive = { name: 'delete', annotations: { destructiveHint: true }, fromMcp: true }
    const unsaid = { name: 'echo', fromMcp: true }
    expect(policyFor(agent, 'everything', readOnly)).toBe('auto')
    expect(policyFor(agent, 'everything', destructive)).toBe('always')
    expect(policyFor(agent, 'everything', unsaid)).toBe('always')
    // Built-in tools are not MCP's: their annotations (none) do not make them ask.
    expect(policyFor(agent, 'calc', { name: 'evaluate' })).toBe('auto')
    agent.policies.everything = 'once'
    expect(policyFor(agent, 'everything', destructive)).toBe('once')
    // A method's 'auto' does not lower its tool's 'once'; a method's 'always' raises it.
    agent.policies['everything_delete'] = 'auto'
    expect(policyFor(agent, 'everything', destructive)).toBe('once')
    agent.policies['everything_delete'] = 'always'
    expect(policyFor(agent, 'everything', destructive)).toBe('always')
  })

  it("a server's read-only claim is a hint: it never lowers what the agent asks for, nor counts unless the person connected the server in this page", () => {
    const agent = defaultChatState().agents[0]!
    const claim = { name: 'look', annotations: { readOnlyHint: true }, fromMcp: true }
    // Connected without the person (at page load, say): its claim is shown, and the call asks.
    expect(policyFor(agent, 'srv', claim)).toBe('always')
    expect(policyFor(agent, 'srv', { ...claim, connectedByPerson: false })).toBe('always')
    const byPerson = { ...claim, connectedByPerson: true }
    expect(policyFor(agent, 'srv', byPerson)).toBe('auto')
    // Whatever the person chose to be asked, the claim does not lower.
    agent.config.requireConfirmation = true
    expect(policyFor(agent, 'srv', byPerson)).toBe('always')
    agent.config.requireConfirmation = false
    agent.config.mode = 'manual'
    expect(policyFor(agent, 'srv', byPerson)).toBe('always')
    agent.config.mode = defaultChatState().agents[0]!.config.mode
    agent.policies.srv = 'once'
    expect(policyFor(agent, 'srv', byPerson)).toBe('once')
    agent.policies.srv_look = 'always'
    expect(policyFor(agent, 'srv', byPerson)).toBe('always')
  })
})
