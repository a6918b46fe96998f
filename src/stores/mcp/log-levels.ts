/**
 * The log level the person chose for each MCP server (`logging/setLevel`), kept in this browser
 * under its own `mcp-log-levels` key and sent again every time the server connects. Sent only to
 * a server that declares the `logging` capability.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { persistedRef, isRecord } from '../../persistence/persisted'
import { isMcpLogLevel, type McpLogLevel, type McpToolSource } from '../../core/mcp'

/** Whether the source is connected to a server that takes `logging/setLevel`. */
export function acceptsLogLevel(source: McpToolSource): boolean {
  return source.status === 'connected' && source.client !== null && !!source.server.capabilities?.logging
}

/** The chosen log levels by server name (version 1), and why the last sending failed. */
export const useMcpLogLevelsStore = defineStore('mcpLogLevels', () => {
  const levels = persistedRef<Record<string, McpLogLevel>>('mcp-log-levels', 1, () => ({}), readLogLevels)
  /** Why the level could not be sent, by server name; cleared when it is sent. */
  const problems = ref<Record<string, string>>({})

  /** The level chosen for the named server; undefined when none was (the server's own default applies). */
  function levelOf(server: string): McpLogLevel | undefined {
    return levels.value[server]
  }

  /** Sends the chosen level to the source's server, when there is one and the server takes it. Never rejects. */
  async function send(source: McpToolSource): Promise<void> {
    const name = source.config.name
    const level = levelOf(name)
    if (!level || !acceptsLogLevel(source)) return
    try {
      await source.client?.setLoggingLevel(level)
      const others = { ...problems.value }
      delete others[name]
      problems.value = others
    } catch (problem) {
      problems.value = { ...problems.value, [name]: problem instanceof Error ? problem.message : String(problem) }
    }
  }

  /** Remembers the level for the source's server and sends it now when connected. Never rejects. */
  async function setLevel(source: McpToolSource, level: McpLogLevel): Promise<void> {
    levels.value = { ...levels.value, [source.config.name]: level }
    await send(source)
  }

  return { levels, problems, levelOf, send, setLevel }
})

/**
 * Has the source send its server's remembered level each time it connects (the store is reached
 * when that happens, so Pinia must be active by then). Returns the source.
 */
export function followLogLevel(source: McpToolSource): McpToolSource {
  let was = source.status
  source.subscribe(() => {
    const connected = source.status === 'connected' && was !== 'connected'
    // Noted before sending: sending logs a message, which calls this listener again.
    was = source.status
    if (connected) void useMcpLogLevelsStore().send(source)
  })
  return source
}

/** The saved levels, those that are not MCP levels dropped and said in `repairs`; null when it is no object. */
export function readLogLevels(data: unknown, repairs: string[]): Record<string, McpLogLevel> | null {
  if (!isRecord(data)) return null
  const levels: Record<string, McpLogLevel> = {}
  for (const [server, level] of Object.entries(data)) {
    if (isMcpLogLevel(level)) levels[server] = level
    else repairs.push(`The log level of "${server}" was not one of MCP's levels and was dropped.`)
  }
  return levels
}
