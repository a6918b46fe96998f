/**
 * A server's tools/list answer is read by the workbench's own reader, tool by tool, and not first
 * checked whole by the SDK: that check walks every property of every schema (four tools of 50,000
 * properties held the page for most of a second) and refuses the whole list for one odd tool.
 */
import { describe, expect, it } from 'vitest'
import { createMcpToolSource } from '../../../src/core/mcp'
import { hostileTransport, type ListedTool } from '../../fixtures/mcp/hostile-server'

async function connected(tools: ListedTool[]) {
  const source = createMcpToolSource({
    config: { name: 'odd', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
    createTransport: () => hostileTransport(tools),
  })
  await source.connect()
  return source
}

const names = (source: Awaited<ReturnType<typeof connected>>) =>
  source.tool.getMetadata().methods.map((method) => method.name)

describe('reading a tools/list answer', () => {
  it('a tool whose property is not a schema costs that property, not the server’s other tools', async () => {
    const source = await connected([
      { name: 'fine', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
      { name: 'odd', inputSchema: { type: 'object', properties: { a: 'not a schema', b: { type: 'number' } } } },
    ])
    expect(source.status).toBe('connected')
    expect(names(source)).toEqual(['fine', 'odd'])
  })

  it('a tool whose schema is not an object schema is read as one taking any arguments, beside the others', async () => {
    const source = await connected([
      { name: 'fine', inputSchema: { type: 'object' } },
      { name: 'listy', inputSchema: { type: 'array' } },
    ])
    expect(source.status).toBe('connected')
    expect(names(source)).toContain('fine')
  })
})
