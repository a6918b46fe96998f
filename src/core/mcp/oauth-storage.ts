/**
 * Where sign-ins to HTTP servers are kept: text under a key per server. The browser keeps it in
 * localStorage; tests and Node keep it in memory. Nothing here is ever part of an exported
 * configuration (see writeMcpConfig).
 */
import type { McpHttpServer } from './config'

/** A place for one text per key. Writing may fail (storage full): the caller keeps working from memory. */
export interface McpOAuthStorage {
  /** The text saved under `key`, or null. */
  read(key: string): string | null
  write(key: string, text: string): void
  remove(key: string): void
}

/**
 * The key of a server's sign-in: its name and URL, so a server renamed or pointed elsewhere does not
 * present another server's tokens.
 */
export function oauthStorageKey(server: Pick<McpHttpServer, 'name' | 'url'>): string {
  return `${server.name}@${server.url}`
}

/** Storage in memory: for tests, and for hosts that keep no sign-in between runs. */
export function memoryOAuthStorage(): McpOAuthStorage & { readonly texts: Map<string, string> } {
  const texts = new Map<string, string>()
  return {
    texts,
    read: (key) => texts.get(key) ?? null,
    write: (key, text) => void texts.set(key, text),
    remove: (key) => void texts.delete(key),
  }
}
