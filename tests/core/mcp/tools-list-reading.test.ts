/**
 * A server's tools/list answer is read by the workbench's own reader, tool by tool, and not first
 * checked whole by the SDK: that check walks every property of every schema (four tools of 50,000
 * properties held the page for most of a second) and refuses the whole list for one odd tool.
 */
import { describe, expect, it } from 'vitest'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { createMcpToolSource } from '../../../src/core/mcp'
import { createSchemaChecker, readListedTools, readListedToolsInSteps } from '../../../src/core/mcp/listed-tools'
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

describe('reading a list with big schemas, step by step', () => {
  const wide = (count: number) => {
    const properties: Record<string, object> = {}
    for (let n = 0; n < count; n++) properties[`p${n}`] = { type: 'string' }
    return { type: 'object', properties }
  }
  const list = [
    { name: 'small', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
    { name: 'wide', inputSchema: wide(5_000) },
    { name: 'deep', inputSchema: { type: 'object', properties: { a: nested(80) } } },
    { name: 'also_small', inputSchema: { type: 'object' } },
    { name: 'wide_too', inputSchema: wide(200) },
  ]

  it('pauses after each tool whose schema was cut or refused, and reads as in one go', async () => {
    const pausedAfter: number[] = []
    let read = 0
    const counting = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read = Number(key) + 1
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const stepped = await readListedToolsInSteps('s', counting, createSchemaChecker(), () => {
      pausedAfter.push(read)
      return Promise.resolve()
    })
    expect(pausedAfter).toEqual([2, 3, 5])
    const whole = readListedTools('s', list)
    expect(stepped.notices).toEqual(whole.notices)
    expect(stepped.methods.map((m) => [m.name, m.parameters.length, m.schemaCut?.declared])).toEqual(
      whole.methods.map((m) => [m.name, m.parameters.length, m.schemaCut?.declared]),
    )
  })

  it('refreshes of one server run one at a time: a second listing starts when the first was read', async () => {
    let listing = 0
    let most = 0
    const server = new Server({ name: 'counted', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      listing++
      most = Math.max(most, listing)
      await new Promise((resolve) => setTimeout(resolve, 0))
      listing--
      return { tools: list as never }
    })
    const source = createMcpToolSource({
      config: { name: 'counted', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
      createTransport: async () => {
        const [client, serverSide] = InMemoryTransport.createLinkedPair()
        await server.connect(serverSide)
        return client
      },
    })
    await source.connect()
    await Promise.all([source.refresh(), source.refresh(), source.refresh()])
    expect(most).toBe(1)
    expect(source.tool.getMetadata().methods.map((m) => m.name)).toEqual(list.map((t) => t.name))
  })
})

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' }
  for (let n = 0; n < levels; n++) schema = { type: 'object', properties: { inner: schema } }
  return schema
}
