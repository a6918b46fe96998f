/**
 * What the executor adds to an MCP call: the reference server-everything over stdio, 200 `echo`
 * calls through the executor against 200 calls of the SDK client on the same connection.
 */
import { resolve } from 'node:path'
import { createToolRegistryManager, directRequest, executeToolRequest } from '../src/core'
import { connectMcpServers, readMcpConfig } from '../src/core/mcp'
import { nodeMcpTransport } from '../src/mcp/node'

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] as number

export async function mcpFigures(calls = 200): Promise<Record<string, number>> {
  const everything = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')
  const { servers } = readMcpConfig({
    mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
  })
  const registry = createToolRegistryManager()
  const connected = await connectMcpServers(servers, registry, nodeMcpTransport)
  if (connected.failures.length > 0) throw new Error(connected.failures.join(' '))
  const client = connected.sources[0]?.client
  if (!client) throw new Error('server-everything did not connect')
  try {
    const direct: number[] = []
    const executor: number[] = []
    // Interleaved, so both see the same server and machine state.
    for (let n = 0; n < calls + 20; n++) {
      let started = performance.now()
      await client.callTool({ name: 'echo', arguments: { message: `m${n}` } })
      const d = performance.now() - started
      started = performance.now()
      const result = await executeToolRequest(directRequest('everything_echo', { message: `m${n}` }, `e${n}`), {
        registry,
      })
      const e = performance.now() - started
      if (result.status !== 'success') throw new Error(result.result)
      // The first calls warm both paths up.
      if (n >= 20) {
        direct.push(d)
        executor.push(e)
      }
    }
    return {
      calls,
      directMs: median(direct),
      executorMs: median(executor),
      overheadMs: median(executor.map((e, i) => e - (direct[i] as number))),
    }
  } finally {
    await connected.close()
  }
}
