import { describe, expect, it } from 'vitest'
import { createRequestIdSession, nativeNameMap, nativeToolDefinitions, type DiscoveredTool } from '../../../src/core'
import { nativeFunctionName, resolveNativeCall } from '../../../src/core/chat/native'

describe('native function names', () => {
  const tools: DiscoveredTool[] = [
    {
      toolId: 'files',
      toolName: 'files',
      methods: [
        { name: 'read.text', description: 'Reads.', parameters: [] },
        { name: 'list', description: 'Lists.', parameters: [] },
      ],
    },
  ]

  it('an MCP name the tools API refuses (a dot) is sent under a safe name, and the call maps back to the real one', () => {
    const names = nativeToolDefinitions(tools).map((d) => d.function.name)
    expect(names[1]).toBe('files_list')
    expect(names[0]).toMatch(/^files_read_text_[0-9a-z]{8}$/)
    expect(names.every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(n))).toBe(true)
    const map = nativeNameMap(tools)
    const resolved = resolveNativeCall(
      { id: 'c1', type: 'function', function: { name: names[0] as string, arguments: '{}' } },
      createRequestIdSession(),
      map,
    )
    expect(resolved.request.toolName).toBe('files_read.text')
  })

  it('long names are cut to 64 characters and stay distinct', () => {
    const a = nativeFunctionName(`server_${'x'.repeat(80)}a`)
    const b = nativeFunctionName(`server_${'x'.repeat(80)}b`)
    expect(a.length).toBeLessThanOrEqual(64)
    expect(a).not.toBe(b)
  })
})
