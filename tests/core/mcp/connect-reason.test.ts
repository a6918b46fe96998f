/**
 * A connection that ends while the tools are being listed says why: the reason its transport gave
 * (the bridge stopping a server whose answer passed its cap), not only "Connection closed".
 */
import { describe, expect, it } from 'vitest'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { createMcpToolSource } from '../../../src/core/mcp'
import { hostileTransport } from '../../fixtures/mcp/hostile-server'

const REASON = 'the bridge stopped the server: the server wrote a line longer than 4 MB'

/** The bridge's transport as the page sees it when a session is stopped: an error with the reason, then the close. */
async function stoppedAtListing(): Promise<Transport> {
  const inner = await hostileTransport([{ name: 'huge', inputSchema: { type: 'object' } }])
  const outer: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message: JSONRPCMessage) {
      if ('method' in message && message.method === 'tools/list') {
        outer.onerror?.(new Error(REASON))
        await inner.close()
        return
      }
      await inner.send(message)
    },
  }
  inner.onmessage = (message) => outer.onmessage?.(message)
  inner.onclose = () => outer.onclose?.()
  inner.onerror = (error) => outer.onerror?.(error)
  return outer
}

describe('a connection that ends while connecting', () => {
  it("says the transport's reason on the card, not only that the connection closed", async () => {
    const source = createMcpToolSource({
      config: { name: 'four', transport: 'http', url: 'http://127.0.0.1:1/', headers: {} },
      createTransport: stoppedAtListing,
    })
    await expect(source.connect()).rejects.toThrow(REASON)
    expect(source.status).toBe('failed')
    expect(source.error).toContain(REASON)
  })
})
