/**
 * The battery: every probe, streamed and not, `repeat` times, a few requests at a time; then the
 * checks read from what came back. Endpoint trouble is recorded per exchange and the battery goes
 * on; only bad options throw.
 */
import { DEFAULT_MAX_ANSWER_BYTES, DEFAULT_MAX_LINE_BYTES, endpointUrl, redactSecret } from '../chat/openai-client'
import { RAW_EXCHANGE_LIMIT_BYTES } from '../chat/raw-exchange'
import { runPool } from '../eval/live-pool'
import { reportFromExchanges } from './checks'
import { sendExchange, type ExchangePlan, type ExchangeSettings } from './exchange'
import { PROBES, probeRequestBody } from './probes'
import type { ConformanceEndpoint, ConformanceReport, WireExchange, WireMode } from './types'

export interface ConformanceOptions {
  /** How many times each probe is sent each way; a fault that shows only sometimes is reported flaky. @default 2 */
  repeat?: number
  /** Requests in flight at once. @default 2 */
  concurrency?: number
  /** The most one exchange may take, from sending to the end of the answer. @default 60000 */
  timeoutMs?: number
  /** An exchange stops when nothing arrives for this long (0: never). @default 30000 */
  idleTimeoutMs?: number
  /** The most an answer may take on the wire; past it reading stops. @default 16 MB */
  maxAnswerBytes?: number
  /** The longest line of an event stream. @default 4 MB */
  maxLineBytes?: number
  /** Stops every request in flight and starts no more; the report then holds what had come back. */
  signal?: AbortSignal
  /** @default the global fetch */
  fetch?: typeof fetch
  /** Called as each exchange ends. */
  onProgress?: (progress: ConformanceProgress) => void
}

export interface ConformanceProgress {
  done: number
  total: number
  exchange: WireExchange
}

const MODES: readonly WireMode[] = ['stream', 'whole']

/** Probes the endpoint and reads the checks from its answers. Throws a RangeError only for bad options. */
export async function runConformance(
  endpoint: ConformanceEndpoint,
  options: ConformanceOptions = {},
): Promise<ConformanceReport> {
  const {
    repeat = 2,
    concurrency = 2,
    timeoutMs = 60_000,
    idleTimeoutMs = 30_000,
    maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
    maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    signal,
    onProgress,
  } = options
  whole('repeat', repeat, 1)
  whole('concurrency', concurrency, 1)
  whole('timeoutMs', timeoutMs, 1)
  whole('idleTimeoutMs', idleTimeoutMs, 0)
  whole('maxAnswerBytes', maxAnswerBytes, 1)
  whole('maxLineBytes', maxLineBytes, 1)
  const started = Date.now()
  const settings: ExchangeSettings = {
    url: endpointUrl(endpoint.baseUrl, '/chat/completions'),
    headers: requestHeaders(endpoint),
    apiKey: endpoint.apiKey,
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    timeoutMs,
    idleTimeoutMs,
    limits: { answerBytes: maxAnswerBytes, lineBytes: maxLineBytes, keepBytes: RAW_EXCHANGE_LIMIT_BYTES },
    signal,
  }
  const plans = planExchanges(endpoint.model, repeat)
  const results: (WireExchange | undefined)[] = plans.map(() => undefined)
  let done = 0
  await runPool(
    plans.map((_, at) => at),
    concurrency,
    signal,
    async (at) => {
      const exchange = await sendExchange(plans[at] as ExchangePlan, settings)
      results[at] = exchange
      onProgress?.({ done: ++done, total: plans.length, exchange })
    },
  )
  const exchanges = results.filter((exchange): exchange is WireExchange => exchange !== undefined)
  const report = reportFromExchanges(
    { baseUrl: redactSecret(endpoint.baseUrl, endpoint.apiKey), model: endpoint.model },
    exchanges,
    { startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, repeat },
  )
  if (signal?.aborted) report.aborted = true
  return report
}

/** Every exchange of the battery, in report order: by attempt, then probe, streamed before whole. */
function planExchanges(model: string, repeat: number): ExchangePlan[] {
  const plans: ExchangePlan[] = []
  for (let attempt = 0; attempt < repeat; attempt++)
    for (const probe of PROBES)
      for (const mode of MODES)
        plans.push({ probe: probe.id, mode, attempt, body: probeRequestBody(probe, model, mode) })
  return plans
}

function requestHeaders(endpoint: ConformanceEndpoint): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...endpoint.headers }
  if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`
  return headers
}

/** A RangeError unless `value` is an integer of at least `min`. */
function whole(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number of at least ${min}; it is ${String(value)}.`)
}
