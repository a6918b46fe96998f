/**
 * The server conformance lab's data: the endpoint it probes, what went over the wire for each
 * probe, and the checks read from that wire. Plain JSON-safe data, so a capture can be saved,
 * exported as JSON Lines and re-checked later with no network.
 */

/** The OpenAI-compatible endpoint under test (the chat's endpoint profile, minus its UI fields). */
export interface ConformanceEndpoint {
  /** E.g. `http://127.0.0.1:8000/v1`; `/chat/completions` is appended. */
  baseUrl: string
  apiKey?: string
  model: string
  /** Sent with every request (e.g. an organisation header); credentials among them are redacted in exports. */
  headers?: Record<string, string>
}

/** The fixed check categories; the CLI's JSON and the report card use these names. */
export const CHECK_CATEGORIES = [
  'stream-final-agreement',
  'delta-index',
  'call-ids',
  'finish-reason',
  'arguments-json',
  'tool-choice',
  'leaked-markup',
  'reasoning',
  'wire-shape',
  'multi-turn',
] as const
export type CheckCategory = (typeof CHECK_CATEGORIES)[number]

export type CheckStatus = 'pass' | 'fail' | 'inconclusive'

/** Whether a probe's request was streamed. Each probe is sent both ways. */
export type WireMode = 'stream' | 'whole'

/**
 * One request of a probe and everything that came back, as it came: the raw SSE `data:` payloads
 * in order (streamed) or the body text (whole), bounded by the client's limits.
 */
export interface WireExchange {
  probe: string
  mode: WireMode
  /** 0-based repetition of the probe. */
  attempt: number
  request: { url: string; headers: Record<string, string>; body: Record<string, unknown> }
  status?: number
  contentType?: string
  /** Streamed answers: each event's data, in order, as received (`[DONE]` included). */
  chunks: string[]
  /** Whole answers and HTTP errors: the body text. */
  body?: string
  /** Why the exchange failed (connection refused, timeout, too large, not an event stream...). */
  error?: string
  /** Set when a limit cut the answer short. */
  truncated?: boolean
  /** What arrived past the kept part (about 2 MB) and was only counted. */
  dropped?: { chunks: number; bytes: number }
  durationMs: number
}

/** Where a check's evidence lies: an exchange and the chunks (by index) that prove the point. */
export interface Evidence {
  probe: string
  mode: WireMode
  attempt: number
  /** Indexes into the exchange's `chunks` to highlight; empty for a whole answer. */
  chunks: number[]
  /** A short explanation of what these chunks show. */
  note: string
  /** What a client that follows the spec would have received from them (calls, content), as JSON text. */
  clientView?: string
}

export interface CheckResult {
  /** Stable, e.g. `delta-index/parallel-distinct`. Its prefix is the category. */
  id: string
  category: CheckCategory
  status: CheckStatus
  /** One or two sentences: what was checked and what was seen. */
  detail: string
  /** Some repetitions passed and others failed. */
  flaky: boolean
  evidence: Evidence[]
}

/** A whole run: the endpoint (key redacted), the exchanges and the checks read from them. */
export interface ConformanceReport {
  endpoint: { baseUrl: string; model: string }
  startedAt: string
  durationMs: number
  repeat: number
  checks: CheckResult[]
  exchanges: WireExchange[]
  /** The caller's signal stopped the run; the exchanges are those that had finished or were cut short. */
  aborted?: boolean
}
