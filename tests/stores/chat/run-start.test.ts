import { describe, expect, it, vi } from 'vitest'
import { createToolRegistryManager, createToolSession, type ModelClient } from '../../../src/core'
import { createMcpToolSource } from '../../../src/core/mcp'
import { clientFor, megabytes, runStartFor } from '../../../src/stores/chat/run-start'
import { agentToolSettings } from '../../../src/stores/chat/tool-sessions'
import { defaultAgent, manualProfile, newProfile } from '../../../src/saved-chats/model'
import { hostileTransport } from '../../fixtures/mcp/hostile-server'

const object = { type: 'object', properties: {} }

describe('what a chat run starts with', () => {
  it('limits in MB are bytes; unset, zero or negative leave the client its default', () => {
    expect(megabytes(2)).toBe(2 * 1024 * 1024)
    expect(megabytes(0.5)).toBe(512 * 1024)
    for (const unset of [null, undefined, 0, -1]) expect(megabytes(unset)).toBeUndefined()
  })

  it('the manual endpoint uses the manual client; an OpenAI endpoint gets a client of its own', () => {
    const manual = { complete: vi.fn() } as unknown as ModelClient
    expect(clientFor(manualProfile(), () => manual)).toBe(manual)
    const openai = clientFor({ ...newProfile(), baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, () => manual)
    expect(openai).not.toBe(manual)
  })

  it("approval follows an MCP method's annotations: read-only runs only from a server the person connected, anything else asks; the agent's own policy wins", async () => {
    const registry = createToolRegistryManager()
    const server = createMcpToolSource({
      config: { name: 'srv', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
      createTransport: () =>
        hostileTransport([
          { name: 'look', inputSchema: object, annotations: { readOnlyHint: true } } as never,
          { name: 'wipe', inputSchema: object },
        ]),
    })
    await server.connect()
    registry.register(server.tool)
    const agent = { ...defaultAgent(), policies: { srv_wipe: 'once' as const } }
    const tools = createToolSession({ registry })
    tools.configure(agentToolSettings(agent, { groups: [], state: { groups: {}, tools: {} } }))
    const start = runStartFor({
      agent,
      profile: manualProfile(),
      history: [{ role: 'user', content: 'hi' }],
      tools,
      manualClient: () => ({}) as ModelClient,
    })
    expect(start).toMatchObject({ agentPrompt: agent.systemPrompt, agentId: agent.id, model: undefined, flow: 'loop' })
    // The run carries no approval of its own: the session decides.
    expect(start.toolSession).toBe(tools)
    expect([start.approval, start.resultReview, start.approvalMemory]).toEqual([undefined, undefined, undefined])
    const policy = (method: string) => tools.approvalFor('srv', method)?.policy
    // Registered without the mark of a person's Connect: the read-only claim does not count.
    expect([policy('look'), policy('wipe'), policy('other')]).toEqual(['always', 'once', undefined])
    registry.unregister('srv')
    registry.register({ ...server.tool, connectedByPerson: true })
    expect([policy('look'), policy('wipe')]).toEqual(['auto', 'once'])
    await server.disconnect()
  })
})
