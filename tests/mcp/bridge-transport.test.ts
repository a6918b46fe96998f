import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { BridgeTransport } from '../../src/mcp/bridge-transport'

/** A stand-in bridge whose events stream writes the given lines, then ends. */
async function bridgeWriting(lines: string[]): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/mcp-bridge/sessions') {
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 's1' }))
      return
    }
    if (req.url === '/mcp-bridge/sessions/s1/events') {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
      // In uneven pieces, so lines and multi-byte characters are split across reads.
      const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''))
      const write = async () => {
        for (let at = 0, n = 0; at < bytes.length; n++) {
          const size = [7919, 1, 65536, 3][n % 4]!
          await new Promise<void>((done) => res.write(bytes.subarray(at, at + size), () => done()))
          at += size
        }
        res.end()
      }
      void write()
      return
    }
    res.writeHead(204).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }
}

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** Everything the transport reported until the stream ended. */
async function read(lines: string[]): Promise<{ messages: JSONRPCMessage[]; errors: string[] }> {
  const { base, server } = await bridgeWriting(lines)
  servers.push(server)
  const transport = new BridgeTransport(
    { name: 'x', transport: 'stdio', command: 'node', args: [], env: {} },
    { secret: 's', base },
  )
  const messages: JSONRPCMessage[] = []
  const errors: string[] = []
  const ended = new Promise<void>((done) => (transport.onclose = done))
  transport.onmessage = (message) => messages.push(message)
  transport.onerror = (error) => errors.push(error.message)
  await transport.start()
  await ended
  return { messages, errors }
}

describe('the bridge transport', () => {
  it('reads a line too big for one parse in slices, and keeps the messages in order', async () => {
    const properties: Record<string, object> = {}
    for (let n = 0; n < 40_000; n++) properties[`p${n}`] = {}
    const big = {
      jsonrpc: '2.0' as const,
      id: 1,
      result: { tools: ['a', 'b'].map((name) => ({ name, inputSchema: { type: 'object', properties } })) },
    }
    const bigLine = JSON.stringify({ message: big })
    expect(bigLine.length).toBeGreaterThan(256 * 1024)
    const small = (id: number) => JSON.stringify({ message: { jsonrpc: '2.0', id, result: { text: 'é😀' } } })
    const { messages, errors } = await read([small(0), bigLine, small(2), '{}', small(3)])
    expect(errors).toEqual([])
    expect(messages.map((m) => ('id' in m ? m.id : null))).toEqual([0, 1, 2, 3])
    expect(messages[3]).toEqual({ jsonrpc: '2.0', id: 3, result: { text: 'é😀' } })
    expect(messages[1]).toEqual(big)
  })

  it('says so when a big line is not JSON, and reads on', async () => {
    const broken = `{"message": {"jsonrpc": "2.0", "id": 1, "result": {"pad": "${'x'.repeat(300_000)}", }}}`
    const { messages, errors } = await read([
      broken,
      JSON.stringify({ message: { jsonrpc: '2.0', id: 2, result: {} } }),
    ])
    expect(errors).toEqual([`the bridge sent a line that is not JSON: ${broken.slice(0, 80)}`])
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }])
  })

  it('a line that is JSON but not an object carries nothing, big or small', async () => {
    const { messages, errors } = await read([
      'null',
      '7',
      `[${'1,'.repeat(200_000)}1]`,
      '{"message": {"jsonrpc": "2.0", "id": 9, "result": {}}}',
    ])
    expect(errors).toEqual([])
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 9, result: {} }])
  })
})
