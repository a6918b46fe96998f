/**
 * A client for OpenAI-compatible chat endpoints (OpenAI, Ollama, LM Studio, vLLM, llama.cpp):
 * `POST /chat/completions` streamed as Server-Sent Events, and `GET /models`.
 */
import { createParser } from 'eventsource-parser'
import { ChatRequestError, emptyCompletion, httpErrorMessage } from './errors'
import type { Completion, CompletionCallbacks, CompletionRequest, ModelClient, NativeToolCall, TokenUsage } from './types'

export interface EndpointSettings {
  /** E.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`, or a path on this origin. */
  baseUrl: string
  apiKey?: string
  model: string
  temperature?: number
  maxTokens?: number
  /** Ask for token usage at the end of the stream (`stream_options.include_usage`). @default true */
  includeUsage?: boolean
}

type Fetch = typeof fetch

export function endpointUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path
}

function headers(settings: Pick<EndpointSettings, 'apiKey'>): Record<string, string> {
  const out: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' }
  if (settings.apiKey) out.Authorization = `Bearer ${settings.apiKey}`
  return out
}

export function createOpenAIClient(settings: EndpointSettings, fetchImpl: Fetch = (...args) => fetch(...args)): ModelClient {
  return {
    async complete(request: CompletionRequest, callbacks: CompletionCallbacks = {}): Promise<Completion> {
      const url = endpointUrl(settings.baseUrl, '/chat/completions')
      const body: Record<string, unknown> = { model: settings.model, messages: request.messages, stream: true }
      if (settings.includeUsage !== false) body.stream_options = { include_usage: true }
      if (settings.temperature !== undefined) body.temperature = settings.temperature
      if (settings.maxTokens !== undefined) body.max_tokens = settings.maxTokens
      if (request.tools && request.tools.length > 0) body.tools = request.tools
      let response: Response
      try {
        response = await fetchImpl(url, { method: 'POST', headers: headers(settings), body: JSON.stringify(body), signal: callbacks.signal ?? null })
      } catch (error) {
        throw await connectionError(error, url, callbacks.signal, fetchImpl)
      }
      if (!response.ok) throw new ChatRequestError('http', httpErrorMessage(response.status, url, await safeText(response)), emptyCompletion(), response.status)
      if (!response.body) throw new ChatRequestError('malformed', `${url} answered without a body.`)
      return readStream(response.body, url, callbacks)
    },
  }
}

/** Merges streamed chunks into one reply: content appended, tool calls joined by index. */
export function createCompletionAccumulator() {
  const reply: Completion = emptyCompletion()
  const calls = new Map<number, NativeToolCall>()
  return {
    reply,
    /** Applies one parsed chunk; returns the text it added to the content. */
    apply(chunk: unknown): string {
      if (!chunk || typeof chunk !== 'object') throw new TypeError('the chunk is not a JSON object')
      const { choices, usage } = chunk as { choices?: unknown; usage?: unknown }
      if (isUsage(usage)) reply.usage = { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, total_tokens: usage.total_tokens }
      if (!Array.isArray(choices)) return ''
      let added = ''
      for (const choice of choices as { delta?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[]) {
        const delta = choice?.delta
        if (delta && typeof delta.content === 'string') {
          reply.content += delta.content
          added += delta.content
        }
        if (delta && Array.isArray(delta.tool_calls)) for (const part of delta.tool_calls) mergeToolCall(calls, part)
        if (typeof choice?.finish_reason === 'string') reply.finishReason = choice.finish_reason
      }
      reply.toolCalls = [...calls.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1])
      return added
    },
  }
}

function mergeToolCall(calls: Map<number, NativeToolCall>, part: unknown): void {
  if (!part || typeof part !== 'object') return
  const { index, id, function: fn } = part as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }
  const key = typeof index === 'number' ? index : calls.size
  let call = calls.get(key)
  if (!call) calls.set(key, (call = { id: '', type: 'function', function: { name: '', arguments: '' } }))
  if (typeof id === 'string' && id) call.id = id
  if (fn && typeof fn.name === 'string') call.function.name += fn.name
  if (fn && typeof fn.arguments === 'string') call.function.arguments += fn.arguments
}

function isUsage(value: unknown): value is TokenUsage {
  if (!value || typeof value !== 'object') return false
  const usage = value as Record<string, unknown>
  return typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number' && typeof usage.total_tokens === 'number'
}

async function readStream(body: ReadableStream<Uint8Array>, url: string, callbacks: CompletionCallbacks): Promise<Completion> {
  const accumulator = createCompletionAccumulator()
  const { reply } = accumulator
  let done = false
  let malformed: string | null = null
  const parser = createParser({
    onEvent(event) {
      if (done || malformed !== null) return
      if (event.data.trim() === '[DONE]') {
        done = true
        return
      }
      let chunk: unknown
      try {
        chunk = JSON.parse(event.data)
        const errorField = (chunk as { error?: { message?: unknown } } | null)?.error
        if (errorField) {
          malformed = `The server reported an error in the stream: ${typeof errorField.message === 'string' ? errorField.message : JSON.stringify(errorField)}`
          return
        }
        const added = accumulator.apply(chunk)
        callbacks.onUpdate?.(reply, added)
      } catch (error) {
        const excerpt = event.data.length > 120 ? event.data.slice(0, 120) + '…' : event.data
        malformed = `${url} sent an event that is not a chat-completions chunk (${error instanceof Error ? error.message : String(error)}): ${excerpt}`
      }
    },
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { value, done: ended } = await reader.read()
      if (ended) {
        parser.feed(decoder.decode())
        break
      }
      parser.feed(decoder.decode(value, { stream: true }))
      if (malformed !== null) break
      if (done) break
    }
  } catch (error) {
    if (callbacks.signal?.aborted) throw abortError(callbacks.signal, copy(reply))
    throw new ChatRequestError('stream-broken', `The connection to ${url} broke after ${reply.content.length} characters of the reply: ${describe(error)}.`, copy(reply))
  } finally {
    reader.cancel().catch(() => undefined)
  }
  if (malformed !== null) throw new ChatRequestError('malformed', malformed, copy(reply))
  if (!done) {
    const finished = reply.finishReason ? ` (the last chunk said finish_reason "${reply.finishReason}")` : ''
    throw new ChatRequestError('no-done', `The stream from ${url} ended without "data: [DONE]"${finished}, so the reply may be incomplete. ${reply.content.length} characters were received and kept.`, copy(reply))
  }
  return reply
}

function copy(reply: Completion): Completion {
  return { ...reply, toolCalls: reply.toolCalls.map((call) => ({ ...call, function: { ...call.function } })) }
}

function abortError(signal: AbortSignal, partial: Completion): ChatRequestError {
  const reason: unknown = signal.reason
  const said = reason instanceof Error && reason.message ? reason.message : 'aborted'
  return new ChatRequestError('aborted', `The request was aborted (${said}).`, partial)
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
  }
  return String(error)
}

async function safeText(response: Response): Promise<string> {
  try {
    return await response.text()
  } catch {
    return ''
  }
}

/**
 * fetch() failed before any response. Browsers report a CORS refusal and an unreachable server
 * the same way; a `no-cors` probe tells them apart: it succeeds when the server is up.
 */
async function connectionError(error: unknown, url: string, signal: AbortSignal | undefined, fetchImpl: Fetch): Promise<ChatRequestError> {
  if (signal?.aborted) return abortError(signal, emptyCompletion())
  const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined'
  if (inBrowser) {
    let reachable = false
    try {
      await fetchImpl(url, { mode: 'no-cors', method: 'GET' })
      reachable = true
    } catch {
      // unreachable indeed
    }
    if (reachable) {
      return new ChatRequestError(
        'cors',
        `${url} is reachable but does not allow requests from this page (CORS). Allow this origin on the server, or use the workbench's proxy: base URL "/llm-proxy/PORT/v1" for a server on 127.0.0.1:PORT.`,
      )
    }
  }
  return new ChatRequestError('network', `Could not connect to ${url}: ${describe(error)}. Is the server running, and is the base URL right?`)
}

export interface ModelList {
  models: string[]
}

/** `GET /models`: the model ids the endpoint offers, or a ChatRequestError that says why not. */
export async function listModels(settings: Pick<EndpointSettings, 'baseUrl' | 'apiKey'>, fetchImpl: Fetch = (...args) => fetch(...args), signal?: AbortSignal): Promise<ModelList> {
  const url = endpointUrl(settings.baseUrl, '/models')
  let response: Response
  try {
    const auth: Record<string, string> = settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}
    response = await fetchImpl(url, { headers: auth, signal: signal ?? null })
  } catch (error) {
    throw await connectionError(error, url, signal, fetchImpl)
  }
  const text = await safeText(response)
  if (!response.ok) throw new ChatRequestError('http', httpErrorMessage(response.status, url, text), emptyCompletion(), response.status)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatRequestError('malformed', `${url} did not answer with JSON; is this an OpenAI-compatible base URL? It began: ${text.slice(0, 80)}`)
  }
  const data = (parsed as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) throw new ChatRequestError('malformed', `${url} answered without a "data" list of models.`)
  const models = data.map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined)).filter((id): id is string => typeof id === 'string')
  return { models }
}
