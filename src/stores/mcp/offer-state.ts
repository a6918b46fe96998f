/**
 * What each MCP server offers besides tools, as the page shows it: its prompts, resources and
 * templates (listed when it connects, again when it says a list changed and on every reconnect),
 * with what was asked of them (offer-requests.ts); a resource shown is read again when the server
 * says it changed. Every failure is kept as a sentence beside what it concerns.
 */
import { onScopeDispose, reactive } from 'vue'
import { listServerOffer, type McpToolSource } from '../../core/mcp'
import { followOffer } from './offer-follow'
import {
  emptyEntry,
  getPromptIn,
  made,
  messageOf,
  promptOf,
  readAgainIn,
  readIn,
  toggleSubscriptionIn,
  type OfferContext,
  type PromptGet,
  type ServerOfferEntry,
} from './offer-requests'

export type { PromptGet, ResourceRead, ServerOfferEntry } from './offer-requests'

/** What useServerOffers returns. */
export interface ServerOffersReturn {
  /** By server name; an entry exists for every server followed. */
  servers: Record<string, ServerOfferEntry>
  /** The entry of the named server (made empty if not followed yet). */
  entryOf(server: string): ServerOfferEntry
  /** Lists the server's offer again. Never rejects. */
  list(server: string): Promise<void>
  /** The prompt's state (made empty on first use). */
  promptOf(server: string, name: string): PromptGet
  /** Gets the prompt with the arguments typed; refuses without sending while a required one is empty. Never rejects. */
  getPrompt(server: string, name: string): Promise<void>
  /** The values typed for a template (made empty on first use). */
  templateValuesOf(server: string, uriTemplate: string): Record<string, string>
  /** Reads the resource at `uri` and keeps its contents under it. Never rejects. */
  read(server: string, uri: string): Promise<void>
  /** Subscribes to `uri` (reading it if not read yet), or unsubscribes. Never rejects. */
  toggleSubscription(server: string, uri: string): Promise<void>
}

/**
 * Follows the sources `sources()` gives; `watchSources` calls back when they may have changed.
 * Stops following when the current effect scope ends.
 */
export function useServerOffers(
  sources: () => readonly McpToolSource[],
  watchSources: (onChange: () => void) => void,
): ServerOffersReturn {
  const servers = reactive<Record<string, ServerOfferEntry>>({})
  const followed = new Map<McpToolSource, () => void>()
  const context: OfferContext = {
    entryOf: (server) => made(servers, server, emptyEntry),
    sourceOf(server) {
      const source = [...followed.keys()].find((s) => s.config.name === server)
      if (!source) throw new Error(`There is no MCP server named "${server}".`)
      return source
    },
  }

  function follow(): void {
    const now = new Set(sources())
    for (const [source, stop] of followed)
      if (!now.has(source)) {
        stop()
        followed.delete(source)
        delete servers[source.config.name]
      }
    for (const source of now) if (!followed.has(source)) start(source)
  }

  function start(source: McpToolSource): void {
    const name = source.config.name
    servers[name] = emptyEntry()
    // Known before following: a source already connected is listed at once, by name.
    followed.set(source, () => undefined)
    const stop = followOffer(source, {
      connected: () => void list(name),
      disconnected: () => (context.entryOf(name).subscribed = []),
      listChanged: () => void list(name),
      resourceUpdated: (uri) => void readAgainIn(context, name, uri),
    })
    followed.set(source, stop)
  }

  async function list(server: string): Promise<void> {
    const entry = context.entryOf(server)
    entry.loading = true
    try {
      entry.offer = await listServerOffer(context.sourceOf(server))
      entry.error = ''
    } catch (problem) {
      entry.error = messageOf(problem)
    } finally {
      entry.loading = false
    }
  }

  watchSources(follow)
  follow()
  onScopeDispose(() => {
    followed.forEach((stop) => stop())
    followed.clear()
  })

  return {
    servers,
    entryOf: context.entryOf,
    list,
    promptOf: (server, name) => promptOf(context.entryOf(server), name),
    getPrompt: (server, name) => getPromptIn(context, server, name),
    templateValuesOf: (server, uriTemplate) => made(context.entryOf(server).templateValues, uriTemplate, () => ({})),
    read: (server, uri) => readIn(context, server, uri),
    toggleSubscription: (server, uri) => toggleSubscriptionIn(context, server, uri),
  }
}
