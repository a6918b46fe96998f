import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import {
  createToolRegistryManager,
  executeToolRequest,
  parseToolRequests,
  planCall,
  directRequest,
  type ToolExecutionResult,
  type CallProgress,
} from '../../../src/core'
import { connectMcpServers, readMcpConfig, type ConnectedMcpServers } from '../../../src/core/mcp'
import { nodeMcpTransport } from '../../../src/mcp/node'

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

describe('an MCP server over stdio (the reference server-everything, started by the test)', () => {
  const registry = createToolRegistryManager()
  let connected: ConnectedMcpServers
  beforeAll(async () => {
    const { servers, problems } = readMcpConfig({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    })
    expect(problems).toEqual([])
    connected = await connectMcpServers(servers, registry, nodeMcpTransport)
    expect(connected.failures).toEqual([])
  }, 60_000)
  afterAll(async () => {
    await connected?.close()
  })

  it('lists its tools as methods routed server_tool, with schemas, titles and annotations', () => {
    const source = connected.sources[0]!
    expect(source.status).toBe('connected')
    expect(source.server.name).toBeTruthy()
    expect(source.server.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const methods = registry.get('everything')!.getMetadata().methods
    const names = methods.map((m) => m.name)
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation', 'get-tiny-image']),
    )
    const sum = methods.find((m) => m.name === 'get-sum')!
    expect(sum.inputSchema).toMatchObject({ type: 'object' })
    expect(sum.parameters.map((p) => [p.name, p.type])).toEqual([
      ['a', 'number'],
      ['b', 'number'],
    ])
    const long = methods.find((m) => m.name === 'trigger-long-running-operation')!
    expect(long.annotations).toMatchObject({ readOnlyHint: true })
    expect(source.log.some((entry) => entry.direction === 'sent')).toBe(true)
    // The limits on a server's names, schemas and text are set so that a real server never meets them.
    expect(source.notices).toEqual([])
  })

  it('runs echo and get-sum from a pasted VCP reply, the arguments brought to the schema types', async () => {
    const reply = [
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」everything_echo「末」,\nmessage:「始」hello from VCP「末」\n<<<[END_TOOL_REQUEST]>>>',
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」everything_get-sum「末」,\na:「始」2「末」,\nb:「始」40「末」\n<<<[END_TOOL_REQUEST]>>>',
    ].join('\n')
    const { requests } = parseToolRequests(reply)
    expect(requests.map((r) => planCall(r, { registry }).verdict)).toEqual(['ready', 'ready'])
    const results = await Promise.all(requests.map((r) => executeToolRequest(r, { registry })))
    expect(results.map((r) => r.status)).toEqual(['success', 'success'])
    expect(results[0]?.result).toContain('hello from VCP')
    expect(results[1]?.result).toContain('42')
  })

  it('the plan refuses what the schema refuses, by argument', () => {
    const plan = planCall(directRequest('everything_get-sum', { a: 'two' }, 'r1'), { registry })
    expect(plan.verdict).toBe('invalid-arguments')
    expect(plan.checks.map((c) => [c.name, c.state])).toEqual(
      expect.arrayContaining([
        ['a', 'type-error'],
        ['b', 'missing'],
      ]),
    )
  })

  it("the executor's timeout cancels a long call (the server is told), and the next call on the connection works", async () => {
    const progress: CallProgress[] = []
    const long = await executeToolRequest(
      directRequest('everything_trigger-long-running-operation', { duration: 30, steps: 30 }, 'r2'),
      {
        registry,
        timeout: 2500,
        onCallProgress: (p) => progress.push(p),
      },
    )
    expect(long.status).toBe('timeout')
    expect(progress.length).toBeGreaterThanOrEqual(1)
    expect(progress[0]).toMatchObject({ progress: 1, total: 30 })
    const source = connected.sources[0]!
    expect(
      source.log.some(
        (e) => typeof e.message === 'object' && 'method' in e.message && e.message.method === 'notifications/cancelled',
      ),
    ).toBe(true)
    const next = await executeToolRequest(directRequest('everything_echo', { message: 'still here' }, 'r3'), {
      registry,
    })
    expect(next).toMatchObject({ status: 'success' })
  }, 30_000)

  it('an image result is named for the model, with its size', async () => {
    const result: ToolExecutionResult = await executeToolRequest(directRequest('everything_get-tiny-image', {}, 'r4'), {
      registry,
    })
    expect(result.status).toBe('success')
    expect(result.result).toMatch(/\[image image\/png, [\d,]+ bytes\]/)
    // A person sees the image itself.
    expect(result.images).toHaveLength(1)
    expect(result.images?.[0]).toMatchObject({
      mimeType: 'image/png',
      data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
    })
  })
})
