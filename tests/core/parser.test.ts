import { describe, expect, it } from 'vitest'
import {
  createProtocolRegistry,
  createStreamParser,
  parseToolRequests,
  protocolRegistry,
  vcpProtocol,
} from '../../src/core'
import type { ToolCallingProtocol } from '../../src/core'

describe('parseToolRequests', () => {
  it('uses VCP by default', () => {
    expect(
      parseToolRequests('<<<[TOOL_REQUEST]>>>tool_name:「始」a「末」<<<[END_TOOL_REQUEST]>>>').requests,
    ).toHaveLength(1)
  })

  it('answers an unknown protocol with a diagnostic instead of throwing', () => {
    expect(parseToolRequests('x', 'nope')).toMatchObject({
      requests: [],
      diagnostics: [{ severity: 'error', code: 'unknown-protocol' }],
    })
    expect(parseToolRequests('x', 'nope').diagnostics[0]?.message).toMatch(
      /^Unknown protocol "nope"\. Registered protocols: vcp, json, xml, hermes; native formats: .*qwen3-coder.*harmony.* \(or auto to detect\)\.$/,
    )
    expect(parseToolRequests('x', 'qwen3coder').diagnostics[0]?.message).toMatch(
      /^Unknown protocol "qwen3coder"\. Did you mean "qwen3-coder"\?/,
    )
    expect(createStreamParser('nope').end().diagnostics[0]?.code).toBe('unknown-protocol')
  })
})

describe('protocol registry', () => {
  it('registers, looks up and lists protocols', () => {
    const registry = createProtocolRegistry()
    const custom: ToolCallingProtocol = { ...vcpProtocol, id: 'custom', label: 'Custom' }
    registry.register(custom)
    expect(registry.get('custom')).toBe(custom)
    expect(registry.list().map((p) => p.id)).toEqual(['custom'])
    expect(() => registry.register(custom)).toThrow('already registered')
    expect(() => registry.require('x')).toThrow('Unknown protocol "x". Registered protocols: custom')
  })

  it('the application registry holds VCP', () => {
    expect(protocolRegistry.require('vcp')).toBe(vcpProtocol)
  })
})
