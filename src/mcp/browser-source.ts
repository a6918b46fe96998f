/**
 * An MCP server as the browser reaches it: stdio servers through `npm start`'s bridge, HTTP
 * servers directly. The MCP SDK comes with this module, so the page loads it only once a server
 * is configured.
 */
import {
  createMcpToolSource,
  httpTransport,
  type McpClientHandlers,
  type McpServerConfig,
  type McpToolSource,
} from '../core/mcp'
import { BridgeTransport } from './bridge-transport'
import { browserOAuthProvider } from './browser-oauth'

/**
 * @param options.fileServer the server is one of the user's mcp.json: the bridge starts it by name.
 * @param options.handlers what the page answers when the server asks (sampling, elicitation, roots).
 */
export function createBrowserMcpSource(
  config: McpServerConfig,
  options: { fileServer?: boolean; handlers?: McpClientHandlers } = {},
): McpToolSource {
  return createMcpToolSource({
    config,
    handlers: options.handlers,
    createTransport: (server, fallback) => browserTransport(server, fallback, options.fileServer === true),
  })
}

/** stdio through the bridge; HTTP directly, with what to do when the browser blocks it. */
function browserTransport(config: McpServerConfig, fallback: boolean, fileServer: boolean) {
  if (config.transport === 'stdio') return new BridgeTransport(config, { fileServer })
  const authProvider = browserOAuthProvider(config)
  // A server that asked for a sign-in asks again over HTTP+SSE: the card's Sign in is the way on.
  if (fallback && authProvider.status.phase === 'needs-sign-in')
    throw new Error('sign in first, with Sign in on this card')
  const transport = httpTransport(config, fallback, authProvider)
  const send = transport.send.bind(transport)
  transport.send = async (message, options) => {
    try {
      await send(message, options)
    } catch (error) {
      throw corsExplained(error, config.url)
    }
  }
  return transport
}

/** A fetch the browser blocked is almost always CORS: say so, and how to fix it. */
function corsExplained(error: unknown, url: string): Error {
  const message = error instanceof Error ? error.message : String(error)
  if (!/Failed to fetch|NetworkError|Load failed/i.test(message))
    return error instanceof Error ? error : new Error(message)
  return new Error(
    `the browser could not reach ${url} (${message}). If the server runs, it most likely sends no CORS headers for this page: ` +
      `start it with CORS allowed for ${typeof location === 'undefined' ? 'the workbench' : location.origin} (Access-Control-Allow-Origin, and -Headers for mcp-session-id and mcp-protocol-version), or add it as a stdio server so it runs through the bridge.`,
  )
}
