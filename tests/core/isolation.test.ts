import { describe, expect, it } from 'vitest'
import {
  createProtocolRegistry,
  createToolDiscoveryService,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  hermesProtocol,
  parseToolRequests,
  planCall,
  processToolCallCycle,
  vcpProtocol,
  type ToolRegistry,
} from '../../src/core'

function tool(id: string, reply: string): ToolRegistry {
  return {
    id,
    name: id,
    getMetadata: () => ({
      methods: [{ name: 'ping', description: `Answers ${reply}.`, agentCallable: true, parameters: [] }],
    }),
    ping: () => reply,
  }
}

describe('two setups in one process', () => {
  it('with their own registries and protocols, neither sees the other’s tools or protocols', async () => {
    const a = { registry: createToolRegistryManager(), protocols: createProtocolRegistry([vcpProtocol]) }
    const b = { registry: createToolRegistryManager(), protocols: createProtocolRegistry([hermesProtocol]) }
    a.registry.register(tool('alpha', 'from a'))
    b.registry.register(tool('beta', 'from b'))
    const config = { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {} }

    const promptA = createToolDiscoveryService(a).generatePrompt({ config: { ...config, protocol: 'vcp' } })
    const promptB = createToolDiscoveryService(b).generatePrompt({ config: { ...config, protocol: 'hermes' } })
    expect(promptA).toContain('alpha_ping')
    expect(promptA).not.toContain('beta_ping')
    expect(promptB).toContain('beta_ping')
    expect(promptB).not.toContain('alpha_ping')
    // Each knows only its own protocols.
    expect(() => createToolDiscoveryService(a).generatePrompt({ config: { ...config, protocol: 'hermes' } })).toThrow(
      /Registered protocols: vcp/,
    )

    const vcpCall = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」beta_ping「末」\n<<<[END_TOOL_REQUEST]>>>'
    const [request] = parseToolRequests(vcpCall, 'vcp', { protocols: a.protocols }).requests
    expect(planCall(request!, { registry: a.registry }).verdict).toBe('unknown-tool')
    expect(planCall(request!, { registry: b.registry }).verdict).toBe('ready')
    expect(parseToolRequests(vcpCall, 'vcp', { protocols: b.protocols }).diagnostics[0]?.code).toBe('unknown-protocol')

    const hermesCall = '<tool_call>{"name": "beta_ping", "arguments": {}}</tool_call>'
    const ranB = await processToolCallCycle(hermesCall, { ...b, protocol: 'hermes' })
    expect(ranB.executionResults[0]).toMatchObject({ status: 'success', result: 'from b' })
    const ranA = await processToolCallCycle(vcpCall, { ...a, protocol: 'vcp' })
    expect(ranA.executionResults[0]?.status).toBe('error')
  })
})
