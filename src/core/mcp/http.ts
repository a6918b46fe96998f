/**
 * HTTP transports, for Node and the browser: Streamable HTTP, or the older HTTP+SSE when asked
 * (a config with `"type": "sse"`, or the fallback after Streamable HTTP failed).
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpHttpServer } from './config'

/**
 * An unstarted SDK transport for an HTTP server, sending its headers with every request: HTTP+SSE for
 * an 'sse' server or when `fallback` is set (Streamable HTTP failed), else Streamable HTTP. Connects nothing.
 * With `authProvider`, a 401 renews the tokens or, failing that, asks the provider to sign in (OAuth).
 */
export function httpTransport(server: McpHttpServer, fallback: boolean, authProvider?: OAuthClientProvider): Transport {
  const url = new URL(server.url)
  const requestInit: RequestInit = { headers: server.headers }
  if (server.transport === 'sse' || fallback) return new SSEClientTransport(url, { requestInit, authProvider })
  return new StreamableHTTPClientTransport(url, { requestInit, authProvider })
}
