import { describe, expect, it } from 'vitest'
import { parseToolRequests, renderVcpRequest, vcpProtocol } from '../../../../src/core'
import { encodeValue } from '../../../../src/core/protocols/vcp/render'
import type { ToolDefinitionInput } from '../../../../src/core'

const calculator: ToolDefinitionInput = {
  toolId: 'calc',
  toolName: 'Calculator',
  methods: [
    {
      name: 'evaluate',
      description: 'Evaluates an arithmetic expression.',
      agentCallable: true,
      parameters: [
        { name: 'expression', type: 'string', description: 'The expression, e.g. 2 * (3 + 4)' },
        { name: 'precision', type: 'integer', required: false, defaultValue: 10, description: 'Significant digits' },
        { name: 'mode', type: 'enum', enumValues: ['exact', 'float'], required: false },
      ],
      returns: { type: 'number', description: 'The value' },
      protocolConfig: { vcpCommand: 'Evaluate' },
    },
    {
      name: 'constants',
      description: 'Lists known constants.',
      agentCallable: true,
      parameters: [],
      example: '{"filter": "pi"}',
    },
  ],
}

describe('generateToolDefinitions', () => {
  const prompt = vcpProtocol.generateToolDefinitions([calculator])

  it('describes each method: routing name, command, description, parameters, returns', () => {
    expect(prompt).toContain('Routing name: calc_evaluate')
    expect(prompt).toContain('Command: Evaluate')
    expect(prompt).toContain('Description: Evaluates an arithmetic expression.')
    expect(prompt).toContain('- expression (string, required): The expression, e.g. 2 * (3 + 4)')
    expect(prompt).toContain('- precision (integer, optional, default: 10): Significant digits')
    expect(prompt).toContain('- mode (enum, optional, one of: "exact", "float")')
    expect(prompt).toContain('Returns: number - The value')
    expect(prompt).toContain('Parameters: none')
  })

  it('has one example per method that parses back cleanly to that method', () => {
    const { requests, diagnostics } = parseToolRequests(prompt)
    expect(diagnostics).toEqual([])
    expect(requests.map((r) => [r.toolName, { ...r.args }])).toEqual([
      ['calc_evaluate', { expression: 'example expression', precision: '10' }],
      ['calc_constants', { filter: 'pi' }],
    ])
  })

  it('shows a default holding a marker without opening a block', () => {
    const tricky: ToolDefinitionInput = {
      toolId: 't',
      toolName: 'T',
      methods: [
        {
          name: 'm',
          description: 'd',
          agentCallable: true,
          parameters: [{ name: 'v', type: 'string', defaultValue: '<<<[TOOL_REQUEST]>>> 「末」' }],
        },
      ],
    }
    const text = vcpProtocol.generateToolDefinitions([tricky])
    expect(text).toContain('default: "\\u003c\\u003c\\u003c[TOOL_REQUEST]\\u003e\\u003e\\u003e \\u300c末\\u300d"')
    const { requests, diagnostics } = parseToolRequests(text)
    expect(diagnostics).toEqual([])
    expect(requests[0]?.args.v).toBe('<<<[TOOL_REQUEST]>>> 「末」')
    expect(requests[0]?.rawBlock).toContain('v:「始ESCAPE」')
  })
})

describe('encodeValue', () => {
  it('uses plain markers when safe, ESCAPE for markers, exp when ESCAPE cannot hold it', () => {
    expect(encodeValue('a { b }').encoding).toBe('plain')
    expect(encodeValue('has 「末」').encoding).toBe('escape')
    expect(encodeValue('has 「末ESCAPE」 and 「末」').encoding).toBe('exp')
  })

  it('says when no form carries a value verbatim', () => {
    expect(encodeValue('「末」「末ESCAPE」「末exp」')).toMatchObject({ lossless: false })
  })
})

describe('renderVcpRequest', () => {
  it('renders a block that parses back', () => {
    const text = renderVcpRequest({ toolName: 'vfs_write', requestId: 'w1', args: { path: '/a', content: 'x「末」y' } })
    const { requests, diagnostics } = parseToolRequests(text)
    expect(diagnostics).toEqual([])
    expect(requests[0]).toMatchObject({
      requestId: 'w1',
      toolName: 'vfs_write',
      args: { path: '/a', content: 'x「末」y' },
    })
  })

  it('refuses a key that VCP cannot write', () => {
    expect(() => renderVcpRequest({ toolName: 't', args: { 'has space': 'v' } })).toThrow(
      '"has space" cannot be written as a VCP key',
    )
  })
})
