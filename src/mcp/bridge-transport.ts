/**
 * The browser's transport to a stdio MCP server: the dev server's bridge starts the program and
 * relays its messages (see scripts/mcp-bridge.ts). Every request carries the bridge secret that
 * the workbench page was served with.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { McpStdioServer } from '../core/mcp'
import { parseJsonInSlices } from '../core/internal'

export const BRIDGE_PATH = '/mcp-bridge/sessions'
export const FILE_SERVERS_PATH = '/mcp-bridge/file-servers'
/** A bridge request that has not answered by then fails (a connect has its own, longer timeout). */
const REQUEST_TIMEOUT_MS = 15_000
/**
 * The longest line the page waits for: the bridge caps a server's line at 4 MB, and writing it as
 * JSON can make it longer (a control character becomes six), never more than this.
 */
export const MAX_LINE_CHARS = 32 * 1048576
/**
 * A line longer than this is parsed in slices, the page drawing in between: a `tools/list` of
 * four 50,000-property schemas (2.4 MB) took over 100 ms of the main thread in one `JSON.parse`.
 */
const SLICED_LINE_CHARS = 256 * 1024

/** A server of the user's mcp.json as the bridge shows it to the page: env names, no values. */
export interface FileServerView {
  name: string
  command: string
  args: string[]
  cwd?: string
  envNames: string[]
}

export interface BridgeTransportOptions {
  secret?: string
  /** The origin of the bridge; '' is this page's. */
  base?: string
  /** Start the server of that name from the user's mcp.json (its env stays with the bridge). */
  fileServer?: boolean
}

/** The secret the page was served with, or '' when the page did not come from `npm start`. */
export function bridgeSecret(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="vcp-bridge-secret"]')?.content ?? ''
}

/** The stdio servers of the user's mcp.json, as the bridge lists them (none without the bridge). */
export async function listFileServers(): Promise<{ file: string; servers: FileServerView[]; problems: string[] }> {
  const secret = bridgeSecret()
  if (!secret) return { file: '', servers: [], problems: [] }
  const response = await fetch(FILE_SERVERS_PATH, {
    headers: { 'X-Bridge-Secret': secret },
    signal: AbortSignal.timeout(15_000),
  })
  if (!response.ok) throw new Error(`the bridge answered ${response.status} when asked for mcp.json's servers`)
  return (await response.json()) as { file: string; servers: FileServerView[]; problems: string[] }
}

/** One line of the bridge's events stream. */
interface BridgeItem {
  message?: JSONRPCMessage
  event?: string
  closed?: boolean
  reason?: string
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
  private readonly secret: string
  private readonly base: string
  private readonly fromFile: boolean

  constructor(
    private readonly server: McpStdioServer,
    options: BridgeTransportOptions | string = {},
    base = '',
  ) {
    const settings = typeof options === 'string' ? { secret: options, base } : options
    this.secret = settings.secret ?? bridgeSecret()
    this.base = settings.base ?? ''
    this.fromFile = settings.fileServer === true
  }

  async start(): Promise<void> {
    if (!this.secret)
      throw new Error('stdio servers need the bridge of `npm start`, and this page was not served by it.')
    const body = this.fromFile
      ? { fileServer: this.server.name }
      : { command: this.server.command, args: this.server.args, env: this.server.env, cwd: this.server.cwd }
    const answer = await this.request(BRIDGE_PATH, {
      method: 'POST',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    this.id = ((await answer.json()) as { id: string }).id
    // The stream itself lives as long as the server; only its headers must come soon.
    const headersDue = setTimeout(
      () =>
        this.reading.abort(
          new Error(`the bridge did not open the server's stream within ${REQUEST_TIMEOUT_MS / 1000} s`),
        ),
      REQUEST_TIMEOUT_MS,
    )
    try {
      const events = await this.request(`${BRIDGE_PATH}/${this.id}/events`, { signal: this.reading.signal })
      void this.read(events)
    } finally {
      clearTimeout(headersDue)
    }
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
    // The unfinished line's pieces: each chunk is searched for a newline once, and a long line is
    // joined once, when it ends (adding every chunk to one string and searching it again copied a
    // 2.4 MB line over and over).
    let pieces: string[] = []
    let unfinished = 0
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        const chunk = decoder.decode(value, { stream: true })
        let start = 0
        let newline = chunk.indexOf('\n')
        while (newline !== -1) {
          const end = chunk.slice(start, newline)
          // Joined whole, so a long line is one flat string (not a pair to walk on each character read).
          const text = pieces.length === 0 ? end : (pieces.push(end), pieces.join(''))
          pieces = []
          unfinished = 0
          // A big line is read in slices; the lines after it wait, so messages keep their order.
          const slow = this.line(text)
          if (slow) await slow
          start = newline + 1
          newline = chunk.indexOf('\n', start)
        }
        if (start < chunk.length) {
          pieces.push(start === 0 ? chunk : chunk.slice(start))
          unfinished += chunk.length - start
        }
        if (unfinished > MAX_LINE_CHARS) {
          await reader.cancel().catch(() => undefined)
          throw new Error(`the bridge sent a line longer than ${MAX_LINE_CHARS / 1048576} M characters`)
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

  /** Reads one line of the events stream; a promise when the line is big enough to read in slices. */
  private line(text: string): Promise<void> | undefined {
    if (text.trim() === '') return undefined
    if (text.length <= SLICED_LINE_CHARS) {
      let item: BridgeItem
      try {
        item = JSON.parse(text) as BridgeItem
      } catch {
        this.notJson(text)
        return undefined
      }
      this.deliver(item)
      return undefined
    }
    return parseJsonInSlices(text, { sliceChars: SLICED_LINE_CHARS }).then(
      (item) => {
        if (!this.closed) this.deliver(item as BridgeItem)
      },
      () => this.notJson(text),
    )
  }

  private notJson(text: string): void {
    this.onerror?.(new Error(`the bridge sent a line that is not JSON: ${text.slice(0, 80)}`))
  }

  private deliver(item: BridgeItem | null): void {
    // Anything but an object ({} is the bridge's heartbeat) carries nothing.
    if (item === null || typeof item !== 'object') return
    if (item.message) this.onmessage?.(item.message)
    else if (item.event) this.onevent?.(item.event)
    // The bridge ended the session itself: the reason is the error the page shows.
    else if (item.closed && typeof item.reason === 'string')
      this.onerror?.(new Error(`the bridge stopped the server: ${item.reason}`))
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await fetch(this.base + path, {
        ...init,
        headers: { 'Content-Type': 'application/json', 'X-Bridge-Secret': this.secret },
      })
    } catch (error) {
      const reason: unknown = init.signal?.reason
      if (init.signal?.aborted && reason instanceof Error)
        throw new Error(
          reason.name === 'TimeoutError'
            ? `the bridge did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`
            : reason.message,
        )
      throw error
    }
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
