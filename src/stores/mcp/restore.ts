/**
 * The servers at page load. What connects must come from the user, never from storage alone: any
 * page that once ran on this origin could have written it, and a server it planted would start a
 * program (stdio) or register tools the model may call (any transport). So the servers of the
 * user's own mcp.json (read by the bridge) start with the page; saved servers, whatever their
 * transport, are listed (a stdio one with its command line) and connect only on a click.
 */
import { triggerRef, type Ref } from 'vue'
import type { McpServerConfig } from '../../core/mcp/config'
import type { ServerListReturn } from './server-list'

/** Options of useServerRestore. */
export interface ServerRestoreOptions {
  list: Pick<ServerListReturn, 'sources' | 'fileName' | 'sourceFor'>
  /** The servers saved in this browser. */
  savedServers: () => McpServerConfig[]
  connect: (name: string, options: { onLoad: boolean }) => Promise<void>
  /** Where what went wrong at load is said, one sentence each. */
  notices: Ref<string[]>
}

/** `restore()`: lists mcp.json's servers and the saved ones, then connects mcp.json's. */
export function useServerRestore({ list, savedServers, connect, notices }: ServerRestoreOptions): {
  restore(): Promise<void>
} {
  const { sources, fileName } = list
  const notify = (...sentences: string[]) => (notices.value = [...notices.value, ...sentences])

  /** Lists the servers of the user's mcp.json; returns their names (they start). */
  async function addFileServers(): Promise<string[]> {
    const starts: string[] = []
    try {
      // The bridge's list alone: the SDK loads only when there is a server to connect.
      const { listFileServers } = await import('../../mcp/bridge-transport')
      const listed = await listFileServers()
      fileName.value = listed.file
      if (listed.problems.length) notify(...listed.problems)
      for (const view of listed.servers) {
        if (sources.value.has(view.name)) continue
        const config: McpServerConfig = {
          name: view.name,
          transport: 'stdio',
          command: view.command,
          args: view.args,
          env: {},
          ...(view.cwd ? { cwd: view.cwd } : {}),
        }
        sources.value.set(view.name, await list.sourceFor(config, 'file', view.envNames))
        starts.push(view.name)
      }
    } catch (error) {
      notify(`The servers of mcp.json could not be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    return starts
  }

  /** Lists the servers saved in this browser (the file's win a clash); none of them connects. */
  async function addSavedServers(): Promise<void> {
    for (const config of savedServers()) {
      if (sources.value.has(config.name)) {
        notify(
          `Server "${config.name}" is saved in this browser and listed in ${fileName.value || 'mcp.json'}: the file's is used.`,
        )
        continue
      }
      sources.value.set(config.name, await list.sourceFor(config, 'saved'))
    }
  }

  async function restore(): Promise<void> {
    const starts = await addFileServers()
    await addSavedServers()
    triggerRef(sources)
    await Promise.all(starts.map((name) => connect(name, { onLoad: true })))
  }

  return { restore }
}
