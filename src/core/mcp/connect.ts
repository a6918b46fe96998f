/**
 * Connects every server of a configuration and registers its tools: what the CLI does before a
 * run. Servers connect at the same time; one that fails is reported and the others are kept.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { ToolRegistryManager } from '../tools/registry-manager'
import type { McpServerConfig } from './config'
import { createMcpToolSource, type McpToolSource } from './source'
import type { McpClientHandlers } from './client-features'

/** The servers of a configuration, connected as far as they would, and how to let them go. */
export interface ConnectedMcpServers {
  /** One source per configured server, in order, failed ones included. */
  sources: McpToolSource[]
  /** One sentence per server that could not be connected or registered. */
  failures: string[]
  /** Unregisters the tools and closes every connection (stops stdio servers). */
  close(): Promise<void>
}

/**
 * Connects every server at once and registers each connected one's tool in `registry` (touching the
 * registry when a server's tool list changes later). Never rejects for a server: failures are listed.
 * `createTransport` makes a server's transport (`fallback`: retry HTTP as HTTP+SSE); `connectTimeoutMs`
 * bounds each connection (default 20 s); `handlers` answers what servers ask (sampling, elicitation, roots). Call `close()` when done.
 */
export async function connectMcpServers(
  servers: readonly McpServerConfig[],
  registry: ToolRegistryManager,
  createTransport: (config: McpServerConfig, fallback: boolean) => Transport | Promise<Transport>,
  options: { connectTimeoutMs?: number; handlers?: McpClientHandlers } = {},
): Promise<ConnectedMcpServers> {
  const failures: string[] = []
  const removers: (() => void)[] = []
  const sources = servers.map((config) =>
    createMcpToolSource({
      config,
      createTransport,
      connectTimeoutMs: options.connectTimeoutMs,
      handlers: options.handlers,
    }),
  )
  await Promise.all(
    sources.map(async (source) => {
      try {
        await source.connect()
        removers.push(registry.register(source.tool))
        // A server that changes its tools later gets a new registry version (and a new prompt).
        let seen = source.toolsVersion
        source.subscribe(() => {
          if (source.toolsVersion === seen) return
          seen = source.toolsVersion
          registry.touch()
        })
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error))
      }
    }),
  )
  return {
    sources,
    failures,
    async close() {
      removers.forEach((remove) => remove())
      await Promise.all(sources.map((source) => source.disconnect()))
    },
  }
}
