/**
 * The browser's transport to a stdio MCP server: the dev server's bridge starts the program and
 * relays its messages (see scripts/mcp-bridge.ts). Every request carries the bridge secret that
 * the workbench page was served with.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { McpStdioServer } from '../core/mcp'

export const BRIDGE_PATH = '/mcp-bridge/sessions'

/** The secret the page was served with, or '' when the page did not come from `npm start`. */
export function bridgeSecret(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="vcp-bridge-secret"]')?.content ?? ''
}

export class BridgeTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  /** Lines the server wrote to stderr, and other events. */
  onevent?: (event: string) => void
  private id: string | null = null
  private readonly reading = new AbortController()
  private closed = false

  constructor(
    private readonly server: McpStdioServer,
    private readonly secret: string = bridgeSecret(),
    private readonly base: string = '',
  ) {}

  async start(): Promise<void> {
    if (!this.secret) throw new Error('stdio servers need the bridge of `npm start`, and this page was not served by it.')
    const answer = await this.request(BRIDGE_PATH, { method: 'POST', body: JSON.stringify({ command: this.server.command, args: this.server.args, env: this.server.env, cwd: this.server.cwd }) })
    this.id = ((await answer.json()) as { id: string }).id
    const events = await this.request(`${BRIDGE_PATH}/${this.id}/events`, { signal: this.reading.signal })
    void this.read(events)
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.id || this.closed) throw new Error('the server has stopped.')
    await this.request(`${BRIDGE_PATH}/${this.id}/send`, { method: 'POST', body: JSON.stringify(message) })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.reading.abort()
    if (this.id) await this.request(`${BRIDGE_PATH}/${this.id}`, { method: 'DELETE' }).catch(() => undefined)
    this.onclose?.()
  }

  private async read(response: Response): Promise<void> {
    const reader = response.body?.getReader()
    if (!reader) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let newline = buffer.indexOf('\n')
        while (newline !== -1) {
          this.line(buffer.slice(0, newline))
          buffer = buffer.slice(newline + 1)
          newline = buffer.indexOf('\n')
        }
      }
    } catch (error) {
      if (!this.closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)))
    }
    if (!this.closed) {
      this.closed = true
      this.onclose?.()
    }
  }

  private line(text: string): void {
    if (text.trim() === '') return
    let item: { message?: JSONRPCMessage; event?: string; closed?: boolean }
    try {
      item = JSON.parse(text) as typeof item
    } catch {
      this.onerror?.(new Error(`the bridge sent a line that is not JSON: ${text.slice(0, 80)}`))
      return
    }
    if (item.message) this.onmessage?.(item.message)
    else if (item.event) this.onevent?.(item.event)
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    const response = await fetch(this.base + path, { ...init, headers: { 'Content-Type': 'application/json', 'X-Bridge-Secret': this.secret } })
    if (!response.ok) {
      const text = await response.text().catch(() => '')
      let message = text
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text
      } catch {
        // not JSON: the text as it is
      }
      throw new Error(`the bridge answered ${response.status}: ${message || response.statusText}`)
    }
    return response
  }
}
