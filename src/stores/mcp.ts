/**
 * MCP servers in the browser: their configuration (saved, secrets included, on this machine
 * only), their connections, and their tools in the app's registry while connected. stdio servers
 * are started through `npm start`'s bridge; HTTP servers are reached directly.
 *
 * What connects must come from the user, never from storage alone: any page that once ran on this
 * origin could have written it. So a saved server, whatever its transport, is listed (a stdio one
 * with its command line) and connects only on a click; the servers of the user's own mcp.json
 * (read by the bridge) start with the page.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useSavedMcpConfig } from './mcp/saved-config'
import { useToolRegistration } from './mcp/tool-registration'
import { useServerList } from './mcp/server-list'
import { useServerConnections } from './mcp/connections'
import { useServerConfiguration } from './mcp/server-configuration'
import { useServerRestore } from './mcp/restore'

export type { ServerOrigin, ServerView } from './mcp/server-list'

export const useMcpStore = defineStore('mcp', () => {
  const { state, savedServers, saveServers } = useSavedMcpConfig()
  /** Sentences about saved servers that could not be reached when the page loaded. */
  const notices = ref<string[]>([])
  const { syncRegistration, noteConnecting } = useToolRegistration()
  const list = useServerList({ onToolsChanged: syncRegistration })
  /** What is kept in this browser: every server but those of mcp.json (the file keeps them). */
  const save = () => saveServers(list.ownConfigs())
  const { connect, disconnect, remove } = useServerConnections({
    list,
    syncRegistration,
    noteConnecting,
    save,
    notices,
  })
  const { importConfig, exportText } = useServerConfiguration({ list, connect, remove, save })
  const { restore } = useServerRestore({ list, savedServers, connect, notices })

  return {
    state,
    servers: list.servers,
    notices,
    tick: list.tick,
    fileName: list.fileName,
    importConfig,
    connect,
    disconnect,
    remove,
    restore,
    exportText,
  }
})
