/**
 * HTTP transports, for Node and the browser: Streamable HTTP, or the older HTTP+SSE when asked
 * (a config with `"type": "sse"`, or the fallback after Streamable HTTP failed).
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpHttpServer } from './config'

export function httpTransport(server: McpHttpServer, fallback: boolean): Transport {
  const url = new URL(server.url)
  const requestInit: RequestInit = { headers: server.headers }
  if (server.transport === 'sse' || fallback) return new SSEClientTransport(url, { requestInit })
  return new StreamableHTTPClientTransport(url, { requestInit })
}
