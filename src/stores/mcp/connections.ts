/** Connecting, disconnecting and removing MCP servers, their tools following their connection. */
import { triggerRef, type Ref } from 'vue'
import type { ServerListReturn } from './server-list'
import type { McpToolSource } from '../../core/mcp'

/** Options of useServerConnections. */
export interface ServerConnectionsOptions {
  list: Pick<ServerListReturn, 'sources' | 'tick' | 'drop'>
  /** Registers or removes a server's tools after its connection changed. */
  syncRegistration: (source: McpToolSource) => void
  /** Told before each connection whether a person asked for it (see ToolRegistration). */
  noteConnecting: (name: string, byPerson: boolean) => void
  /** Keeps the servers this browser keeps, after one was removed. */
  save: () => void
  /** Sentences about saved servers that could not be reached when the page loaded. */
  notices: Ref<string[]>
}

/** What useServerConnections returns. */
export interface ServerConnectionsReturn {
  /**
   * Connects a server; why it failed shows on its card (and, `onLoad`, for a server the page starts
   * itself, in the notices at the top). Without `onLoad` it is a person's doing. Never rejects.
   */
  connect(name: string, options?: { onLoad?: boolean }): Promise<void>
  /** Disconnects a server; its tools leave the registry. */
  disconnect(name: string): Promise<void>
  /** Takes a server off the list and out of storage, and disconnects it. */
  remove(name: string): Promise<void>
}

/** The connection lifecycle of the listed servers; an unknown name changes nothing. */
export function useServerConnections({
  list,
  syncRegistration,
  noteConnecting,
  save,
  notices,
}: ServerConnectionsOptions): ServerConnectionsReturn {
  const { sources, tick } = list

  async function connect(name: string, options: { onLoad?: boolean } = {}): Promise<void> {
    const source = sources.value.get(name)
    if (!source) return
    noteConnecting(name, !options.onLoad)
    try {
      await source.connect()
      syncRegistration(source)
    } catch (error) {
      if (options.onLoad) notices.value = [...notices.value, error instanceof Error ? error.message : String(error)]
    }
    tick.value++
  }

  async function disconnect(name: string): Promise<void> {
    const source = sources.value.get(name)
    if (!source) return
    await source.disconnect()
    syncRegistration(source)
    tick.value++
  }

  async function remove(name: string): Promise<void> {
    const source = sources.value.get(name)
    if (!source) return
    list.drop(name)
    triggerRef(sources)
    await source.disconnect()
    syncRegistration(source)
    save()
  }

  return { connect, disconnect, remove }
}
