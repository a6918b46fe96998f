/**
 * Following one MCP source for its offer: when it connects (again), when it says a list changed,
 * when a resource it was asked about is updated, and when it goes away. Plain TypeScript over the
 * source's `subscribe`, so it can be tested on any source.
 */
import type { McpNotification, McpStatus, McpToolSource } from '../../core/mcp'

/** What the follower reports; every callback is optional. */
export interface OfferFollowerEvents {
  /** The source became connected (first time or again): its offer should be listed. */
  connected?(): void
  /** The source is no longer connected (disconnected or failed). */
  disconnected?(): void
  /** The server said its prompts or resources list changed. */
  listChanged?(): void
  /** The server said the resource at `uri` changed (`notifications/resources/updated`). */
  resourceUpdated?(uri: string): void
}

const LIST_CHANGED = new Set(['notifications/prompts/list_changed', 'notifications/resources/list_changed'])

/**
 * Starts following `source`; returns the function that stops. A source already connected counts as
 * connecting now. Notifications already there when following starts are not reported.
 */
export function followOffer(source: McpToolSource, events: OfferFollowerEvents): () => void {
  let status: McpStatus = source.status
  // Notifications are objects kept in order: the newest one seen marks where the new ones start.
  let lastSeen: McpNotification | undefined = source.notifications.at(-1)

  function onChange(): void {
    const next = source.status
    if (next !== status) {
      const was = status
      status = next
      if (next === 'connected') events.connected?.()
      else if (was === 'connected') events.disconnected?.()
    }
    report(unseen())
  }

  function unseen(): McpNotification[] {
    const all = source.notifications
    const at = lastSeen ? all.lastIndexOf(lastSeen) : -1
    // The one seen last may have been dropped from a full list: then what came after it by time is new.
    const fresh = at === -1 && lastSeen ? all.filter((n) => n.at > lastSeen!.at) : all.slice(at + 1)
    if (fresh.length > 0) lastSeen = fresh.at(-1)
    return fresh
  }

  /** Reports a batch: a list change once, each updated URI once. */
  function report(batch: readonly McpNotification[]): void {
    if (batch.some((n) => LIST_CHANGED.has(n.method))) events.listChanged?.()
    const updated = new Set<string>()
    for (const { method, params } of batch) {
      if (method === 'notifications/resources/updated' && typeof params.uri === 'string' && params.uri !== '')
        updated.add(params.uri)
    }
    updated.forEach((uri) => events.resourceUpdated?.(uri))
  }

  const stop = source.subscribe(onChange)
  if (status === 'connected') events.connected?.()
  return stop
}
