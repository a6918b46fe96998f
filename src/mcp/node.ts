/** MCP transports in Node: stdio servers started as child processes, HTTP as anywhere. */
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { httpTransport, type McpServerConfig } from '../core/mcp'

/**
 * A server's transport in Node, unstarted: a stdio server is started as a child process (with the SDK's
 * default environment plus its `env`, stderr piped apart); HTTP servers as `httpTransport` makes them.
 * Pass it to `connectMcpServers` or `createMcpToolSource`.
 */
export function nodeMcpTransport(server: McpServerConfig, fallback: boolean): Transport {
  if (server.transport !== 'stdio') return httpTransport(server, fallback)
  // stderr is the server's log: kept (and shown), never mixed into ours.
  return new StdioClientTransport({
    command: server.command,
    args: server.args,
    env: { ...getDefaultEnvironment(), ...server.env },
    cwd: server.cwd,
    stderr: 'pipe',
  })
}
