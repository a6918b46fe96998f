/**
 * A client for OpenAI-compatible chat endpoints (OpenAI, Ollama, LM Studio, vLLM, llama.cpp):
 * `POST /chat/completions` streamed as Server-Sent Events, and `GET /models`.
 */
import { ChatRequestError, emptyCompletion, httpErrorMessage } from './errors'
import { copyUsage, isUsage } from './completion-accumulator'
import { connectionError, excerpt, safeText } from './endpoint-errors'
import { idleWatch } from './idle-watch'
import { readStream } from './openai-stream'
import { createExchangeCapture, type ExchangeCapture } from './raw-exchange'
import type { Completion, CompletionCallbacks, CompletionRequest, ModelClient } from './types'

export { createCompletionAccumulator } from './completion-accumulator'

/** Where and how to reach an OpenAI-compatible endpoint, and the limits a request keeps to. */
export interface EndpointSettings {
  /** E.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`, or a path on this origin. */
  baseUrl: string
  apiKey?: string
  model: string
  temperature?: number
  maxTokens?: number
  /** Sequences that end the reply where the model writes them (`stop`). */
  stop?: string[]
  /** Ask for token usage at the end of the stream (`stream_options.include_usage`). @default true */
  includeUsage?: boolean
  /**
   * The request fails when no part of the answer arrives for this long: before the response, or
   * between two pieces that add to the answer (keep-alive comments, empty events and bytes of an
   * unfinished event do not count). A local model loading can take a while. 0: wait forever.
   * @default 120000
   */
  idleTimeoutMs?: number
  /** The most a streamed answer may take on the wire; past it the round ends, the answer so far kept. @default 16 MB */
  maxAnswerBytes?: number
  /** The longest line of the stream (an SSE event's data is one line). @default 4 MB */
  maxLineBytes?: number
}

/** The idle timeout when the settings give none, in milliseconds. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000
/** The answer limit when the settings give none, in bytes. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024
/** The line limit when the settings give none, in bytes. */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024
const KEY_REMOVED = '[API key removed]'

/** `text` with every occurrence of `secret` (an API key a server echoed back) replaced. */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 && text.includes(secret) ? text.split(secret).join(KEY_REMOVED) : text
}

type Fetch = typeof fetch

/** `baseUrl` (trailing slashes dropped) followed by `path`. */
export function endpointUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path
}

function headers(settings: Pick<EndpointSettings, 'apiKey'>): Record<string, string> {
  const out: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' }
  if (settings.apiKey) out.Authorization = `Bearer ${settings.apiKey}`
  return out
}

/** The JSON body of `POST /chat/completions`: a streamed request with the settings' options. */
function requestBody(settings: EndpointSettings, request: CompletionRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { model: settings.model, messages: request.messages, stream: true }
  if (settings.includeUsage !== false) body.stream_options = { include_usage: true }
  if (settings.temperature !== undefined) body.temperature = settings.temperature
  if (settings.maxTokens !== undefined) body.max_tokens = settings.maxTokens
  if (settings.stop && settings.stop.length > 0) body.stop = settings.stop
  if (request.tools && request.tools.length > 0) body.tools = request.tools
  return body
}

/**
 * A ModelClient for the endpoint: each completion is streamed and read as it arrives; every failure
 * is a ChatRequestError that keeps the reply so far and never shows the API key.
 */
export function createOpenAIClient(
  settings: EndpointSettings,
  fetchImpl: Fetch = (...args) => fetch(...args),
): ModelClient {
  return {
    async complete(request: CompletionRequest, callbacks: CompletionCallbacks = {}): Promise<Completion> {
      const url = endpointUrl(settings.baseUrl, '/chat/completions')
      const body = requestBody(settings, request)
      const sent = headers(settings)
      const capture = callbacks.onExchange
        ? createExchangeCapture({ method: 'POST', url, headers: sent, body }, { apiKey: settings.apiKey })
        : undefined
      const idle = idleWatch(settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, callbacks.signal)
      try {
        let response: Response
        try {
          response = await fetchImpl(url, {
            method: 'POST',
            headers: sent,
            body: JSON.stringify(body),
            signal: idle.signal,
          })
        } catch (error) {
          if (idle.fired()) throw idle.error(url, emptyCompletion())
          throw await connectionError(error, url, callbacks.signal, fetchImpl)
        }
        capture?.response(response)
        if (!response.ok) {
          const text = await safeText(response)
          capture?.body(text)
          throw new ChatRequestError(
            'http',
            httpErrorMessage(response.status, url, text),
            emptyCompletion(),
            response.status,
          )
        }
        if (!response.body) throw new ChatRequestError('malformed', `${url} answered without a body.`)
        const type = response.headers.get('content-type') ?? ''
        if (!/text\/event-stream/i.test(type) && type !== '') return await readWhole(response, url, type, capture)
        const limits = {
          answer: settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
          line: settings.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
        }
        return await readStream(response.body, url, callbacks, idle, limits, capture)
      } catch (error) {
        const failure = error instanceof ChatRequestError ? withoutKey(error, settings.apiKey) : error
        capture?.fail(failure instanceof Error ? failure.message : String(failure))
        throw failure
      } finally {
        idle.stop()
        if (capture) callbacks.onExchange?.(capture.exchange)
      }
    },
  }
}

/** The same error with the endpoint's key taken out of its message and partial reply. */
function withoutKey(error: ChatRequestError, apiKey: string | undefined): ChatRequestError {
  if (!apiKey) return error
  const partial = { ...error.partial, content: redactSecret(error.partial.content, apiKey) }
  return new ChatRequestError(error.kind, redactSecret(error.message, apiKey), partial, error.status)
}

/**
 * A 200 answer that is not an event stream: a non-streamed completion (some servers ignore
 * `stream: true`) is accepted as the reply; anything else (an HTML page, say) is an error.
 */
async function readWhole(
  response: Response,
  url: string,
  type: string,
  capture: ExchangeCapture | undefined,
): Promise<Completion> {
  const text = await safeText(response)
  capture?.body(text)
  let parsed: unknown = undefined
  if (/json/i.test(type)) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
  }
  const choices = (parsed as { choices?: unknown } | null | undefined)?.choices
  if (!Array.isArray(choices)) {
    const what = /html/i.test(type) ? 'an HTML page' : `"${type}"`
    throw new ChatRequestError(
      'malformed',
      `${url} answered with ${what}, not a stream of chat-completion events; is the base URL right (it usually ends in /v1)? It began: ${excerpt(text)}`,
    )
  }
  const reply = emptyCompletion()
  const first = choices[0] as
    | { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }
    | undefined
  if (typeof first?.message?.content === 'string') reply.content = first.message.content
  if (Array.isArray(first?.message?.tool_calls)) {
    reply.toolCalls = first.message.tool_calls
      .filter(
        (c: unknown): c is { id?: unknown; function?: { name?: unknown; arguments?: unknown } } =>
          c !== null && typeof c === 'object',
      )
      .map((c) => ({
        id: typeof c.id === 'string' ? c.id : '',
        type: 'function' as const,
        function: {
          name: typeof c.function?.name === 'string' ? c.function.name : '',
          arguments:
            typeof c.function?.arguments === 'string'
              ? c.function.arguments
              : JSON.stringify(c.function?.arguments ?? {}),
        },
      }))
  }
  if (typeof first?.finish_reason === 'string') reply.finishReason = first.finish_reason
  const usage = (parsed as { usage?: unknown }).usage
  if (isUsage(usage)) reply.usage = copyUsage(usage)
  return reply
}

/** The models an endpoint offers. */
export interface ModelList {
  models: string[]
}

/** `GET /models`: the model ids the endpoint offers, or a ChatRequestError that says why not. */
export async function listModels(
  settings: Pick<EndpointSettings, 'baseUrl' | 'apiKey'>,
  fetchImpl: Fetch = (...args) => fetch(...args),
  signal?: AbortSignal,
): Promise<ModelList> {
  const url = endpointUrl(settings.baseUrl, '/models')
  let response: Response
  try {
    const auth: Record<string, string> = settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}
    response = await fetchImpl(url, { headers: auth, signal: signal ?? null })
  } catch (error) {
    throw await connectionError(error, url, signal, fetchImpl)
  }
  const text = await safeText(response)
  if (!response.ok)
    throw new ChatRequestError('http', httpErrorMessage(response.status, url, text), emptyCompletion(), response.status)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatRequestError(
      'malformed',
      `${url} did not answer with JSON; is this an OpenAI-compatible base URL? It began: ${text.slice(0, 80)}`,
    )
  }
  const data = (parsed as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) throw new ChatRequestError('malformed', `${url} answered without a "data" list of models.`)
  const models = data
    .map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string')
  return { models }
}
