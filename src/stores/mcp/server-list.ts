/**
 * The MCP servers on the page: a tool source per server, where each one's definition came from,
 * and the view of them the servers drawer shows.
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import type { McpServerConfig } from '../../core/mcp/config'
import type { McpToolSource } from '../../core/mcp'
import { browserClientHandlers } from './client-handlers'
import { followLogLevel } from './log-levels'

/** Where a server's definition came from. */
export type ServerOrigin = 'added' | 'saved' | 'file'

/** A server as the servers drawer shows it. */
export interface ServerView {
  name: string
  config: McpServerConfig
  source: McpToolSource
  origin: ServerOrigin
  /** For servers of mcp.json: the names of the variables it sets (their values stay with the bridge). */
  envNames: string[]
}

/** Makes the tool source of a server; `fileServer` when it is one of mcp.json's (started by the bridge). */
export type CreateMcpSource = (config: McpServerConfig, options: { fileServer: boolean }) => Promise<McpToolSource>

/** Options of useServerList. */
export interface ServerListOptions {
  /** Called when a server's tools change (connected, listed again, gone). */
  onToolsChanged: (source: McpToolSource) => void
  /** @default a browser source (HTTP directly, stdio through the bridge), its SDK loaded on first use */
  createSource?: CreateMcpSource
}

/** What useServerList returns. */
export interface ServerListReturn {
  /** The sources by server name. Set quietly, then `triggerRef` once, when adding several. */
  sources: ShallowRef<Map<string, McpToolSource>>
  servers: ComputedRef<ServerView[]>
  /** Bumped on every change of a source (status, tools, log), for views. */
  tick: Ref<number>
  /** The file the file servers came from. */
  fileName: Ref<string>
  /** A new source for the server, its origin noted and its changes followed; not yet in `sources`. */
  sourceFor(config: McpServerConfig, origin: ServerOrigin, envNames?: string[]): Promise<McpToolSource>
  /** Where the named server's definition came from; undefined for a server not listed. */
  originOf(name: string): ServerOrigin | undefined
  /** Takes the server off the list (its source is not disconnected here). */
  drop(name: string): void
  /** Every server but those of mcp.json (the file keeps them): what this browser keeps. */
  ownConfigs(): McpServerConfig[]
}

const createBrowserSource: CreateMcpSource = async (config, options) => {
  const { createBrowserMcpSource } = await import('../../mcp/browser-source')
  // Evaluating the MCP client's modules on first use is one long task; what follows gets its own.
  await new Promise((resolve) => setTimeout(resolve, 0))
  return followLogLevel(createBrowserMcpSource(config, { ...options, handlers: browserClientHandlers() }))
}

/** How often a server's messages and notifications alone redraw the page, at most. */
const REDRAW_MS = 100

/** What a change of which is shown at once: status, error, tools and notices. */
function stateOf(source: McpToolSource): string {
  return `${source.status}\n${source.error ?? ''}\n${source.toolsVersion}\n${source.notices.length}`
}

/** The list of servers and their sources. */
export function useServerList({
  onToolsChanged,
  createSource = createBrowserSource,
}: ServerListOptions): ServerListReturn {
  const sources = shallowRef(new Map<string, McpToolSource>())
  const origins = new Map<string, { origin: ServerOrigin; envNames: string[] }>()
  const tick = ref(0)

  const servers = computed<ServerView[]>(() => {
    void tick.value
    return [...sources.value.values()].map((source) => {
      const known = origins.get(source.config.name) ?? { origin: 'added' as const, envNames: [] }
      return { name: source.config.name, config: source.config, source, ...known }
    })
  })

  async function sourceFor(config: McpServerConfig, origin: ServerOrigin, envNames: string[] = []) {
    const source = await createSource(config, { fileServer: origin === 'file' })
    origins.set(config.name, { origin, envNames: origin === 'file' ? envNames : secretNames(config) })
    let seen = source.toolsVersion
    let seenState = stateOf(source)
    let redraw: ReturnType<typeof setTimeout> | null = null
    source.subscribe(() => {
      if (source.toolsVersion !== seen) {
        seen = source.toolsVersion
        onToolsChanged(source)
      }
      const state = stateOf(source)
      if (state !== seenState) {
        seenState = state
        tick.value++
      } else if (redraw === null) {
        // Only messages and notifications changed: a flood of them redraws the page a few times a
        // second, not once per message.
        redraw = setTimeout(() => {
          redraw = null
          tick.value++
        }, REDRAW_MS)
      }
    })
    return source
  }

  function drop(name: string): void {
    sources.value.delete(name)
    origins.delete(name)
  }

  const ownConfigs = () =>
    [...sources.value.values()].filter((s) => origins.get(s.config.name)?.origin !== 'file').map((s) => s.config)

  return {
    sources,
    servers,
    tick,
    fileName: ref(''),
    sourceFor,
    originOf: (name) => origins.get(name)?.origin,
    drop,
    ownConfigs,
  }
}

/** The names of the variables or headers a server sets: shown, while their values stay secret. */
function secretNames(config: McpServerConfig): string[] {
  return config.transport === 'stdio' ? Object.keys(config.env) : Object.keys(config.headers)
}
