/**
 * One probe request on the wire and everything that came back, as a WireExchange. Every kind of
 * endpoint trouble (refused, an HTML page, an error status, a stream that never ends, an answer too
 * large) ends as a one-line `error` on the exchange, never as a throw. The API key is scrubbed from
 * every text kept, and credential headers are redacted, before the exchange leaves this module.
 */
import { redactSecret } from '../chat/openai-client'
import { connectionError, describe, excerpt } from '../chat/endpoint-errors'
import { httpErrorMessage } from '../chat/errors'
import { idleWatch } from '../chat/idle-watch'
import { redactHeaders } from '../chat/raw-exchange'
import {
  createAnswerSink,
  readEvents,
  readText,
  type AnswerLimits,
  type AnswerSink,
  type ReadEnd,
} from './answer-reader'
import type { WireExchange, WireMode } from './types'

/** Where and how one exchange is sent. */
export interface ExchangeSettings {
  url: string
  /** Sent as they are; recorded redacted. */
  headers: Record<string, string>
  apiKey?: string
  fetch: typeof fetch
  timeoutMs: number
  idleTimeoutMs: number
  limits: AnswerLimits
  signal?: AbortSignal
}

export interface ExchangePlan {
  probe: string
  mode: WireMode
  attempt: number
  body: Record<string, unknown>
}

/** Header names that carry credentials beyond the usual ones (`X-Goog-Api-Key`, `X-Auth-Token`...). */
const CREDENTIAL_NAME = /key|token|secret|auth|cookie|password/i

/** Sends the plan's request and records the answer; resolves in every case. */
export async function sendExchange(plan: ExchangePlan, settings: ExchangeSettings): Promise<WireExchange> {
  const started = Date.now()
  const { url, signal } = settings
  const sink = createAnswerSink()
  const record: Pick<WireExchange, 'probe' | 'mode' | 'attempt' | 'status' | 'contentType' | 'error' | 'truncated'> = {
    probe: plan.probe,
    mode: plan.mode,
    attempt: plan.attempt,
  }
  const clocks = startClocks(settings)
  const headers = { Accept: plan.mode === 'stream' ? 'text/event-stream' : 'application/json', ...settings.headers }
  let response: Response | undefined
  try {
    response = await settings.fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(plan.body),
      signal: clocks.signal,
    })
    clocks.touch()
    record.status = response.status
    record.contentType = response.headers.get('content-type') ?? ''
    const end = await readAnswer(response, plan.mode, sink, settings.limits, clocks.touch)
    const failure = answerError(response, plan.mode, url, sink, end)
    if (failure !== undefined) record.error = failure
    if (end.limit !== undefined) record.truncated = true
  } catch (error) {
    const why = clocks.stopped()
    if (why !== undefined) {
      record.error = why
      if (response) record.truncated = true
    } else if (response) {
      record.error = `The connection to ${url} broke after ${sink.chunks.length} events: ${describe(error)}.`
    } else {
      record.error = (await connectionError(error, url, signal, settings.fetch)).message
    }
  } finally {
    clocks.stop()
  }
  const exchange: WireExchange = {
    ...record,
    ...kept(sink),
    request: { url, headers, body: plan.body },
    durationMs: Date.now() - started,
  }
  return scrubbed(exchange, settings.apiKey)
}

/** The clocks and the caller's signal that can stop one exchange, as one signal. */
interface Clocks {
  signal: AbortSignal
  /** Something arrived: the idle clock starts again. */
  touch(): void
  /** Why the exchange was stopped, when a clock or the caller stopped it. */
  stopped(): string | undefined
  stop(): void
}

function startClocks({ url, signal, timeoutMs, idleTimeoutMs }: ExchangeSettings): Clocks {
  const deadline = new AbortController()
  let late = false
  const timer = setTimeout(() => {
    late = true
    deadline.abort(new Error(`no complete answer within ${timeoutMs} ms`))
  }, timeoutMs)
  const onAbort = (): void => deadline.abort(signal?.reason)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  const idle = idleWatch(idleTimeoutMs, deadline.signal)
  return {
    signal: idle.signal,
    touch: idle.touch,
    stopped() {
      if (signal?.aborted) return 'The run was stopped before this answer was complete.'
      if (late)
        return `No complete answer from ${url} within ${seconds(timeoutMs)} (the per-request time limit), so the request was stopped.`
      if (idle.fired())
        return `Nothing arrived from ${url} for ${seconds(idleTimeoutMs)} (the idle timeout), so the request was stopped.`
      return undefined
    },
    stop() {
      clearTimeout(timer)
      idle.stop()
      signal?.removeEventListener('abort', onAbort)
    },
  }
}

/** Reads the body the way the answer came: events for a stream, text for everything else. */
function readAnswer(
  response: Response,
  mode: WireMode,
  sink: AnswerSink,
  limits: AnswerLimits,
  touch: () => void,
): Promise<ReadEnd> {
  const type = response.headers.get('content-type') ?? ''
  if (response.ok && mode === 'stream' && response.body && /text\/event-stream/i.test(type))
    return readEvents(response.body, sink, limits, touch)
  return readText(response.body, sink, limits, touch)
}

/** The exchange's error, if the answer is one a client could not use; undefined when it is an answer. */
function answerError(
  response: Response,
  mode: WireMode,
  url: string,
  sink: AnswerSink,
  end: ReadEnd,
): string | undefined {
  if (!response.ok) return oneLine(httpErrorMessage(response.status, url, sink.body))
  if (end.limit !== undefined) return `Reading stopped: ${end.limit}.`
  if (sink.reported !== undefined) return oneLine(`The server reported an error: ${sink.reported}`)
  const type = response.headers.get('content-type') ?? ''
  if (mode === 'stream' && !/text\/event-stream/i.test(type))
    return oneLine(
      `Asked to stream, ${url} answered with ${what(type, sink.body)} instead of an event stream. It began: ${excerpt(sink.body)}`,
    )
  if (mode === 'whole') {
    try {
      JSON.parse(sink.body)
    } catch {
      return oneLine(
        `${url} answered with ${what(type, sink.body)}, not JSON; is the base URL right (it usually ends in /v1)? It began: ${excerpt(sink.body)}`,
      )
    }
  }
  return undefined
}

function what(type: string, body: string): string {
  if (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(body)) return 'an HTML page'
  if (/json/i.test(type)) return 'a JSON body'
  return type ? `"${type}"` : 'a body without a content type'
}

function kept(sink: AnswerSink): Pick<WireExchange, 'chunks' | 'body' | 'dropped' | 'truncated'> {
  const out: Pick<WireExchange, 'chunks' | 'body' | 'dropped' | 'truncated'> = { chunks: sink.chunks }
  if (sink.body !== '' || sink.chunks.length === 0) out.body = sink.body
  if (sink.dropped) {
    out.dropped = sink.dropped
    out.truncated = true
  }
  return out
}

/** The exchange with the key scrubbed from every text and credential headers redacted. */
function scrubbed(exchange: WireExchange, apiKey: string | undefined): WireExchange {
  const clean = (text: string): string => redactSecret(text, apiKey)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(redactHeaders(exchange.request.headers)))
    headers[name] = value.includes('[redacted]') ? value : CREDENTIAL_NAME.test(name) ? '[redacted]' : clean(value)
  const out: WireExchange = {
    ...exchange,
    request: { url: clean(exchange.request.url), headers, body: exchange.request.body },
    chunks: exchange.chunks.map(clean),
  }
  if (exchange.body !== undefined) out.body = clean(exchange.body)
  if (exchange.error !== undefined) out.error = clean(exchange.error)
  return out
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ')
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}
