/**
 * How much one server may ask of the person (sampling, elicitation) before the rest is refused
 * without asking: a cap on its requests waiting at once, a rate (requests per window), and the
 * person's "refuse all from this server". Each server is counted alone, so one server's flood
 * never refuses another's request. A refusal is an error whose message (and `data.reason`) the
 * server reads as its JSON-RPC error.
 */

/** Why a request was refused without being shown. */
export type AskRefusalReason = 'queue-full' | 'rate-limit' | 'refused-all'

/** Every reason, in the order notices list them. */
export const ASK_REFUSAL_REASONS: readonly AskRefusalReason[] = ['queue-full', 'rate-limit', 'refused-all']

/** Options of createAskLimits. */
export interface AskLimitsOptions {
  /** Requests of one server that may wait for the person at once. @default 10 */
  maxWaiting?: number
  /** Requests one server may send within `windowMs`; each one past it is refused. @default 30 */
  maxPerWindow?: number
  /** @default 60_000 */
  windowMs?: number
  /** The clock the window is read with. @default Date.now */
  now?: () => number
}

/** The limits in force, with their defaults filled in. */
export type AskLimitValues = Required<Omit<AskLimitsOptions, 'now'>>

/** At most 10 requests of one server waiting, and 30 a minute. */
export const DEFAULT_ASK_LIMITS: AskLimitValues = { maxWaiting: 10, maxPerWindow: 30, windowMs: 60_000 }

/** A request refused without asking the person; thrown from a handler, the server reads why. */
export class AskRefused extends Error {
  override readonly name = 'AskRefused'
  /** Sent as the JSON-RPC error's `data`. */
  readonly data: { reason: AskRefusalReason; limit?: number }

  constructor(
    readonly reason: AskRefusalReason,
    server: string,
    limits: AskLimitValues,
  ) {
    super(refusalMessage(reason, server, limits))
    const limit = { 'queue-full': limits.maxWaiting, 'rate-limit': limits.maxPerWindow, 'refused-all': undefined }[
      reason
    ]
    this.data = limit === undefined ? { reason } : { reason, limit }
  }
}

function refusalMessage(reason: AskRefusalReason, server: string, limits: AskLimitValues): string {
  const seconds = Math.round(limits.windowMs / 1000)
  switch (reason) {
    case 'queue-full':
      return `Refused without asking: ${limits.maxWaiting} requests from "${server}" already wait for the user (the most one server may queue).`
    case 'rate-limit':
      return `Refused without asking: "${server}" sent more than ${limits.maxPerWindow} requests in ${seconds} s (the most one server may send).`
    case 'refused-all':
      return `Refused: the user refused every request from "${server}".`
  }
}

/** What createAskLimits returns. */
export interface AskLimits {
  readonly limits: AskLimitValues
  /**
   * Counts a new request of `server`: undefined when it may wait for the person (it then counts as
   * waiting until `release`), else why it is refused.
   */
  admit(server: string): AskRefused | undefined
  /** The request admitted for `server` was answered (or its server stopped waiting). */
  release(server: string): void
  /** Refuses everything `server` asks from now on, until `allow`. */
  block(server: string): void
  allow(server: string): void
}

interface ServerCount {
  waiting: number
  /** When its last `maxPerWindow` requests came, oldest first: all that a sliding window needs. */
  arrivals: number[]
}

/** Fresh limits with nothing counted yet. */
export function createAskLimits(options: AskLimitsOptions = {}): AskLimits {
  const { now = Date.now, ...given } = options
  const limits: AskLimitValues = { ...DEFAULT_ASK_LIMITS, ...given }
  const counts = new Map<string, ServerCount>()
  const blocked = new Set<string>()
  const countOf = (server: string): ServerCount => {
    let count = counts.get(server)
    if (!count) counts.set(server, (count = { waiting: 0, arrivals: [] }))
    return count
  }

  /** Records the request's arrival; true when `maxPerWindow` others came within the window before it. */
  function overRate(count: ServerCount): boolean {
    const at = now()
    const oldest = count.arrivals[0]
    const full = count.arrivals.length >= limits.maxPerWindow
    const over = full && (oldest === undefined || oldest > at - limits.windowMs)
    count.arrivals.push(at)
    if (count.arrivals.length > limits.maxPerWindow) count.arrivals.shift()
    return over
  }

  function admit(server: string): AskRefused | undefined {
    if (blocked.has(server)) return new AskRefused('refused-all', server, limits)
    const count = countOf(server)
    // Every request counts toward the rate, refused ones too: a server that keeps flooding stays refused.
    if (overRate(count)) return new AskRefused('rate-limit', server, limits)
    if (count.waiting >= limits.maxWaiting) return new AskRefused('queue-full', server, limits)
    count.waiting++
    return undefined
  }

  return {
    limits,
    admit,
    release: (server) => {
      const count = counts.get(server)
      if (count && count.waiting > 0) count.waiting--
    },
    block: (server) => void blocked.add(server),
    allow: (server) => void blocked.delete(server),
  }
}
